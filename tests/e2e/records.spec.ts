/**
 * A record's people and dealings, as an operator follows them (issue 18, items 5, 6, 10, 11):
 * a shop's contact phone and a member's seen in full with 查看完整号码 — and 操作日志 saying who
 * saw it —, a busy
 * buyer's inquiries paged past the 50th on 用户详情, a shop's inquiries opened from 店铺详情 in
 * 询价单 filtered to it, a quoted inquiry's quote in its drawer, and 询价单 filtered by picking a
 * shop by name (as the operator, who may not read 店铺管理).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, app } from './fixtures';
import { Shell, expectPath, rowOfId } from './pages';
import { adminCalls, fenOf } from './member-screens';
import { search } from './support/opportunities';

interface Quote {
  unitPrice: number;
  quantity: number;
  leadDays: number;
  quotedAt: number;
}

interface InquiryRow {
  id: number;
  buyerMemberId: number;
  buyerNickname: string;
  shopId: number;
  shopName: string;
  state: string;
  quote: Quote | null;
}

interface ShopDetail {
  shop: { id: number; name: string; contactPhone: string; inquiryCount: number };
}

/** The card titled `title` in the page's main area. */
function card(page: Page, title: string | RegExp): Locator {
  return page
    .getByRole('main')
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title', { hasText: title }) });
}

/** Every inquiry, page after page, as the administrator reads them. */
async function allInquiries(calls: Awaited<ReturnType<typeof adminCalls>>): Promise<InquiryRow[]> {
  const rows: InquiryRow[] = [];
  for (let page = 1; ; page += 1) {
    const { list, total } = await calls.data<{ list: InquiryRow[]; total: number }>(
      'mtop.admin.inquiry.list',
      { page, pageSize: 100 },
    );
    rows.push(...list);
    if (list.length < 100 || rows.length >= total) return rows;
  }
}

/** Picks the shop `name` in 询价单's shop filter, typing part of it as a user does. */
async function pickShop(page: Page, name: string): Promise<void> {
  const box = page.getByRole('main').getByRole('combobox', { name: /^店铺/ });
  await box.click();
  await box.fill(name.slice(0, 4));
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(name, { exact: true })
    .click();
}

/**
 * 查看完整号码 in `where`, which shows `masked`: the whole number replaces it and the button goes;
 * then 操作日志, newest first, has the reveal of `target` (named) by the administrator.
 */
async function revealAndFindInLog(page: Page, where: Locator, masked: string, target: string) {
  await expect(where.getByText(masked, { exact: true })).toBeVisible();
  await where.getByRole('button', { name: '查看完整号码' }).click();
  // The whole number: the masked one's first three and last four, with the middle filled in.
  const full = new RegExp(`^${masked.slice(0, 3)}\\d{4}${masked.slice(7)}$`);
  await expect(where.getByText(full)).toBeVisible();
  await expect(where.getByText(masked, { exact: true })).toHaveCount(0);
  await expect(where.getByRole('button', { name: '查看完整号码' })).toHaveCount(0);

  await page.goto(app('/system/audit'));
  await new Shell(page).expectScreen('操作日志');
  const reveal = page
    .getByRole('main')
    .getByRole('row')
    .filter({ hasText: target })
    .filter({ hasText: '查看完整号码' })
    .first();
  await expect(reveal).toBeVisible();
  await expect(reveal).toContainText('admin');
}

test("店铺详情: 查看完整号码 shows the shop's contact phone in full, and 操作日志 says who saw it", async ({
  loggedInPage,
  gateway,
}) => {
  const calls = await adminCalls(gateway.api);
  const { list } = await calls.data<{ list: { id: number }[] }>('mtop.admin.shop.list', {
    status: 'active',
    pageSize: 10,
  });
  const { shop } = await calls.data<ShopDetail>('mtop.admin.shop.detail', { id: list[0]!.id });
  const masked = shop.contactPhone;
  expect(masked, 'the detail answers the phone masked').toMatch(/^\d{3}\*{4}\d{4}$/);

  const page = await loggedInPage('admin');
  await page.goto(app(`/baseMgmt/shopMgmt/shopDetail?id=${shop.id}`));
  await new Shell(page).expectScreen('店铺详情');
  await revealAndFindInLog(page, card(page, '店铺资料'), masked, shop.name);
});

test("用户详情: 查看完整号码 shows the member's phone in full, and 操作日志 names the member", async ({
  loggedInPage,
  gateway,
}) => {
  const calls = await adminCalls(gateway.api);
  const { list } = await calls.members({ pageSize: 10 });
  const member = list[0]!;
  const masked = member.phone;
  expect(masked, 'the list answers the phone masked').toMatch(/^\d{3}\*{4}\d{4}$/);

  const page = await loggedInPage('admin');
  await page.goto(app(`/baseMgmt/userMgmt/userDetail?id=${member.id}`));
  await new Shell(page).expectScreen('用户详情');
  await revealAndFindInLog(page, card(page, '基本信息'), masked, member.nickname);
});

test('用户详情: a buyer with more than 50 inquiries pages through all of them, past the 50th', async ({
  loggedInPage,
  gateway,
}) => {
  const calls = await adminCalls(gateway.api);
  const inquiries = await allInquiries(calls);
  const byBuyer = new Map<number, InquiryRow[]>();
  for (const q of inquiries)
    byBuyer.set(q.buyerMemberId, [...(byBuyer.get(q.buyerMemberId) ?? []), q]);
  const [buyer, theirs] = [...byBuyer.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
  expect(theirs.length, 'the seed has a buyer with more than 50 inquiries').toBeGreaterThan(50);
  // The 51st to 60th newest, as the detail pages them.
  const sixth = await calls.data<{ inquiries: { list: InquiryRow[]; total: number } }>(
    'mtop.admin.member.detail',
    { id: buyer, inquiryPage: 6 },
  );
  expect(sixth.inquiries.total).toBe(theirs.length);
  expect(sixth.inquiries.list).toHaveLength(10);

  const page = await loggedInPage('admin');
  await page.goto(app(`/baseMgmt/userMgmt/userDetail?id=${buyer}&tab=trade`));
  await new Shell(page).expectScreen('用户详情');
  const table = card(page, `询价单（${theirs.length}）`);
  await expect(table.getByText(`共 ${theirs.length} 条`)).toBeVisible();
  await table.locator('.ant-pagination').getByTitle('6', { exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('inquiryPage')).toBe('6');
  const first = sixth.inquiries.list[0]!;
  await expect(rowOfId(table, first.id)).toContainText(first.shopName);
  await expect(rowOfId(table, sixth.inquiries.list[9]!.id)).toBeVisible();
  // And the last page holds the rest.
  const last = Math.ceil(theirs.length / 10);
  await table.locator('.ant-pagination').getByTitle(String(last), { exact: true }).click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(
    theirs.length - (last - 1) * 10,
  );
  // The page survives a reload.
  await page.reload();
  await expect(
    table.locator('.ant-pagination-item-active').getByText(String(last), { exact: true }),
  ).toBeVisible();
});

test("店铺详情 → 查看全部询价 opens 询价单 filtered to the shop, named in its filter; a quoted inquiry's drawer shows the quote", async ({
  loggedInPage,
  gateway,
}) => {
  const calls = await adminCalls(gateway.api);
  const inquiries = await allInquiries(calls);
  // A shop with a quoted inquiry, whose name no other asked shop shares.
  const names = new Map<string, Set<number>>();
  for (const q of inquiries)
    names.set(q.shopName, (names.get(q.shopName) ?? new Set()).add(q.shopId));
  const quoted = inquiries.find((q) => q.state === 'quoted' && names.get(q.shopName)!.size === 1)!;
  expect(quoted, 'a quoted inquiry').toBeDefined();
  expect(quoted.quote, 'a quoted inquiry carries its quote').not.toBeNull();
  const ofShop = inquiries.filter((q) => q.shopId === quoted.shopId);

  const page = await loggedInPage('admin');
  await page.goto(app(`/baseMgmt/shopMgmt/shopDetail?id=${quoted.shopId}`));
  await new Shell(page).expectScreen('店铺详情');
  await card(page, /^最新询价/)
    .getByRole('link', { name: '查看全部询价' })
    .click();
  await expectPath(page, `/operate/inquiryOrders?shopId=${quoted.shopId}`);
  const shell = new Shell(page);
  await shell.expectScreen('询价单');
  const main = page.getByRole('main');
  // The filter names the shop, not its number.
  await expect(main.locator('.ant-select').filter({ hasText: quoted.shopName })).toBeVisible();
  await expect(main.getByText(`共 ${ofShop.length} 条`)).toBeVisible();
  const rows = main.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(Math.min(ofShop.length, 20));
  for (const text of await rows.allInnerTexts()) expect(text).toContain(quoted.shopName);

  // The quoted one's drawer: what the shop offered, money and time as the core writes them.
  const row = rowOfId(page, quoted.id);
  await row.getByRole('button', { name: /详情/ }).click();
  const drawer = page.getByRole('dialog', { name: `询价单 #${quoted.id}` });
  const offer = drawer
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title', { hasText: /^报价$/ }) });
  await expect(offer).toBeVisible();
  const quote = quoted.quote!;
  const cell = (label: string) =>
    offer
      .locator('.ant-descriptions-item')
      .filter({ hasText: label })
      .locator('.ant-descriptions-item-content');
  expect(fenOf(await cell('报价单价').innerText())).toBe(quote.unitPrice);
  await expect(cell('报价数量')).toHaveText(String(quote.quantity));
  expect(fenOf(await cell('报价总额').innerText())).toBe(quote.unitPrice * quote.quantity);
  await expect(cell('交货周期')).toHaveText(`${quote.leadDays} 天`);
  await expect(cell('报价时间')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(cell('报价店铺')).toHaveText(quoted.shopName);
});

test('询价单: the operator, who may not read 店铺管理, filters by picking a shop by its name', async ({
  loggedInPage,
  gateway,
}) => {
  const calls = await adminCalls(gateway.api);
  const inquiries = await allInquiries(calls);
  const counts = new Map<number, InquiryRow[]>();
  for (const q of inquiries) counts.set(q.shopId, [...(counts.get(q.shopId) ?? []), q]);
  // A shop asked more than once whose name no other asked shop's name contains.
  const [shopId, theirs] = [...counts.entries()].find(
    ([id, qs]) =>
      qs.length > 1 &&
      !inquiries.some((q) => q.shopId !== id && q.shopName.includes(qs[0]!.shopName.slice(0, 4))),
  )!;
  const name = theirs[0]!.shopName;

  const page = await loggedInPage('operator');
  await page.goto(app('/operate/inquiryOrders'));
  await new Shell(page).expectScreen('询价单');
  await pickShop(page, name);
  await search(page);
  await expect.poll(() => new URL(page.url()).searchParams.get('shopId')).toBe(String(shopId));
  const main = page.getByRole('main');
  await expect(main.getByText(`共 ${theirs.length} 条`)).toBeVisible();
  const rows = main.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(theirs.length);
  for (const text of await rows.allInnerTexts()) expect(text).toContain(name);
  // 重置 lets every shop in again.
  await main.getByRole('button', { name: /重\s*置/ }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('shopId')).toBeNull();
  await expect(main.getByText(`共 ${inquiries.length} 条`)).toBeVisible();
});
