/**
 * 角色、权限、用户 end to end: an administrator creates a role, grants it only 店铺管理, creates a
 * user with it; the user sees that menu alone; the grant is revoked and at the user's next load the
 * menu is gone, the route is 404 and the gateway refuses the route's operations.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { test, expect, app, type Api } from './fixtures';
import { LoginPage, Shell, expectPath, toast } from './pages';
import { pickRole, uniqueName } from './support/users';
import { ACCOUNTS, flattenMenu } from '../support/product.mjs';

const SAVE = /^\s*保\s*存\s*$/;
const PASSWORD = 'Shop#Keeper2024';
const SHOP_ROUTE = 'baseMgmt/shopMgmt';

/** The per-route loader the gateway guards by the caller's menu tree (`mat` cookie). */
async function routeLoader(api: Api, mat: string, route: string) {
  const res = await api.plain(
    `/__serverLoader?route=${encodeURIComponent(route)}&url=${encodeURIComponent(app(`/${route}`))}`,
    { headers: { cookie: `mat=${mat}` } },
  );
  expect(res.status).toBe(200);
  return res.envelope.result as { success: boolean; code: string };
}

/** The menu entries a role owns, by route name. */
async function roleMenuNames(api: Api, adminMat: string, roleId: number): Promise<string[]> {
  const r = await api.result('mtop.admin.user.qryMenuTree', { mat: adminMat, data: { roleId } });
  expect(r.success).toBe(true);
  const { tree, checkedIds } = r.data as {
    tree: { data: { id: number; name: string }; children?: unknown[] }[];
    checkedIds: number[];
  };
  const names = new Map<number, string>();
  const walk = (nodes: { data: { id: number; name: string }; children?: unknown[] }[]) => {
    for (const n of nodes) {
      names.set(n.data.id, n.data.name);
      walk((n.children ?? []) as typeof nodes);
    }
  };
  walk(tree);
  return checkedIds.map((id) => names.get(id) ?? `#${id}`).sort();
}

/** Ticks or unticks `alias` in the 权限管理 menu tree of `role`, saves, waits for the toast. */
async function setShopGrant(page: Page, role: string, roleId: number, grant: boolean) {
  await page.goto(app(`/system/permission?roleId=${roleId}`));
  await new Shell(page).expectScreen('权限管理');
  const tree = page.getByRole('tree', { name: `角色「${role}」的菜单` });
  const shop = treeNode(tree, '店铺管理');
  await expect(shop).toHaveAttribute('aria-checked', grant ? 'false' : 'true');
  await tree.getByText('店铺管理', { exact: true }).click();
  await expect(shop).toHaveAttribute('aria-checked', grant ? 'true' : 'false');
  await page.getByRole('button', { name: SAVE }).click();
  await expect(toast(page, `已保存角色「${role}」的菜单权限`)).toBeVisible();
}

/** A node of an antd Tree by its title. */
function treeNode(tree: Locator, title: string): Locator {
  return tree.getByRole('treeitem').filter({ has: tree.page().getByText(title, { exact: true }) });
}

async function signInAs(browser: Browser, origin: string, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, locale: 'zh-CN' });
  const page = await context.newPage();
  const login = await new LoginPage(page).open();
  await login.signIn(username, PASSWORD);
  return page;
}

test('a role granted only 店铺管理 shows its user that menu alone, until it is revoked', async ({
  loggedInPage,
  gateway,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const api = gateway.api;
  const adminMat = (await api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password)).mat;
  const roleName = uniqueName('店铺专员', info);
  const username = uniqueName('shopkeeper', info);
  const admin = await loggedInPage('admin');
  const shell = new Shell(admin);

  // 1. 角色管理: create the role.
  await admin.goto(app('/system/role'));
  await shell.expectScreen('角色管理');
  await admin.getByRole('button', { name: '新建角色' }).click();
  const roleDialog = admin.getByRole('dialog', { name: '新建角色' });
  await roleDialog.getByLabel('角色名称').fill(roleName);
  await roleDialog.getByLabel('备注').fill('只管店铺');
  await roleDialog.getByRole('button', { name: SAVE }).click();
  await expect(toast(admin, `已新建角色 ${roleName}`)).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: roleName })).toContainText('只管店铺');
  const roles = await api.result('mtop.admin.user.roleTree', { mat: adminMat });
  const roleId = (roles.data as { id: number; name: string }[]).find(
    (r) => r.name === roleName,
  )!.id;

  // 2. 权限管理: pick the role in the role tree and grant 店铺管理 only.
  await admin.goto(app('/system/permission'));
  await shell.expectScreen('权限管理');
  await admin.getByRole('tree', { name: '角色' }).getByText(roleName, { exact: true }).click();
  await expect.poll(() => new URL(admin.url()).searchParams.get('roleId')).toBe(String(roleId));
  await setShopGrant(admin, roleName, roleId, true);
  // Saved: the entry, its hidden detail page, and the group that connects them.
  expect(await roleMenuNames(api, adminMat, roleId)).toEqual(
    ['baseMgmt', 'baseMgmt/shopMgmt', 'baseMgmt/shopMgmt/shopDetail'].sort(),
  );

  // 3. 系统用户: create a user with the role.
  await admin.goto(app('/system/user'));
  await shell.expectScreen('系统用户');
  await admin.getByRole('button', { name: '新建用户' }).click();
  const userDialog = admin.getByRole('dialog', { name: '新建用户' });
  await userDialog.getByLabel('用户名').fill(username);
  await userDialog.getByLabel('昵称').fill('店铺专员小李');
  await userDialog.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await pickRole(admin, userDialog, roleName);
  await userDialog.getByRole('button', { name: SAVE }).click();
  await expect(toast(admin, `已新建用户 ${username}`)).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: username })).toContainText(roleName);

  // 4. The user signs in and sees 店铺管理 alone.
  const user = await signInAs(browser, gateway.origin, username);
  const userShell = new Shell(user);
  await expectPath(user, `/${SHOP_ROUTE}`);
  await userShell.expectScreen('店铺管理');
  await userShell.expectTopMenu(['基础信息']);
  await userShell.expectSideMenu(['店铺管理']);
  // Their first menu item is not 首页, so /home leads to it.
  await user.goto(app('/home'));
  await expectPath(user, `/${SHOP_ROUTE}`);
  const { mat: userMat } = await api.login(username, PASSWORD);
  const tree = await api.result('mtop.admin.user.menuTree', { mat: userMat });
  expect((flattenMenu(tree.data) as { path: string }[]).map((n) => n.path)).toEqual([
    '/baseMgmt',
    `/${SHOP_ROUTE}`,
    `/${SHOP_ROUTE}/shopDetail`,
  ]);
  expect((await routeLoader(api, userMat, SHOP_ROUTE)).success).toBe(true);
  // Nothing else: the system screens are not theirs.
  expect((await api.result('mtop.admin.user.list', { mat: userMat })).code).toBe(
    'permission_denied',
  );

  // 5. The administrator revokes the grant.
  await setShopGrant(admin, roleName, roleId, false);
  expect(await roleMenuNames(api, adminMat, roleId)).toEqual([]);

  // 6. At the user's next load the menu is gone and the route is 404.
  await user.reload();
  await userShell.settled();
  await expect(userShell.topMenu.getByRole('menuitem')).toHaveCount(0);
  await user.goto(app(`/${SHOP_ROUTE}`));
  await expectPath(user, '/exception/404');
  await userShell.expectException('404');

  // 7. The gateway refuses the route's operations: its per-route data, and still the system calls.
  const loader = await routeLoader(api, userMat, SHOP_ROUTE);
  expect(loader.success).toBe(false);
  expect(loader.code).toBe('permission_denied');
  expect((await api.result('mtop.admin.user.list', { mat: userMat })).code).toBe(
    'permission_denied',
  );
  await user.context().close();
});
