/** Leaving: logout through the header dropdown, and a token the gateway no longer accepts. */
import { test, expect, app } from './fixtures';
import { Shell, expectPath } from './pages';
import { ACCOUNTS } from '../support/product.mjs';
import { coreConstants } from '../support/core-source.mjs';

const CORE = coreConstants();

/** Records the text of every role=alert element that ever appears in the document. */
async function recordAlerts(page: import('@playwright/test').Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __alerts: string[] }).__alerts = seen;
    const scan = () => {
      for (const el of Array.from(document.querySelectorAll('[role="alert"]'))) {
        const text = (el.textContent ?? '').trim();
        if (!seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(scan).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { __alerts: string[] }).__alerts);
}

test('an administrator logs out from the avatar dropdown and the session is gone', async ({
  loggedInPage,
  gateway,
}) => {
  const page = await loggedInPage('admin');
  await page.goto(app('/home'));
  const shell = new Shell(page);
  await shell.expectScreen('首页');
  const token = await page.evaluate((k) => localStorage.getItem(k), CORE.MAT_KEY);
  expect(token).toBeTruthy();

  // The spec: logout navigates to /login and reloads the page (a marker on window dies with it).
  await page.evaluate(
    () => ((window as unknown as { __beforeLogout: boolean }).__beforeLogout = true),
  );
  await shell.logout(ACCOUNTS.admin.nickname);
  await expect.poll(() => new URL(page.url()).pathname).toBe(app('/login'));
  await expect(page.getByLabel('用户名')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { __beforeLogout?: boolean }).__beforeLogout),
    )
    .toBeUndefined();

  const stored = await page.evaluate(
    ([m, u]) => [localStorage.getItem(m), localStorage.getItem(u)],
    [CORE.MAT_KEY, CORE.USER_INFO_KEY],
  );
  expect(stored).toEqual([null, null]);
  const cookies = await page.context().cookies();
  expect(cookies.filter((c) => c.name === CORE.MAT_KEY && c.value !== '')).toEqual([]);

  // The gateway forgot the token as well.
  const current = await gateway.api.result('mtop.admin.user.current', { mat: token as string });
  expect(current.code).toBe('user_need_login_token_invalid');

  // And the app no longer lets the browser in.
  await page.goto(app('/home'));
  await expectPath(page, '/login?redirect=%2Fhome');
});

test('the operator can also log out by clicking their nickname', async ({ loggedInPage }) => {
  const page = await loggedInPage('operator');
  await page.goto(app('/operate/advertise'));
  const shell = new Shell(page);
  await shell.expectScreen('广告管理');
  await shell.logout(ACCOUNTS.operator.nickname);
  await expect.poll(() => new URL(page.url()).pathname).toBe(app('/login'));
  await page.goto(app('/operate/advertise'));
  await expectPath(page, '/login?redirect=%2Foperate%2Fadvertise');
});

test('a token the gateway rejects sends the user to login without any toast', async ({
  loggedInPage,
  gatewayLog,
}) => {
  const page = await loggedInPage('admin');
  const alerts = await recordAlerts(page);
  await page.goto(app('/home'));
  await new Shell(page).expectScreen('首页');

  await page.evaluate((k) => localStorage.setItem(k, 'bogus-token-0000'), CORE.MAT_KEY);
  gatewayLog.length = 0;
  await page.reload();

  await expect.poll(() => new URL(page.url()).pathname).toBe(app('/login'));
  await expect(page.getByLabel('用户名')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The gateway really said "token invalid" (the story is not about some other failure)...
  expect(gatewayLog.map((a) => a.code)).toContain('user_need_login_token_invalid');
  // ...and the app said nothing about it.
  expect(await alerts()).toEqual([]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The rejected token is dropped, and the login page offers the way back.
  expect((await page.evaluate((k) => localStorage.getItem(k), CORE.MAT_KEY)) ?? '').toBe('');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/home');
});
