/**
 * 广告位管理 / 广告位详情, as the operator tells it: a new slot through the dialog, a code already
 * taken refused at its field with what was typed kept; a slot's ads reordered by dragging, the
 * order kept after a reload; a slot whose capacity was lowered under its enabled ads shows the
 * stretch over capacity in words. Every story makes its own slot (and ads, through the API), so
 * nothing another spec reads changes.
 */
import type { Page } from '@playwright/test';
import { test, expect, app } from './fixtures';
import { Shell, toast } from './pages';
import { Admin } from './catalog';
import { blockingAxe, pick } from './member-screens';

const LIST = '/operate/advertise/advertisePosition';
const detailPath = (id: number) => `/operate/advertise/advertisePositionDetail?id=${id}`;
const SAVE = /^\s*保\s*存\s*$/;
const DAY = 86_400_000;

interface Slot {
  id: number;
  name: string;
  code: string;
  page: string;
  width: number;
  height: number;
  maxAds: number;
  version: number;
}

interface Ad {
  id: number;
  title: string;
  image: string;
  version: number;
}

/** A code and a name no other story or run uses. */
function fresh(prefix: string): { code: string; name: string } {
  const tail = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  return { code: `e2e_${prefix}_${tail}`, name: `测试广告位${tail.slice(-6)}` };
}

/** A slot of our own, with `titles` as its ads (disabled, running from tomorrow for a week). */
async function slotWithAds(
  admin: Admin,
  prefix: string,
  maxAds: number,
  titles: string[],
): Promise<{ slot: Slot; ads: Ad[] }> {
  const { code, name } = fresh(prefix);
  const slot = await admin.data<Slot>(
    'mtop.admin.adSlot.save',
    { name, code, page: 'home', width: 750, height: 320, maxAds },
    'POST',
  );
  // Any stored image will do: a seeded ad's.
  const seeded = await admin.data<{ list: Ad[] }>('mtop.admin.ad.list', { page: 1, pageSize: 10 });
  const image = seeded.list[0]?.image;
  expect(image, 'a seeded ad with an image').toBeTruthy();
  const start = Date.now() + DAY;
  const ads: Ad[] = [];
  for (const title of titles) {
    ads.push(
      await admin.data<Ad>(
        'mtop.admin.ad.save',
        {
          slotId: slot.id,
          title,
          image,
          linkType: 'url',
          linkTarget: 'https://act.adnur.example/2026/spring-fair',
          startAt: start,
          endAt: start + 7 * DAY,
        },
        'POST',
      ),
    );
  }
  return { slot, ads };
}

/** The titles of the ads' table, in the order shown. */
async function adTitles(page: Page, titles: readonly string[]): Promise<string[]> {
  const cells = await page
    .getByRole('table')
    .filter({ has: page.getByRole('button', { name: /^拖动排序：/ }) })
    .getByRole('row')
    .getByRole('cell')
    .allInnerTexts();
  return cells.map((t) => t.trim()).filter((t) => titles.includes(t));
}

test('a new slot through the dialog; a code already taken is refused at its field', async ({
  loggedInPage,
}) => {
  const { code, name } = fresh('new');
  const page = await loggedInPage('operator');
  await page.goto(app(LIST));
  await new Shell(page).expectScreen('广告位管理');

  await page.getByRole('button', { name: /新增广告位/ }).click();
  let dialog = page.getByRole('dialog').filter({ hasText: '新增广告位' });
  await dialog.getByRole('textbox', { name: '广告位名称' }).fill(name);
  await dialog.getByRole('textbox', { name: '广告位编码' }).fill(code);
  await pick(page, dialog, '所在页面', '搜索页');
  await dialog.getByRole('spinbutton', { name: '宽度' }).fill('690');
  await dialog.getByRole('spinbutton', { name: '高度' }).fill('200');
  await dialog.getByRole('spinbutton', { name: '容量' }).fill('2');
  await dialog.getByRole('button', { name: SAVE }).click();
  await expect(toast(page, `已新增广告位「${name}」`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Found by its code, with what was typed.
  await page.getByRole('textbox', { name: '名称/编码' }).fill(code);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText('搜索页');
  await expect(row).toContainText('690×200');
  await expect(row).toContainText('启用');

  // The same code again: refused at the code field, the dialog and what was typed kept.
  await page.getByRole('button', { name: /新增广告位/ }).click();
  dialog = page.getByRole('dialog').filter({ hasText: '新增广告位' });
  await dialog.getByRole('textbox', { name: '广告位名称' }).fill(`${name}二`);
  await dialog.getByRole('textbox', { name: '广告位编码' }).fill(code);
  await pick(page, dialog, '所在页面', '首页');
  await dialog.getByRole('spinbutton', { name: '宽度' }).fill('750');
  await dialog.getByRole('spinbutton', { name: '高度' }).fill('320');
  await dialog.getByRole('spinbutton', { name: '容量' }).fill('1');
  await dialog.getByRole('button', { name: SAVE }).click();
  const codeField = dialog.getByRole('textbox', { name: '广告位编码' });
  await expect(dialog.getByText(`广告位编码 ${code} 已存在`)).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toHaveValue(code);
  await expect(dialog.getByRole('textbox', { name: '广告位名称' })).toHaveValue(`${name}二`);
  await expect(dialog).toBeVisible();
});

test("a slot's ads reordered by dragging keep their order after a reload", async ({
  loggedInPage,
  gateway,
}) => {
  const admin = await Admin.signIn(gateway.api);
  const titles = ['排序甲', '排序乙', '排序丙'];
  const { slot } = await slotWithAds(admin, 'sort', 3, titles);
  const [first, second, third] = titles as [string, string, string];

  const page = await loggedInPage('operator');
  await page.goto(app(detailPath(slot.id)));
  await new Shell(page).expectScreen('广告位详情');
  await expect(page.getByRole('heading', { name: slot.name })).toBeVisible();
  const order = () => adTitles(page, titles);
  await expect.poll(order).toEqual([first, second, third]);

  // 丙's handle, dragged with the mouse onto 甲's row.
  const handle = page.getByRole('button', { name: `拖动排序：${third}` });
  const target = page.getByRole('row').filter({ hasText: first });
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('rows are laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 4, { steps: 4 });
  await page.mouse.up();

  await expect(toast(page, '已保存新的顺序')).toBeVisible();
  await expect.poll(order).toEqual([third, first, second]);
  await page.reload();
  await new Shell(page).expectScreen('广告位详情');
  await expect.poll(order).toEqual([third, first, second]);
  // And the gateway agrees.
  const detail = await admin.data<{ ads: Ad[] }>('mtop.admin.adSlot.detail', { id: slot.id });
  expect(detail.ads.map((a) => a.title)).toEqual([third, first, second]);
});

test('a capacity lowered under its enabled ads shows the stretch over capacity in words', async ({
  loggedInPage,
  gateway,
}) => {
  const admin = await Admin.signIn(gateway.api);
  const { slot, ads } = await slotWithAds(admin, 'over', 2, ['占用甲', '占用乙']);
  for (const ad of ads) {
    await admin.data(
      'mtop.admin.ad.setStatus',
      { id: ad.id, version: ad.version, status: 'enabled' },
      'POST',
    );
  }
  // Enabling past the capacity is refused, but lowering the capacity under running ads is not.
  await admin.data(
    'mtop.admin.adSlot.save',
    {
      id: slot.id,
      version: slot.version,
      name: slot.name,
      code: slot.code,
      page: slot.page,
      width: slot.width,
      height: slot.height,
      maxAds: 1,
    },
    'POST',
  );

  const page = await loggedInPage('operator');
  await page.goto(app(detailPath(slot.id)));
  await new Shell(page).expectScreen('广告位详情');
  const occupancy = page.getByRole('table').filter({ hasText: '投放数 / 容量' });
  const over = occupancy.getByRole('row').filter({ hasText: '2 / 1' });
  await expect(over).toHaveCount(1);
  await expect(over.getByText('超出容量')).toBeVisible();
  await expect(occupancy.getByText('超出容量')).toHaveCount(1);
});

for (const mode of ['light', 'dark'] as const) {
  test(`axe (${mode}): 广告位管理, 广告位详情 with ads and its occupancy, the slot dialog with its errors`, async ({
    loggedInPage,
    gateway,
  }) => {
    const admin = await Admin.signIn(gateway.api);
    const { slot, ads } = await slotWithAds(admin, `axe_${mode}`, 2, ['无障碍甲', '无障碍乙']);
    for (const ad of ads) {
      await admin.data(
        'mtop.admin.ad.setStatus',
        { id: ad.id, version: ad.version, status: 'enabled' },
        'POST',
      );
    }
    const page = await loggedInPage('operator');
    const main = page.getByRole('main');
    // The header switch's persisted choice (web/src/stores/theme.ts).
    await page.evaluate(
      (m) =>
        localStorage.setItem('adnur.theme', JSON.stringify({ state: { mode: m }, version: 0 })),
      mode,
    );
    const findings: string[] = [];
    await page.goto(app(LIST));
    await expect(main.getByRole('link', { name: '首页轮播' })).toBeVisible();
    findings.push(...(await blockingAxe(page)).map((f) => `广告位管理 ${f}`));
    await page.goto(app(detailPath(slot.id)));
    await expect(main.getByRole('heading', { name: slot.name })).toBeVisible();
    await expect(main.getByText('2 / 2')).toBeVisible();
    findings.push(...(await blockingAxe(page)).map((f) => `广告位详情 ${f}`));
    await main.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: `编辑广告位「${slot.name}」` });
    await dialog.getByRole('textbox', { name: '广告位编码' }).fill('9 不合格');
    await dialog.getByRole('button', { name: SAVE }).click();
    await expect(dialog.getByRole('textbox', { name: '广告位编码' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    findings.push(...(await blockingAxe(page)).map((f) => `编辑广告位 ${f}`));
    expect(findings, findings.join('\n')).toEqual([]);
  });
}
