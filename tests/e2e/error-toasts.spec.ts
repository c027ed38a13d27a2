/**
 * The error catalogue as an operator sees it: a gateway call answered with a business failure, an
 * HTTP error, or nothing at all shows the catalogue's toast. The gateway call is intercepted
 * with page.route; the menu tree call is the one every page makes at start.
 */
import type { Page, Route } from '@playwright/test';
import { test, expect, app } from './fixtures';
import { Shell, expectPath, toast } from './pages';
import { coreConstants } from '../support/core-source.mjs';

const CORE = coreConstants();
const MENU_TREE = 'mtop.admin.user.menuTree';

/** Intercepts the app's calls of operation `api` (under /api or /m) with `handler`. */
async function intercept(page: Page, api: string, handler: (route: Route) => Promise<void>) {
  let hits = 0;
  await page.route(
    (url) =>
      (url.pathname === '/api' || url.pathname === '/m') && url.searchParams.get('api') === api,
    async (route) => {
      hits += 1;
      await handler(route);
    },
  );
  return () => hits;
}

function businessFailure(msg: string) {
  return async (route: Route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({
        result: { success: false, code: 'x', msg, data: null },
        meta: { mat: null },
      }),
    });
}

test('a business failure shows its msg as an error toast', async ({ loggedInPage }) => {
  const page = await loggedInPage('admin');
  const hits = await intercept(page, MENU_TREE, businessFailure('自定义错误'));
  await page.goto(app('/home'));
  await expect(toast(page, '自定义错误')).toBeVisible();
  expect(hits()).toBeGreaterThan(0);
  // Not a session problem: the user stays where they were.
  await expectPath(page, '/home');
});

test('a business failure without msg shows 请求失败！', async ({ loggedInPage }) => {
  const page = await loggedInPage('admin');
  const hits = await intercept(page, MENU_TREE, businessFailure(''));
  await page.goto(app('/home'));
  await expect(toast(page, CORE.REQUEST_FAILED_FALLBACK)).toBeVisible();
  expect(CORE.REQUEST_FAILED_FALLBACK).toBe('请求失败！');
  expect(hits()).toBeGreaterThan(0);
  await expectPath(page, '/home');
});

test('an HTTP error shows Response status:500', async ({ loggedInPage }) => {
  const page = await loggedInPage('admin');
  const hits = await intercept(page, MENU_TREE, (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
  );
  await page.goto(app('/home'));
  await expect(toast(page, 'Response status:500')).toBeVisible();
  expect(hits()).toBeGreaterThan(0);
  await expectPath(page, '/home');
});

test('a request without any response shows None response! Please retry.', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  const hits = await intercept(page, MENU_TREE, (route) => route.abort('connectionreset'));
  await page.goto(app('/home'));
  await expect(toast(page, 'None response! Please retry.')).toBeVisible();
  expect(hits()).toBeGreaterThan(0);
  await expectPath(page, '/home');
});

test('a business token-invalid answer to a call sends to login, without a toast', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  const hits = await intercept(page, MENU_TREE, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({
        result: {
          success: false,
          code: 'user_need_login_token_invalid',
          msg: '登录已失效，请重新登录',
          data: null,
        },
        meta: { mat: null },
      }),
    }),
  );
  await page.goto(app('/operate/advertise'));
  await expect.poll(() => new URL(page.url()).pathname).toBe(app('/login'));
  expect(hits()).toBeGreaterThan(0);
  await expect(page.getByLabel('用户名')).toBeVisible();
  await expect(toast(page, '登录已失效')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('after a failed menu load the page offers a retry that recovers', async ({ loggedInPage }) => {
  const page = await loggedInPage('admin');
  let fail = true;
  await intercept(page, MENU_TREE, async (route) => {
    if (fail) await route.fulfill({ status: 500, body: 'down' });
    else await route.continue();
  });
  await page.goto(app('/home'));
  await expect(toast(page, 'Response status:500')).toBeVisible();
  const shell = new Shell(page);
  fail = false;
  await shell.main.getByRole('button', { name: /重\s*试/ }).click();
  await shell.expectScreen('首页');
});
