/**
 * What the 店铺 stories share: the gateway's shops (read through the API, so each story picks a
 * shop in the state it needs whatever the stories before it changed), the screen's parts as the
 * operator sees them (tabs with counts, rows, the reason dialog, the filter form).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { app, type Api } from '../fixtures';
import { Shell, clickUntil, closeSelect, selectRoot, stillness } from '../pages';
import { ACCOUNTS } from '../../support/product.mjs';

export const SHOPS_PATH = '/baseMgmt/shopMgmt';
export const CONFLICT = '数据已被他人修改，请刷新后重试';

export interface Shop {
  id: number;
  name: string;
  status: string;
  province: string;
  city: string;
  level: number;
  version: number;
  createdAt: number;
}

export async function adminToken(api: Api): Promise<string> {
  return (await api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password)).mat;
}

/** A page of `shop.list` as the gateway answers it. */
export async function listShops(
  api: Api,
  mat: string,
  params: Record<string, unknown>,
): Promise<{ list: Shop[]; total: number; counts: Record<string, number> }> {
  const result = await api.result('mtop.admin.shop.list', {
    mat,
    data: { page: 1, pageSize: 100, ...params },
  });
  expect(result.success, `shop.list ${JSON.stringify(params)}: ${result.msg}`).toBe(true);
  return result.data as { list: Shop[]; total: number; counts: Record<string, number> };
}

/**
 * A shop in `status` whose name no other shop's contains (so a name filter finds it alone);
 * `index` picks another one for stories that must not share a shop.
 */
export async function shopIn(api: Api, status: string, index = 0): Promise<Shop> {
  const mat = await adminToken(api);
  const all: Shop[] = [];
  for (let page = 1; ; page += 1) {
    const { list, total } = await listShops(api, mat, {
      page,
      sortField: 'createdAt',
      sortOrder: 'ascend',
    });
    all.push(...list);
    if (list.length === 0 || all.length >= total) break;
  }
  const alone = all.filter(
    (shop) =>
      shop.status === status && !all.some((o) => o.id !== shop.id && o.name.includes(shop.name)),
  );
  const shop = alone[index];
  expect(shop, `a ${status} shop #${index} with a name of its own`).toBeDefined();
  return shop!;
}

/** Opens 店铺管理 at `search` and waits for its table. */
export async function openShops(page: Page, search = ''): Promise<void> {
  await page.goto(app(`${SHOPS_PATH}${search}`));
  await new Shell(page).expectScreen('店铺管理');
  await expect(page.getByRole('main').getByText(/^共 \d+ 条$/)).toBeVisible();
}

/** The tab `label` (`待审核`) of the status tabs. */
export function tab(page: Page, label: string): Locator {
  return page.getByRole('tab', { name: new RegExp(`^${label}`) });
}

/** The count a tab shows: `待审核 (12)` → 12. */
export async function tabCount(page: Page, label: string): Promise<number> {
  const text = (await tab(page, label).innerText()).trim();
  const match = /\((\d+)\)$/.exec(text);
  expect(match, `the tab ${label} shows a count: ${text}`).not.toBeNull();
  return Number(match![1]);
}

/** The table row of shop `name`. */
export function shopRow(page: Page, name: string): Locator {
  return page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** A text box of the filter form (its label reads `店铺名称 :`). */
export function filterBox(page: Page, label: string): Locator {
  return page.getByRole('main').getByRole('textbox', { name: new RegExp(`^${label}`) });
}

/** Filters the list by shop name with the form's 查询. */
export async function filterByName(page: Page, name: string): Promise<void> {
  const box = filterBox(page, '店铺名称');
  // Typed again until the URL takes it: a tab switched just before re-fills the form from its
  // URL, and on a loaded machine that can land after the text was typed.
  await expect(async () => {
    await box.fill(name, { timeout: 2_000 });
    await expect(box).toHaveValue(name, { timeout: 1_000 });
    await page
      .getByRole('main')
      .getByRole('button', { name: /查\s*询/ })
      .click({ timeout: 2_000 });
    await expect
      .poll(() => new URL(page.url()).searchParams.get('name'), { timeout: 3_000 })
      .toBe(name);
  }).toPass({ timeout: 20_000 });
}

/**
 * Picks `province`, and `city` in it when given, in the filter form's 地区 cascader (a province
 * alone is a choice too: the dropdown is closed on it).
 */
export async function pickRegion(page: Page, province: string, city?: string): Promise<void> {
  const combobox = page.getByRole('main').getByRole('combobox', { name: /^地区/ });
  // Shown ones only: one still sliding out after a pick is in the DOM, about to be hidden.
  const menus = page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden):visible');
  // Opened again until it shows: a click while the form re-renders (after 重置) can be lost.
  await expect(async () => {
    if ((await menus.count()) === 0) await combobox.click({ timeout: 2_000 });
    await expect(menus).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const region = selectRoot(combobox);
  const item = (level: number, title: string) =>
    menus.locator('.ant-cascader-menu').nth(level).getByTitle(title, { exact: true });
  // A province opens its cities; a city is the pick itself, which closes the dropdown.
  const opened = item(0, province);
  await clickUntil(opened, (timeout) =>
    expect(opened).toHaveClass(/ant-cascader-menu-item-active/, { timeout }),
  );
  if (city) {
    await clickUntil(item(1, city), (timeout) =>
      expect(region).toContainText(`${province} / ${city}`, { timeout }),
    );
  } else {
    await page.keyboard.press('Escape');
  }
  await expect(menus).toHaveCount(0);
}

/** The reason dialog of `action` (`冻结`) on shop `name`. */
export function reasonDialog(page: Page, action: string, name: string): Locator {
  return page.getByRole('dialog', { name: `${action}店铺 ${name}` });
}

/**
 * Picks reason `label` in the dialog's 原因 select (the first one when none is named) and waits
 * until the select shows it and its dropdown has shut: a click while the dropdown still slides in
 * can miss, so it tries again; and a dropdown left open lies over the dialog's buttons, taking the
 * click meant for them. The select is clicked only while it is shut (a click on an opening one
 * shuts it again), and an option is picked only while the select does not show one yet.
 */
export async function pickReason(page: Page, dialog: Locator, label?: string): Promise<string> {
  const field = dialog.getByLabel('原因', { exact: true });
  const select = selectRoot(field);
  let text = '';
  await expect(async () => {
    if (!text || !(await select.innerText()).includes(text)) {
      if ((await field.getAttribute('aria-expanded', { timeout: 2_000 })) !== 'true') {
        await field.click({ timeout: 2_000 });
      }
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      const option = label ? options.filter({ hasText: label }).first() : options.first();
      text = (await option.innerText({ timeout: 2_000 })).trim();
      await stillness(page);
      await option.click({ timeout: 2_000 });
    }
    await expect(select).toContainText(text, { timeout: 2_000 });
    await closeSelect(page, field);
  }).toPass({ timeout: 15_000 });
  return text;
}

/** Today's date as the screen writes it (Asia/Shanghai, the tests' time zone). */
export function today(): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
}
