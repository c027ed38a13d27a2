/**
 * 按钮权限 as a customer-service seat meets it (issue 44): 客服小李 holds 基础信息's pages and no
 * action but 查看号码. The same rows the administrator acts on show them no button that changes
 * anything (hidden, not disabled); the phone is still theirs to see, and 操作日志 records it.
 */
import { test, expect, app } from './fixtures';
import { Shell } from './pages';
import { openShops, shopIn, shopRow } from './support/shops';
import { expectAxeClean } from './support/axe';

test('客服 sees the review queue and a shop’s number, but no 通过, 驳回, 冻结 or 新增', async ({
  loggedInPage,
  gateway,
}) => {
  const shop = await shopIn(gateway.api, 'pending');

  // The administrator's row offers the review: what the seat must not see is really there.
  let page = await loggedInPage('admin');
  await openShops(page, '?status=pending');
  await expect(shopRow(page, shop.name).getByRole('button', { name: '通过' })).toBeVisible();

  page = await loggedInPage('service');
  await openShops(page, '?status=pending');
  const shell = new Shell(page);
  const row = shopRow(page, shop.name);
  await expect(row).toBeVisible();
  for (const action of ['通过', '驳回']) {
    await expect(row.getByRole('button', { name: action })).toHaveCount(0);
  }
  await expectAxeClean(page, '店铺管理 as 客服');

  // 店铺详情: no 冻结 or 关闭, and 查看完整号码 shows the number.
  await row.getByRole('link', { name: shop.name }).click();
  await shell.expectScreen('店铺详情');
  await expect(page.getByRole('heading', { name: shop.name })).toBeVisible();
  const main = page.getByRole('main');
  for (const action of ['通过', '驳回', '冻结', '关闭']) {
    await expect(main.getByRole('button', { name: action, exact: true })).toHaveCount(0);
  }
  await main.getByRole('button', { name: '查看完整号码' }).first().click();
  await expect(main.getByText(/^1\d{10}$/).first()).toBeVisible();

  // 类目管理: the tree, without 新增一级类目.
  await page.goto(app('/baseMgmt/classifyMgmt'));
  await shell.expectScreen('类目管理');
  await expect(main.getByRole('treegrid').or(main.getByRole('table')).first()).toBeVisible();
  await expect(main.getByRole('button', { name: /新增一级类目/ })).toHaveCount(0);
  await expect(main.getByRole('button', { name: /添加子类目|编辑|删除/ })).toHaveCount(0);
});
