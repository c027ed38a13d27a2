/**
 * 功能入口 and 产业带, as the operator works: the home page's entries put in a new order by dragging
 * a row's handle (kept after a reload), an entry's details with its preview, an entry hidden from
 * the home page; belts filtered by province, a belt's details listing as many shops as it counts.
 *
 * The entries are the worker's shared seed: the reorder story puts the order back when it ends,
 * and the visibility story works on an entry it adds itself.
 */
import { test, expect, app, type Api } from './fixtures';
import { Shell, expectPath, toast } from './pages';
import { expectAxeClean } from './support/axe';
import { ACCOUNTS } from '../support/product.mjs';
import type { Locator, Page } from '@playwright/test';

const ENTRIES = '/operate/abilityEntry';
const BELTS = '/operate/industrialBelt';

interface Entry {
  id: number;
  name: string;
  icon: string;
  link: string;
  visible: number;
  version: number;
}

interface Belt {
  id: number;
  name: string;
  province: string;
  city: string;
  shopCount: number;
}

/** The operator's calls through the gateway, with one session. */
async function operatorCalls(api: Api) {
  const { mat } = await api.login(ACCOUNTS.operator.username, ACCOUNTS.operator.password);
  async function data<T>(op: string, params: object, method = 'GET'): Promise<T> {
    const result = await api.result(op, { method, mat, data: params });
    expect(result.success, `${op}: ${result.code} ${result.msg}`).toBe(true);
    return result.data as T;
  }
  return {
    /** Every entry in display order. */
    entries: async () =>
      (await data<{ list: Entry[] }>('mtop.admin.entry.list', { page: 1, pageSize: 100 })).list,
    sortEntries: (ids: number[]) => data<Entry[]>('mtop.admin.entry.sort', { ids }, 'POST'),
    addEntry: (name: string) =>
      data<Entry>(
        'mtop.admin.entry.save',
        { name, icon: 'GiftOutlined', link: '/pages/e2e' },
        'POST',
      ),
    belts: async () =>
      (await data<{ list: Belt[] }>('mtop.admin.belt.list', { page: 1, pageSize: 100 })).list,
  };
}

/** A name of at most 8 characters (the core's entry form) no other run has used. */
function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 10)}`;
}

/** The table row (of the main area) whose name cell is `name`. */
function rowOf(page: Page, name: string): Locator {
  return page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
}

/** The entries' names, top to bottom, as the table shows them (the cell after the handle). */
function shownNames(page: Page): Promise<string[]> {
  return page
    .getByRole('main')
    .locator('tbody tr[data-row-key]')
    .evaluateAll((rows) =>
      rows.map((tr) => tr.querySelectorAll('td')[1]?.textContent?.trim() ?? ''),
    );
}

/** Drags `from`'s handle with the mouse onto the upper part of row `onto`, as a person would. */
async function dragOnto(page: Page, handle: Locator, onto: Locator): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await onto.boundingBox();
  if (!from || !to) throw new Error('rows are laid out');
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, to.y + to.height / 2, { steps: 12 });
  await page.mouse.move(x, to.y + to.height / 4, { steps: 4 });
  await page.mouse.up();
}

test('the operator drags an entry to the top: the new order survives a reload', async ({
  loggedInPage,
  gateway,
}) => {
  const calls = await operatorCalls(gateway.api);
  const before = await calls.entries();
  expect(before.length, 'seeded entries').toBeGreaterThanOrEqual(3);
  const original = before.map((e) => e.id);
  const [first, second, third] = before as [Entry, Entry, Entry];
  try {
    const page = await loggedInPage('operator');
    await page.goto(app(ENTRIES));
    await new Shell(page).expectScreen('功能入口');
    const names = before.map((e) => e.name);
    await expect.poll(() => shownNames(page)).toEqual(names);

    await dragOnto(
      page,
      rowOf(page, third.name).getByRole('button', { name: `拖动排序：${third.name}` }),
      rowOf(page, first.name),
    );
    await expect(toast(page, '已保存新的顺序')).toBeVisible();
    const moved = [third.name, first.name, second.name, ...names.slice(3)];
    await expect.poll(() => shownNames(page)).toEqual(moved);

    await page.reload();
    await new Shell(page).expectScreen('功能入口');
    await expect.poll(() => shownNames(page)).toEqual(moved);
    expect((await calls.entries()).map((e) => e.name)).toEqual(moved);
  } finally {
    // The seed's order back, for any later story of this worker.
    const now = (await calls.entries()).map((e) => e.id);
    const restored = [
      ...original.filter((id) => now.includes(id)),
      ...now.filter((id) => !original.includes(id)),
    ];
    await calls.sortEntries(restored);
  }
});

test('the operator opens an entry’s details, then hides it from the home page', async ({
  loggedInPage,
  gateway,
}) => {
  const calls = await operatorCalls(gateway.api);
  const entry = await calls.addEntry(uniqueName('隐'));

  const page = await loggedInPage('operator');
  await page.goto(app(`${ENTRIES}?name=${encodeURIComponent(entry.name)}`));
  await new Shell(page).expectScreen('功能入口');
  const row = rowOf(page, entry.name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('GiftOutlined');
  await expect(row.getByText('显示', { exact: true })).toBeVisible();

  // 详情: every field, and the entry as the home page draws it.
  await row.getByRole('button', { name: '详情' }).click();
  const details = page.getByRole('dialog', { name: `功能入口详情：${entry.name}` });
  await expect(details).toBeVisible();
  const preview = details.getByRole('group', { name: `首页效果：${entry.name}` });
  await expect(preview.getByRole('img', { name: 'gift' })).toBeVisible();
  await expect(preview).toContainText(entry.name);
  await expect(details).toContainText('/pages/e2e');
  await expect(details).toContainText('首页展示效果');
  await expectAxeClean(page, '功能入口详情');
  await details.getByRole('button', { name: /Close|关闭/ }).click();
  await expect(details).toBeHidden();

  // 隐藏: the tag follows, and a reload (and the gateway) agree.
  await row.getByRole('button', { name: '隐藏' }).click();
  await expect(toast(page, `已隐藏功能入口「${entry.name}」`)).toBeVisible();
  await expect(row.getByText('隐藏', { exact: true }).first()).toBeVisible();
  await expect(row.getByRole('button', { name: '显示' })).toBeVisible();
  await page.reload();
  await new Shell(page).expectScreen('功能入口');
  await expect(rowOf(page, entry.name).getByRole('button', { name: '显示' })).toBeVisible();
  const saved = (await calls.entries()).find((e) => e.id === entry.id);
  expect(saved?.visible).toBe(0);

  // The 隐藏 filter, kept in the link, finds it.
  await page.goto(app(`${ENTRIES}?visible=0`));
  await new Shell(page).expectScreen('功能入口');
  await expect(rowOf(page, entry.name)).toHaveCount(1);
  // Only hidden entries there: each offers 显示, none 隐藏.
  const rows = page.getByRole('main').locator('tbody tr[data-row-key]');
  await expect(rows.getByRole('button', { name: '显示' })).toHaveCount(await rows.count());
  await expect(rows.getByRole('button', { name: '隐藏' })).toHaveCount(0);
});

test('the operator filters belts by province and opens one: as many shops as it counts', async ({
  loggedInPage,
  gateway,
}) => {
  const calls = await operatorCalls(gateway.api);
  const belts = await calls.belts();
  // A belt whose shops the details list in full (at most 50), in a province with other belts
  // elsewhere to filter out.
  const belt = belts.find(
    (b) => b.shopCount > 0 && b.shopCount <= 50 && belts.some((o) => o.province !== b.province),
  );
  if (!belt) throw new Error('a seeded belt with shops');
  const inProvince = belts.filter((b) => b.province === belt.province);

  const page = await loggedInPage('operator');
  await page.goto(app(BELTS));
  await new Shell(page).expectScreen('产业带');
  const main = page.getByRole('main');
  // A select of the provinces belts are in.
  await main.getByRole('combobox', { name: /^省份/ }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(belt.province, { exact: true })
    .click();
  await main.getByRole('button', { name: /查\s*询/ }).click();
  await expectPath(page, `${BELTS}?province=${encodeURIComponent(belt.province)}`);
  await expect(main.locator('tbody tr[data-row-key]')).toHaveCount(inProvince.length);
  await expect(main.getByText(`共 ${inProvince.length} 条`)).toBeVisible();

  const row = rowOf(page, belt.name);
  await expect(row).toContainText(belt.city);
  const count = Number((await row.getByRole('cell').nth(3).innerText()).trim());
  expect(count).toBe(belt.shopCount);

  await row.getByRole('button', { name: '详情' }).click();
  const details = page.getByRole('dialog', { name: `产业带详情：${belt.name}` });
  await expect(details).toBeVisible();
  const shops = details.getByRole('table', { name: `${belt.name}的店铺` });
  await expect(shops.locator('tbody tr[data-row-key]')).toHaveCount(count);
  // Each shop says its city and state; its name is no link: 店铺详情 is not in the operator's
  // menu, and a page the user cannot open gives no link.
  const firstShop = shops.locator('tbody tr[data-row-key]').first();
  await expect(firstShop.getByRole('cell').first()).not.toBeEmpty();
  await expect(firstShop.getByRole('link')).toHaveCount(0);
  await expect(firstShop.getByRole('cell').nth(3)).not.toBeEmpty();
  await expectAxeClean(page, '产业带详情');
});
