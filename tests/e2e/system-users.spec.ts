/**
 * 系统用户 stories: two tabs edit the same user and the later save is refused as a conflict with
 * the form kept; a taken username is refused at its field by the gateway; a weak password is
 * refused at its field by the client, with the same rule the gateway applies, and its error takes
 * the policy's place; the signed-in user's own row does not offer 停用 or 删除.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, app, type Api } from './fixtures';
import { Shell, answer, fieldError, toast } from './pages';
import { STRONG_PASSWORD, createUser, pickRole, uniqueName } from './support/users';
import { ACCOUNTS } from '../support/product.mjs';

const SAVE = /^\s*保\s*存\s*$/;
const CONFLICT = '数据已被他人修改，请刷新后重试';
/** Two character classes only: the core's policy wants three. */
const WEAK_PASSWORD = 'abc12345';
async function adminToken(api: Api): Promise<string> {
  return (await api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password)).mat;
}

/** Opens /system/user filtered to `username` (a link with the filter in it) and waits for the row. */
async function openUserList(page: Page, username: string): Promise<Locator> {
  await page.goto(app(`/system/user?username=${encodeURIComponent(username)}`));
  await new Shell(page).expectScreen('系统用户');
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  // The filter form shows what the URL says.
  await expect(filterBox(page, '用户名')).toHaveValue(username);
  return row;
}

test('two tabs edit the same user: the later save meets the conflict and keeps its form', async ({
  loggedInPage,
  gateway,
}, info) => {
  const mat = await adminToken(gateway.api);
  const username = uniqueName('twotabs', info);
  await createUser(gateway.api, mat, username, '原昵称');

  const first = await loggedInPage('admin');
  const second = await first.context().newPage();

  // Both tabs open the same user's edit dialog before either saves.
  const dialogs: Locator[] = [];
  for (const page of [first, second]) {
    const row = await openUserList(page, username);
    await row.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog', { name: `编辑用户 ${username}` });
    await expect(dialog.getByLabel('昵称')).toHaveValue('原昵称');
    dialogs.push(dialog);
  }
  const [firstDialog, secondDialog] = dialogs as [Locator, Locator];

  await firstDialog.getByLabel('昵称').fill('甲改的昵称');
  await secondDialog.getByLabel('昵称').fill('乙改的昵称');

  // The second tab saves first and wins.
  await second.bringToFront();
  await secondDialog.getByRole('button', { name: SAVE }).click();
  await expect(toast(second, `已保存用户 ${username}`)).toBeVisible();
  await expect(secondDialog).toBeHidden();
  await expect(second.getByRole('row').filter({ hasText: username })).toContainText('乙改的昵称');

  // The operator goes back to the first tab (a background tab's animation frames are paused, as a
  // user's would be) and saves with the old version: refused, the dialog and the typed text stay.
  await first.bringToFront();
  await firstDialog.getByRole('button', { name: SAVE }).click();
  await expect(firstDialog.getByRole('alert').filter({ hasText: CONFLICT })).toBeVisible();
  await expect(firstDialog).toBeVisible();
  await expect(firstDialog.getByLabel('昵称')).toHaveValue('甲改的昵称');

  // Nothing of the refused save was written.
  const list = await gateway.api.result('mtop.admin.user.list', {
    mat,
    data: { page: 1, pageSize: 10, username },
  });
  expect((list.data as { list: { nickname: string }[] }).list[0]?.nickname).toBe('乙改的昵称');
});

test('a taken username is refused at the username field and the dialog keeps what was typed', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  await page.goto(app('/system/user'));
  await new Shell(page).expectScreen('系统用户');
  await page.getByRole('button', { name: '新建用户' }).click();
  const dialog = page.getByRole('dialog', { name: '新建用户' });

  await dialog.getByLabel('用户名').fill(ACCOUNTS.operator.username);
  await dialog.getByLabel('昵称').fill('重复的运营');
  await dialog.getByLabel('密码', { exact: true }).fill(STRONG_PASSWORD);
  await pickRole(page, dialog, '运营');

  const answered = page.waitForResponse(
    (r) => new URL(r.url()).searchParams.get('api') === 'mtop.admin.user.create',
  );
  await dialog.getByRole('button', { name: SAVE }).click();
  const body = await (await answered).json();
  expect(body.result.code).toBe('data_duplicate');

  const usernameBox = dialog.getByLabel('用户名');
  await expect
    .poll(() => fieldError(usernameBox))
    .toBe(`用户名 ${ACCOUNTS.operator.username} 已存在`);
  await expect(usernameBox).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('用户名')).toHaveValue(ACCOUNTS.operator.username);
  await expect(dialog.getByLabel('昵称')).toHaveValue('重复的运营');
  // No toast: the form showed the refusal where it belongs.
  await expect(toast(page, '已存在')).toHaveCount(0);

  // Typing in the field clears its error.
  await usernameBox.fill(`${ACCOUNTS.operator.username}2`);
  await expect.poll(() => fieldError(usernameBox)).toBe('');
  await expect(usernameBox).not.toHaveAttribute('aria-invalid', 'true');
});

test('a weak password is refused at its field by the client, by the same rule as the gateway', async ({
  loggedInPage,
  gateway,
}, info) => {
  const page = await loggedInPage('admin');
  const creates: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).searchParams.get('api') === 'mtop.admin.user.create')
      creates.push(r.url());
  });
  await page.goto(app('/system/user'));
  await new Shell(page).expectScreen('系统用户');
  await page.getByRole('button', { name: '新建用户' }).click();
  const dialog = page.getByRole('dialog', { name: '新建用户' });
  const username = uniqueName('weakpw', info);

  // The policy is shown under the field before anything is typed.
  const passwordBox = dialog.getByLabel('密码', { exact: true });
  await expect(passwordBox).toHaveAccessibleDescription(
    /至少包含大写字母、小写字母、数字、符号中的三类/,
  );

  await dialog.getByLabel('用户名').fill(username);
  await dialog.getByLabel('昵称').fill('弱密码用户');
  await dialog.getByLabel('密码', { exact: true }).fill(WEAK_PASSWORD);
  await pickRole(page, dialog, '运营');
  await dialog.getByRole('button', { name: SAVE }).click();

  const clientMessage = '密码须至少包含大写字母、小写字母、数字、符号中的三类';
  await expect.poll(() => fieldError(passwordBox)).toBe(clientMessage);
  await expect(passwordBox).toHaveAttribute('aria-invalid', 'true');
  // The error takes the policy's place: it is said once, to the eye and to a screen reader.
  await expect(passwordBox).toHaveAccessibleDescription(clientMessage);
  await expect(dialog.getByText(/^8-64位/)).toHaveCount(0);
  await expect(dialog).toBeVisible();
  expect(creates, 'nothing was sent').toEqual([]);

  // The gateway applies the very same rule to the same input.
  const mat = await adminToken(gateway.api);
  const roles = await gateway.api.result('mtop.admin.user.qryRoleTree', { mat });
  const roleId = (roles.data as { id: number; name: string }[]).find((r) => r.name === '运营')!.id;
  const refused = await gateway.api.result('mtop.admin.user.create', {
    method: 'POST',
    mat,
    data: { username, nickname: '弱密码用户', password: WEAK_PASSWORD, roleIds: [roleId] },
  });
  expect(refused.success).toBe(false);
  expect(refused.code).toBe('param_invalid');
  expect((refused.data as { fields: { field: string; message: string }[] }).fields).toEqual([
    { field: 'password', message: clientMessage },
  ]);

  // A strong password goes through.
  await passwordBox.fill(STRONG_PASSWORD);
  await expect.poll(() => fieldError(passwordBox)).toBe('');
  await expect(passwordBox).toHaveAccessibleDescription(/^8-64位/);
  await dialog.getByRole('button', { name: SAVE }).click();
  await expect(toast(page, `已新建用户 ${username}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: username })).toHaveCount(1);
});

test('the list view lives in the URL: filters, page size and sort survive a reload', async ({
  loggedInPage,
  gateway,
}, info) => {
  const mat = await adminToken(gateway.api);
  const prefix = uniqueName('urlview', info);
  for (const n of [1, 2, 3]) await createUser(gateway.api, mat, `${prefix}n${n}`, `链接用户${n}`);

  const page = await loggedInPage('admin');
  await page.goto(app('/system/user'));
  const shell = new Shell(page);
  await shell.expectScreen('系统用户');
  await filterBox(page, '用户名').fill(prefix);
  await page
    .getByRole('main')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await expect.poll(() => new URL(page.url()).searchParams.get('username')).toBe(prefix);
  // Only the filtered rows are listed.
  await expect(page.getByRole('main').getByText('共 3 条')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: prefix })).toHaveCount(3);

  // Sort by username, descending (two clicks on the header).
  const header = page.getByRole('columnheader', { name: '用户名' });
  await header.click();
  await header.click();
  await expect.poll(() => new URL(page.url()).searchParams.get('sortOrder')).toBe('descend');
  await expect(page.getByRole('row').filter({ hasText: prefix }).first()).toContainText(
    `${prefix}n3`,
  );

  // The copied link shows the same view.
  const link = page.url();
  const other = await page.context().newPage();
  await other.goto(link);
  await new Shell(other).expectScreen('系统用户');
  await expect(other.getByRole('main').getByText('共 3 条')).toBeVisible();
  await expect(other.getByRole('row').filter({ hasText: prefix })).toHaveCount(3);
  await expect(other.getByRole('row').filter({ hasText: prefix }).first()).toContainText(
    `${prefix}n3`,
  );
  await expect(filterBox(other, '用户名')).toHaveValue(prefix);
});

/** A text box of the list's filter form (its label reads `用户名 :`). */
function filterBox(page: Page, label: string): Locator {
  return page.getByRole('main').getByRole('textbox', { name: new RegExp(`^${label}`) });
}

test('an administrator disables a user (who can no longer sign in), enables them, then deletes them', async ({
  loggedInPage,
  gateway,
}, info) => {
  const mat = await adminToken(gateway.api);
  const username = uniqueName('lifecycle', info);
  await createUser(gateway.api, mat, username, '来去匆匆');
  const page = await loggedInPage('admin');
  const row = await openUserList(page, username);

  await row.getByRole('button', { name: '停用' }).click();
  await answer(page.getByRole('tooltip'), /^\s*停\s*用\s*$/, toast(page, `已停用用户 ${username}`));
  // The row now offers 启用 instead of 停用.
  await expect(row.getByRole('button', { name: '启用' })).toBeVisible();
  await expect(row.getByRole('button', { name: '停用' })).toHaveCount(0);
  await expect(gateway.api.login(username, STRONG_PASSWORD)).rejects.toThrow(/user_login_failed/);

  await row.getByRole('button', { name: '启用' }).click();
  await expect(toast(page, `已启用用户 ${username}`)).toBeVisible();
  await expect(row.getByRole('button', { name: '停用' })).toBeVisible();
  await gateway.api.login(username, STRONG_PASSWORD);

  await row.getByRole('button', { name: '删除' }).click();
  await answer(page.getByRole('tooltip'), /^\s*删\s*除\s*$/, toast(page, `已删除用户 ${username}`));
  await expect(page.getByRole('row').filter({ hasText: username })).toHaveCount(0);
  await expect(page.getByRole('main').getByText('没有符合条件的系统用户')).toBeVisible();
});

test("the signed-in administrator's own row offers neither 停用 nor 删除, and says why", async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  const row = await openUserList(page, ACCOUNTS.admin.username);
  for (const action of ['停用', '删除']) {
    const link = row.getByRole('button', { name: action });
    await expect(link).toBeDisabled();
    await link.hover({ force: true });
    await expect(
      page.getByRole('tooltip').filter({ hasText: `不能${action}当前登录的用户` }),
    ).toBeVisible();
  }
  // 编辑 stays open to them.
  await expect(row.getByRole('button', { name: '编辑' })).toBeEnabled();
});
