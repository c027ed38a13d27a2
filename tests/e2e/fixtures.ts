/**
 * The fixtures every story uses:
 * - `gateway` (one per worker): the mock gateway (`make gateway`) on a free port, a fresh SQLite file, the
 *   built app served at /adnuradmin/; `gateway.api` calls it the way the app's core does.
 * - `baseURL`: the gateway's origin, so `page.goto(app('/home'))` works.
 * - `loggedInPage(account)`: the test's page with a session for a seeded account, made by an API
 *   login and written where the core keeps it (localStorage `mat` + `userInfo`, cookie `mat`).
 *   The sign-in stories use the real form instead.
 * - `gatewayLog`: every gateway answer the page received, to prove a visit raised no error.
 * - `cspViolations` (automatic): every Content-Security-Policy violation Chromium reports in the
 *   test's browser context — the `securitypolicyviolation` events of every document (an init
 *   script hands them to a binding, so navigations lose none) and its "Refused to …" console
 *   errors. Any at all fails the test, naming the directive, the blocked URL and the page.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { protocolClient, startGateway } from '../support/gateway.mjs';
import { coreConstants } from '../support/core-source.mjs';
import { ACCOUNTS, BASE } from '../support/product.mjs';

export type AccountKey = keyof typeof ACCOUNTS;
export type Api = ReturnType<typeof protocolClient>;

export interface Gateway {
  origin: string;
  api: Api;
  output: () => string;
}

export interface GatewayAnswer {
  api: string;
  method: string;
  status: number;
  success?: boolean;
  code?: string;
  msg?: string;
}

const CORE = coreConstants();

/** The browser href of an in-app path. */
export function app(path: string): string {
  return `${BASE}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Puts a session for `account` into `page`'s browser as the core stores it, without the form. */
export async function seedSession(page: Page, api: Api, account: AccountKey): Promise<void> {
  const { username, password } = ACCOUNTS[account];
  const { mat, userInfo } = await api.login(username, password);
  const origin = new URL(api.origin);
  await page
    .context()
    .addCookies([
      { name: CORE.MAT_KEY, value: mat, domain: origin.hostname, path: '/', sameSite: 'Strict' },
    ]);
  // Any document of the origin gives access to its localStorage. A blank one, answered by the
  // test itself, spares every story a boot of the login page (its scripts and the wasm) that it
  // then leaves at once; the story's own first page is the app's first load, as for an operator.
  const blank = `${api.origin}/__e2e-session-seed`;
  await page.route(blank, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>seed</title>' }),
  );
  await page.goto(blank);
  await page.unroute(blank);
  await page.evaluate(
    ([matKey, userKey, token, user]) => {
      localStorage.setItem(matKey, token);
      localStorage.setItem(userKey, user);
    },
    [CORE.MAT_KEY, CORE.USER_INFO_KEY, mat, JSON.stringify(userInfo)],
  );
}

/** One CSP violation as Chromium reported it. */
export interface CspViolation {
  via: 'event' | 'console';
  directive: string;
  blocked: string;
  page: string;
  source: string;
  sample: string;
}

const CSP_BINDING = '__adnurCspViolation';

function describeViolation(v: CspViolation): string {
  const where = v.source ? ` at ${v.source}` : '';
  const sample = v.sample ? ` (${v.sample})` : '';
  return `[${v.via}] ${v.directive} blocked ${v.blocked || '(inline)'} on ${v.page}${where}${sample}`;
}

/**
 * Collects the Content-Security-Policy violations Chromium reports in `context` into `seen`: the
 * page's `securitypolicyviolation` events and the console's "Refused to …" errors.
 */
async function watchCsp(context: BrowserContext, seen: CspViolation[]): Promise<void> {
  await context.exposeBinding(CSP_BINDING, (_source, v: CspViolation) => {
    seen.push(v);
  });
  await context.addInitScript((binding) => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as Record<string, (v: unknown) => void>)[binding];
        report?.({
          via: 'event',
          directive: e.effectiveDirective || e.violatedDirective,
          blocked: e.blockedURI,
          page: e.documentURI,
          source: e.sourceFile ? `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}` : '',
          sample: e.sample,
        });
      },
      true,
    );
  }, CSP_BINDING);
  context.on('console', (message) => {
    if (message.type() !== 'error' || !message.text().startsWith('Refused to ')) return;
    const { url, lineNumber, columnNumber } = message.location();
    seen.push({
      via: 'console',
      directive: message.text(),
      blocked: '',
      page: message.page()?.url() ?? '',
      source: url ? `${url}:${lineNumber}:${columnNumber}` : '',
      sample: '',
    });
  });
}

export const test = base.extend<
  {
    loggedInPage: (account: AccountKey) => Promise<Page>;
    gatewayLog: GatewayAnswer[];
    cspViolations: CspViolation[];
  },
  { gateway: Gateway }
>({
  gateway: [
    async ({}, use) => {
      const gw = await startGateway();
      try {
        await use({ origin: gw.origin, api: protocolClient(gw.origin), output: gw.output });
      } finally {
        await gw.stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],

  baseURL: async ({ gateway }, use) => {
    await use(gateway.origin);
  },

  loggedInPage: async ({ page, gateway }, use) => {
    await use(async (account) => {
      await seedSession(page, gateway.api, account);
      return page;
    });
  },

  cspViolations: [
    async ({ context, browser }, use) => {
      const seen: CspViolation[] = [];
      await watchCsp(context, seen);
      // Contexts a story opens itself (a second user, say) are watched as well.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...options) => {
        const opened = await newContext(...options);
        await watchCsp(opened, seen);
        return opened;
      };
      await use(seen);
      browser.newContext = newContext;
      expect(
        seen,
        `Content-Security-Policy violations:\n${seen.map(describeViolation).join('\n')}`,
      ).toEqual([]);
    },
    { auto: true },
  ],

  gatewayLog: async ({ page }, use) => {
    const log: GatewayAnswer[] = [];
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.pathname !== '/api' && url.pathname !== '/m') return;
      const entry: GatewayAnswer = {
        api: url.searchParams.get('api') ?? '',
        method: response.request().method(),
        status: response.status(),
      };
      log.push(entry);
      try {
        const body = await response.json();
        entry.success = body?.result?.success;
        entry.code = body?.result?.code;
        entry.msg = body?.result?.msg;
      } catch {
        // A routed or aborted answer without a JSON body: the status says enough.
      }
    });
    await use(log);
  },
});

export { expect };
