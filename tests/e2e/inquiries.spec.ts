/**
 * 询价单, told as the operator works: an open inquiry found by its buyer and shop (picked by its
 * name), read in its
 * drawer, closed — refused at the field without a reason, through with one — and then shown
 * 已关闭 with its reason on the timeline.
 */
import { test, expect, app } from './fixtures';
import { Shell, expectRefusedAt, rowOfId, toast } from './pages';
import { pickReason } from './support/shops';
import { expectAxeClean } from './support/axe';
import {
  dialogButton,
  filterBox,
  operatorCalls,
  search,
  type Inquiry,
} from './support/opportunities';
import { ACCOUNTS } from '../support/product.mjs';

test('the operator finds an open inquiry by buyer and shop, reads it, and closes it with a reason: it shows 已关闭', async ({
  loggedInPage,
  gateway,
}) => {
  const calls = await operatorCalls(gateway.api);
  // A pending one nobody else closes, read at the story's start: the newest whose shop has no
  // namesake, so the shop picker offers it alone by its name.
  const { mat } = await gateway.api.login(ACCOUNTS.operator.username, ACCOUNTS.operator.password);
  let inquiry: Inquiry | undefined;
  for (const q of (await calls.inquiries({ state: 'pending' })).list) {
    const shops = await gateway.api.result('mtop.admin.inquiry.shops', {
      mat,
      data: { kind: 'shop', keyword: q.shopName },
    });
    const found = shops.data as { name: string }[];
    if (found.filter((shop) => shop.name === q.shopName).length === 1) {
      inquiry = q;
      break;
    }
  }
  expect(inquiry, 'a pending inquiry').toBeDefined();
  const page = await loggedInPage('operator');
  await page.goto(app('/operate/inquiryOrders'));
  await new Shell(page).expectScreen('询价单');
  const main = page.getByRole('main');
  await filterBox(page, '采购商').fill(inquiry!.buyerNickname);
  // The shop by its name, in the screen's own picker (the operator may not read 店铺管理).
  const shopFilter = main.getByRole('combobox', { name: /^店铺/ });
  await shopFilter.click();
  await shopFilter.fill(inquiry!.shopName);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(inquiry!.shopName, { exact: true })
    .click();
  await search(page);
  await expect
    .poll(() => new URL(page.url()).searchParams.get('shopId'))
    .toBe(String(inquiry!.shopId));
  const row = rowOfId(page, inquiry!.id);
  await expect(row).toContainText(inquiry!.shopName);
  await expect(row).toContainText('待报价');
  await expect(row).toContainText(/¥[\d,]+\.\d{2}/);

  // Its drawer: the buyer's message and who they are.
  await row.getByRole('button', { name: /详情/ }).click();
  const drawer = page.getByRole('dialog', { name: `询价单 #${inquiry!.id}` });
  if (inquiry!.message) await expect(drawer.getByText(inquiry!.message).first()).toBeVisible();
  await expect(drawer.getByText('账号状态')).toBeVisible();
  await expectAxeClean(page, '询价单 with its drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await row.getByRole('button', { name: '关闭' }).click();
  const dialog = page.getByRole('dialog', { name: `关闭询价单 #${inquiry!.id}` });
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('mtop.admin.inquiry.close')) sent.push(r.url());
  });
  await expectRefusedAt(
    dialogButton(dialog, '关闭'),
    dialog.getByLabel('原因', { exact: true }),
    '请选择原因',
  );
  expect(sent, 'nothing was sent').toEqual([]);
  const label = await pickReason(page, dialog);
  await dialog.getByLabel('具体原因').fill('采购商电话告知不再需要');
  await dialogButton(dialog, '关闭').click();
  await expect(toast(page, `已关闭询价单 #${inquiry!.id}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('已关闭');
  await expect(row.getByRole('button', { name: '关闭' })).toHaveCount(0);

  // The timeline keeps who closed it and why.
  await row.getByRole('button', { name: /详情/ }).click();
  await expect(drawer.getByText(`原因：${label}：采购商电话告知不再需要`)).toBeVisible();
  await expect(drawer.getByText(/运营小王 · /).first()).toBeVisible();
});
