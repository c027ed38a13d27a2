/**
 * One build for every environment: the gateway base is read at run time from `config.json` beside
 * index.html. The file is replaced per test with `page.route`, as a deployer's edit would be.
 */
import type { Page } from '@playwright/test';
import { test, expect, app } from './fixtures';
import { LoginPage, Shell, expectPath } from './pages';
import { ACCOUNTS, BASE } from '../support/product.mjs';

const CONFIG = `${BASE}/config.json`;

async function serveConfig(page: Page, body: string): Promise<void> {
  await page.route(`**${CONFIG}`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body }),
  );
}

test('the build ships config.json with its default, never cached', async ({ request }) => {
  const response = await request.get(CONFIG);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toContain('no-cache');
  expect(await response.json()).toEqual({ apiBase: 'development' });
});

test('an edited config.json moves every call to the gateway it names', async ({ page }) => {
  // `production:` with no host: the gateway at this origin's /m, as behind nginx.
  await serveConfig(page, JSON.stringify({ apiBase: 'production:' }));
  const paths: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    // The envelope's calls go to the base itself (`/m?api=…`), the system tree below it.
    if (/^\/(m|api)(\/|$)/.test(pathname)) paths.push(pathname);
  });
  await new LoginPage(page).open();
  await new LoginPage(page).signIn(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  await expectPath(page, '/home');
  await new Shell(page).expectScreen('首页');
  expect(paths.length).toBeGreaterThan(1);
  expect(paths).toContain('/m');
  expect(paths.filter((p) => p !== '/m' && !p.startsWith('/m/'))).toEqual([]);
});

const BAD: [string, string, string[]][] = [
  [
    'an unknown environment',
    '{"apiBase": "staging:https://gw.example.com"}',
    ['"staging:https://gw.example.com"', 'development'],
  ],
  [
    'a host without a scheme',
    '{"apiBase": "production:gw.example.com"}',
    ['"production:gw.example.com"', 'http://'],
  ],
  ['JSON that does not parse', '{apiBase: "production:"', ['不是有效的 JSON']],
  ['no apiBase', '{"api": "production:"}', ['缺少字段 apiBase']],
];

for (const [what, body, says] of BAD) {
  test(`${what} in config.json shows what is wrong, naming the file`, async ({ page }) => {
    await serveConfig(page, body);
    await page.goto(app('/login'));
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(`配置文件 ${CONFIG} 有误`);
    for (const part of says) await expect(alert).toContainText(part);
    await expect(page.getByRole('heading', { name: '无法启动管理后台' })).toBeVisible();
    // Not the login form, half alive: the app did not start.
    await expect(page.getByLabel('用户名')).toHaveCount(0);
  });
}
