/**
 * The edits the other stories leave out: a role renamed and moved in 角色管理, a menu entry
 * renamed and moved in 菜单管理, 操作日志 filtered by operator and by time, and a menu link's page
 * fetched on hover before the click.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, app, type Api } from './fixtures';
import { Shell, expectPath, pickOption, toast } from './pages';
import { ACCOUNTS } from '../support/product.mjs';
import { chooseFilter, search } from './support/audit';
import { uniqueName } from './support/users';

const SAVE = /^\s*保\s*存\s*$/;

async function adminMat(api: Api): Promise<string> {
  return (await api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password)).mat;
}

interface Node {
  id?: number;
  name?: string;
  data?: { id: number; name: string; alias: string; parentId: number | null };
  children?: Node[];
}

function findIn(
  nodes: Node[],
  match: (n: Node) => boolean,
  parent?: Node,
): { node: Node; parent?: Node } | undefined {
  for (const n of nodes) {
    if (match(n)) return { node: n, parent };
    const below = findIn(n.children ?? [], match, n);
    if (below) return below;
  }
  return undefined;
}

test('角色管理: an administrator renames a role and moves it under 运营', async ({
  loggedInPage,
  gateway,
}, info) => {
  const api = gateway.api;
  const mat = await adminMat(api);
  const name = uniqueName('临时角色', info);
  const created = await api.result('mtop.admin.user.saveRole', {
    method: 'POST',
    mat,
    data: { name, remark: '待改名' },
  });
  expect(created.success).toBe(true);

  const page = await loggedInPage('admin');
  await page.goto(app('/system/role'));
  await new Shell(page).expectScreen('角色管理');
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: '编辑' })
    .click();
  const dialog = page.getByRole('dialog', { name: `编辑角色 ${name}` });
  const renamed = `${name}改`;
  await dialog.getByLabel('角色名称').fill(renamed);
  await dialog.getByLabel('备注').fill('已改名并移到运营下');
  await pickOption(page, dialog.getByLabel('上级角色'), '运营');
  await dialog.getByRole('button', { name: SAVE }).click();
  await expect(toast(page, `已保存角色 ${renamed}`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: renamed })).toContainText(
    '已改名并移到运营下',
  );

  const tree = (await api.result('mtop.admin.user.roleTree', { mat })).data as Node[];
  const found = findIn(tree, (n) => n.name === renamed);
  expect(found?.parent?.name).toBe('运营');
  expect(findIn(tree, (n) => n.name === name)).toBeUndefined();
});

test('菜单管理: an administrator renames an entry and moves it under 基础信息', async ({
  loggedInPage,
  gateway,
}, info) => {
  const api = gateway.api;
  const mat = await adminMat(api);
  const system = (await api.plain(`/v1/qryMenuTree?mat=${mat}`)).envelope.result.data as Node[];
  const systemId = findIn(system, (n) => n.data?.name === 'system')!.node.data!.id;
  const name = uniqueName('moveme', info);
  const alias = `待移动${name.slice(-4)}`;
  const saved = await api.result('mtop.admin.user.saveMenu', {
    method: 'POST',
    mat,
    data: {
      parentId: systemId,
      alias,
      name: `system/${name}`,
      visible: 1,
      sort: 990,
      access: 'canSeeAdmin',
    },
  });
  expect(saved.success).toBe(true);

  const page = await loggedInPage('admin');
  await page.goto(app('/system/menu'));
  await new Shell(page).expectScreen('菜单管理');
  await page
    .getByRole('row')
    .filter({ hasText: `system/${name}` })
    .getByRole('button', { name: '编辑' })
    .click();
  const dialog = page.getByRole('dialog', { name: `编辑菜单 ${alias}` });
  const newAlias = `已移动${name.slice(-4)}`;
  await dialog.getByLabel('菜单名称').fill(newAlias);
  await dialog.getByLabel('路由名称').fill(`baseMgmt/${name}`);
  await pickOption(page, dialog.getByLabel('上级菜单'), '基础信息');
  await dialog.getByRole('button', { name: SAVE }).click();
  await expect(toast(page, `已保存菜单「${newAlias}」`)).toBeVisible();

  const after = (await api.plain(`/v1/qryMenuTree?mat=${mat}`)).envelope.result.data as Node[];
  const moved = findIn(after, (n) => n.data?.name === `baseMgmt/${name}`);
  expect(moved?.node.data?.alias).toBe(newAlias);
  expect(moved?.parent?.data?.name).toBe('baseMgmt');
  expect(findIn(after, (n) => n.data?.name === `system/${name}`)).toBeUndefined();
});

test('操作日志: filtering by operator and by a time range', async ({ loggedInPage, gateway }) => {
  // The operator signs in once, so a row of theirs exists.
  await gateway.api.login(ACCOUNTS.operator.username, ACCOUNTS.operator.password);
  const page = await loggedInPage('admin');
  await page.goto(app('/system/audit'));
  const shell = new Shell(page);
  await shell.expectScreen('操作日志');
  const main = page.getByRole('main');
  await chooseFilter(page, '操作人', `（${ACCOUNTS.operator.username}）`);
  await search(page);
  await expect.poll(() => new URL(page.url()).searchParams.get('operatorId')).not.toBeNull();
  const rows = main.getByRole('row').filter({ hasText: '127.0.0.1' });
  await expect
    .poll(async () => {
      const texts = await rows.allInnerTexts();
      return (
        texts.length > 0 && texts.every((t) => t.includes(`（${ACCOUNTS.operator.username}）`))
      );
    })
    .toBe(true);

  // A range that ends long before today holds none of today's rows (nor the seeded history's,
  // which reaches back weeks).
  const dayMs = 86_400_000;
  const start = Date.now() - 3650 * dayMs;
  await page.goto(app(`/system/audit?from=${start}&to=${start + dayMs}`));
  await shell.expectScreen('操作日志');
  await expect(main.getByText('没有符合条件的操作日志')).toBeVisible();
  await expect(rows).toHaveCount(0);
});

test('hovering a top menu link fetches its page before the click', async ({ loggedInPage }) => {
  const manifest = JSON.parse(
    readFileSync(new URL('../../web/dist/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, { file: string }>;
  const userChunk = `/${manifest['src/pages/system/user/index.tsx'].file}`;
  const page = await loggedInPage('admin');
  await page.goto(app('/home'));
  const shell = new Shell(page);
  await shell.expectScreen('首页');
  await page.waitForLoadState('networkidle');
  const fetched = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith(userChunk));
  // 系统管理 leads to /system/user: the core follows the group's redirect to that page.
  await shell.topMenu.getByRole('link', { name: '系统管理' }).hover();
  await fetched;
  await expectPath(page, '/home');
});
