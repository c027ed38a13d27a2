/**
 * Badges (product.md, "The workspace"): 店铺管理 and 商机审核 in the menu show how many wait for
 * review, to those who may open them; the count follows a write made here at once, one made
 * elsewhere within a minute while the page is visible.
 */
import { test, expect, app, type Api } from './fixtures';
import { Shell, toast } from './pages';
import { adminToken, filterByName, listShops, shopIn, shopRow, tab } from './support/shops';
import { ACCOUNTS } from '../support/product.mjs';
import { coreNumbers } from '../support/core-source.mjs';

/** How many shops wait for review, as the gateway counts them. */
async function pendingShops(api: Api): Promise<number> {
  return (await listShops(api, await adminToken(api), {})).counts.pending!;
}

test('店铺管理 shows how many shops wait for review, and follows the reviews', async ({
  loggedInPage,
  gateway,
}) => {
  const api = gateway.api;
  const page = await loggedInPage('admin');
  // Timers under Playwright's clock (time flows as usual), so a minute can pass in a moment.
  await page.clock.install();
  await page.goto(app('/baseMgmt/shopMgmt'));
  const shell = new Shell(page);
  await shell.expectScreen('店铺管理');
  const entry = shell.sideMenu
    .getByRole('menuitem')
    .filter({ has: page.getByRole('link', { name: '店铺管理', exact: true }) });
  // Its top-level group carries a dot, the entry its count; the entry's name stays its alias.
  const group = (name: string) =>
    shell.topMenu
      .getByRole('menuitem')
      .filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(group('基础信息').locator('.ant-badge-dot')).toHaveCount(1);
  await expect(group('首页').locator('.ant-badge-dot')).toHaveCount(0);
  let waiting = await pendingShops(api);
  expect(waiting).toBeGreaterThan(1);
  await expect(entry.getByTitle(`待审核店铺 ${waiting} 家`)).toBeVisible();
  await expect(entry.getByRole('link')).toHaveAccessibleName('店铺管理');

  // Approved here: the badge follows at once (the write declares it stale).
  const shop = await shopIn(api, 'pending');
  await tab(page, '待审核').click();
  await filterByName(page, shop.name);
  await shopRow(page, shop.name).getByRole('button', { name: '通过' }).click();
  await expect(toast(page, `已通过店铺 ${shop.name}`)).toBeVisible();
  waiting -= 1;
  await expect(entry.getByTitle(`待审核店铺 ${waiting} 家`)).toBeVisible();

  // Approved by someone else: within a minute the badge says so.
  const other = await shopIn(api, 'pending');
  const mat = await adminToken(api);
  const approved = await api.result('mtop.admin.shop.audit', {
    method: 'POST',
    mat,
    data: { id: other.id, version: other.version, approve: true },
  });
  expect(approved.success, approved.msg).toBe(true);
  waiting -= 1;
  expect(await pendingShops(api)).toBe(waiting);
  await expect(entry.getByTitle(`待审核店铺 ${waiting + 1} 家`)).toBeVisible();
  await page.clock.fastForward(coreNumbers().BADGE_REFRESH_MS);
  await expect(entry.getByTitle(`待审核店铺 ${waiting} 家`)).toBeVisible();
});

test('运营, who may open 商机审核 but not 店铺管理, is shown the opportunities waiting alone', async ({
  loggedInPage,
  gateway,
}) => {
  const api = gateway.api;
  const { mat } = await api.login(ACCOUNTS.operator.username, ACCOUNTS.operator.password);
  const pending = await api.result('mtop.admin.opportunity.list', {
    mat,
    data: { page: 1, pageSize: 10, state: 'pending' },
  });
  const waiting = (pending.data as { total: number }).total;
  expect(waiting).toBeGreaterThan(0);
  // The gateway tells each user of their own screens' badges only; the 访客 of none.
  const badges = await api.result('mtop.admin.dashboard.badges', { mat });
  expect(badges.data).toEqual([
    { page: 'operate/business/toExamine', count: waiting, label: `待审核商机 ${waiting} 条` },
  ]);
  const guest = await api.login(ACCOUNTS.noAccess.username, ACCOUNTS.noAccess.password);
  expect((await api.result('mtop.admin.dashboard.badges', { mat: guest.mat })).data).toEqual([]);

  const page = await loggedInPage('operator');
  await page.goto(app('/operate/business/toExamine'));
  const shell = new Shell(page);
  await shell.expectScreen('商机审核');
  const entry = shell.sideMenu
    .getByRole('menuitem')
    .filter({ has: page.getByRole('link', { name: '商机审核', exact: true }) });
  await expect(entry.getByTitle(`待审核商机 ${waiting} 条`)).toBeVisible();
  await expect(shell.sideMenu.locator('.ant-badge-count')).toHaveCount(1);
});
