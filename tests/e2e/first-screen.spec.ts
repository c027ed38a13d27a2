/**
 * The login page arrives drawn (web/build/prerender.ts writes it at build time, the gateway answers
 * it for /login): it shows, styled, before any script has run; it cannot be sent until the scripts
 * run it; what was typed meanwhile is what is sent; and React takes over the drawn page instead of
 * drawing it again. A browser that chose the dark theme gets a dark login page.
 */
import { test, expect, app } from './fixtures';
import { LoginPage, Shell, expectPath } from './pages';
import { ACCOUNTS } from '../support/product.mjs';
import { coreConstants } from '../support/core-source.mjs';

const CORE = coreConstants();
const APP_NAME = String(CORE.APP_NAME);

test('the login page shows, styled, before any script runs, and cannot be sent yet', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(app('/login'));
  const login = new LoginPage(page);
  await expect(page.getByRole('heading', { name: APP_NAME })).toBeVisible();
  await expect(login.username).toBeFocused();
  await expect(login.password).toBeVisible();
  await expect(login.submit).toBeVisible();
  await expect(login.submit).toBeDisabled();
  // Drawn with its styles: the page's gradient, the card's shadow, antd's rounded large inputs.
  const looks = await page.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
    return {
      background: style('main').backgroundImage,
      shadow: style('section').boxShadow,
      radius: style('.ant-input-affix-wrapper').borderRadius,
      height: document.querySelector('.ant-input-affix-wrapper')!.getBoundingClientRect().height,
    };
  });
  expect(looks.background).toContain('linear-gradient');
  expect(looks.shadow).not.toBe('none');
  expect(looks.radius).not.toBe('0px');
  expect(looks.height).toBeGreaterThanOrEqual(40);

  // Enter cannot send the form: the browser would send it as a GET, the password in the URL.
  await login.username.fill(ACCOUNTS.admin.username);
  await login.password.fill(ACCOUNTS.admin.password);
  const navigated = page.waitForEvent('framenavigated', { timeout: 1_000 }).then(
    () => true,
    () => false,
  );
  await login.password.press('Enter');
  expect(await navigated).toBe(false);
  expect(page.url()).not.toContain(ACCOUNTS.admin.password);
  await context.close();
});

test('what is typed before the scripts run is sent, and React takes over the drawn page', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(app('/login?redirect=%2Fsystem%2Fuser'), { waitUntil: 'commit' });
  const login = new LoginPage(page);
  const heading = page.getByRole('heading', { name: APP_NAME });
  await expect(heading).toBeVisible();
  // A mark on the drawn heading: it survives only if React adopts the node rather than redraws it.
  await heading.evaluate((h) => h.setAttribute('data-drawn', 'at-build'));
  await login.username.fill(ACCOUNTS.admin.username);
  await login.password.fill(ACCOUNTS.admin.password);
  await expect(login.submit).toBeDisabled();

  release();
  await expect(login.submit).toBeEnabled();
  await expect(heading).toHaveAttribute('data-drawn', 'at-build');
  await expect(login.username).toHaveValue(ACCOUNTS.admin.username);
  await login.submit.click();
  await expectPath(page, '/system/user');
  const shell = new Shell(page);
  await shell.expectScreen('系统用户');
  expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);

  // Signed in, the build's (light) stylesheet is gone: the dark theme is the theme's alone.
  await expect(page.locator('link[data-prerendered]')).toHaveCount(0);
  await shell.header.getByRole('switch', { name: '暗色主题' }).click();
  const background = () =>
    page.getByRole('main').evaluate((el) => {
      let node: Element | null = el;
      while (node) {
        const color = getComputedStyle(node).backgroundColor;
        if (color !== 'rgba(0, 0, 0, 0)') return color;
        node = node.parentElement;
      }
      return '';
    });
  await expect
    .poll(async () => Math.max(...(await background()).match(/\d+/g)!.slice(0, 3).map(Number)))
    .toBeLessThan(80);
});

test('the drawn page carries only what it shows; once hydrated, a field left empty shows its error in red', async ({
  page,
}) => {
  await page.goto(app('/login'));
  const login = new LoginPage(page);
  await expect(login.submit).toBeEnabled();
  // The build's stylesheet has no rule for an error: antd's CSS-in-JS adds them as React runs.
  const drawn = await page.evaluate(() => {
    const link = document.querySelector<HTMLLinkElement>('link[data-prerendered]');
    const sheet = [...document.styleSheets].find((s) => s.ownerNode === link);
    return sheet ? [...sheet.cssRules].map((r) => r.cssText).join('\n') : null;
  });
  expect(drawn).not.toBeNull();
  expect(drawn).not.toContain('status-error');
  await login.submit.click();
  const error = page.getByText('请输入用户名');
  await expect(error).toBeVisible();
  const red = ([r, g, b]: number[]) => r > 150 && r > 2 * g && r > 2 * b;
  const rgb = async (color: Promise<string>) => (await color).match(/\d+/g)!.map(Number);
  await expect
    .poll(async () => red(await rgb(error.evaluate((el) => getComputedStyle(el).color))))
    .toBe(true);
  const field = page.locator('.ant-input-affix-wrapper').filter({ has: login.username });
  await expect
    .poll(async () => red(await rgb(field.evaluate((el) => getComputedStyle(el).borderTopColor))))
    .toBe(true);
});

test('an operator who works in the dark theme signs out to a dark login page', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('operator');
  await page.goto(app('/home'));
  const shell = new Shell(page);
  await shell.expectScreen('首页');
  await shell.header.getByRole('switch', { name: '暗色主题' }).click();
  await shell.logout(ACCOUNTS.operator.nickname);

  const login = new LoginPage(page);
  await expect(login.submit).toBeEnabled();
  const card = () =>
    page
      .getByRole('region', { name: APP_NAME })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect.poll(card).not.toBe('rgb(255, 255, 255)');
  // The build's (light) stylesheet is gone, so nothing of it wins over the dark theme.
  await expect(page.locator('link[data-prerendered]')).toHaveCount(0);
  await login.signIn(ACCOUNTS.operator.username, ACCOUNTS.operator.password);
  await expectPath(page, '/home');
  await expect(shell.header.getByRole('switch', { name: '暗色主题' })).toBeChecked();
});
