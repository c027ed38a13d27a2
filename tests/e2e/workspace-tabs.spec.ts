/**
 * The workspace's tabs (product.md, "The workspace"): every opened page gets a tab under the
 * header, a detail page one titled by its record; going back to a tab shows it as it was left,
 * down to a filter typed and not submitted; the context menu closes others; a middle click
 * closes one; the tabs survive a reload of the browser tab.
 */
import type { Page } from '@playwright/test';
import { test, expect, app } from './fixtures';
import { Shell, expectPath } from './pages';
import { SHOPS_PATH, filterBox, filterByName, openShops, shopIn, shopRow } from './support/shops';
import { expectAxeClean } from './support/axe';
import { adminMenuPages } from './support/menus';

function tabBar(page: Page) {
  return page.getByRole('tablist', { name: '已打开的页面' });
}

function workspaceTab(page: Page, title: string) {
  return tabBar(page).getByRole('tab', { name: title, exact: true });
}

async function goByMenu(page: Page, alias: string) {
  const shell = new Shell(page);
  await shell.sideMenu.getByRole('link', { name: alias, exact: true }).click();
  await shell.expectScreen(alias);
}

test('a filter typed and not submitted survives a switch to another tab and back; a record gets its own tab', async ({
  loggedInPage,
  gateway,
}) => {
  const shop = await shopIn(gateway.api, 'active');
  const page = await loggedInPage('admin');
  await openShops(page);
  await expect(workspaceTab(page, '店铺管理')).toHaveAttribute('aria-selected', 'true');

  // Typed, not submitted: the address does not hold it, only the kept tab can.
  const nameBox = filterBox(page, '店铺名称');
  await nameBox.fill('未提交的店名');
  await goByMenu(page, '用户管理');
  await expect(workspaceTab(page, '用户管理')).toHaveAttribute('aria-selected', 'true');
  await expect(tabBar(page).getByRole('tab')).toHaveText(['店铺管理', '用户管理']);
  // The hidden tab is out of sight and out of the accessibility tree.
  await expect(filterBox(page, '店铺名称')).toHaveCount(0);

  await workspaceTab(page, '店铺管理').click();
  await expectPath(page, SHOPS_PATH);
  await expect(filterBox(page, '店铺名称')).toHaveValue('未提交的店名');

  // A shop's detail opens in a tab named by the shop.
  await filterByName(page, shop.name);
  await shopRow(page, shop.name).getByRole('link', { name: shop.name }).click();
  await new Shell(page).expectScreen('店铺详情');
  const detailTab = workspaceTab(page, `店铺详情 · ${shop.name}`);
  await expect(detailTab).toHaveAttribute('aria-selected', 'true');
  await expectAxeClean(page, 'three tabs, one shown');

  // The tabs survive a reload of the browser tab.
  await page.reload();
  await new Shell(page).expectScreen('店铺详情');
  await expect(tabBar(page).getByRole('tab')).toHaveText([
    '店铺管理',
    '用户管理',
    `店铺详情 · ${shop.name}`,
  ]);

  // A middle click closes a tab.
  await workspaceTab(page, '用户管理').click({ button: 'middle' });
  await expect(tabBar(page).getByRole('tab')).toHaveText(['店铺管理', `店铺详情 · ${shop.name}`]);

  // 关闭其他 from the context menu: the shop list alone stays, and is shown.
  const closeOthers = page.getByRole('menuitem', { name: '关闭其他' });
  // Opened again if the menu was not up yet: the bar re-renders as the middle click's tab goes.
  // Until the others are gone: a click landing while the menu slides in does nothing.
  await expect(async () => {
    if ((await tabBar(page).getByRole('tab').count()) > 1) {
      if (!(await closeOthers.isVisible()))
        await workspaceTab(page, '店铺管理').click({ button: 'right', timeout: 2_000 });
      await closeOthers.click({ timeout: 2_000 });
    }
    await expect(tabBar(page).getByRole('tab')).toHaveText(['店铺管理'], { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await new Shell(page).expectScreen('店铺管理');
});

test('closing the shown tab shows its neighbour; the keyboard moves along the tabs and closes one', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  await openShops(page);
  await goByMenu(page, '用户管理');
  await goByMenu(page, '邀请管理');
  await workspaceTab(page, '用户管理').click();
  await new Shell(page).expectScreen('用户管理');
  // The mouse's ×: the tab on the right is shown next.
  await workspaceTab(page, '用户管理').locator('.adnur-tab-close').click();
  await new Shell(page).expectScreen('邀请管理');
  await expect(tabBar(page).getByRole('tab')).toHaveText(['店铺管理', '邀请管理']);

  // The shown tab is the one Tab reaches; arrows move, Enter shows, Delete closes.
  await workspaceTab(page, '邀请管理').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(workspaceTab(page, '店铺管理')).toBeFocused();
  await page.keyboard.press('Enter');
  await new Shell(page).expectScreen('店铺管理');
  await workspaceTab(page, '邀请管理').focus();
  await page.keyboard.press('Delete');
  await expect(tabBar(page).getByRole('tab')).toHaveText(['店铺管理']);
  await new Shell(page).expectScreen('店铺管理');
});

test('tabs that do not fit: the shown one stays in view, and 全部标签页 lists and opens every tab', async ({
  loggedInPage,
  gateway,
}) => {
  test.setTimeout(90_000);
  const { pages, aliases } = await adminMenuPages(gateway.api);
  const routes = pages.slice(0, 14);
  const page = await loggedInPage('admin');
  await page.setViewportSize({ width: 1280, height: 720 });
  const shell = new Shell(page);
  await page.goto(app(routes[0]!.path));
  for (const route of routes) await shell.visit(route.path, aliases);

  const last = routes.at(-1)!;
  await expect(workspaceTab(page, last.alias)).toHaveAttribute('aria-selected', 'true');
  await expect(workspaceTab(page, last.alias)).toBeInViewport({ ratio: 1 });
  await expect(workspaceTab(page, routes[0]!.alias)).not.toBeInViewport();
  const all = page.getByRole('button', { name: `全部标签页（${routes.length}）` });
  await all.click();
  const menu = page.locator('.ant-dropdown-menu').filter({ visible: true });
  await expect(menu.getByRole('menuitem')).toHaveText(routes.map((r) => r.alias));
  await menu.getByRole('menuitem', { name: routes[0]!.alias, exact: true }).click();
  await shell.expectScreen(routes[0]!.alias);
  await expect(workspaceTab(page, routes[0]!.alias)).toBeInViewport({ ratio: 1 });
  await expectAxeClean(page, 'tabs that do not fit');
});
