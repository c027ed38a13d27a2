/**
 * Deletes where an administrator expects them (issue 18, item 8). The administrator deletes an ad,
 * a function entry, an ad slot without ads, a belt without shops, a new role and a new menu, each
 * after a confirmation naming it; the row goes and the toast says so. Then the deletes that would
 * break something: a role held by users, a slot holding ads, a belt with shops, a menu with
 * children — each refused in the gateway's Chinese words naming what uses it, and the row stays.
 *
 * The records deleted are made here through the gateway (the worker's other stories keep the
 * seed); the ones refused are seeded and read from the gateway, never assumed.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { test, expect, app, type Api } from './fixtures';
import { Shell, toast } from './pages';
import { ACCOUNTS } from '../support/product.mjs';

const DELETE = /^\s*删\s*除\s*$/;
const DAY = 24 * 3_600_000;

/** The administrator's calls, with one session. */
async function adminCalls(api: Api) {
  const { mat } = await api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  return async function data<T>(op: string, params: object, method = 'GET'): Promise<T> {
    const result = await api.result(op, { method, mat, data: params });
    expect(result.success, `${op}: ${result.code} ${result.msg}`).toBe(true);
    return result.data as T;
  };
}

/** A short name no other run or worker uses (entries take at most 8 characters). */
function short(info: TestInfo): string {
  return `${info.workerIndex}${Date.now().toString(36).slice(-4)}`;
}

function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/** The table row with a cell reading exactly `text` (a tree's name cell holds its expander too). */
function rowOf(page: Page, text: string): Locator {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('cell').filter({ hasText: exactly(text) }) });
}

/** Clicks the row's 删除 and answers the confirmation, which must name the record. */
async function deleteRow(page: Page, row: Locator, asked: string): Promise<void> {
  await row.getByRole('button', { name: '删除' }).click();
  const confirmation = page.getByRole('tooltip').filter({ hasText: asked });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText('删除后不可恢复');
  await confirmation.getByRole('button', { name: DELETE }).click();
}

test('the administrator deletes an ad, an entry, a slot, a belt, a role and a menu after confirming each', async ({
  loggedInPage,
  gateway,
}, info) => {
  const data = await adminCalls(gateway.api);
  const tag = short(info);
  const { list: ads } = await data<{ list: { image: string }[] }>('mtop.admin.ad.list', {
    page: 1,
    pageSize: 10,
  });
  const now = Date.now();
  const ad = await data<{ title: string }>(
    'mtop.admin.ad.save',
    {
      slotId: 1,
      title: `待删广告${tag}`,
      image: ads[0].image,
      linkType: 'url',
      linkTarget: 'https://act.adnur.example/e2e',
      startAt: now + DAY,
      endAt: now + 2 * DAY,
    },
    'POST',
  );
  const entry = await data<{ name: string }>(
    'mtop.admin.entry.save',
    { name: `删${tag}`, icon: 'GiftOutlined', link: '/pages/e2e' },
    'POST',
  );
  const slot = await data<{ name: string; code: string }>(
    'mtop.admin.adSlot.save',
    {
      name: `待删广告位${tag}`,
      code: `del_${tag}`,
      page: 'home',
      width: 750,
      height: 300,
      maxAds: 1,
    },
    'POST',
  );
  const belt = await data<{ name: string }>(
    'mtop.admin.belt.save',
    { name: `待删产业带${tag}`, province: '浙江', city: '湖州', description: '' },
    'POST',
  );
  const role = await data<{ name: string }>(
    'mtop.admin.user.saveRole',
    { name: `待删角色${tag}` },
    'POST',
  );
  const menu = await data<{ data: { alias: string } }>(
    'mtop.admin.user.saveMenu',
    { parentId: 0, alias: `待删菜单${tag}`, name: `del${tag}`, visible: 1, sort: 99 },
    'POST',
  );

  const page = await loggedInPage('admin');
  const shell = new Shell(page);
  const steps: {
    path: string;
    screen: string;
    name: string;
    asked: string;
    done: string;
  }[] = [
    {
      path: `/operate/advertise?title=${encodeURIComponent(ad.title)}`,
      screen: '广告管理',
      name: ad.title,
      asked: `删除广告「${ad.title}」？`,
      done: `已删除广告「${ad.title}」`,
    },
    {
      path: `/operate/abilityEntry?name=${encodeURIComponent(entry.name)}`,
      screen: '功能入口',
      name: entry.name,
      asked: `删除功能入口「${entry.name}」？`,
      done: `已删除功能入口「${entry.name}」`,
    },
    {
      path: `/operate/advertise/advertisePosition?keyword=${slot.code}`,
      screen: '广告位管理',
      name: slot.name,
      asked: `删除广告位「${slot.name}」？`,
      done: `已删除广告位「${slot.name}」`,
    },
    {
      path: `/operate/industrialBelt?name=${encodeURIComponent(belt.name)}`,
      screen: '产业带',
      name: belt.name,
      asked: `删除产业带「${belt.name}」？`,
      done: `已删除产业带「${belt.name}」`,
    },
    {
      path: '/system/role',
      screen: '角色管理',
      name: role.name,
      asked: `删除角色「${role.name}」？`,
      done: `已删除角色「${role.name}」`,
    },
    {
      path: '/system/menu',
      screen: '菜单管理',
      name: menu.data.alias,
      asked: `删除菜单「${menu.data.alias}」？`,
      done: `已删除菜单「${menu.data.alias}」`,
    },
  ];
  for (const step of steps) {
    await test.step(`${step.screen}: ${step.name}`, async () => {
      await page.goto(app(step.path));
      await shell.expectScreen(step.screen);
      const row = rowOf(page, step.name);
      await expect(row).toHaveCount(1);
      // Cancelled first: nothing goes.
      await row.getByRole('button', { name: '删除' }).click();
      const confirmation = page.getByRole('tooltip').filter({ hasText: step.asked });
      await confirmation.getByRole('button', { name: /取\s*消/ }).click();
      await expect(confirmation).toBeHidden();
      await expect(row).toHaveCount(1);
      await deleteRow(page, row, step.asked);
      await expect(toast(page, step.done)).toBeVisible();
      // The declared reads are read again: the row is gone without a reload.
      await expect(rowOf(page, step.name)).toHaveCount(0);
    });
  }
});

test('a role held by users, a slot holding ads, a belt with shops and a menu with children are refused, naming what uses them', async ({
  loggedInPage,
  gateway,
}) => {
  const data = await adminCalls(gateway.api);
  const page = await loggedInPage('admin');
  const shell = new Shell(page);

  await test.step('角色管理: 运营 is held by operator', async () => {
    await page.goto(app('/system/role'));
    await shell.expectScreen('角色管理');
    const row = rowOf(page, '运营');
    await deleteRow(page, row, '删除角色「运营」？');
    await expect(toast(page, /角色「运营」仍被用户 .*operator.* 使用.*，不能删除/)).toBeVisible();
    await expect(row).toHaveCount(1);
  });

  await test.step('广告位管理: a slot holding ads', async () => {
    const { list: slots } = await data<{ list: { name: string; code: string; adCount: number }[] }>(
      'mtop.admin.adSlot.list',
      { page: 1, pageSize: 100 },
    );
    const slot = slots.find((s) => s.adCount > 0);
    expect(slot, 'a slot holding ads').toBeDefined();
    if (!slot) return;
    await page.goto(app(`/operate/advertise/advertisePosition?keyword=${slot.code}`));
    await shell.expectScreen('广告位管理');
    const row = rowOf(page, slot.name);
    await deleteRow(page, row, `删除广告位「${slot.name}」？`);
    await expect(
      toast(page, `广告位「${slot.name}」下还有 ${slot.adCount} 条广告（`),
    ).toContainText('），不能删除');
    await expect(row).toHaveCount(1);
  });

  await test.step('产业带: a belt with shops', async () => {
    const { list: belts } = await data<{ list: { name: string; shopCount: number }[] }>(
      'mtop.admin.belt.list',
      { page: 1, pageSize: 100, sortField: 'shopCount', sortOrder: 'descend' },
    );
    const belt = belts[0];
    expect(belt.shopCount).toBeGreaterThan(0);
    await page.goto(app(`/operate/industrialBelt?name=${encodeURIComponent(belt.name)}`));
    await shell.expectScreen('产业带');
    const row = rowOf(page, belt.name);
    await deleteRow(page, row, `删除产业带「${belt.name}」？`);
    await expect(
      toast(page, `产业带「${belt.name}」下还有 ${belt.shopCount} 家店铺（`),
    ).toContainText('），不能删除');
    await expect(row).toHaveCount(1);
  });

  await test.step('菜单管理: 系统管理 has children', async () => {
    await page.goto(app('/system/menu'));
    await shell.expectScreen('菜单管理');
    const row = rowOf(page, '系统管理');
    await deleteRow(page, row, '删除菜单「系统管理」？');
    await expect(toast(page, '菜单「系统管理」下还有子菜单「系统用户」')).toContainText(
      '仍被角色「超级管理员」使用，不能删除',
    );
    await expect(row).toHaveCount(1);
  });
});
