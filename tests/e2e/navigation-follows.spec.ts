/**
 * Navigation follows the administrator's own edits (issue 18, item 3): after a write that changes
 * their menus, the tree is fetched again — the renamed, moved or hidden entry shows at once, and
 * the open page stays open at its new address. No reload happens (a marker on `window` survives).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, app } from './fixtures';
import { Shell, expectPath, toast } from './pages';
import { ACCOUNTS } from '../support/product.mjs';

const SAVE = /^\s*保\s*存\s*$/;

/** Marks the document, so a reload (which would forget it) is noticed. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __kept?: boolean }).__kept = true;
  });
}

async function expectNoReload(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { __kept?: boolean }).__kept === true),
    'the page was not reloaded',
  ).toBe(true);
}

/** A node of an antd Tree by its title. */
function treeNode(tree: Locator, title: string): Locator {
  return tree.getByRole('treeitem').filter({ has: tree.page().getByText(title, { exact: true }) });
}

/** A node of the system tree (`qryMenuTree`'s `tree`), as 菜单管理 edits it. */
interface SystemNode {
  data: { id: number; version: number; name: string } & Record<string, unknown>;
  children: SystemNode[];
}

function findNode(nodes: SystemNode[], test: (n: SystemNode) => boolean): SystemNode | undefined {
  for (const n of nodes) {
    if (test(n)) return n;
    const found = findNode(n.children, test);
    if (found) return found;
  }
  return undefined;
}

test('renaming and moving the open page in 菜单管理 keeps it open at its new address, at once', async ({
  loggedInPage,
  gateway,
}) => {
  // The worker's gateway serves the stories after this one: the entry is put back at the end.
  const api = gateway.api;
  const { mat } = await api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const roles = (await api.result('mtop.admin.user.roleTree', { mat })).data as { id: number }[];
  const systemTree = async () => {
    const answer = await api.result('mtop.admin.user.qryMenuTree', {
      mat,
      data: { roleId: roles[0]!.id },
    });
    return (answer.data as { tree: SystemNode[] }).tree;
  };
  const original = findNode(await systemTree(), (n) => n.data.name === 'system/menu')!;
  try {
    await renameAndMove(await loggedInPage('admin'));
  } finally {
    const now = findNode(await systemTree(), (n) => n.data.id === original.data.id)!;
    const put = await api.result('mtop.admin.user.saveMenu', {
      method: 'POST',
      mat,
      data: { ...original.data, version: now.data.version },
    });
    // Soft: a failed story's own error stays the one reported.
    expect.soft(put.success, `菜单管理 put back: ${put.msg}`).toBe(true);
  }
});

async function renameAndMove(page: Page) {
  const shell = new Shell(page);
  await page.goto(app('/system/menu'));
  await shell.expectScreen('菜单管理');
  await markDocument(page);

  // 菜单管理's own entry: a new label, and a new route name under 系统管理.
  await page
    .getByRole('row')
    .filter({ hasText: 'system/menu' })
    .filter({ hasText: '菜单管理' })
    .getByRole('button', { name: '编辑' })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /^编辑菜单/ });
  await dialog.getByLabel('菜单名称').fill('菜单设置');
  await dialog.getByLabel('路由名称').fill('system/menus');
  await dialog.getByRole('button', { name: SAVE }).click();
  await expect(toast(page, '已保存菜单「菜单设置」')).toBeVisible();

  // The page stays open where it now is; the side menu and the heading say its new name.
  await expectPath(page, '/system/menus');
  await expect(shell.breadcrumb.getByRole('listitem').last()).toHaveText('菜单设置');
  await expect(shell.sideMenu.getByRole('menuitem', { name: '菜单设置' })).toBeVisible();
  await expect(shell.sideMenu.getByRole('menuitem', { name: '菜单管理' })).toHaveCount(0);
  await expect(shell.main.getByRole('row').filter({ hasText: 'system/menus' })).toHaveCount(1);
  await expectNoReload(page);

  // The old address is gone from this user's tree: 404; a reload opens the page at the new one.
  await page.goto(app('/system/menu'));
  await shell.expectException('404');
  await page.goto(app('/system/menus'));
  await expect(shell.main.getByRole('row').filter({ hasText: 'system/menus' })).toHaveCount(1);
}

test('unticking a menu for one’s own role in 权限管理 hides it at once', async ({
  loggedInPage,
  gateway,
}) => {
  const api = gateway.api;
  const { mat } = await api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const roles = await api.result('mtop.admin.user.roleTree', { mat });
  const superRole = (roles.data as { id: number; name: string }[]).find(
    (r) => r.name === '超级管理员',
  )!;
  // The worker's gateway serves the stories after this one: the role's menus are put back, and
  // the actions of the page unticked with them (a page's actions go when it goes).
  const { checkedIds, checkedActions } = (
    await api.result('mtop.admin.user.qryMenuTree', { mat, data: { roleId: superRole.id } })
  ).data as { checkedIds: number[]; checkedActions: string[] };
  try {
    await untick(await loggedInPage('admin'), superRole);
  } finally {
    const put = await api.result('mtop.admin.user.updateMenuRole', {
      method: 'POST',
      mat,
      data: { roleId: superRole.id, menuIds: checkedIds, actions: checkedActions },
    });
    // Soft: a failed story's own error stays the one reported.
    expect.soft(put.success, `the role's menus put back: ${put.msg}`).toBe(true);
  }
});

async function untick(page: Page, superRole: { id: number; name: string }) {
  const shell = new Shell(page);
  await page.goto(app(`/system/permission?roleId=${superRole.id}`));
  await shell.expectScreen('权限管理');
  await markDocument(page);
  const tree = page.getByRole('tree', { name: `角色「${superRole.name}」的菜单` });
  const shop = treeNode(tree, '店铺管理');
  await expect(shop).toHaveAttribute('aria-checked', 'true');
  await tree.getByText('店铺管理', { exact: true }).click();
  await expect(shop).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('button', { name: SAVE }).click();
  await expect(toast(page, `已保存角色「${superRole.name}」的菜单权限`)).toBeVisible();

  // Still on 权限管理, without a reload; 基础信息 no longer leads to 店铺管理.
  await expectPath(page, `/system/permission?roleId=${superRole.id}`);
  await expectNoReload(page);
  await shell.topMenu.getByRole('link', { name: '基础信息' }).click();
  await expect(page).not.toHaveURL(/shopMgmt/);
  await expect(shell.sideMenu.getByRole('menuitem', { name: '商品管理' })).toBeVisible();
  await expect(shell.sideMenu.getByRole('menuitem', { name: '店铺管理' })).toHaveCount(0);
  await expectNoReload(page);
}
