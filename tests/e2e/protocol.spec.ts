/**
 * The app's core speaks the wire protocol the gateway and architecture.md describe: captured from
 * the browser, compared with the constants of core-wasm/src/constants.rs.
 */
import type { Request } from '@playwright/test';
import { test, expect, app } from './fixtures';
import { LoginPage, Shell, expectPath } from './pages';
import { ACCOUNTS } from '../support/product.mjs';
import { coreConstants } from '../support/core-source.mjs';

const CORE = coreConstants();

function isCall(request: Request, api: string) {
  const url = new URL(request.url());
  return url.pathname === '/api' && url.searchParams.get('api') === api;
}

test('sign-in is a form-encoded POST and the menu tree a GET carrying every envelope field', async ({
  page,
}) => {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  const before = Date.now();

  const login = await new LoginPage(page).open();
  await login.signIn(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  await expectPath(page, '/home');
  await page.waitForLoadState('networkidle');
  const after = Date.now();

  const loginCall = requests.find((r) => isCall(r, 'mtop.admin.user.login'));
  expect(loginCall, 'the login call').toBeTruthy();
  const loginUrl = new URL(loginCall!.url());
  expect(loginCall!.method()).toBe('POST');
  expect([...loginUrl.searchParams.keys()].sort()).toEqual(['api', 'ts']);
  const ts = Number(loginUrl.searchParams.get('ts'));
  expect(ts).toBeGreaterThanOrEqual(before - 1000);
  expect(ts).toBeLessThanOrEqual(after + 1000);
  expect(await loginCall!.headerValue('content-type')).toMatch(
    /^application\/x-www-form-urlencoded/,
  );
  const body = new URLSearchParams(loginCall!.postData() ?? '');
  expect([...body.keys()].sort()).toEqual(['data', 'did', 'mat', 'sign', 'ttid', 'v']);
  expect(body.get('v')).toBe(CORE.PROTOCOL_VERSION);
  expect(body.get('did')).toBe(CORE.DID);
  expect(body.get('sign')).toBe(CORE.SIGN);
  expect(body.get('ttid')).toBe(CORE.TTID);
  expect(body.get('mat')).toBe('');
  expect(JSON.parse(body.get('data') ?? 'null')).toEqual({
    username: ACCOUNTS.admin.username,
    password: ACCOUNTS.admin.password,
  });

  const mat = await page.evaluate((k) => localStorage.getItem(k), CORE.MAT_KEY);
  expect(mat).toBeTruthy();

  const menuCall = requests.find((r) => isCall(r, 'mtop.admin.user.menuTree'));
  expect(menuCall, 'the menu tree call').toBeTruthy();
  expect(menuCall!.method()).toBe('GET');
  const q = new URL(menuCall!.url()).searchParams;
  expect([...q.keys()].sort()).toEqual(['api', 'data', 'did', 'mat', 'sign', 'ts', 'ttid', 'v']);
  expect(q.get('v')).toBe(CORE.PROTOCOL_VERSION);
  expect(q.get('did')).toBe(CORE.DID);
  expect(q.get('sign')).toBe(CORE.SIGN);
  expect(q.get('ttid')).toBe(CORE.TTID);
  expect(q.get('mat')).toBe(mat);
  expect(JSON.parse(q.get('data') ?? 'null')).toEqual({});
  expect(Number(q.get('ts'))).toBeGreaterThanOrEqual(before - 1000);

  // The system menu tree is loaded at start too, by its plain path.
  expect(
    requests.some((r) => new URL(r.url()).pathname === `/api${CORE.SYSTEM_MENU_TREE_PATH}`),
    'GET /api/v1/qryMenuTree',
  ).toBe(true);
});

test('a new token in meta.mat replaces the stored one and the mat cookie', async ({
  loggedInPage,
  gateway,
}) => {
  const page = await loggedInPage('admin');
  const before = await page.evaluate((k) => localStorage.getItem(k), CORE.MAT_KEY);
  // The gateway rotates tokens only after ten minutes; hand the app another valid token instead,
  // as meta.mat of its menu tree call.
  const { mat: fresh } = await gateway.api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  expect(fresh).not.toBe(before);
  await page.route(
    (url) => url.pathname === '/api' && url.searchParams.get('api') === 'mtop.admin.user.menuTree',
    async (route) => {
      const response = await route.fetch();
      const envelope = await response.json();
      envelope.meta = { ...(envelope.meta ?? {}), mat: fresh };
      await route.fulfill({ response, json: envelope });
    },
  );
  await page.goto(app('/home'));
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), CORE.MAT_KEY)).toBe(fresh);
  const cookie = (await page.context().cookies()).find((c) => c.name === CORE.MAT_KEY);
  expect(cookie?.value).toBe(fresh);
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Strict');
  await new Shell(page).expectScreen('首页');
});
