/**
 * 操作日志 people can read (issue 18, item 7): the administrator freezes a shop, opens 操作日志,
 * picks the operation 冻结店铺 and finds the shop by its name — linking to its page — with
 * 状态 营业中 → 已冻结; picking the operator instead lists only what that operator did.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, app } from './fixtures';
import { Shell, expectPath, toast } from './pages';
import {
  filterByName,
  openShops,
  pickReason,
  reasonDialog,
  shopIn,
  shopRow,
} from './support/shops';
import { chooseFilter, search } from './support/audit';

/** The log's rows (the header row left out). */
function rows(page: Page): Locator {
  return page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

test('操作日志: a freeze reads as 冻结店铺 of the shop by name, linking to it, 状态 营业中 → 已冻结; the operator filter lists only theirs', async ({
  loggedInPage,
  gateway,
}) => {
  // The operator has been at work too (a sign-in of theirs is in the log).
  await gateway.api.login('operator', 'Operator@123');
  const shop = await shopIn(gateway.api, 'active', 2);
  const page = await loggedInPage('admin');
  await openShops(page, '?status=active');
  await filterByName(page, shop.name);
  await shopRow(page, shop.name).getByRole('button', { name: '冻结' }).click();
  const dialog = reasonDialog(page, '冻结', shop.name);
  await pickReason(page, dialog);
  await dialog.getByRole('button', { name: '冻结' }).click();
  await expect(toast(page, `已冻结店铺 ${shop.name}`)).toBeVisible();

  await page.goto(app('/system/audit'));
  const shell = new Shell(page);
  await shell.expectScreen('操作日志');
  await chooseFilter(page, '操作名称', '冻结店铺');
  await search(page);
  await expect.poll(() => new URL(page.url()).searchParams.get('label')).toBe('冻结店铺');
  const entry = rows(page).filter({ hasText: shop.name });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('系统管理员（admin）');
  await expect(entry).toContainText('店铺');
  await expect(entry.getByRole('list', { name: '变更' })).toHaveText('状态: 营业中 → 已冻结');
  // Every row the filter left is a freeze.
  await expect
    .poll(async () => (await rows(page).allInnerTexts()).every((t) => t.includes('冻结店铺')))
    .toBe(true);

  // The shop's name opens its page.
  await entry.getByRole('link', { name: shop.name }).click();
  await expectPath(page, `/baseMgmt/shopMgmt/shopDetail?id=${shop.id}`);
  await expect(page.getByRole('heading', { name: shop.name })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('已冻结');

  // By operator: the operator's entries only, the administrator's freeze not among them.
  await page.goto(app('/system/audit'));
  await shell.expectScreen('操作日志');
  await chooseFilter(page, '操作人', '运营小王（operator）');
  await search(page);
  await expect.poll(() => new URL(page.url()).searchParams.get('operatorId')).not.toBeNull();
  await expect
    .poll(async () => {
      const texts = await rows(page).allInnerTexts();
      return texts.length > 0 && texts.every((t) => t.includes('运营小王（operator）'));
    })
    .toBe(true);
  await expect(rows(page).filter({ hasText: shop.name })).toHaveCount(0);
  await expect(rows(page).filter({ hasText: '登录' }).first()).toBeVisible();
});

test('操作日志: a permission change names the pages it added and removed', async ({
  loggedInPage,
  gateway,
}, info) => {
  const api = gateway.api;
  const { mat } = await api.login('admin', 'Admin@123');
  const role = `审计角色${info.workerIndex}${Date.now() % 100000}`;
  const saved = await api.result('mtop.admin.user.saveRole', {
    method: 'POST',
    mat,
    data: { name: role },
  });
  expect(saved.success, saved.msg).toBe(true);
  const roleId = (saved.data as { id: number }).id;

  const page = await loggedInPage('admin');
  await page.goto(app(`/system/permission?roleId=${roleId}`));
  await new Shell(page).expectScreen('权限管理');
  const tree = page.getByRole('tree', { name: `角色「${role}」的菜单` });
  await tree.getByText('邀请管理', { exact: true }).click();
  await tree.getByText('用户管理', { exact: true }).click();
  await expect(page.getByText(/^已选 2 \//)).toBeVisible();
  const save = page.getByRole('button', { name: /^\s*保\s*存\s*$/ });
  await save.click();
  await expect(toast(page, `已保存角色「${role}」的菜单权限`)).toBeVisible();
  await expect(save).toBeDisabled();
  // One page taken away again, in a second save.
  await tree.getByText('用户管理', { exact: true }).click();
  await expect(page.getByText(/^已选 1 \//)).toBeVisible();
  await save.click();
  await expect(save).toBeDisabled();

  await page.goto(app('/system/audit'));
  await new Shell(page).expectScreen('操作日志');
  await chooseFilter(page, '操作名称', '保存角色权限');
  await search(page);
  const entries = rows(page).filter({ hasText: role });
  await expect(entries).toHaveCount(2);
  // Newest first: the removal, then the grant of both (用户管理 with its 用户详情, named once;
  // 基础信息, which only connects them, not at all), in the menu's order.
  await expect(entries.nth(0).getByRole('list', { name: '变更' })).toHaveText('移除菜单: 用户管理');
  await expect(entries.nth(1).getByRole('list', { name: '变更' })).toHaveText(
    '新增菜单: 用户管理、邀请管理',
  );
});
