/**
 * What a person sees, compared with committed pictures: every screen of the administrator, the
 * sign-in page and the exception pages at 1280×720, 1440×900 and 390×844, in the light and the dark
 * theme, each against its baseline in `look.spec.ts-snapshots/`.
 *
 * The pictures hold still because the data and the time do: each story starts a gateway of its own
 * with its clock stopped (`--clock-at`), so the seed, every stored time and every answer are the
 * same on each run, and stops the browser's clock at the same instant. Nothing is masked.
 *
 * A change anyone would see fails here with the picture, the baseline and their diff attached. When
 * the change is meant: `npx -w tests playwright test e2e/look.spec.ts --update-snapshots`, then look
 * at the new pictures before committing them (docs/screens.md). The baselines name the Chromium
 * that drew them (`BROWSER`): another major version draws text differently, and the stories say so
 * rather than report a diff on every screen.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test as base, expect, app, seedSession, type Gateway } from './fixtures';
import { Shell, animationsDone } from './pages';
import { adminMenuPages } from './support/menus';
import { protocolClient, startGateway } from '../support/gateway.mjs';

/** The instant both clocks stop at: a Monday morning, 2026-03-02 10:00 in China. */
const AT = Date.parse('2026-03-02T10:00:00+08:00');

/** An antialiased edge or two, never a word: what a picture may differ by and still match. */
const TOLERANCE = { maxDiffPixels: 100 };

/** The file naming the browser that drew the baselines, beside them. */
const BROWSER_FILE = new URL('./look.spec.ts-snapshots/BROWSER', import.meta.url);

/** Where web/src/stores/theme.ts persists the header switch (zustand's persist shape). */
const THEME_KEY = 'adnur.theme';

const SIZES = {
  '1280x720': { width: 1280, height: 720 },
  '1440x900': { width: 1440, height: 900 },
  '390x844': { width: 390, height: 844 },
} as const;

/** The pages outside the menu: a record's, for a record the seed makes at every run, and 广告位管理. */
const DETAILS = [
  { path: '/operate/advertise/advertisePosition', alias: '广告位管理' },
  { path: '/baseMgmt/shopMgmt/shopDetail?id=3', alias: '店铺详情' },
  { path: '/baseMgmt/prodMgmt/prodDetail?id=3', alias: '商品详情' },
  { path: '/baseMgmt/userMgmt/userDetail?id=3', alias: '用户详情' },
  { path: '/operate/advertise/advertisePositionDetail?id=1', alias: '广告位详情' },
  { path: '/operate/thematicDetails?id=1', alias: '专题详情' },
];

const test = base.extend<{ still: Gateway }>({
  still: async ({}, use) => {
    const gw = await startGateway({ args: ['--clock-at', String(AT)] });
    try {
      await use({ origin: gw.origin, api: protocolClient(gw.origin), output: gw.output });
    } finally {
      await gw.stop();
    }
  },
  baseURL: async ({ still }, use) => {
    await use(still.origin);
  },
});

// Six walks of a minute or two: both workers share them.
test.describe.configure({ mode: 'parallel' });

/** `Chromium 156`: a browser's name and major version. */
const major = (version: string) => `Chromium ${version.split('.')[0]}`;

test.beforeEach(({ browser }, info) => {
  const running = major(browser.version());
  const update = info.config.updateSnapshots;
  if (update === 'all' || update === 'changed') {
    writeFileSync(BROWSER_FILE, `${running}\n`);
    return;
  }
  const drawn = existsSync(BROWSER_FILE) ? readFileSync(BROWSER_FILE, 'utf8').trim() : 'nothing';
  expect(
    running,
    `the baselines were drawn by ${drawn}, this is ${running}: draw them again ` +
      '(--update-snapshots) and look at what changed',
  ).toBe(drawn);
});

/** `/baseMgmt/shopMgmt/shopDetail?id=3` → `baseMgmt-shopMgmt-shopDetail-1280x720-light.png`. */
function pictureName(path: string, size: string, mode: string): string {
  const name = path.split('?')[0]!.split('/').filter(Boolean).join('-');
  return `${name}-${size}-${mode}.png`;
}

/** The shown page holds still: loaded, nothing spinning or moving, fonts in. */
async function holdStill(page: Page): Promise<void> {
  await new Shell(page).settled();
  await expect(page.locator('.ant-spin-spinning').filter({ visible: true })).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await animationsDone(page);
}

/** Opens `path` as a fresh visit: one tab, as an operator who follows a link sees it. */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(app(path));
}

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const mode of ['light', 'dark'] as const) {
    test.describe(`${size} ${mode}`, () => {
      test.use({ viewport });

      test('every screen looks as its baseline', async ({ page, still: gateway }) => {
        await page.clock.setFixedTime(AT);
        await page.addInitScript(
          ([key, value]) => localStorage.setItem(key, value),
          [THEME_KEY, JSON.stringify({ state: { mode }, version: 0 })],
        );
        const { pages } = await adminMenuPages(gateway.api);
        const screens = [...pages.map(({ path, alias }) => ({ path, alias })), ...DETAILS];
        test.setTimeout(30_000 + screens.length * 15_000);

        // Signed out first: the sign-in page.
        await page.goto(app('/login'));
        await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
        await holdStill(page);
        await expect.soft(page).toHaveScreenshot(pictureName('/login', size, mode), TOLERANCE);

        await seedSession(page, gateway.api, 'admin');
        const shell = new Shell(page);
        for (const { path, alias } of screens) {
          await open(page, path);
          await shell.expectScreen(alias);
          await holdStill(page);
          await expect
            .soft(page, `${alias} at ${size}, ${mode}`)
            .toHaveScreenshot(pictureName(path, size, mode), TOLERANCE);
        }
        await open(page, '/exception/404');
        await shell.expectException('404');
        await holdStill(page);
        await expect
          .soft(page)
          .toHaveScreenshot(pictureName('/exception/404', size, mode), TOLERANCE);
      });
    });
  }
}
