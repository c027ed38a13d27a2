/**
 * Every route of the spec's table (seed-spec §2), opened directly by the administrator: each one
 * ends on a page that names its screen (a finished screen or the 建设中 placeholder), an exception
 * page, or the route it redirects to — never a blank page, an error view or an error answer.
 */
import { test, expect, app, type GatewayAnswer } from './fixtures';
import { Shell, expectPath } from './pages';
import { ACCOUNTS, SPEC_ROUTES, flattenMenu } from '../support/product.mjs';

type Route = (typeof SPEC_ROUTES)[number];

const aliasOf = (path: string) =>
  SPEC_ROUTES.find((r: Route) => r.path === path && r.kind === 'page')?.alias as string;

function failedAnswers(log: GatewayAnswer[]) {
  return log.filter((a) => a.status !== 200 || a.success === false);
}

for (const route of SPEC_ROUTES as Route[]) {
  test(`the administrator opens ${route.path}`, async ({ loggedInPage, gatewayLog }) => {
    const page = await loggedInPage('admin');
    await page.goto(app(route.path));
    const shell = new Shell(page);
    if (route.kind === 'page') {
      await expectPath(page, route.path);
      await shell.expectScreen(route.alias as string);
    } else if (route.kind === 'redirect') {
      await expectPath(page, route.to as string);
      const target = SPEC_ROUTES.find((r: Route) => r.path === route.to) as Route;
      if (target.kind === 'exception') await shell.expectException(target.status as '403');
      else await shell.expectScreen(aliasOf(target.path));
    } else {
      await expectPath(page, route.path);
      await shell.expectException(route.status as '403' | '404' | '500');
    }
    await page.waitForLoadState('networkidle');
    expect(failedAnswers(gatewayLog), 'gateway calls of this page that failed').toEqual([]);
  });
}

test('every other node of the administrator menu tree opens its screen too', async ({
  loggedInPage,
  gateway,
  gatewayLog,
}) => {
  test.setTimeout(90_000);
  const { mat } = await gateway.api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const tree = await gateway.api.result('mtop.admin.user.menuTree', { mat });
  const nodes = flattenMenu(tree.data) as { path: string; alias: string; leaf: boolean }[];
  const specPaths = new Set(SPEC_ROUTES.map((r: Route) => r.path));
  // The spec's routes are all in the tree (the seed follows the table)...
  for (const r of SPEC_ROUTES as Route[]) {
    expect(
      nodes.map((n) => n.path),
      `tree holds ${r.path}`,
    ).toContain(r.path);
  }
  // ...and the screens product.md adds (产业带, 数据字典, 操作日志, ...) open as well.
  const extras = nodes.filter((n) => n.leaf && !specPaths.has(n.path));
  expect(extras.length, 'the seeded tree adds screens beyond the spec table').toBeGreaterThan(0);
  const page = await loggedInPage('admin');
  const shell = new Shell(page);
  for (const node of extras) {
    gatewayLog.length = 0;
    await page.goto(app(node.path));
    await expectPath(page, node.path);
    await shell.expectScreen(node.alias);
    await page.waitForLoadState('networkidle');
    expect.soft(failedAnswers(gatewayLog), `gateway calls of ${node.path} that failed`).toEqual([]);
  }
});
