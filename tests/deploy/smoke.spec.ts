/**
 * The app as deployed behind nginx (deploy/nginx/), with the CSP watch on: an administrator signs
 * in, opens five screens through the menus and one by a deep link, saves a dictionary entry and
 * signs out — with the gateway behind nginx, and with the gateway on another host (CORS, the
 * token in the query, no cookie), whose access log holds no token. And nginx with no gateway behind
 * it: the app says so.
 */
import type { Page, Request } from '@playwright/test';
import { test, expect, type Site } from './fixtures';
import { app } from '../e2e/fixtures';
import { LoginPage, Shell, expectPath, inAppPath, toast } from '../e2e/pages';
import { ACCOUNTS } from '../support/product.mjs';

const SAVE = /^\s*保\s*存\s*$/;

/** The gateway's paths, as the app calls them. */
function gatewayCall(url: URL): string | undefined {
  const p = url.pathname;
  if (p === '/m' || p.startsWith('/m/') || p === '/__serverLoader' || p === '/api') return p;
  return undefined;
}

/** Every gateway call the page sends: its path and the origin it went to. */
function watchCalls(page: Page): { path: string; origin: string }[] {
  const calls: { path: string; origin: string }[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    const path = gatewayCall(url);
    if (path) calls.push({ path, origin: url.origin });
  });
  return calls;
}

async function smoke(page: Page, site: Site, key: string) {
  const calls = watchCalls(page);
  const login = await new LoginPage(page).open();
  await login.signIn(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  await expectPath(page, '/home');
  const shell = new Shell(page);
  await expect(shell.header.getByText(ACCOUNTS.admin.nickname, { exact: true })).toBeVisible();
  await shell.expectScreen('首页');

  await shell.topMenu.getByRole('link', { name: '基础信息' }).click();
  await expectPath(page, '/baseMgmt/shopMgmt');
  await shell.expectScreen('店铺管理');
  await shell.sideMenu.getByRole('link', { name: '商品管理' }).click();
  await expectPath(page, '/baseMgmt/prodMgmt');
  await shell.expectScreen('商品管理');
  await shell.topMenu.getByRole('link', { name: '运营管理' }).click();
  await expectPath(page, '/operate/advertise');
  await shell.expectScreen('广告管理');
  await shell.topMenu.getByRole('link', { name: '系统管理' }).click();
  await expectPath(page, '/system/user');
  await shell.expectScreen('系统用户');

  // A deep link loaded afresh: nginx's history fallback, the session read back from storage.
  await page.goto(app('/system/dict'));
  await shell.expectScreen('数据字典');
  await page.getByRole('button', { name: '新增字典项' }).click();
  const dialog = page.getByRole('dialog', { name: '新增字典项' });
  await dialog.getByLabel('字典类型').fill('deploy_smoke');
  await dialog.getByLabel('键').fill(key);
  await dialog.getByLabel('标签').fill('部署冒烟');
  await dialog.getByLabel('值').fill('1');
  await dialog.getByRole('button', { name: SAVE }).click();
  await expect(toast(page, `已新增字典项 ${key}`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: key })).toContainText('部署冒烟');

  await shell.logout(ACCOUNTS.admin.nickname);
  await expect.poll(() => new URL(page.url()).pathname).toBe(app('/login'));
  await expect(login.username).toBeVisible();

  // Every call went to the gateway's origin, the menu tree and the server loader included.
  const paths = new Set(calls.map((c) => c.path));
  for (const path of ['/m', '/m/v1/qryMenuTree', '/__serverLoader']) {
    expect(paths, `the app called ${path}`).toContain(path);
  }
  expect(calls.filter((c) => c.origin !== site.gatewayOrigin)).toEqual([]);
}

/** The entry the write saved, read back from the gateway itself. */
async function savedEntry(site: Site, key: string) {
  const api = site.api;
  if (!api) throw new Error('no gateway');
  const { mat } = await api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const list = await api.result('mtop.admin.dict.list', {
    mat,
    data: { page: 1, pageSize: 20, type: 'deploy_smoke' },
  });
  const rows = (list.data as { list?: { key: string; label: string }[] } | null)?.list ?? [];
  return rows.find((r) => r.key === key);
}

test.describe('the gateway behind nginx (same origin)', () => {
  test.use({ topology: 'same-origin' });

  test('sign in, five screens, a write, sign out', async ({ page, site, gatewayLog }) => {
    const key = `s${Date.now().toString(36)}`;
    await smoke(page, site, key);
    expect(gatewayLog.filter((a) => a.status !== 200 || a.success === false)).toEqual([]);
    expect(await savedEntry(site, key), 'the entry is in the gateway').toBeTruthy();
    // The protocol's GETs carried the session token in their query: the access log has their
    // paths alone, so nobody who reads it can sign in as the operator.
    const log = site.accessLog();
    expect(log).toMatch(/"GET \/m HTTP\/1\.1" 200 /);
    expect(log).not.toContain('mat=');
    expect(log).not.toMatch(/[?&]api=/);
  });
});

test.describe('the gateway on another host (CORS)', () => {
  test.use({ topology: 'cross-origin' });

  test('sign in, five screens, a write, sign out, every call to the other host', async ({
    page,
    site,
    gatewayLog,
  }) => {
    expect(new URL(site.gatewayOrigin).hostname).toBe('localhost');
    expect(new URL(site.origin).hostname).toBe('127.0.0.1');
    const key = `c${Date.now().toString(36)}`;
    const served = page.waitForResponse((r) => new URL(r.url()).pathname === app('/login'));
    await smoke(page, site, key);
    const csp = (await (await served).allHeaders())['content-security-policy'] ?? '';
    expect(csp).toContain(`connect-src 'self' ${site.gatewayOrigin}`);
    expect(gatewayLog.filter((a) => a.status !== 200 || a.success === false)).toEqual([]);
    expect(await savedEntry(site, key), 'the entry is in the gateway').toBeTruthy();
  });
});

test.describe('nginx without a gateway behind it', () => {
  test.use({ topology: 'no-gateway' });

  test('signing in shows None response! Please retry. and the form stays', async ({ page }) => {
    const login = await new LoginPage(page).open();
    await login.signIn(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await expect(toast(page, 'None response! Please retry.')).toBeVisible();
    await expect(login.submit).toBeVisible();
    await expect(login.username).toHaveValue(ACCOUNTS.admin.username);
    expect(inAppPath(page)).toBe('/login');
  });
});
