/**
 * Access: `dontHaveAccess` (canSeeAdmin false) meets 403 on every page of its tree, while a path
 * outside a user's tree is 404 (product.md).
 */
import { test, expect, app } from './fixtures';
import { Shell, expectPath } from './pages';
import { ACCOUNTS, SPEC_ROUTES, flattenMenu } from '../support/product.mjs';

test('the account without access meets 403 on every route of its menu tree', async ({
  loggedInPage,
  gateway,
}) => {
  const { mat } = await gateway.api.login(ACCOUNTS.noAccess.username, ACCOUNTS.noAccess.password);
  const tree = await gateway.api.result('mtop.admin.user.menuTree', { mat });
  expect(tree.success).toBe(true);
  const paths = (flattenMenu(tree.data) as { path: string }[]).map((n) => n.path);
  expect(paths, 'the seeded guest role owns 首页').toContain('/home');

  const page = await loggedInPage('noAccess');
  const shell = new Shell(page);
  for (const path of paths) {
    await page.goto(app(path));
    await shell.expectException('403');
    // Nothing of the page itself leaks through.
    await expect(shell.main.getByText('欢迎回来')).toHaveCount(0);
  }
});

test('the account without access meets 403 at the root too', async ({ loggedInPage }) => {
  const page = await loggedInPage('noAccess');
  await page.goto(app('/'));
  await new Shell(page).expectException('403');
});

test('the account without access gets 404 for the administrator routes it does not own', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('noAccess');
  const shell = new Shell(page);
  for (const path of ['/system/user', '/operate/advertise', '/baseMgmt/shopMgmt']) {
    await page.goto(app(path));
    await expectPath(page, '/exception/404');
    await shell.expectException('404');
  }
});

test('every spec route the operator does not own is 404 for them', async ({ loggedInPage }) => {
  test.setTimeout(90_000);
  const page = await loggedInPage('operator');
  const shell = new Shell(page);
  const foreign = SPEC_ROUTES.filter(
    (r: { path: string }) => r.path.startsWith('/system') || r.path.startsWith('/baseMgmt'),
  );
  expect(foreign.length).toBeGreaterThan(0);
  for (const route of foreign) {
    await page.goto(app(route.path));
    await expectPath(page, '/exception/404');
    await shell.expectException('404');
  }
});
