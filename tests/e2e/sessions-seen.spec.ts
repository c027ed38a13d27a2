/**
 * Sessions seen and ended, and a lockout no stranger can use (issue 44): the administrator finds
 * a user's sign-in in 在线用户, ends it with 强制下线 and the user's next step lands on the
 * sign-in page; 登录日志 shows a stranger's failed attempt with its result in words; a
 * stranger's five wrong passwords leave a browser the owner signed in from alone, and 系统用户
 * shows 已锁定 with 解锁 for the rest.
 */
import { test, expect, app, type Api } from './fixtures';
import { LoginPage, Shell, expectPath, toast } from './pages';
import { expectAxeClean } from './support/axe';
import { STRONG_PASSWORD, createUser, uniqueName } from './support/users';
import { ACCOUNTS } from '../support/product.mjs';

test('强制下线 ends a user’s sign-in at their next step; one’s own session cannot be ended here', async ({
  loggedInPage,
  gateway,
  browser,
}, info) => {
  // A user of their own (the worker's stories sign the seeded accounts in many times), signed in
  // through the form in another browser and working.
  const admin = (await gateway.api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password)).mat;
  const username = uniqueName('revoked', info);
  await createUser(gateway.api, admin, username, '下线测试');
  const elsewhere = await browser.newContext({ baseURL: gateway.origin });
  const other = await elsewhere.newPage();
  await (await new LoginPage(other).open()).signIn(username, STRONG_PASSWORD);
  await new Shell(other).expectScreen('首页');

  const page = await loggedInPage('admin');
  await page.goto(app('/system/online'));
  const shell = new Shell(page);
  await shell.expectScreen('在线用户');
  const main = page.getByRole('main');
  // The latest used first: the caller's own, which is shown disabled (hovering says why).
  const mine = main.getByRole('row').filter({ hasText: '当前会话' });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByRole('button', { name: '强制下线' })).toBeDisabled();
  await expectAxeClean(page, '在线用户');

  await page.goto(app(`/system/online?username=${username}`));
  await shell.expectScreen('在线用户');
  const who = `下线测试（${username}）`;
  const row = main.getByRole('row').filter({ hasText: who });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '强制下线' }).click();
  await page.getByRole('button', { name: '强制下线', exact: true }).last().click();
  await expect(toast(page, `已强制下线 ${who}`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // Their next step: the sign-in page, with the way back.
  await other.goto(app('/operate/advertise'));
  await expectPath(other, '/login?redirect=%2Foperate%2Fadvertise');
  await elsewhere.close();
});

test('登录日志 shows a stranger’s failed attempt, filtered to 失败', async ({
  loggedInPage,
  gateway,
}) => {
  const stranger = `stranger${Date.now() % 100000}`;
  const answer = await gateway.api.result('mtop.admin.user.login', {
    method: 'POST',
    data: { username: stranger, password: 'Guess#2026x' },
  });
  expect(answer.code).toBe('user_login_failed');

  const page = await loggedInPage('admin');
  await page.goto(app('/system/loginLog?result=failed'));
  await new Shell(page).expectScreen('登录日志');
  const row = page.getByRole('main').getByRole('row').filter({ hasText: stranger });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('失败', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('row').filter({ hasText: '成功' })).toHaveCount(0);
  await expectAxeClean(page, '登录日志');
});

/** Five wrong passwords for `username` from a browser that never signed in as them. */
async function strangerLocks(api: Api, username: string): Promise<void> {
  for (let i = 0; i < 5; i += 1) {
    await api.result('mtop.admin.user.login', {
      method: 'POST',
      data: { username, password: `Wrong#Guess${i}` },
    });
  }
  const locked = await api.result('mtop.admin.user.login', {
    method: 'POST',
    data: { username, password: STRONG_PASSWORD },
  });
  expect(locked.code).toBe('user_login_locked');
}

test('a stranger’s five wrong passwords do not lock out a browser the owner signed in from', async ({
  page,
  gateway,
}, info) => {
  const admin = (await gateway.api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password)).mat;
  const username = uniqueName('owner', info);
  await createUser(gateway.api, admin, username, '锁定测试');

  // The owner signs in here once: the browser keeps its device token for the account.
  const login = await new LoginPage(page).open();
  await login.signIn(username, STRONG_PASSWORD);
  await new Shell(page).expectScreen('首页');
  const device = await page.evaluate(
    (key) => localStorage.getItem(key),
    `adnur.device.${username}`,
  );
  expect(device).toMatch(/^[0-9a-f]{64}$/);
  await new Shell(page).logout('锁定测试');

  // A stranger locks the account; this browser still signs in.
  await strangerLocks(gateway.api, username);
  await login.open();
  await login.signIn(username, STRONG_PASSWORD);
  await new Shell(page).expectScreen('首页');
});

test('系统用户 shows 已锁定 and 解锁 lets the account sign in again', async ({
  loggedInPage,
  gateway,
}, info) => {
  const admin = (await gateway.api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password)).mat;
  const username = uniqueName('locked', info);
  await createUser(gateway.api, admin, username, '锁定测试');
  await strangerLocks(gateway.api, username);

  const page = await loggedInPage('admin');
  await page.goto(app(`/system/user?username=${username}`));
  await new Shell(page).expectScreen('系统用户');
  const row = page.getByRole('main').getByRole('row').filter({ hasText: username });
  await expect(row.getByText('已锁定')).toBeVisible();
  await expectAxeClean(page, '系统用户 with a locked account');
  await row.getByRole('button', { name: '解锁' }).click();
  await expect(toast(page, `已解锁用户 ${username}`)).toBeVisible();
  await expect(row.getByText('已锁定')).toHaveCount(0);
  await expect(row.getByRole('button', { name: '解锁' })).toHaveCount(0);

  const again = await gateway.api.result('mtop.admin.user.login', {
    method: 'POST',
    data: { username, password: STRONG_PASSWORD },
  });
  expect(again.success).toBe(true);
});
