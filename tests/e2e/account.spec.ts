/**
 * The operator's own account (issue 18, items 1 and 2): 个人设置 and 修改密码 in the header's
 * dropdown, and a session whose stored user cannot be read recovering through `user.current`.
 *
 * These stories change the operator's nickname and password, so they run against a gateway of
 * their own (the worker fixture is overridden here, which gives this file a worker of its own):
 * no other story sees the changes, and nothing needs restoring. In the file they run in order, the
 * password change last.
 */
import type { Locator, Page } from '@playwright/test';
import { test as base, expect, app, seedSession, type Gateway } from './fixtures';
import {
  Shell,
  expectPath,
  expectRefusedAt,
  fieldError,
  pickMenuItem,
  toast,
  LoginPage,
} from './pages';
import { ACCOUNTS } from '../support/product.mjs';
import { coreConstants } from '../support/core-source.mjs';
import { protocolClient, startGateway } from '../support/gateway.mjs';

/** Where the core keeps the signed-in user in localStorage. */
const USER_INFO_KEY = coreConstants().USER_INFO_KEY;
const NEW_PASSWORD = 'Better@2026x';

const test = base.extend<object, { gateway: Gateway }>({
  gateway: [
    async ({}, use) => {
      const gw = await startGateway();
      try {
        await use({ origin: gw.origin, api: protocolClient(gw.origin), output: gw.output });
      } finally {
        await gw.stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

/** Opens the header's dropdown (by the nickname shown) and chooses `item`; the dialog it opens. */
async function choose(page: Page, nickname: string, item: string): Promise<Locator> {
  const trigger = new Shell(page).header.getByText(nickname, { exact: true });
  await pickMenuItem(page, trigger, page.getByRole('menuitem', { name: item }));
  const dialog = page.getByRole('dialog', { name: item });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a session whose stored user is broken or gone recovers it: the page renders with the nickname', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  const shell = new Shell(page);
  // 系统用户 is open to canSeeAdmin only: without a user the access flags would give a 403.
  await page.goto(app('/system/user'));
  await shell.expectScreen('系统用户');

  for (const broken of ['{"id":1,"name":"adm', null]) {
    await page.evaluate(
      ([key, value]) => {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
      },
      [USER_INFO_KEY, broken] as const,
    );
    await page.reload();
    await shell.expectScreen('系统用户');
    await expect(shell.header.getByText(ACCOUNTS.admin.nickname, { exact: true })).toBeVisible();
    // Read again through user.current and stored through the core.
    const stored = await page.evaluate((k) => localStorage.getItem(k), USER_INFO_KEY);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({
      name: ACCOUNTS.admin.username,
      nickname: ACCOUNTS.admin.nickname,
    });
  }
});

test('the operator changes their nickname in 个人设置 and the header shows it at once', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('operator');
  await page.goto(app('/home'));
  const shell = new Shell(page);
  await shell.expectScreen('首页');

  const dialog = await choose(page, ACCOUNTS.operator.nickname, '个人设置');
  const nickname = dialog.getByLabel('昵称');
  await expect(nickname).toHaveValue(ACCOUNTS.operator.nickname);
  // The core's rule, before anything is sent.
  await nickname.fill('');
  await expectRefusedAt(dialog.getByRole('button', { name: /保\s*存/ }), nickname, '请输入昵称');

  await nickname.fill('运营小李');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '修改个人资料成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  // At once, without a reload, and still after one.
  await expect(shell.header.getByText('运营小李', { exact: true })).toBeVisible();
  await page.reload();
  await shell.expectScreen('首页');
  await expect(shell.header.getByText('运营小李', { exact: true })).toBeVisible();
});

test('a wrong old password is shown at 原密码 and nothing changes', async ({
  loggedInPage,
  gateway,
}) => {
  const page = await loggedInPage('operator');
  await page.goto(app('/home'));
  await new Shell(page).expectScreen('首页');
  const nickname = (await gateway.api.login(ACCOUNTS.operator.username, ACCOUNTS.operator.password))
    .userInfo.nickname as string;

  const dialog = await choose(page, nickname, '修改密码');
  await dialog.getByLabel('原密码').fill('Wrong@12345');
  await dialog.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('确认新密码').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  const old = dialog.getByLabel('原密码');
  await expect.poll(() => fieldError(old)).toBe('原密码不正确');
  await expect(old).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  // The password is what it was.
  await gateway.api.login(ACCOUNTS.operator.username, ACCOUNTS.operator.password);
});

test('changing the password: the old one no longer signs in, the new one does, and the other session ends', async ({
  loggedInPage,
  gateway,
  browser,
}) => {
  const page = await loggedInPage('operator');
  await page.goto(app('/home'));
  const shell = new Shell(page);
  await shell.expectScreen('首页');
  const nickname = (await gateway.api.login(ACCOUNTS.operator.username, ACCOUNTS.operator.password))
    .userInfo.nickname as string;

  // The same user signed in in another browser.
  const elsewhere = await browser.newContext({ baseURL: gateway.origin });
  const other = await elsewhere.newPage();
  await seedSession(other, gateway.api, 'operator');
  await other.goto(app('/home'));
  await new Shell(other).expectScreen('首页');

  const dialog = await choose(page, nickname, '修改密码');
  await dialog.getByLabel('原密码').fill(ACCOUNTS.operator.password);
  await dialog.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('确认新密码').fill(`${NEW_PASSWORD}!`);
  await expectRefusedAt(
    dialog.getByRole('button', { name: /确\s*定/ }),
    dialog.getByLabel('确认新密码'),
    '两次输入的新密码不一致',
  );
  await dialog.getByLabel('确认新密码').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '修改密码成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // This session stays.
  await page.goto(app('/operate/advertise'));
  await shell.expectScreen('广告管理');

  // The other one has ended: its next call lands on the sign-in page.
  await other.goto(app('/operate/advertise'));
  await expectPath(other, '/login?redirect=%2Foperate%2Fadvertise');

  // There, the old password no longer signs in; the new one does.
  const login = new LoginPage(other);
  await login.signIn(ACCOUNTS.operator.username, ACCOUNTS.operator.password);
  await expect(login.failure('用户名或密码错误')).toBeVisible();
  await login.signIn(ACCOUNTS.operator.username, NEW_PASSWORD);
  await expectPath(other, '/operate/advertise');
  await new Shell(other).expectScreen('广告管理');
  await elsewhere.close();
});
