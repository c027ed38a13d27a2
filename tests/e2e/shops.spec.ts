/**
 * 店铺管理 and 店铺详情, told as the operator works: the review queue (通过, 驳回 with a reason),
 * freezing and unfreezing, a stale second tab, a view kept in its link with its CSV, and the
 * home page's figures and to-do list leading into the queue.
 */
import { test, expect, app } from './fixtures';
import { Shell, downloadFrom, expectPath, expectRefusedAt, toast } from './pages';
import {
  CONFLICT,
  adminToken,
  filterByName,
  listShops,
  openShops,
  pickReason,
  pickRegion,
  reasonDialog,
  shopIn,
  shopRow,
  tab,
  tabCount,
  today,
} from './support/shops';
import { expectAxeClean } from './support/axe';

test('an administrator approves the shop that waited longest: it leaves 待审核, the counts follow, its timeline says who and when', async ({
  loggedInPage,
  gateway,
}) => {
  const shop = await shopIn(gateway.api, 'pending');
  const page = await loggedInPage('admin');
  await openShops(page);

  // The review queue opens oldest first, each shop with how long it has waited.
  await tab(page, '待审核').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('pending');
  expect(new URL(page.url()).searchParams.get('sortField')).toBe('createdAt');
  expect(new URL(page.url()).searchParams.get('sortOrder')).toBe('ascend');
  const row = shopRow(page, shop.name);
  await expect(row).toBeVisible();
  await expect(row).toContainText(/\d+(天|小时|分钟)|不到1分钟/);
  // The seed's queue holds shops waiting over a day: marked in words, not by colour alone.
  await expect(page.getByRole('main').getByText('超过24小时').first()).toBeVisible();
  await expectAxeClean(page, '待审核 with its waiting times');
  const pending = await tabCount(page, '待审核');
  const active = await tabCount(page, '营业中');

  await row.getByRole('button', { name: '通过' }).click();
  await expect(toast(page, `已通过店铺 ${shop.name}`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(tab(page, '待审核')).toHaveText(`待审核 (${pending - 1})`);
  await expect(tab(page, '营业中')).toHaveText(`营业中 (${active + 1})`);

  // 店铺详情 tells who approved it, and when.
  await tab(page, '营业中').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('active');
  // The URL moves first; the screen draws the new tab in a transition, and until then the filter
  // form still holds 待审核 in its 状态 field, which a 查询 would send back. Filtered once drawn.
  await expect(tab(page, '营业中')).toHaveAttribute('aria-selected', 'true');
  await filterByName(page, shop.name);
  await shopRow(page, shop.name).getByRole('link', { name: shop.name }).click();
  await expectPath(page, `/baseMgmt/shopMgmt/shopDetail?id=${shop.id}`);
  await new Shell(page).expectScreen('店铺详情');
  await expect(page.getByRole('heading', { name: shop.name })).toBeVisible();
  const timeline = page.locator('.ant-card').filter({ hasText: '操作记录' });
  await expect(timeline.getByText('通过').first()).toBeVisible();
  await expect(
    timeline.getByText(new RegExp(`系统管理员 · ${today()} \\d{2}:\\d{2}:\\d{2}`)).first(),
  ).toBeVisible();
  await expectAxeClean(page, '店铺详情');
});

test('rejecting a shop without a reason is refused at the field; with one it goes through and the timeline keeps it', async ({
  loggedInPage,
  gateway,
}) => {
  // The first pending shop left: the seed has five, and the stories of a worker share its gateway
  // (this file and menu-badges.spec.ts approve or reject four of them, in either order).
  const shop = await shopIn(gateway.api, 'pending');
  const page = await loggedInPage('admin');
  await openShops(page, '?status=pending');
  const row = shopRow(page, shop.name);
  await row.getByRole('button', { name: '驳回' }).click();
  const dialog = reasonDialog(page, '驳回', shop.name);
  await expect(dialog).toBeVisible();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('mtop.admin.shop.audit')) sent.push(r.url());
  });

  const code = dialog.getByLabel('原因', { exact: true });
  await expectRefusedAt(dialog.getByRole('button', { name: '驳回' }), code, '请选择原因');
  await expect(dialog).toBeVisible();
  await expectAxeClean(page, 'the reason dialog with its error');
  expect(sent, 'nothing was sent').toEqual([]);

  const label = await pickReason(page, dialog);
  await dialog.getByLabel('具体原因').fill('营业执照照片模糊，无法辨认');
  await dialog.getByRole('button', { name: '驳回' }).click();
  await expect(toast(page, `已驳回店铺 ${shop.name}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  await page.goto(app(`/baseMgmt/shopMgmt/shopDetail?id=${shop.id}`));
  await expect(page.getByRole('heading', { name: shop.name })).toBeVisible();
  const timeline = page.locator('.ant-card').filter({ hasText: '操作记录' });
  await expect(timeline.getByText(`原因：${label}：营业执照照片模糊，无法辨认`)).toBeVisible();
});

test('freezing a shop needs a reason; unfreezing brings it back to 营业中', async ({
  loggedInPage,
  gateway,
}) => {
  const shop = await shopIn(gateway.api, 'active', 0);
  const page = await loggedInPage('admin');
  await openShops(page, '?status=active');
  await filterByName(page, shop.name);
  await shopRow(page, shop.name).getByRole('button', { name: '冻结' }).click();
  const dialog = reasonDialog(page, '冻结', shop.name);
  await expectRefusedAt(
    dialog.getByRole('button', { name: '冻结' }),
    dialog.getByLabel('原因', { exact: true }),
    '请选择原因',
  );

  await pickReason(page, dialog);
  await dialog.getByRole('button', { name: '冻结' }).click();
  await expect(toast(page, `已冻结店铺 ${shop.name}`)).toBeVisible();
  await expect(shopRow(page, shop.name)).toHaveCount(0);

  // 已冻结 lists it, with the way back.
  await tab(page, '已冻结').click();
  const frozen = shopRow(page, shop.name);
  await expect(frozen).toContainText('已冻结');
  await frozen.getByRole('button', { name: '解冻' }).click();
  await expect(toast(page, `已解冻店铺 ${shop.name}`)).toBeVisible();
  await expect(frozen).toHaveCount(0);
  await tab(page, '营业中').click();
  await expect(shopRow(page, shop.name)).toContainText('营业中');
});

test('a stale second tab gets the conflict message and keeps its dialog', async ({
  loggedInPage,
  gateway,
}) => {
  const shop = await shopIn(gateway.api, 'active', 1);
  const first = await loggedInPage('admin');
  const second = await first.context().newPage();
  for (const page of [first, second]) {
    await page.bringToFront();
    await openShops(page, `?status=active&name=${encodeURIComponent(shop.name)}`);
    await expect(shopRow(page, shop.name)).toBeVisible();
  }

  // The first tab opens 冻结 and types its reason; meanwhile the second tab freezes the shop.
  await first.bringToFront();
  await shopRow(first, shop.name).getByRole('button', { name: '冻结' }).click();
  const stale = reasonDialog(first, '冻结', shop.name);
  await pickReason(first, stale);
  await stale.getByLabel('具体原因').fill('甲写的原因');

  await second.bringToFront();
  await shopRow(second, shop.name).getByRole('button', { name: '冻结' }).click();
  const fresh = reasonDialog(second, '冻结', shop.name);
  await pickReason(second, fresh);
  await fresh.getByRole('button', { name: '冻结' }).click();
  await expect(toast(second, `已冻结店铺 ${shop.name}`)).toBeVisible();

  // Back in the first tab, the freeze with the old version is refused; the dialog stays as typed.
  await first.bringToFront();
  await stale.getByRole('button', { name: '冻结' }).click();
  await expect(stale.getByRole('alert').filter({ hasText: CONFLICT })).toBeVisible();
  await expect(stale).toBeVisible();
  await expect(stale.getByLabel('具体原因')).toHaveValue('甲写的原因');

  const mat = await adminToken(gateway.api);
  const [now] = (await listShops(gateway.api, mat, { name: shop.name })).list;
  expect(now?.status).toBe('frozen');
  expect(now?.version).toBe(shop.version + 1);
});

test('a filtered, paged, sorted view reloads identically from its link, and its CSV holds exactly the filtered total', async ({
  loggedInPage,
  gateway,
}) => {
  const mat = await adminToken(gateway.api);
  // A city with shops enough for two pages of 10, picked in the region cascader.
  const { list } = await listShops(gateway.api, mat, { pageSize: 100 });
  const byCity = new Map<string, number>();
  for (const s of list) {
    const key = `${s.province}/${s.city}`;
    byCity.set(key, (byCity.get(key) ?? 0) + 1);
  }
  const [province, city] = [...byCity.entries()].sort((a, b) => b[1] - a[1])[0]![0].split('/') as [
    string,
    string,
  ];
  const { total } = await listShops(gateway.api, mat, { province, city });

  const page = await loggedInPage('admin');
  await openShops(page);
  await pickRegion(page, province, city);
  await page
    .getByRole('main')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await expect(page.getByRole('main').getByText(`共 ${total} 条`)).toBeVisible();
  await expect(tab(page, '全部')).toHaveText(`全部 (${total})`);

  // 10 a page, sorted by 商品数 descending, page 2.
  await page.getByRole('main').locator('.ant-pagination-options .ant-select').click();
  await page.getByRole('option', { name: '10 条/页' }).click();
  const header = page.getByRole('columnheader', { name: '商品数' });
  await header.click();
  await header.click();
  await expect.poll(() => new URL(page.url()).searchParams.get('sortOrder')).toBe('descend');
  await page.getByRole('main').locator('.ant-pagination-item-2').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
  const rows = page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByRole('link') });
  await expect(rows).toHaveCount(Math.min(10, total - 10));
  const shown = await rows.allInnerTexts();

  const link = page.url();
  expect(Object.fromEntries(new URL(link).searchParams)).toEqual({
    province,
    city,
    pageSize: '10',
    sortField: 'productCount',
    sortOrder: 'descend',
    page: '2',
  });
  await page.reload();
  await expect(page.getByRole('main').getByText(`共 ${total} 条`)).toBeVisible();
  await expect(rows).toHaveCount(shown.length);
  expect(await rows.allInnerTexts()).toEqual(shown);
  await expect(page.locator('main form[id^="shopFilter"]')).toContainText(`${province} / ${city}`);
  expect(page.url()).toBe(link);

  // 导出 CSV: every filtered row, not just this page.
  const download = await downloadFrom(
    page.getByRole('button', { name: /导出 CSV/ }),
    toast(page, `已导出 ${total} 条记录`),
  );
  expect(download.suggestedFilename()).toMatch(/^店铺-\d{8}-\d{6}\.csv$/);
  const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  const lines = csv.split('\r\n').filter((l) => l !== '');
  expect(lines[0]).toBe(
    '\ufeffID,店铺名称,店主,联系人,联系电话,所在地区,产业带,等级,商品数,状态,注册时间',
  );
  expect(lines.length - 1).toBe(total);
  expect(lines.slice(1).every((l) => l.includes(city))).toBe(true);
});

test('in the dark theme the review queue, its overdue marks and the reason dialog stay readable', async ({
  loggedInPage,
  gateway,
}) => {
  // It changes nothing, so any pending shop will do. It asked for the third with a name of its own,
  // and failed (then passed on its retry, a fresh worker) where the stories before it in the
  // worker had approved or rejected all but one of the seed's five (issue 27).
  const shop = await shopIn(gateway.api, 'pending');
  const page = await loggedInPage('admin');
  // The header switch's stored choice (web/src/stores/theme.ts), as if set before.
  await page.addInitScript(() =>
    localStorage.setItem('adnur.theme', JSON.stringify({ state: { mode: 'dark' }, version: 0 })),
  );
  await openShops(page, '?status=pending');
  await expect(shopRow(page, shop.name)).toBeVisible();
  await expectAxeClean(page, 'dark 待审核');
  await shopRow(page, shop.name).getByRole('button', { name: '驳回' }).click();
  const dialog = reasonDialog(page, '驳回', shop.name);
  await expectRefusedAt(
    dialog.getByRole('button', { name: '驳回' }),
    dialog.getByLabel('原因', { exact: true }),
    '请选择原因',
  );
  await expectAxeClean(page, 'dark reason dialog with its error');
});

test('首页 shows the gateway’s figures, and its to-do link opens 待审核 oldest first', async ({
  loggedInPage,
  gateway,
}) => {
  const mat = await adminToken(gateway.api);
  const stats = await gateway.api.result('mtop.admin.dashboard.stats', { mat });
  expect(stats.success).toBe(true);
  const figures = stats.data as Record<string, number>;
  const page = await loggedInPage('admin');
  await page.goto(app('/home'));
  await new Shell(page).expectScreen('首页');
  const main = page.getByRole('main');
  for (const [title, key] of [
    ['店铺总数', 'shops'],
    ['今日新增店铺', 'newShopsToday'],
    ['在售商品', 'productsOnSale'],
    ['待审核店铺', 'pendingShops'],
    ['待审核商机', 'pendingOpportunities'],
    ['今日询价', 'inquiriesToday'],
  ] as const) {
    const card = main.locator('.ant-card').filter({ has: page.getByText(title, { exact: true }) });
    await expect(card, title).toContainText(figures[key]!.toLocaleString('en-US'));
  }
  expect(figures.pendingShops).toBeGreaterThan(0);

  await main
    .getByRole('link', { name: new RegExp(`待审核店铺 ${figures.pendingShops} 家`) })
    .click();
  await expectPath(page, '/baseMgmt/shopMgmt?sortField=createdAt&sortOrder=ascend&status=pending');
  await expect(page.getByRole('tab', { name: `待审核 (${figures.pendingShops})` })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
