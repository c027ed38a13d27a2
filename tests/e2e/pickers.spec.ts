/**
 * Every record reachable, and pickers instead of ids (issue 18, items 4 and 5), as the
 * administrator works: 店铺管理's status filter reaches 已驳回 and 已关闭 (no tab of their own),
 * 商品管理's 草稿 has its tab, 店铺管理's region cascader filters by a province and city of the
 * data; 邀请管理 filters by an inviter picked by nickname; 产业带 by a province chosen from the
 * belts' own; and a date range's quick range 近7天 filters a list to the last seven days.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, app } from './fixtures';
import { Shell } from './pages';
import { adminCalls, pick, type Invitation } from './member-screens';
import { adminToken, listShops, openShops, pickRegion } from './support/shops';

/** 查询 of the page's filter form. */
async function search(page: Page): Promise<void> {
  await page
    .getByRole('main')
    .getByRole('button', { name: /查\s*询/ })
    .click();
}

/** The data rows of the page's table. */
function rows(page: Page): Locator {
  return page.getByRole('main').locator('tbody tr[data-row-key]');
}

/** `共 N 条` under the table. */
async function expectTotal(page: Page, total: number): Promise<void> {
  await expect(page.getByRole('main').getByText(`共 ${total} 条`)).toBeVisible();
}

test('店铺管理 reaches 已驳回 and then 已关闭 shops through its status filter, beside its four tabs', async ({
  loggedInPage,
  gateway,
}) => {
  const mat = await adminToken(gateway.api);
  const page = await loggedInPage('admin');
  await openShops(page);
  const main = page.getByRole('main');
  // The spec's four tabs stay; the other states are in the filter.
  await expect(main.getByRole('tab')).toHaveText([/^全部/, /^待审核/, /^营业中/, /^已冻结/]);

  for (const [label, status] of [
    ['已驳回', 'rejected'],
    ['已关闭', 'closed'],
  ] as const) {
    const { total, list } = await listShops(gateway.api, mat, { status });
    expect(total, `the seed has ${label} shops`).toBeGreaterThan(0);
    await pick(page, main, '状态', label);
    await search(page);
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe(status);
    await expectTotal(page, total);
    // No tab is selected: none is that state.
    await expect(main.getByRole('tab', { selected: true })).toHaveCount(0);
    await expect(rows(page)).toHaveCount(Math.min(total, 20));
    for (const text of await rows(page).allInnerTexts()) expect(text).toContain(label);
    await expect(main.getByRole('link', { name: list[0]!.name, exact: true })).toBeVisible();
  }
});

test('商品管理 reaches its drafts: 草稿 has a tab beside the other states, counted', async ({
  loggedInPage,
  gateway,
}) => {
  const calls = await adminCalls(gateway.api);
  const { total } = await calls.data<{ total: number }>('mtop.admin.product.list', {
    page: 1,
    pageSize: 10,
    status: 'draft',
  });
  expect(total, 'the seed has draft products').toBeGreaterThan(0);
  const page = await loggedInPage('admin');
  await page.goto(app('/baseMgmt/prodMgmt'));
  await new Shell(page).expectScreen('商品管理');
  const drafts = page.getByRole('main').getByRole('tab', { name: `草稿 ${total}` });
  await drafts.click();
  await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('draft');
  await expectTotal(page, total);
  for (const text of await rows(page).allInnerTexts()) expect(text).toContain('草稿');
});

test('店铺管理 filters by a province and city picked in the region cascader, or a province alone', async ({
  loggedInPage,
  gateway,
}) => {
  const mat = await adminToken(gateway.api);
  // A province with shops in more than one city, and its city with the most shops.
  const { list } = await listShops(gateway.api, mat, { pageSize: 100 });
  const cities = new Map<string, Map<string, number>>();
  for (const s of list) {
    const of = cities.get(s.province) ?? new Map<string, number>();
    of.set(s.city, (of.get(s.city) ?? 0) + 1);
    cities.set(s.province, of);
  }
  const [province, of] = [...cities.entries()].sort((a, b) => b[1].size - a[1].size)[0]!;
  expect(of.size, 'a province with shops in two cities').toBeGreaterThan(1);
  const city = [...of.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const inCity = await listShops(gateway.api, mat, { province, city });
  const inProvince = await listShops(gateway.api, mat, { province });
  expect(inProvince.total).toBeGreaterThan(inCity.total);

  const page = await loggedInPage('admin');
  await openShops(page);
  await pickRegion(page, province, city);
  await search(page);
  await expect
    .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
    .toEqual({ province, city });
  await expectTotal(page, inCity.total);
  for (const text of await rows(page).allInnerTexts())
    expect(text).toContain(`${province} ${city}`);

  // The province alone: every city of it.
  await page
    .getByRole('main')
    .getByRole('button', { name: /重\s*置/ })
    .click();
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await pickRegion(page, province);
  await search(page);
  await expect
    .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
    .toEqual({ province });
  await expectTotal(page, inProvince.total);
  for (const text of await rows(page).allInnerTexts()) expect(text).toContain(province);
});

test('邀请管理 filters by an inviter picked by nickname, and the picker names them', async ({
  loggedInPage,
  gateway,
}) => {
  const calls = await adminCalls(gateway.api);
  const all = await calls.data<{ list: Invitation[] }>('mtop.admin.invitation.list', {
    page: 1,
    pageSize: 100,
  });
  const counts = new Map<number, Invitation[]>();
  for (const i of all.list) counts.set(i.inviterId, [...(counts.get(i.inviterId) ?? []), i]);
  const [inviterId, theirs] = [...counts.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
  const nickname = theirs[0]!.inviterNickname;
  const { total } = await calls.invitations({ inviterId, page: 1, pageSize: 10 });

  const page = await loggedInPage('admin');
  await page.goto(app('/baseMgmt/invitationMgmt'));
  await new Shell(page).expectScreen('邀请管理');
  const main = page.getByRole('main');
  const picker = main.getByRole('combobox', { name: /^邀请人/ });
  await picker.click();
  await picker.fill(nickname);
  // The option names them, with their masked phone and how many they invited (namesakes apart).
  const option = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: `邀请 ${total} 人` })
    .getByTitle(nickname, { exact: true })
    .or(
      page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: `邀请 ${total} 人` })
        .filter({ hasText: nickname }),
    )
    .first();
  await expect(option).toContainText(/\d{3}\*{4}\d{4}/);
  await option.click();
  await search(page);
  await expect
    .poll(() => new URL(page.url()).searchParams.get('inviterId'))
    .toBe(String(inviterId));
  await expectTotal(page, total);
  for (const text of await rows(page).allInnerTexts()) expect(text).toContain(nickname);
  // After a reload the picker still names the inviter, not their id.
  await page.reload();
  await expectTotal(page, total);
  await expect(page.locator('main form[id^="invitationFilter"]')).toContainText(nickname);
  await expect(page.locator('main form[id^="invitationFilter"]')).not.toContainText(
    String(inviterId),
  );
});

test('产业带 filters by a province chosen from the provinces belts are in', async ({
  loggedInPage,
  gateway,
}) => {
  const calls = await adminCalls(gateway.api);
  const belts = await calls.data<{ list: { name: string; province: string }[] }>(
    'mtop.admin.belt.list',
    { page: 1, pageSize: 100 },
  );
  const province = belts.list[0]!.province;
  const inProvince = belts.list.filter((b) => b.province === province);
  expect(inProvince.length).toBeLessThan(belts.list.length);

  const page = await loggedInPage('admin');
  await page.goto(app('/operate/industrialBelt'));
  await new Shell(page).expectScreen('产业带');
  const main = page.getByRole('main');
  // A select, not a name to type exactly.
  await expect(main.getByRole('textbox', { name: /^省份/ })).toHaveCount(0);
  await pick(page, main, '省份', province);
  await search(page);
  await expect.poll(() => new URL(page.url()).searchParams.get('province')).toBe(province);
  await expect(rows(page)).toHaveCount(inProvince.length);
  for (const belt of inProvince) {
    await expect(main.getByText(belt.name, { exact: true })).toBeVisible();
  }
});

test('the quick range 近7天 of a date range filters a list to today and the six days before', async ({
  loggedInPage,
  gateway,
}) => {
  const calls = await adminCalls(gateway.api);
  const page = await loggedInPage('admin');
  await page.goto(app('/operate/business/inspect'));
  await new Shell(page).expectScreen('商机查看');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: /提交时间/ }).click();
  const presets = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await expect(presets.getByText('今天', { exact: true })).toBeVisible();
  await expect(presets.getByText('近30天', { exact: true })).toBeVisible();
  await presets.getByText('近7天', { exact: true }).click();
  await search(page);
  await expect.poll(() => new URL(page.url()).searchParams.get('from')).not.toBeNull();
  const query = new URL(page.url()).searchParams;
  const from = Number(query.get('from'));
  const to = Number(query.get('to'));
  // Whole days in the browser's zone (Asia/Shanghai): midnight six days ago to today's end.
  const day = 86_400_000;
  expect(to - from).toBe(7 * day - 1);
  expect((from + 8 * 3_600_000) % day).toBe(0);
  expect(to).toBeGreaterThanOrEqual(Date.now());
  const { total } = await calls.data<{ total: number }>('mtop.admin.opportunity.list', {
    page: 1,
    pageSize: 10,
    from,
    to,
  });
  const { total: all } = await calls.data<{ total: number }>('mtop.admin.opportunity.list', {
    page: 1,
    pageSize: 10,
  });
  expect(total, 'the seed has opportunities older than a week').toBeLessThan(all);
  await expectTotal(page, total);
});
