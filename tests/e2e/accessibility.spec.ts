/**
 * Accessibility as a gate: axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every screen, signed out
 * and as the administrator, in the light and the dark theme, and with the main forms open. A
 * serious or critical violation fails the story with a table route → rule → nodes; every scan
 * prints one summary line (violations by impact) so minor and moderate ones stay visible.
 *
 * The routes come from the menu tree the gateway serves (plus the exception pages and /login), so
 * a new menu entry is scanned without touching this file.
 */
import type { ImpactValue } from 'axe-core';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, app, type Api } from './fixtures';
import { LoginPage, Shell, animationsDone } from './pages';
import { ACCOUNTS, SPEC_ROUTES, flattenMenu } from '../support/product.mjs';
import { BLOCKING, axe } from './support/axe';

const IMPACTS: ImpactValue[] = ['critical', 'serious', 'moderate', 'minor'];
/** Where web/src/stores/theme.ts persists the header switch (zustand's persist shape). */
const THEME_KEY = 'adnur.theme';

// Six independent stories of a minute or less: let both workers share them.
test.describe.configure({ mode: 'parallel' });

interface Finding {
  scan: string;
  rule: string;
  impact: string;
  nodes: number;
  example: string;
}

/**
 * Every in-app path the administrator can open: each node of the menu tree (a group lands on its
 * first screen, which the scan then skips as already seen) and the exception pages; with the
 * alias of each.
 */
async function adminRoutes(api: Api): Promise<{ routes: string[]; aliases: Map<string, string> }> {
  const { mat } = await api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const tree = await api.result('mtop.admin.user.menuTree', { mat });
  const nodes = flattenMenu(tree.data) as { path: string; alias: string }[];
  expect(nodes.length, 'the administrator tree has screens').toBeGreaterThan(10);
  const exceptions = (SPEC_ROUTES as { path: string; kind: string }[])
    .filter((r) => r.kind === 'exception')
    .map((r) => r.path);
  return {
    routes: [...new Set([...nodes.map((n) => n.path), ...exceptions])],
    aliases: new Map(nodes.map((n) => [n.path, n.alias])),
  };
}

/**
 * Waits until the shown page stopped moving: no skeleton, no pending request, no spinner, no finite
 * animation (the kept tabs' pages, hidden, are not waited on).
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // The page and its lists, trees and panels loaded (networkidle can pass before a query starts).
  await new Shell(page).settled();
  await expect(page.locator('.ant-spin-spinning').filter({ visible: true })).toHaveCount(0);
  // Fades and slides would have axe measure colours half way through a transition.
  await animationsDone(page);
}

/** Runs axe on the page as it is, prints its summary line and returns its findings. */
async function scan(page: Page, name: string, info: TestInfo): Promise<Finding[]> {
  await settle(page);
  const results = await axe(page);
  const byImpact = IMPACTS.map(
    (impact) =>
      `${impact} ${results.violations
        .filter((v) => v.impact === impact)
        .reduce((n, v) => n + v.nodes.length, 0)}`,
  ).join(', ');
  const rules = results.violations.map((v) => `${v.id}×${v.nodes.length}`).join(' ');
  console.log(`axe ${name}: ${byImpact}${rules ? ` (${rules})` : ''}`);
  await info.attach(`axe ${name}`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  });
  return results.violations.map((v) => ({
    scan: name,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    nodes: v.nodes.length,
    example: v.nodes[0]?.target.join(' ') ?? '',
  }));
}

/** Fails with a readable table when any finding is serious or critical. */
function expectNoBlocking(findings: Finding[]): void {
  const blocking = findings.filter((f) => BLOCKING.includes(f.impact as ImpactValue));
  const width = Math.max(5, ...blocking.map((f) => f.scan.length));
  const table = [
    `${'route'.padEnd(width)}  rule (impact): nodes, e.g.`,
    ...blocking.map(
      (f) => `${f.scan.padEnd(width)}  ${f.rule} (${f.impact}): ${f.nodes}, e.g. ${f.example}`,
    ),
  ].join('\n');
  expect(blocking.length, `serious or critical axe violations:\n${table}\n`).toBe(0);
}

/** Makes the browser open the app in `mode`, as if the header switch had been set before. */
async function useTheme(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.addInitScript(
    ([key, value]) => localStorage.setItem(key, value),
    [THEME_KEY, JSON.stringify({ state: { mode }, version: 0 })],
  );
}

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} theme`, () => {
    test('the login page, signed out', async ({ page }, info) => {
      await useTheme(page, mode);
      const login = await new LoginPage(page).open();
      // The page really is in `mode` (no switch here): its text is light on dark, or dark on light.
      const labelColour = await page
        .getByText('用户名', { exact: true })
        .evaluate((el) => getComputedStyle(el).color);
      expect(labelColour).toMatch(mode === 'dark' ? /^rgba\(255, 255, 255/ : /^rgba\(0, 0, 0/);
      const findings = await scan(page, `${mode} /login`, info);
      // The form's own error state: a wrong password shows its alert.
      await login.signIn(ACCOUNTS.admin.username, 'wrong-password');
      await expect(page.getByRole('alert')).toBeVisible();
      findings.push(...(await scan(page, `${mode} /login (wrong password)`, info)));
      expectNoBlocking(findings);
    });

    test('every screen of the administrator', async ({ loggedInPage, gateway }, info) => {
      const { routes, aliases } = await adminRoutes(gateway.api);
      // A budget per screen, not one for the walk: each visit and scan took ~6 s on a quiet 2-core
      // host and ~9 s on a loaded one, where a fixed 240 s for the ~27 screens ran out (issue 27).
      test.setTimeout(30_000 + routes.length * 20_000);
      const page = await loggedInPage('admin');
      await useTheme(page, mode);
      const shell = new Shell(page);
      await page.goto(app('/home'));
      await shell.expectScreen('首页');
      const darkSwitch = shell.header.getByRole('switch', { name: '暗色主题' });
      await expect(darkSwitch).toBeChecked({ checked: mode === 'dark' });
      const findings: Finding[] = [];
      const seen = new Set<string>();
      // The screens are reached in the app, one after another, as an operator moves through them:
      // the document then also holds the kept tabs of the screens before (hidden), and axe's
      // checks across the whole document, such as duplicate ids, see them too.
      for (const route of routes) {
        // A group redirects to its first screen: the visit says where it landed.
        const landed = await shell.visit(route, aliases);
        await settle(page);
        await shell.settled();
        if (seen.has(landed)) continue;
        seen.add(landed);
        findings.push(...(await scan(page, `${mode} ${landed}`, info)));
      }
      expect(seen.size, 'screens scanned').toBeGreaterThan(routes.length / 2);
      expectNoBlocking(findings);
    });

    test('the forms of 系统用户, 数据字典 and 角色管理, and a delete question', async ({
      loggedInPage,
    }, info) => {
      test.setTimeout(120_000);
      const page = await loggedInPage('admin');
      await useTheme(page, mode);
      const findings: Finding[] = [];
      for (const [route, button] of [
        ['/system/user', '新建用户'],
        ['/system/dict', '新增字典项'],
        ['/system/role', '新建角色'],
      ]) {
        await page.goto(app(route));
        await new Shell(page).settled();
        await page.getByRole('button', { name: button }).click();
        const dialog = page.getByRole('dialog', { name: button });
        await expect(dialog).toBeVisible();
        findings.push(...(await scan(page, `${mode} ${route} ${button}`, info)));
        // Saved empty: the required fields show their errors.
        await dialog.getByRole('button', { name: /^\s*保\s*存\s*$/ }).click();
        await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
        findings.push(...(await scan(page, `${mode} ${route} ${button} (errors)`, info)));
      }
      // 删除 asks first; its confirm button is a solid danger button.
      await page.goto(app('/system/dict'));
      await new Shell(page).settled();
      await page.getByRole('main').getByRole('button', { name: '删除' }).first().click();
      await expect(page.getByRole('tooltip')).toBeVisible();
      findings.push(...(await scan(page, `${mode} /system/dict 删除？`, info)));
      expectNoBlocking(findings);
    });
  });
}
