/**
 * Screens that fit: at 1280 and 1440 px wide with the side menu open, in both themes, every
 * list's row actions are in view without scrolling sideways — the review queues first — on cells
 * that let nothing through, at rest, hovered and selected; and every screen has one h1, its
 * title, beside the breadcrumb.
 */
import type { Page } from '@playwright/test';
import { test, expect, app } from './fixtures';
import { Shell } from './pages';
import { adminMenuPages } from './support/menus';

/** The queues, whose approve / reject links were cut off before. */
const QUEUES = ['/operate/business/toExamine', '/baseMgmt/shopMgmt'];

/** Whether the first row's 操作 cell is wholly in the viewport and nothing covers its links. */
async function actionsInView(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    // The shown tab's: the kept tabs' pages are in the document too, hidden.
    const cell = [
      ...document.querySelectorAll<HTMLElement>('tbody tr[data-row-key] .kit-actions'),
    ].find((el) => el.checkVisibility());
    if (!cell) return 'no 操作 cell';
    // Into view vertically only: a sideways scroll is what must not be needed.
    const top = cell.getBoundingClientRect().top;
    window.scrollTo(0, window.scrollY + top - window.innerHeight / 2);
    const box = cell.getBoundingClientRect();
    if (box.left < 0 || box.right > window.innerWidth + 0.5) {
      return `操作 cell at ${Math.round(box.left)}–${Math.round(box.right)} of ${window.innerWidth}`;
    }
    for (const link of cell.querySelectorAll<HTMLElement>('a, button')) {
      const r = link.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      // A link not open to the row is under its own span, which hears the hover that says why.
      const own = link.closest<HTMLElement>('.kit-refused') ?? link;
      if (!hit || !own.contains(hit)) return `「${link.innerText}」 is covered`;
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 0.5) {
      return `the page scrolls sideways (${document.documentElement.scrollWidth} px)`;
    }
    return undefined;
  });
}

/**
 * What shows through the shown table's fixed cells (the sticky 操作 column, its header) in the
 * first row's current state: each cell's computed background must be opaque, or the cells that
 * scroll beneath it print through its actions.
 */
async function seeThroughCells(page: Page, state: string): Promise<string[]> {
  return page.evaluate((state) => {
    const table = [...document.querySelectorAll<HTMLElement>('.kit-list-table')].find((t) =>
      t.checkVisibility(),
    );
    if (!table) return [];
    const row = table.querySelector('tbody tr[data-row-key]');
    const fixed = '.kit-actions, .ant-table-cell-fix';
    const cells = [
      ...table.querySelectorAll<HTMLElement>(`thead :is(${fixed})`),
      ...(row?.querySelectorAll<HTMLElement>(fixed) ?? []),
    ];
    if (cells.length < 2) return [`${state}: no fixed 操作 cell in the header and the first row`];
    const alpha = (colour: string) => {
      if (colour === 'transparent') return 0;
      const rgba = /rgba?\(([^)]+)\)/.exec(colour);
      const parts = rgba?.[1]?.split(/[ ,/]+/).filter(Boolean) ?? [];
      return parts.length === 4 ? Number(parts[3]) : 1;
    };
    return cells
      .map((cell) => [cell, getComputedStyle(cell).backgroundColor] as const)
      .filter(([, colour]) => alpha(colour) < 1)
      .map(([cell, colour]) => `${state}: 「${cell.innerText.trim().slice(0, 12)}」 on ${colour}`);
  }, state);
}

/** The fixed cells are opaque as the first row is, hovered, and selected (where rows are). */
async function fixedCellsOpaque(page: Page): Promise<string[]> {
  const found = await seeThroughCells(page, 'at rest');
  const row = page
    .locator('.kit-list-table tbody tr[data-row-key]')
    .filter({ visible: true })
    .first();
  await row.locator('td').nth(1).hover();
  found.push(...(await seeThroughCells(page, 'hovered')));
  const tick = row.getByRole('checkbox');
  if ((await tick.count()) === 1) {
    await tick.check();
    found.push(...(await seeThroughCells(page, 'selected')));
    await tick.uncheck();
  }
  await page.mouse.move(0, 0);
  return found;
}

const RUNS = [
  { width: 1280, theme: 'light' },
  { width: 1440, theme: 'light' },
  { width: 1280, theme: 'dark' },
] as const;

for (const { width, theme } of RUNS) {
  test(`at ${width} px (${theme}) every list's row actions are in view over opaque cells, and every screen has one h1`, async ({
    loggedInPage,
    gateway,
  }) => {
    test.setTimeout(120_000);
    const { pages, aliases } = await adminMenuPages(gateway.api);
    const routes = pages.map((p) => p.path);
    const ordered = [...QUEUES, ...routes.filter((r) => !QUEUES.includes(r))];

    const page = await loggedInPage('admin');
    await page.evaluate(
      (mode) =>
        localStorage.setItem('adnur.theme', JSON.stringify({ state: { mode }, version: 0 })),
      theme,
    );
    await page.setViewportSize({ width, height: 900 });
    const shell = new Shell(page);
    const checked: string[] = [];
    // The first screen is loaded, the others are reached in the app as an operator moves through
    // them (kept tabs and all), without a reload each.
    await page.goto(app(ordered[0]));
    for (const route of ordered) {
      await shell.visit(route, aliases);
      await shell.settled();
      // A list's own skeleton (aria-busy) gives way to its rows.
      await expect(
        page.locator('[aria-busy="true"]').filter({ visible: true }),
        `${route}: loaded`,
      ).toHaveCount(0);
      const trail = shell.breadcrumb.getByRole('listitem');
      await expect(trail.first(), `${route}: a breadcrumb`).toBeAttached();
      // The h1 names the page: the trail's last entry says it to screen readers, not drawn twice.
      await expect(
        trail.last().locator('.visually-hidden'),
        `${route}: the trail does not repeat the h1`,
      ).toHaveCount(1);
      const crumb = (await trail.last().innerText()).trim();
      await expect(page.getByRole('heading', { level: 1 }), `${route}: one h1`).toHaveCount(1);
      await expect(
        page.getByRole('heading', { level: 1 }),
        `${route}: the h1 is its title`,
      ).toHaveText(crumb);
      if (QUEUES.includes(route)) {
        await expect(
          page.locator('tbody .kit-actions').filter({ visible: true }).first(),
          `${route}: a queue`,
        ).toBeVisible();
      }
      // The shown tab's; the kept tabs' pages are in the document too, hidden.
      const table = page.locator('.kit-list-table').filter({ visible: true });
      if ((await table.count()) === 0) continue;
      // The side menu is open (not collapsed) while the row is measured.
      await expect(shell.sideMenu).toBeVisible();
      const rows = page.locator('tbody tr[data-row-key]').filter({ visible: true });
      await expect(rows.first(), `${route}: rows`).toBeVisible();
      if ((await page.locator('.kit-actions').filter({ visible: true }).count()) === 0) continue;
      expect(await actionsInView(page), `${route} at ${width} px`).toBeUndefined();
      expect(await fixedCellsOpaque(page), `${route}: what shows through the 操作 column`).toEqual(
        [],
      );
      checked.push(route);
    }
    for (const queue of QUEUES) expect(checked, 'the queues were measured').toContain(queue);
    expect(checked.length, 'lists measured').toBeGreaterThan(10);
  });
}

/** The rows of the shown list wholly in the viewport, and the first row's top (no scrolling). */
async function rowsInView(page: Page): Promise<{ inView: number; rows: number; firstTop: number }> {
  return page.evaluate(() => {
    const table = [...document.querySelectorAll<HTMLElement>('.kit-list-table')].find((t) =>
      t.checkVisibility(),
    );
    const rows = [...(table?.querySelectorAll<HTMLElement>('tbody tr[data-row-key]') ?? [])];
    const boxes = rows.map((r) => r.getBoundingClientRect());
    return {
      inView: boxes.filter((b) => b.bottom <= window.innerHeight).length,
      rows: rows.length,
      firstTop: Math.round(boxes[0]?.top ?? Infinity),
    };
  });
}

for (const { width, height, least } of [
  { width: 1440, height: 900, least: 1 },
  { width: 1280, height: 720, least: 5 },
]) {
  test(`at ${width}×${height} every list shows ${least === 1 ? 'its first row' : `${least} rows`} without scrolling`, async ({
    loggedInPage,
    gateway,
  }) => {
    test.setTimeout(120_000);
    const { pages, aliases } = await adminMenuPages(gateway.api);
    const routes = pages.map((p) => p.path);
    const page = await loggedInPage('admin');
    await page.setViewportSize({ width, height });
    const shell = new Shell(page);
    await page.goto(app(routes[0]!));
    const measured: string[] = [];
    for (const route of routes) {
      await shell.visit(route, aliases);
      await shell.settled();
      if ((await page.locator('.kit-list-table').filter({ visible: true }).count()) === 0) continue;
      await expect(
        page.locator('tbody tr[data-row-key]').filter({ visible: true }).first(),
      ).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      const { inView, rows, firstTop } = await rowsInView(page);
      // 店铺管理 carries its trend chart: on a short window it starts folded, and its first row
      // is in view; the other lists hold the rows.
      const want = route === '/baseMgmt/shopMgmt' ? 1 : Math.min(least, rows);
      expect(
        inView,
        `${route}: rows in view (the first at y = ${firstTop})`,
      ).toBeGreaterThanOrEqual(want);
      measured.push(`${route} ${firstTop}`);
    }
    expect(measured.length, 'lists measured').toBeGreaterThan(10);
  });
}
