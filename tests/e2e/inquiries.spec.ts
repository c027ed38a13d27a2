/**
 * 询价单, told as the operator works: an open inquiry found by its buyer and shop, read in its
 * drawer, closed — refused at the field without a reason, through with one — and then shown
 * 已关闭 with its reason on the timeline.
 */
import { test, expect, app } from './fixtures';
import { Shell, toast } from './pages';
import { expectAxeClean, fieldError, pickReason } from './support/shops';
import { rowOfId } from './member-screens';
import { dialogButton, filterBox, operatorCalls, search } from './support/opportunities';

test('the operator finds an open inquiry by buyer and shop, reads it, and closes it with a reason: it shows 已关闭', async ({
  loggedInPage,
  gateway,
}) => {
  const calls = await operatorCalls(gateway.api);
  // A pending one nobody else closes: the newest, read at the story's start.
  const [inquiry] = (await calls.inquiries({ state: 'pending' })).list;
  expect(inquiry, 'a pending inquiry').toBeDefined();
  const page = await loggedInPage('operator');
  await page.goto(app('/operate/inquiryOrders'));
  await new Shell(page).expectScreen('询价单');
  const main = page.getByRole('main');
  await filterBox(page, '采购商').fill(inquiry!.buyerNickname);
  await filterBox(page, '店铺ID').fill(String(inquiry!.shopId));
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
  await dialogButton(dialog, '关闭').click();
  await expect
    .poll(() => fieldError(dialog.getByLabel('原因', { exact: true })))
    .toBe('请输入原因');
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
