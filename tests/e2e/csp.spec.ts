/**
 * The Content-Security-Policy in the browser: the page carries a fresh nonce that antd's injected
 * styles wear, and what the policy keeps out (an injected inline script or style, a script from
 * elsewhere) is refused — and caught by the `cspViolations` fixture that fails every other test.
 */
import { test, expect, app } from './fixtures';
import { Shell } from './pages';

test('each page load has its own nonce, and every <style> antd injects wears it', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  const first = await page.goto(app('/home'));
  await new Shell(page).expectScreen('首页');
  const policy = first?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).toContain("frame-ancestors 'none'");
  const nonce = policy.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce, policy).toBeTruthy();
  const styles = await page.evaluate(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
    const all = [...document.querySelectorAll('style')];
    return { meta: meta?.nonce, count: all.length, nonces: [...new Set(all.map((s) => s.nonce))] };
  });
  expect(styles.meta).toBe(nonce);
  expect(styles.count).toBeGreaterThan(0);
  expect(styles.nonces).toEqual([nonce]);

  const again = await page.reload();
  const next = again?.headers()['content-security-policy']?.match(/'nonce-([^']+)'/)?.[1];
  expect(next).toBeTruthy();
  expect(next).not.toBe(nonce);
});

test('an injected inline script and style are refused, and the fixture reports them', async ({
  loggedInPage,
  cspViolations,
}) => {
  const page = await loggedInPage('admin');
  await page.goto(app('/home'));
  await new Shell(page).expectScreen('首页');
  // An inline script runs, and a style applies, as it is added: read at once, no wait. The
  // refused remote script is told by its violation, awaited below.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
    const style = document.createElement('style');
    style.textContent = 'body { outline: 7px solid red; }';
    document.head.append(style);
    const remote = document.createElement('script');
    remote.src = 'https://example.com/x.js';
    document.body.append(remote);
    return {
      script: (window as unknown as { __injected?: boolean }).__injected === true,
      style: getComputedStyle(document.body).outlineWidth === '7px',
    };
  });
  expect(ran).toEqual({ script: false, style: false });
  await expect
    .poll(() =>
      [...new Set(cspViolations.filter((v) => v.via === 'event').map((v) => v.directive))].sort(),
    )
    .toEqual(['script-src-elem', 'style-src-elem']);
  expect(cspViolations.some((v) => v.blocked.startsWith('https://example.com/'))).toBe(true);
  expect(cspViolations.some((v) => v.blocked === 'inline')).toBe(true);
  // These were the point of the test: cleared, so the fixture's own check passes.
  cspViolations.length = 0;
});
