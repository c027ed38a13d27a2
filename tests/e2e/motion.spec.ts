/**
 * Motion as the operator's system asks for it. With no preference, antd's dialogs zoom in and its
 * dropdowns slide; when the system asks for reduced motion (WCAG 2.3.3), they appear and leave at
 * once. The rest of the suite runs with reduced motion (playwright.config.ts); the story here
 * walks a dialog and a dropdown both ways.
 */
import type { Page } from '@playwright/test';
import { test, expect, app } from './fixtures';
import { Shell } from './pages';

/**
 * Starts recording, from the page's next document on, the names of the CSS animations that run:
 * antd's dialogs zoom (`antZoomIn`), their masks fade and its dropdowns slide (`antSlideUpIn`,
 * `antSlideUpOut`).
 */
async function recordMotion(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { motionSeen: Set<string> }).motionSeen = seen;
    document.addEventListener('animationstart', (event) => seen.add(event.animationName), true);
  });
  return () =>
    page.evaluate(() =>
      [...(window as unknown as { motionSeen: Set<string> }).motionSeen]
        // antd prefixes its keyframes with the theme's hash: `css-1y106cm-antZoomIn`.
        .map((name) => name.replace(/^css-[\w-]+?-(?=ant)/, ''))
        .filter((name) => /^ant(Zoom|Slide|Move|Fade)/.test(name))
        .sort(),
    );
}

/** Opens 封禁 on the first member, opens its 原因 list, then closes both. */
async function banDialogOpenedAndClosed(page: Page): Promise<void> {
  await page.goto(app('/baseMgmt/userMgmt'));
  await new Shell(page).expectScreen('用户管理');
  const row = page.getByRole('main').locator('tbody tr[data-row-key]').first();
  await row.getByRole('button', { name: '封禁' }).click();
  const dialog = page.getByRole('dialog', { name: /^封禁用户/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: /原因/ }).click();
  const list = page.locator('.ant-select-dropdown:visible');
  await expect(list.getByTitle('其他', { exact: true })).toBeVisible();
  // The list is in the page (and visible to Playwright) from its first, transparent frame; an
  // Escape pressed before its slide-in has had a frame ends it unplayed, and one pressed earlier
  // still closes it before any slide. Wait until it has finished opening: rc-motion drops its
  // `-appear` classes when the slide-in ends (at once without motion).
  await expect(list).not.toHaveClass(/ant-slide-up-appear/);
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('with no motion preference', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('a dialog zooms in and a dropdown slides', async ({ loggedInPage }) => {
    const page = await loggedInPage('admin');
    const motion = await recordMotion(page);
    await banDialogOpenedAndClosed(page);
    const seen = await motion();
    // The list opens below its field, so it slides up in and up out.
    expect(seen).toEqual(expect.arrayContaining(['antZoomIn', 'antSlideUpIn', 'antSlideUpOut']));
  });
});

test('when the system asks for reduced motion, dialogs and dropdowns appear and leave at once', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(
    true,
  );
  const motion = await recordMotion(page);
  await banDialogOpenedAndClosed(page);
  expect(await motion()).toEqual([]);
});
