/** The redirect rules of the spec and architecture, one story each. */
import { test, expect, app } from './fixtures';
import { Shell, expectPath } from './pages';

test.describe('for the administrator', () => {
  const cases: [from: string, to: string, alias: string][] = [
    ['/', '/home', '首页'],
    ['/home', '/home', '首页'],
    ['/operate', '/operate/advertise', '广告管理'],
    ['/operate/business', '/operate/business/toExamine', '商机审核'],
    ['/baseMgmt', '/baseMgmt/shopMgmt', '店铺管理'],
    ['/system', '/system/user', '系统用户'],
  ];
  for (const [from, to, alias] of cases) {
    test(`${from} goes to ${to}`, async ({ loggedInPage }) => {
      const page = await loggedInPage('admin');
      await page.goto(app(from));
      await expectPath(page, to);
      await new Shell(page).expectScreen(alias);
    });
  }

  test('/exception goes to the 403 page', async ({ loggedInPage }) => {
    const page = await loggedInPage('admin');
    await page.goto(app('/exception'));
    await expectPath(page, '/exception/403');
    await new Shell(page).expectException('403');
  });

  test('an unknown path goes to the 404 page, whose button leads home', async ({
    loggedInPage,
  }) => {
    const page = await loggedInPage('admin');
    await page.goto(app('/no/such/screen'));
    await expectPath(page, '/exception/404');
    const shell = new Shell(page);
    await shell.expectException('404');
    await shell.main.getByRole('button', { name: '返回首页' }).click();
    await expectPath(page, '/home');
    await shell.expectScreen('首页');
  });

  test('an unknown child of a known group goes to the 404 page', async ({ loggedInPage }) => {
    const page = await loggedInPage('admin');
    await page.goto(app('/operate/noSuchScreen'));
    await expectPath(page, '/exception/404');
    await new Shell(page).expectException('404');
  });
});

test.describe('for the operator', () => {
  test('/ goes to the first leaf of their tree, the home page', async ({ loggedInPage }) => {
    const page = await loggedInPage('operator');
    await page.goto(app('/'));
    await expectPath(page, '/home');
    await new Shell(page).expectScreen('首页');
  });

  test('/operate/business goes to 商机审核', async ({ loggedInPage }) => {
    const page = await loggedInPage('operator');
    await page.goto(app('/operate/business'));
    await expectPath(page, '/operate/business/toExamine');
    await new Shell(page).expectScreen('商机审核');
  });

  test('/system/user, outside their tree, is the 404 page', async ({ loggedInPage }) => {
    const page = await loggedInPage('operator');
    await page.goto(app('/system/user'));
    await expectPath(page, '/exception/404');
    await new Shell(page).expectException('404');
  });

  test('/baseMgmt/shopMgmt, outside their tree, is the 404 page', async ({ loggedInPage }) => {
    const page = await loggedInPage('operator');
    await page.goto(app('/baseMgmt/shopMgmt'));
    await expectPath(page, '/exception/404');
    await new Shell(page).expectException('404');
  });
});

test.describe('without a session', () => {
  for (const path of ['/', '/home', '/system/user', '/no/such/screen']) {
    test(`${path} goes to the login page`, async ({ page }) => {
      await page.goto(app(path));
      await expect.poll(() => new URL(page.url()).pathname).toBe(app('/login'));
      const redirect = new URL(page.url()).searchParams.get('redirect');
      // The login page keeps a way back (none for the root, where the login lands anyway).
      expect(redirect).toBe(path === '/' ? null : path);
      await expect(page.getByLabel('用户名')).toBeVisible();
    });
  }
});
