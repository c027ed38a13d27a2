/**
 * 首页推荐商家, as the operator tells it: a shop picked among active ones is recommended, its
 * reason edited, its place in the storefront's order dragged and kept over a reload, and a
 * recommendation deleted after the Popconfirm. And the story, as the administrator:
 * freezing a recommended shop first shows what the freeze touches (the figures of `shop.impact`),
 * and afterwards the recommendation is flagged on 首页推荐商家.
 *
 * The shops are read from the gateway, never assumed: active ones with a name of their own, not
 * recommended yet, taken from the newest end of the list (the 店铺 stories take the oldest).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, app } from './fixtures';
import { Admin, confirm } from './catalog';
import { Shell, toast } from './pages';
import { openShops, pickReason, reasonDialog, shopRow, type Shop } from './support/shops';
import { expectAxeClean } from './support/axe';

const PAGE = '/operate/homeRecommend';
const SAVE = /^\s*保\s*存\s*$/;
const DAY = 24 * 3_600_000;

interface Recommendation {
  id: number;
  shopId: number;
  shopName: string;
  problem: string | null;
  reason: string;
  version: number;
}

interface Impact {
  productsOnSale: number;
  liveAds: number;
  recommendations: number;
  activityItems: number;
  openInquiries: number;
}

/** Every recommendation, in display order. */
async function recommendations(admin: Admin): Promise<Recommendation[]> {
  const page = await admin.data<{ list: Recommendation[] }>('mtop.admin.recommend.list', {
    page: 1,
    pageSize: 100,
  });
  return page.list;
}

/** Every shop, oldest first. */
async function allShops(admin: Admin): Promise<Shop[]> {
  const shops: Shop[] = [];
  for (let page = 1; ; page += 1) {
    const { list, total } = await admin.data<{ list: Shop[]; total: number }>(
      'mtop.admin.shop.list',
      { page, pageSize: 100, sortField: 'createdAt', sortOrder: 'ascend' },
    );
    shops.push(...list);
    if (list.length === 0 || shops.length >= total) return shops;
  }
}

/**
 * Active shops with a name no other shop's contains, not recommended yet, newest first: the 店铺
 * stories pick from the oldest end.
 */
async function freeShops(admin: Admin): Promise<Shop[]> {
  const shops = await allShops(admin);
  const recommended = new Set((await recommendations(admin)).map((r) => r.shopId));
  return shops
    .filter(
      (shop) =>
        shop.status === 'active' &&
        !recommended.has(shop.id) &&
        !shops.some((o) => o.id !== shop.id && o.name.includes(shop.name)),
    )
    .reverse();
}

/** The table row of recommendation `shopName` (list or reorder view). */
function recommendRow(page: Page, shopName: string) {
  return page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByText(shopName, { exact: true }) });
}

/** The shop names of the rows of the reorder view, in order. */
async function sortedNames(page: Page): Promise<string[]> {
  const handles = page.getByRole('main').getByRole('button', { name: /^拖动排序：/ });
  const labels = await handles.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  return labels.map((l) => (l ?? '').replace(/^拖动排序：/, ''));
}

async function openRecommends(page: Page, search = '') {
  await page.goto(app(`${PAGE}${search}`));
  await new Shell(page).expectScreen('首页推荐商家');
}

/** Picks `name` in the dialog's 推荐店铺 picker, searching for it. */
async function pickShop(page: Page, dialog: Locator, name: string) {
  const picker = dialog.getByRole('combobox', { name: '推荐店铺' });
  await picker.click();
  await picker.fill(name);
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: name });
  await expect(option).toHaveCount(1);
  await option.click();
  // The picked shop shows in the picker (the dropdown itself lies outside the dialog).
  await expect(dialog).toContainText(name);
}

test('the operator recommends an active shop, edits its reason, drags it up the order and deletes it', async ({
  loggedInPage,
  gateway,
}) => {
  test.setTimeout(45_000);
  const admin = await Admin.signIn(gateway.api);
  const [, shop] = await freeShops(admin);
  expect(shop, 'an active shop not recommended yet').toBeDefined();
  const frozen = (await allShops(admin)).find((s) => s.status === 'frozen');

  const page = await loggedInPage('operator');
  await openRecommends(page);
  await page.getByRole('button', { name: /新增推荐商家/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增推荐商家' });

  // Only active shops can be picked: a frozen one is not found, by the screen or the gateway.
  expect(frozen, 'a frozen shop in the seed').toBeDefined();
  const offered = await admin.data<{ id: number }[]>('mtop.admin.recommend.candidates', {
    kind: 'shop',
    keyword: frozen!.name,
  });
  expect(offered.map((c) => c.id)).not.toContain(frozen!.id);
  const picker = dialog.getByRole('combobox', { name: '推荐店铺' });
  await picker.click();
  await picker.fill(frozen!.name);
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('没有匹配的店铺');
  await picker.fill('');
  await pickShop(page, dialog, shop!.name);
  await dialog.getByRole('textbox', { name: '推荐理由' }).fill('源头工厂 e2e');
  await dialog.getByRole('button', { name: SAVE }).click();
  await expect(toast(page, `已新增推荐「${shop!.name}」`)).toBeVisible();
  const row = recommendRow(page, shop!.name);
  await expect(row).toContainText('源头工厂 e2e');
  await expect(row).toContainText('营业中');
  await expect(row).toContainText('投放中');

  // Its reason, edited.
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: `编辑推荐「${shop!.name}」` });
  await edit.getByRole('textbox', { name: '推荐理由' }).fill('换季主推 e2e');
  await edit.getByRole('button', { name: SAVE }).click();
  await expect(toast(page, `已保存推荐「${shop!.name}」`)).toBeVisible();
  await expect(recommendRow(page, shop!.name)).toContainText('换季主推 e2e');

  // Dragged up: the new one is last; its handle goes onto the row three places above.
  await page.getByRole('button', { name: '调整顺序' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('mode')).toBe('sort');
  await expect(page.getByRole('button', { name: `拖动排序：${shop!.name}` })).toBeVisible();
  await expectAxeClean(page, '首页推荐商家 reordering');
  const before = await sortedNames(page);
  expect(before.at(-1)).toBe(shop!.name);
  const target = before[Math.max(0, before.length - 4)]!;
  const handle = page.getByRole('button', { name: `拖动排序：${shop!.name}` });
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await recommendRow(page, target).boundingBox();
  if (!from || !to) throw new Error('rows are laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 4, { steps: 4 });
  await page.mouse.up();
  await expect(toast(page, '已保存新的顺序')).toBeVisible();
  const moved = [...before.slice(0, -1)];
  moved.splice(moved.indexOf(target), 0, shop!.name);
  await expect.poll(() => sortedNames(page)).toEqual(moved);
  await page.reload();
  await new Shell(page).expectScreen('首页推荐商家');
  await expect.poll(() => sortedNames(page)).toEqual(moved);
  expect((await recommendations(admin)).map((r) => r.shopName)).toEqual(moved);

  // Deleted, after the Popconfirm.
  await page.getByRole('button', { name: '完成排序' }).click();
  await recommendRow(page, shop!.name).getByRole('button', { name: '删除' }).click();
  await confirm(page, /删\s*除/, toast(page, `已删除推荐「${shop!.name}」`));
  await expect(recommendRow(page, shop!.name)).toHaveCount(0);
  expect((await recommendations(admin)).some((r) => r.shopId === shop!.id)).toBe(false);
});

/** Creates a recommendation of `shop` for the coming week through the API. */
async function recommend(admin: Admin, shop: Shop, reason: string): Promise<Recommendation> {
  const now = Date.now();
  return admin.data<Recommendation>(
    'mtop.admin.recommend.save',
    { shopId: shop.id, reason, startAt: now - 60_000, endAt: now + 7 * DAY },
    'POST',
  );
}

async function shopNow(admin: Admin, id: number): Promise<Shop> {
  const shop = (await allShops(admin)).find((s) => s.id === id);
  expect(shop).toBeDefined();
  return shop!;
}

test('freezing a recommended shop shows what it touches first; afterwards its recommendation is flagged', async ({
  loggedInPage,
  gateway,
}) => {
  test.setTimeout(45_000);
  const admin = await Admin.signIn(gateway.api);
  const [shop] = await freeShops(admin);
  expect(shop, 'an active shop not recommended yet').toBeDefined();
  const recommendation = await recommend(admin, shop!, '冻结影响 e2e');
  const impact = await admin.data<Impact>('mtop.admin.shop.impact', { id: shop!.id });
  expect(impact.recommendations).toBeGreaterThanOrEqual(1);

  const page = await loggedInPage('admin');
  await openShops(page, `?name=${encodeURIComponent(shop!.name)}`);
  await shopRow(page, shop!.name).getByRole('button', { name: '冻结' }).click();
  const dialog = reasonDialog(page, '冻结', shop!.name);
  await expect(dialog.getByText('冻结期间店铺暂停营业，可随时解冻。')).toBeVisible();
  const figures: [string, string][] = [
    ['在售商品', `${impact.productsOnSale} 件`],
    ['投放中的广告', `${impact.liveAds} 条`],
    ['首页推荐', `${impact.recommendations} 条`],
    ['活动中的店铺/商品', `${impact.activityItems} 项`],
    ['未完结的询价', `${impact.openInquiries} 条`],
  ];
  for (const [label, value] of figures) {
    await expect(
      dialog.getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell'),
    ).toHaveText(value);
  }
  await expectAxeClean(page, 'the freeze dialog with its impact');

  await pickReason(page, dialog);
  await dialog.getByLabel('具体原因').fill('推荐店铺冻结 e2e');
  await dialog.getByRole('button', { name: '冻结' }).click();
  await expect(toast(page, `已冻结店铺 ${shop!.name}`)).toBeVisible();

  // On 首页推荐商家 the recommendation is flagged, and counted above the table.
  await openRecommends(page, `?shopName=${encodeURIComponent(shop!.name)}`);
  const row = recommendRow(page, shop!.name);
  await expect(row).toContainText('店铺已冻结');
  await expect(row).toContainText('已冻结');
  const alert = page
    .getByRole('main')
    .getByRole('alert')
    .filter({ hasText: /个推荐的店铺已不在营业/ });
  await expect(alert).toContainText(`${shop!.name}（店铺已冻结）`);
  await expectAxeClean(page, '首页推荐商家 with a flagged recommendation');

  // Back as it was, for the stories after this one.
  const frozen = await shopNow(admin, shop!.id);
  await admin.data(
    'mtop.admin.shop.setStatus',
    { id: frozen.id, version: frozen.version, status: 'active' },
    'POST',
  );
  const [now] = (await recommendations(admin)).filter((r) => r.id === recommendation.id);
  await admin.data(
    'mtop.admin.recommend.delete',
    { id: recommendation.id, version: now?.version },
    'POST',
  );
});
