/**
 * A page whose code cannot be fetched shows the recovery view (页面加载失败, 重试, 刷新页面), never a
 * blank screen; once the network is back, 重试 renders the page.
 */
import { readFileSync } from 'node:fs';
import { test, expect, app } from './fixtures';
import { Shell, expectPath } from './pages';

test('a page chunk that fails to load offers 重试, which renders the page once it loads', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  await page.goto(app('/home'));
  const shell = new Shell(page);
  await shell.expectScreen('首页');
  await page.waitForLoadState('networkidle');

  // From now on, no script of the app can be fetched: the next page's chunk fails.
  const blocked: string[] = [];
  const isScript = (url: URL) => url.pathname.includes('/assets/') && url.pathname.endsWith('.js');
  const block = async (route: import('@playwright/test').Route) => {
    blocked.push(route.request().url());
    await route.abort('failed');
  };
  await page.route(isScript, block);

  await shell.topMenu.getByRole('link', { name: '系统管理' }).click();
  await expectPath(page, '/system/user');
  await expect(shell.main.getByText('页面加载失败')).toBeVisible();
  await expect(shell.main.getByRole('button', { name: /重\s*试/ })).toBeVisible();
  await expect(shell.main.getByRole('button', { name: '刷新页面' })).toBeVisible();
  expect(blocked.length, 'a script request was really blocked').toBeGreaterThan(0);
  // The shell itself survived: the header and menus are still there.
  await expect(shell.topMenu.getByRole('link', { name: '首页' })).toBeVisible();

  await page.unroute(isScript, block);
  await shell.main.getByRole('button', { name: /重\s*试/ }).click();
  await shell.expectScreen('系统用户');
  await expect(shell.main.getByText('页面加载失败')).toHaveCount(0);
});

test('刷新页面 on the recovery view reloads the document and the page renders', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  await page.goto(app('/home'));
  const shell = new Shell(page);
  await shell.expectScreen('首页');
  await page.waitForLoadState('networkidle');

  const isScript = (url: URL) => url.pathname.includes('/assets/') && url.pathname.endsWith('.js');
  await page.route(isScript, (route) => route.abort('failed'));
  await shell.topMenu.getByRole('link', { name: '运营管理' }).click();
  await expectPath(page, '/operate/advertise');
  await expect(shell.main.getByText('页面加载失败')).toBeVisible();

  await page.unroute(isScript);
  await Promise.all([
    page.waitForEvent('load'),
    shell.main.getByRole('button', { name: '刷新页面' }).click(),
  ]);
  await expectPath(page, '/operate/advertise');
  await shell.expectScreen('广告管理');
});

/** The built chunk of a source module, from Vite's manifest of web/dist. */
function chunkOf(source: string): string {
  const manifest = JSON.parse(
    readFileSync(new URL('../../web/dist/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, { file: string }>;
  const entry = manifest[source];
  expect(entry, `${source} is a chunk of the build`).toBeDefined();
  return `/${entry.file}`;
}

test('the login page chunk that fails on first load offers 重试, which imports it again', async ({
  page,
}) => {
  const loginChunk = chunkOf('src/pages/login/index.tsx');
  let fail = true;
  let blocked = 0;
  await page.route(
    (url) => url.pathname.endsWith(loginChunk),
    async (route) => {
      if (!fail) return route.continue();
      blocked += 1;
      return route.abort('failed');
    },
  );
  await page.goto(app('/login'));
  const alert = page.getByRole('alert').filter({ hasText: '页面加载失败' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Loading chunk login failed');
  expect(blocked, 'the login chunk was really blocked').toBeGreaterThan(0);

  // The network is back: 重试 imports the chunk again, without reloading the document.
  fail = false;
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await alert.getByRole('button', { name: /重\s*试/ }).click();
  await expect(page.getByLabel('用户名')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
    true,
  );
});
