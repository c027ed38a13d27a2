/**
 * The other system screens as an operator uses them: 菜单管理 (add, hide, show), 操作日志 (filter
 * kept in the URL), 导出 CSV, the list error state with retry, and 数据字典's CRUD.
 */
import type { Page } from '@playwright/test';
import { test, expect, app } from './fixtures';
import { Shell, answer, downloadFrom, toast } from './pages';
import { ACCOUNTS } from '../support/product.mjs';
import { chooseFilter, search } from './support/audit';
import { adminToken } from './support/shops';
import { createUser, uniqueName } from './support/users';

const SAVE = /^\s*保\s*存\s*$/;

async function open(page: Page, path: string, alias: string): Promise<Shell> {
  await page.goto(app(path));
  const shell = new Shell(page);
  await shell.expectScreen(alias);
  return shell;
}

test('菜单管理: an administrator adds an entry under 系统管理, hides it and shows it again', async ({
  loggedInPage,
  gateway,
}, info) => {
  const page = await loggedInPage('admin');
  await open(page, '/system/menu', '菜单管理');
  const name = uniqueName('probe', info);
  const alias = `测试${name.slice(-6)}`;

  await page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'system', exact: true }) })
    .getByRole('button', { name: '新增下级' })
    .click();
  const dialog = page.getByRole('dialog', { name: '新增菜单' });
  // A child starts under its parent's route.
  await expect(dialog.getByLabel('路由名称')).toHaveValue('system/');
  await dialog.getByLabel('菜单名称').fill(alias);
  // The core's rule: a bad route name is refused at its field, nothing is sent.
  await dialog.getByLabel('路由名称').fill('system/../etc');
  await dialog.getByRole('button', { name: SAVE }).click();
  await expect(dialog.getByLabel('路由名称')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('路由名称').fill(`system/${name}`);
  await dialog.getByRole('button', { name: SAVE }).click();
  await expect(toast(page, `已新增菜单「${alias}」`)).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: `system/${name}` });
  await expect(row).toContainText(alias);
  await expect(row).toContainText('显示');
  await row.getByRole('button', { name: '隐藏' }).click();
  await expect(toast(page, `已隐藏菜单「${alias}」`)).toBeVisible();
  await expect(row.getByRole('button', { name: '显示' })).toBeVisible();

  const { mat } = await gateway.api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const tree = await gateway.api.plain(`/v1/qryMenuTree?mat=${mat}`);
  const system = (
    tree.envelope.result.data as {
      data: { name: string };
      children: { data: { name: string; visible: number; alias: string } }[];
    }[]
  ).find((n) => n.data.name === 'system')!;
  const added = system.children.find((c) => c.data.name === `system/${name}`);
  expect(added?.data).toMatchObject({ alias, visible: 0 });

  await row.getByRole('button', { name: '显示' }).click();
  await expect(toast(page, `已显示菜单「${alias}」`)).toBeVisible();
  await expect(row.getByRole('button', { name: '隐藏' })).toBeVisible();
});

test('操作日志: filtering by operation keeps the filter in the URL and lists only those writes', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  await open(page, '/system/audit', '操作日志');
  await chooseFilter(page, '操作名称', '登录');
  await search(page);
  await expect.poll(() => new URL(page.url()).searchParams.get('label')).toBe('登录');
  // Every row, once the filtered page replaced the previous one, is a sign-in.
  const rows = page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect
    .poll(async () => {
      const texts = await rows.allInnerTexts();
      return texts.length > 0 && texts.every((t) => t.includes('登录') && !t.includes('退出登录'));
    })
    .toBe(true);

  // The same link, opened fresh, shows the same filter.
  await page.reload();
  await new Shell(page).expectScreen('操作日志');
  const operation = page
    .getByRole('main')
    .locator('.ant-form-item')
    .filter({ hasText: '操作名称' });
  await expect(operation).toContainText('登录');
});

test('a list that fails to load shows the error state, and 重试 loads it', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  let fail = true;
  await page.route(
    (url) => url.pathname === '/api' && url.searchParams.get('api') === 'mtop.admin.user.list',
    (route) => (fail ? route.fulfill({ status: 500, body: 'boom' }) : route.continue()),
  );
  await page.goto(app('/system/user'));
  const main = page.getByRole('main');
  await expect(main.getByText('系统用户加载失败')).toBeVisible();
  fail = false;
  await main.getByRole('button', { name: /重\s*试/ }).click();
  await expect(main.getByRole('row').filter({ hasText: ACCOUNTS.admin.username })).toBeVisible();
});

test('导出 CSV downloads the filtered users as the core encodes them', async ({
  loggedInPage,
  gateway,
}, info) => {
  // Two users of the story's own under a name no one else has: the filter matches them whatever
  // users other stories create meanwhile (their names end in random letters).
  const mat = await adminToken(gateway.api);
  const prefix = uniqueName('csv', info);
  await createUser(gateway.api, mat, `${prefix}a`, '导出甲');
  await createUser(gateway.api, mat, `${prefix}b`, '导出乙');
  const page = await loggedInPage('admin');
  await page.goto(app(`/system/user?username=${prefix}`));
  await new Shell(page).expectScreen('系统用户');
  await expect(page.getByRole('main').getByText('共 2 条')).toBeVisible();
  const button = page.getByRole('button', { name: /导出 CSV/ });
  // The toast (已导出 2 条记录) is awaited with the download: it is gone 3 s later.
  const download = await downloadFrom(button, toast(page, '已导出 2 条记录'));
  expect(download.suggestedFilename()).toMatch(/^系统用户-\d{8}-\d{6}\.csv$/);
  const text = await (await download.createReadStream()).toArray();
  const csv = Buffer.concat(text).toString('utf8');
  expect(csv.startsWith('\ufeffID,用户名,昵称,角色,状态,创建时间\r\n')).toBe(true);
  const rows = csv.trimEnd().split('\r\n').slice(1);
  expect(rows).toHaveLength(2);
  expect(rows.map((row) => row.split(',').slice(1, 4).join(','))).toEqual(
    expect.arrayContaining([`${prefix}a,导出甲,运营`, `${prefix}b,导出乙,运营`]),
  );
  expect(csv).not.toContain(',admin,');
});

test('数据字典: create, edit and delete an entry', async ({ loggedInPage }, info) => {
  const page = await loggedInPage('admin');
  await open(page, '/system/dict', '数据字典');
  const key = uniqueName('k', info);
  await page.getByRole('button', { name: '新增字典项' }).click();
  const dialog = page.getByRole('dialog', { name: '新增字典项' });
  await dialog.getByLabel('字典类型').fill('e2e_probe');
  await dialog.getByLabel('标签').fill('测试标签');
  await dialog.getByLabel('值').fill('42');
  // The core's rule refuses a key with a space at its field; nothing is sent, nothing is lost.
  const saves: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).searchParams.get('api') === 'mtop.admin.dict.save') saves.push(r.url());
  });
  await dialog.getByLabel('键').fill('bad key');
  await dialog.getByRole('button', { name: SAVE }).click();
  await expect(dialog.getByLabel('键')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('标签')).toHaveValue('测试标签');
  expect(saves).toEqual([]);
  await dialog.getByLabel('键').fill(key);
  await dialog.getByRole('button', { name: SAVE }).click();
  await expect(toast(page, `已新增字典项 ${key}`)).toBeVisible();
  expect(saves).toHaveLength(1);

  // The same key again in the same type: the gateway's duplicate lands at the key field.
  await page.getByRole('button', { name: '新增字典项' }).click();
  const again = page.getByRole('dialog', { name: '新增字典项' });
  await again.getByLabel('字典类型').fill('e2e_probe');
  await again.getByLabel('键').fill(key);
  await again.getByLabel('标签').fill('重复');
  await again.getByLabel('值').fill('43');
  await again.getByRole('button', { name: SAVE }).click();
  await expect(again.getByLabel('键')).toHaveAttribute('aria-invalid', 'true');
  await expect(again.getByText(`字典键 e2e_probe/${key} 已存在`)).toBeVisible();
  // What was typed is asked about before it goes.
  await again.getByRole('button', { name: /取\s*消/ }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '放弃未保存的修改？' })
    .getByRole('button', { name: '放弃修改' })
    .click();
  await expect(again).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: key });
  await expect(row).toContainText('测试标签');

  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: `编辑字典项 e2e_probe / ${key}` });
  await edit.getByLabel('标签').fill('改过的标签');
  await edit.getByRole('button', { name: SAVE }).click();
  await expect(toast(page, `已保存字典项 ${key}`)).toBeVisible();
  await expect(row).toContainText('改过的标签');

  // The confirmation's own 删除, once it is open (the last 删除 on the page may still be a row's).
  await row.getByRole('button', { name: '删除' }).click();
  await answer(page.getByRole('tooltip'), /^\s*删\s*除\s*$/, toast(page, `已删除字典项 ${key}`));
  await expect(row).toHaveCount(0);
});
