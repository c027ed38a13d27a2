/**
 * The command palette (product.md, "The workspace"): Ctrl+K or the header's 搜索 opens a dialog
 * whose input finds pages by label, pinyin or initials, records by name or ID, and the shown
 * page's actions; Enter opens; recent items come first; nothing the user may not open is offered.
 */
import type { Page } from '@playwright/test';
import { test, expect, app } from './fixtures';
import { Shell, expectPath } from './pages';
import { SHOPS_PATH, shopIn } from './support/shops';
import { expectAxeClean } from './support/axe';

const LABEL = '搜索页面、记录或操作';

function palette(page: Page) {
  return page.getByRole('dialog', { name: '搜索' });
}

function options(page: Page) {
  return palette(page).getByRole('option');
}

async function openByShortcut(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(palette(page).getByRole('combobox', { name: LABEL })).toBeFocused();
}

test('dpgl and Enter open 店铺管理; a shop is found by name and by ID; recent items come first', async ({
  loggedInPage,
  gateway,
}) => {
  const shop = await shopIn(gateway.api, 'active');
  const page = await loggedInPage('admin');
  await page.goto(app('/home'));
  await new Shell(page).expectScreen('首页');

  await openByShortcut(page);
  await expectAxeClean(page, 'the command palette');
  await page.keyboard.type('dpgl');
  await expect(options(page).first()).toContainText('店铺管理');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expectPath(page, SHOPS_PATH);
  await new Shell(page).expectScreen('店铺管理');

  // A record by its name, through shop.list: opens its detail.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await palette(page).getByRole('combobox', { name: LABEL }).fill(shop.name);
  const hit = options(page).filter({ hasText: shop.name }).filter({ hasText: '店铺' }).first();
  await expect(hit).toBeVisible();
  await hit.click();
  await expectPath(page, `/baseMgmt/shopMgmt/shopDetail?id=${shop.id}`);
  await new Shell(page).expectScreen('店铺详情');

  // By its ID (all digits): through shop.detail.
  await openByShortcut(page);
  await page.keyboard.type(String(shop.id));
  await expect(
    options(page)
      .filter({ hasText: `ID ${shop.id}` })
      .first(),
  ).toContainText(shop.name);
  // Before typing, what was opened lately comes first.
  await palette(page).getByRole('combobox', { name: LABEL }).fill('');
  await expect(options(page).first()).toContainText(shop.name);
  await expect(options(page).nth(1)).toContainText('店铺管理');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
});

test("the shown page's actions are offered and run; 运营 is never offered a page or record it may not open", async ({
  loggedInPage,
  gateway,
}) => {
  const shop = await shopIn(gateway.api, 'active');
  const admin = await loggedInPage('admin');
  await admin.goto(app('/system/user'));
  await new Shell(admin).expectScreen('系统用户');
  await openByShortcut(admin);
  await admin.keyboard.type('xjyh');
  await expect(options(admin).filter({ hasText: '新建用户' })).toHaveCount(1);
  await admin.keyboard.press('Enter');
  await expect(admin.getByRole('dialog', { name: '新建用户' })).toBeVisible();

  const operator = await loggedInPage('operator');
  await operator.goto(app('/home'));
  await new Shell(operator).expectScreen('首页');
  await openByShortcut(operator);
  // 系统用户 (xtyh) is not theirs: not offered by label or by pinyin; 广告管理 (gggl) is.
  await operator.keyboard.type('xtyh');
  await expect(options(operator)).toHaveCount(0);
  await expect(palette(operator).getByText('没有找到匹配的页面、记录或操作')).toBeVisible();
  await palette(operator).getByRole('combobox', { name: LABEL }).fill('gggl');
  await expect(options(operator).first()).toContainText('广告管理');
  // Nor records of lists it may not open: no shops for 运营, though the gateway has this one.
  await palette(operator).getByRole('combobox', { name: LABEL }).fill(shop.name);
  await expect(palette(operator).getByText('正在查找记录…')).toBeHidden();
  await expect(options(operator).filter({ hasText: shop.name })).toHaveCount(0);
});
