/** Signing in through the form, as each kind of operator would. */
import { test, expect, app } from './fixtures';
import { LoginPage, Shell, expectPath, inAppPath } from './pages';
import { ACCOUNTS } from '../support/product.mjs';
import { coreConstants } from '../support/core-source.mjs';

const CORE = coreConstants();

test('an administrator signs in and lands on the home page with their nickname in the header', async ({
  page,
}) => {
  const login = await new LoginPage(page).open();
  await login.signIn(ACCOUNTS.admin.username, ACCOUNTS.admin.password);

  await expectPath(page, '/home');
  const shell = new Shell(page);
  await expect(shell.header.getByText(ACCOUNTS.admin.nickname, { exact: true })).toBeVisible();
  expect(await shell.avatarSize()).toEqual({ width: 36, height: 36 });
  await shell.expectScreen('首页');
  // The default app name (the core's APP_NAME) titles the document and the header.
  await expect(page).toHaveTitle(CORE.APP_NAME);
  await expect(shell.header.getByText(CORE.APP_NAME, { exact: true })).toBeVisible();

  // The session is kept where the core keeps it: localStorage mat + userInfo, and the mat cookie.
  const stored = await page.evaluate(
    ([m, u]) => ({ mat: localStorage.getItem(m), user: localStorage.getItem(u) }),
    [CORE.MAT_KEY, CORE.USER_INFO_KEY],
  );
  expect(stored.mat, 'mat stored').toBeTruthy();
  expect(JSON.parse(stored.user ?? '{}').nickname).toBe(ACCOUNTS.admin.nickname);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === CORE.MAT_KEY)?.value).toBe(stored.mat);
});

test('the operator sees their own nickname after signing in', async ({ page }) => {
  const login = await new LoginPage(page).open();
  await login.signIn(ACCOUNTS.operator.username, ACCOUNTS.operator.password);
  await expectPath(page, '/home');
  const shell = new Shell(page);
  await expect(shell.header.getByText(ACCOUNTS.operator.nickname, { exact: true })).toBeVisible();
  await expect(shell.header.getByText(ACCOUNTS.admin.nickname)).toHaveCount(0);
});

test('a wrong password shows the gateway message and keeps the typed username', async ({
  page,
}) => {
  const login = await new LoginPage(page).open();
  await login.signIn(ACCOUNTS.admin.username, 'not-the-password');

  await expect(login.failure('用户名或密码错误')).toBeVisible();
  await expect(login.username).toHaveValue(ACCOUNTS.admin.username);
  expect(inAppPath(page)).toBe('/login');
  const mat = await page.evaluate((k) => localStorage.getItem(k), CORE.MAT_KEY);
  expect(mat ?? '', 'no session after a failed sign-in').toBe('');
});

test('an unknown user gets the same message as a wrong password', async ({ page }) => {
  const login = await new LoginPage(page).open();
  await login.signIn('no-such-user', 'Whatever@123');
  await expect(login.failure('用户名或密码错误')).toBeVisible();
  await expect(login.username).toHaveValue('no-such-user');
});

test('without a session a page sends to login, and signing in returns to that page', async ({
  page,
}) => {
  await page.goto(app('/operate/advertise'));
  await expectPath(page, '/login?redirect=%2Foperate%2Fadvertise');

  const login = new LoginPage(page);
  await login.signIn(ACCOUNTS.operator.username, ACCOUNTS.operator.password);
  await expectPath(page, '/operate/advertise');
  await new Shell(page).expectScreen('广告管理');
});

test('a redirect to another site is ignored: signing in goes to the home page', async ({
  page,
  baseURL,
}) => {
  await new LoginPage(page).open(`?redirect=${encodeURIComponent('https://evil.example/')}`);
  await new LoginPage(page).signIn(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  await expectPath(page, '/home');
  expect(new URL(page.url()).origin).toBe(baseURL);
  expect(page.url()).not.toContain('evil.example');
});

test('the header reads the user again, not 游客, when the stored user has no profile', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  await page.evaluate((k) => localStorage.removeItem(k), CORE.USER_INFO_KEY);
  await page.goto(app('/home'));
  const shell = new Shell(page);
  // A valid token without a readable user is recovered through user.current (issue 18, item 2).
  await expect(shell.header.getByText(ACCOUNTS.admin.nickname, { exact: true })).toBeVisible();
  await expect(shell.header.getByText(CORE.DEFAULT_NICKNAME, { exact: true })).toHaveCount(0);
});
