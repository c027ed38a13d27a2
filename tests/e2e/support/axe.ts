/**
 * The axe gate, in one place: WCAG 2.0/2.1/2.2 A and AA rules on the page as it is, where a serious
 * or critical violation fails the story. accessibility.spec.ts walks every route with it; the
 * stories use it for the states a route walk does not reach (a record's detail, a tab, an open
 * dialog with its errors).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ImpactValue } from 'axe-core';
import { animationsDone } from '../pages';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
export const BLOCKING: ImpactValue[] = ['serious', 'critical'];

/**
 * Every WCAG rule on the page, through `axe.run` in the page itself (legacy mode). By default
 * @axe-core/playwright runs `runPartial` and then, for `finishRun`, opens a new blank page per scan
 * and ships it every node's result as JSON: what that buys is frames from other origins, and the
 * app draws no frames. Same findings, 1.3–1.7× faster per scan on its lists (issue 27). Not
 * `resultTypes: ['violations']`: it truncates the passes that rules such as `region` read
 * afterwards, and then reports nodes the full run finds inside landmarks.
 */
export async function axe(page: Page): Promise<AxeResults> {
  return new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
}

/** The serious and critical violations of `results`, as `rule (impact): nodes` lines. */
function blockingLines(results: AxeResults): string[] {
  return results.violations
    .filter((v) => BLOCKING.includes(v.impact ?? null))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The serious and critical findings of the page once it is still: antd's click wave gone (it
 * draws in a React root of its own, outside the reduced-motion theme, and its fade starts a frame
 * or two after the click, so a check right after a click could fall between and see neither a
 * still page nor a running animation), then no finite animation running.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  await expect(page.locator('.ant-wave')).toHaveCount(0);
  await animationsDone(page);
  return blockingLines(await axe(page));
}

/** axe on the page as it is: serious or critical findings fail the story. */
export async function expectAxeClean(page: Page, what: string): Promise<void> {
  expect(await axeFindings(page), `axe on ${what}`).toEqual([]);
}
