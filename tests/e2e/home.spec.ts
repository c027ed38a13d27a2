/**
 * 首页 by role (issue 18, item 13): the to-do lists what this user may act on, with the gateway's
 * counts — the operator: 商机审核, open 询价单, ads ending within 3 days; the administrator also
 * 待审核 shops — and each opens its screen filtered to the queue.
 */
import { test, expect, app, type Api } from './fixtures';
import { Shell, expectPath } from './pages';
import { ACCOUNTS } from '../support/product.mjs';

/** The list total of `api` under `data`, as `who` sees it. */
async function total(api: Api, mat: string, op: string, data: object): Promise<number> {
  const r = await api.result(op, { mat, data: { page: 1, pageSize: 10, ...data } });
  expect(r.success, op).toBe(true);
  return (r.data as { total: number }).total;
}

/** The to-do's entries, as their texts. */
async function todo(page: import('@playwright/test').Page): Promise<string[]> {
  const card = page.getByRole('main').locator('.ant-card').filter({ hasText: '待办事项' });
  // Read once the counts are in: while 首页 loads, the card holds placeholder items.
  await expect(card.locator('.ant-skeleton')).toHaveCount(0);
  await expect(card.getByRole('listitem').first()).toHaveText(/\d/);
  return (await card.getByRole('listitem').allInnerTexts()).map((t) => t.trim());
}

test('the operator’s to-do: opportunities, open inquiries and ending ads, not shop reviews', async ({
  loggedInPage,
  gateway,
}) => {
  const api = gateway.api;
  const { mat } = await api.login(ACCOUNTS.operator.username, ACCOUNTS.operator.password);
  const opportunities = await total(api, mat, 'mtop.admin.opportunity.list', { state: 'pending' });
  const inquiries = await total(api, mat, 'mtop.admin.inquiry.list', { state: 'pending' });

  const page = await loggedInPage('operator');
  await page.goto(app('/home'));
  await new Shell(page).expectScreen('首页');
  const items = await todo(page);
  expect(items).toHaveLength(3);
  expect(items[0]).toContain(`待审核商机 ${opportunities} 条`);
  expect(items[1]).toContain(`待报价询价单 ${inquiries} 条`);
  expect(items[2]).toMatch(/^3 天内到期的广告 \d+ 个/);
  expect(items.join('\n')).not.toContain('待审核店铺');

  // Live: a closed inquiry leaves the queue the next time 首页 is read.
  const first = await api.result('mtop.admin.inquiry.list', {
    mat,
    data: { page: 1, pageSize: 10, state: 'pending' },
  });
  const open = (first.data as { list: { id: number; version: number }[] }).list[0]!;
  const closed = await api.result('mtop.admin.inquiry.close', {
    method: 'POST',
    mat,
    data: { id: open.id, version: open.version, reasonCode: 'other', reason: '买家已取消' },
  });
  expect(closed.success).toBe(true);
  await page.reload();
  expect((await todo(page))[1]).toContain(`待报价询价单 ${inquiries - 1} 条`);

  // Each opens its screen filtered to the queue.
  await page.getByRole('link', { name: new RegExp(`待报价询价单 ${inquiries - 1} 条`) }).click();
  await expectPath(
    page,
    '/operate/inquiryOrders?sortField=createdAt&sortOrder=ascend&state=pending',
  );
  await new Shell(page).expectScreen('询价单');
});

test('the administrator’s to-do also holds the shops waiting for review', async ({
  loggedInPage,
  gateway,
}) => {
  const { mat } = await gateway.api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const shops = await total(gateway.api, mat, 'mtop.admin.shop.list', { status: 'pending' });
  const page = await loggedInPage('admin');
  await page.goto(app('/home'));
  await new Shell(page).expectScreen('首页');
  const items = await todo(page);
  expect(items).toHaveLength(4);
  expect(items[0]).toContain(`待审核店铺 ${shops} 家`);
  expect(items.slice(1).map((t) => t.split(' ')[0])).toEqual(['待审核商机', '待报价询价单', '3']);
});

test('首页’s 当前时间 moves with the clock', async ({ loggedInPage }) => {
  const page = await loggedInPage('operator');
  await page.clock.install({ time: new Date('2026-12-07T09:00:00+08:00') });
  await page.goto(app('/home'));
  await new Shell(page).expectScreen('首页');
  const clock = page.getByText(/^当前时间 /);
  await expect(clock).toHaveText(/^当前时间 2026-12-07 09:0\d:\d\d$/);
  const shown = async () =>
    Date.parse(`${(await clock.innerText()).replace('当前时间 ', '').replace(' ', 'T')}+08:00`);
  const before = await shown();
  await page.clock.runFor(61_000);
  await expect.poll(shown).toBeGreaterThanOrEqual(before + 61_000);
});

test('首页’s figures open the lists they count', async ({ loggedInPage }) => {
  const page = await loggedInPage('admin');
  await page.goto(app('/home'));
  const shell = new Shell(page);
  await shell.expectScreen('首页');
  await page.getByRole('link', { name: /^待审核店铺\s*\d+$/ }).click();
  await shell.expectScreen('店铺管理');
  await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('pending');
  await page.goto(app('/home'));
  await shell.expectScreen('首页');
  await page.getByRole('link', { name: /^在售商品\s*[\d,]+$/ }).click();
  await shell.expectScreen('商品管理');
  await expect(page.getByRole('tab', { name: /^在售 \d+$/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
