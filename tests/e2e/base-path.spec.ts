/** The app is reached under both spellings of its base path. */
import { test, expect } from './fixtures';
import { LoginPage, Shell, expectPath } from './pages';
import { ACCOUNTS, BASE_VARIANT } from '../support/product.mjs';

test('/adnurAdmin/ reaches the signed-in app', async ({ loggedInPage }) => {
  const page = await loggedInPage('admin');
  const response = await page.goto(`${BASE_VARIANT}/`);
  expect(response?.status()).toBeLessThan(400);
  await expectPath(page, '/home');
  const shell = new Shell(page);
  await shell.expectScreen('首页');
  await expect(shell.header.getByText(ACCOUNTS.admin.nickname, { exact: true })).toBeVisible();
});

test('/adnurAdmin/operate/business opens the same screen as under /adnuradmin/', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  await page.goto(`${BASE_VARIANT}/operate/business`);
  await expectPath(page, '/operate/business/toExamine');
  await new Shell(page).expectScreen('商机审核');
});

test('signing in works under /adnurAdmin/ as well', async ({ page }) => {
  await page.goto(`${BASE_VARIANT}/home`);
  await expect.poll(() => new URL(page.url()).pathname.toLowerCase()).toBe('/adnuradmin/login');
  const login = new LoginPage(page);
  await login.signIn(ACCOUNTS.operator.username, ACCOUNTS.operator.password);
  await expectPath(page, '/home');
  await expect(
    new Shell(page).header.getByText(ACCOUNTS.operator.nickname, { exact: true }),
  ).toBeVisible();
});

test('the site root leads to the app', async ({ page }) => {
  await page.goto('/');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/adnuradmin/login');
  await expect(page.getByLabel('用户名')).toBeVisible();
});

test('the base path without its trailing slash leads to the app', async ({ page }) => {
  for (const bare of ['/adnuradmin', BASE_VARIANT]) {
    await page.goto(bare);
    await expect.poll(() => new URL(page.url()).pathname.toLowerCase()).toBe('/adnuradmin/login');
    await expect(page.getByLabel('用户名')).toBeVisible();
  }
});
