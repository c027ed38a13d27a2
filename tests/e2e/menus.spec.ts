/** Each account sees the menus its role owns, labelled by alias, in the mixed layout. */
import { test, expect, app } from './fixtures';
import { Shell, clickUntil, expectPath, inAppPath } from './pages';
import { ACCOUNTS, TOP_MENUS, flattenMenu } from '../support/product.mjs';

test('the administrator sees every menu group, 系统管理 included', async ({ loggedInPage }) => {
  const page = await loggedInPage('admin');
  await page.goto(app('/home'));
  const shell = new Shell(page);
  await shell.expectScreen('首页');
  await expect(shell.topMenu).toBeVisible();
  await shell.expectTopMenu(TOP_MENUS.admin);
  // The hidden exception group never shows.
  await expect(shell.topMenu.getByText('异常页')).toHaveCount(0);
});

test('the operator sees home and operations only, not 系统管理 or 基础信息', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('operator');
  await page.goto(app('/home'));
  const shell = new Shell(page);
  await shell.expectScreen('首页');
  await shell.expectTopMenu(TOP_MENUS.operator);
  await expect(shell.topMenu.getByRole('link', { name: '系统管理' })).toHaveCount(0);
  await expect(shell.topMenu.getByRole('link', { name: '基础信息' })).toHaveCount(0);
});

test('the top menu matches the visible top-level nodes of the gateway menu tree', async ({
  loggedInPage,
  gateway,
}) => {
  for (const account of ['admin', 'operator'] as const) {
    const { username, password } = ACCOUNTS[account];
    const { mat } = await gateway.api.login(username, password);
    const tree = await gateway.api.result('mtop.admin.user.menuTree', { mat });
    expect(tree.success).toBe(true);
    const visibleTop = (tree.data as { data: { alias: string; visible: number } }[])
      .filter((n) => n.data.visible === 1)
      .map((n) => n.data.alias);
    expect(visibleTop, `${account}'s tree`).toEqual(TOP_MENUS[account]);

    const page = await loggedInPage(account);
    await page.goto(app('/home'));
    const shell = new Shell(page);
    await shell.expectScreen('首页');
    await shell.expectTopMenu(visibleTop, `${account}'s top menu`);
  }
});

test('an operator opens 运营管理 from the top menu and moves through the side menu', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('operator');
  await page.goto(app('/home'));
  const shell = new Shell(page);
  await shell.expectScreen('首页');

  await shell.topMenu.getByRole('link', { name: '运营管理' }).click();
  await expectPath(page, '/operate/advertise');
  await shell.expectScreen('广告管理');

  // The side menu lists the group's visible children; hidden detail pages stay out of it.
  for (const alias of ['广告管理', '专题活动', '功能入口', '首页推荐商家', '询价单', '采购商机']) {
    await expect(shell.sideMenu.getByText(alias, { exact: true })).toBeVisible();
  }
  for (const hidden of ['广告位管理', '广告位详情', '专题详情']) {
    await expect(shell.sideMenu.getByText(hidden, { exact: true })).toHaveCount(0);
  }

  await shell.sideMenu.getByRole('link', { name: '专题活动' }).click();
  await expectPath(page, '/operate/thematicActivity');
  await shell.expectScreen('专题活动');

  // 采购商机 is a submenu: open it and pick 商机回复. Its title is clicked only while the submenu
  // is shut (its aria-expanded, the menu's own state): a title is a toggle, and judged by whether
  // 商机回复 showed yet, a second click on a loaded machine landed on a submenu whose first click
  // had not been drawn, and shut it again. Then 商机回复, once the page is still, again only while
  // the URL has not moved.
  const business = shell.sideMenu.getByRole('menuitem', { name: '采购商机', exact: true });
  const reply = shell.sideMenu.getByRole('link', { name: '商机回复', exact: true });
  await expect(async () => {
    if ((await business.getAttribute('aria-expanded', { timeout: 3_000 })) !== 'true') {
      await business.click({ timeout: 3_000 });
    }
    await expect(business).toHaveAttribute('aria-expanded', 'true', { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await clickUntil(reply, (timeout) =>
    expect.poll(() => inAppPath(page), { timeout }).toBe('/operate/business/reply'),
  );
  await expectPath(page, '/operate/business/reply');
  await shell.expectScreen('商机回复');
});

test('the administrator opens 基础信息 and the side menu hides the detail pages', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  await page.goto(app('/home'));
  const shell = new Shell(page);
  await shell.topMenu.getByRole('link', { name: '基础信息' }).click();
  await expectPath(page, '/baseMgmt/shopMgmt');
  await shell.expectScreen('店铺管理');
  for (const alias of ['店铺管理', '商品管理', '类目管理', '用户管理', '邀请管理']) {
    await expect(shell.sideMenu.getByRole('link', { name: alias, exact: true })).toBeVisible();
  }
  for (const hidden of ['店铺详情', '商品详情', '用户详情']) {
    await expect(shell.sideMenu.getByText(hidden, { exact: true })).toHaveCount(0);
  }
});

test('the account without access sees no menu entries at all', async ({
  loggedInPage,
  gateway,
}) => {
  // Its tree really holds a node (首页), so an empty menu is the access rule at work.
  const { mat } = await gateway.api.login(ACCOUNTS.noAccess.username, ACCOUNTS.noAccess.password);
  const tree = await gateway.api.result('mtop.admin.user.menuTree', { mat });
  expect(flattenMenu(tree.data).map((n: { path: string }) => n.path)).toContain('/home');

  const page = await loggedInPage('noAccess');
  await page.goto(app('/home'));
  const shell = new Shell(page);
  await shell.expectException('403');
  await expect(shell.header.getByText(ACCOUNTS.noAccess.nickname, { exact: true })).toBeVisible();
  await shell.expectTopMenu(TOP_MENUS.noAccess);
});
