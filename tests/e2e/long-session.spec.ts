/**
 * Long sessions (issue 11, item 7): one administrator works through the whole app the way a person
 * does — top and side menu clicks, a row's detail link and back, a dialog opened and cancelled on
 * every screen that has one (新增/编辑, a reason, a details modal), now and then another page of a
 * list or a filter — for `SOAK_CHANGES` route changes (300 in `make soak`, 60 in `make test`).
 *
 * The walk goes in sweeps of exactly `SWEEP` (30) route changes, each through every menu screen
 * and ending on 首页, so that the JS heap is always compared at the same place (a list of images
 * weighs more than the dashboard). Measured through the Chrome DevTools Protocol after forced
 * garbage collections (`HeapProfiler.collectGarbage`, then `Runtime.getHeapUsage`):
 * - the JS heap after the last sweep is at most `HEAP_BUDGET` × the heap after the first sweep
 *   (the first 30 changes);
 * - the core's wasm memory, sampled every `SOAK_EVERY` changes, stops growing: after the first
 *   sweep (the warm-up) its last `FLAT_SAMPLES` samples are equal. It is read without any hook in
 *   the app: `Runtime.queryObjects` on `WebAssembly.Memory.prototype` finds the one memory the
 *   core's module exports, and its `buffer.byteLength` is the size.
 * The workspace keeps its tabs alive as it goes (the core's `keptTabs`, 10): the walk ends with
 * that many pages mounted, checked.
 * A memory measurement after forced collections, not a timing: no clock is involved.
 *
 * It shares the worker's gateway with other stories, so it changes nothing: every write (a POST to
 * the protocol endpoints) is aborted in the browser and counted, and the count must stay 0 — each
 * dialog is closed with 取消 (or Escape when it has none).
 *
 * The walk comes from the menu tree the gateway serves, so a screen that lands joins it.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CDPSession, Locator, Page } from '@playwright/test';
import { test, expect, app, type Api } from './fixtures';
import { Shell, animationsDone, clickUntil, inAppPath } from './pages';
import { ACCOUNTS, BASE } from '../support/product.mjs';
import { diff, summarize } from '../support/heap-diff.mjs';
import { coreNumbers } from '../support/core-source.mjs';

/** Route changes per sweep; the first sweep is "the first 30". */
const SWEEP = 30;
/** Route changes in the run, a multiple of SWEEP (README, "Long sessions"). */
const CHANGES = Number(process.env.SOAK_CHANGES ?? 60);
/** A sample (JS heap and wasm memory, after forced GC) every this many changes; divides SWEEP. */
const EVERY = Number(process.env.SOAK_EVERY ?? 6);
/** The JS heap after the last sweep may be at most this many times the heap after the first. */
const HEAP_BUDGET = 1.2;
/** The workspace tabs kept alive (the core's constant). */
const KEPT_TABS = coreNumbers().KEPT_TABS;
/** The wasm memory has stopped growing when its last this many samples are equal. */
const FLAT_SAMPLES = 5;

/**
 * Buttons that open a dialog and write nothing until it is confirmed: 新增/新建/添加…, edit,
 * details, and the lifecycle moves that ask for a reason.
 */
const OPENER =
  /^\s*(?:(?:新增|新建|添加)\S*|编\s*辑|详\s*情|查\s*看|驳回|冻结|关闭|违规下架|封禁)\s*$/;
const CANCEL = /^\s*取\s*消\s*$/;
/** 查询 (its accessible name starts with its icon's, "search"). */
const QUERY = /^\s*(?:search\s*)?查\s*询\s*$/;
const RESET = /^\s*重\s*置\s*$/;
/** Texts that mean a page did not render. */
const FAILURE =
  /页面加载失败|页面出错了|菜单加载失败|抱歉，您无权访问此页面|抱歉，您访问的页面不存在|抱歉，服务器出错了/;

interface MenuNode {
  data: { alias: string; name: string; visible: number };
  children?: MenuNode[];
}

/** A screen of the menu tree: its in-app path and the menus from the top group down to it. */
interface Screen {
  path: string;
  alias: string;
  chain: { path: string; alias: string }[];
  visible: boolean;
}

/**
 * The tree's screens (paths resolved as `flattenMenu` does), each with its chain of menus: the
 * visible links of the menus, and the hidden pages (details) other screens link to.
 */
function screensOf(nodes: MenuNode[], parent: Screen['chain'] = [], hidden = false): Screen[] {
  const out: Screen[] = [];
  const parentPath = parent.at(-1)?.path ?? '';
  for (const node of nodes) {
    const name = String(node.data.name);
    const path = name.startsWith('/')
      ? name
      : name.includes('/') || !parentPath
        ? `/${name}`
        : `${parentPath}/${name}`;
    const chain = [...parent, { path, alias: node.data.alias }];
    const visible = !hidden && node.data.visible === 1;
    const children = node.children ?? [];
    // A menu entry is a link when none of its children shows (else it opens as a submenu).
    const shown = children.some((c) => c.data.visible === 1);
    if (!visible || !shown) out.push({ path, alias: node.data.alias, chain, visible });
    out.push(...screensOf(children, chain, !visible));
  }
  return out;
}

async function adminScreens(api: Api): Promise<Screen[]> {
  const { mat } = await api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const tree = await api.result('mtop.admin.user.menuTree', { mat });
  expect(tree.success, 'the administrator reads the menu tree').toBe(true);
  return screensOf(tree.data as MenuNode[]);
}

interface Sample {
  changes: number;
  path: string;
  heap: number;
  wasm: number;
}

/** The JS heap in use after forced collections, and the core's wasm memory, in bytes. */
async function measure(cdp: CDPSession): Promise<{ heap: number; wasm: number }> {
  // Twice: the first pass runs finalizers and weak callbacks that free more on the second.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const proto = await cdp.send('Runtime.evaluate', { expression: 'WebAssembly.Memory.prototype' });
  const found = await cdp.send('Runtime.queryObjects', {
    prototypeObjectId: proto.result.objectId!,
  });
  const sizes = await cdp.send('Runtime.callFunctionOn', {
    objectId: found.objects.objectId!,
    functionDeclaration: 'function () { return this.map((m) => m.buffer.byteLength); }',
    returnByValue: true,
  });
  await cdp.send('Runtime.releaseObject', { objectId: found.objects.objectId! });
  await cdp.send('Runtime.releaseObject', { objectId: proto.result.objectId! });
  const memories = sizes.result.value as number[];
  expect(memories.length, 'exactly one wasm memory: the core').toBe(1);
  return { heap: usedSize, wasm: memories[0] };
}

/**
 * Where the heap grew, from snapshots: with `SOAK_HEAP_DIFF=1` (`make soak` sets it) the story
 * takes one after the first sweep and one after the last and prints what grew between them (V8's
 * code apart from objects); `SOAK_SNAPSHOTS=<dir>` keeps one per sweep (`sweep-<n>.heapsnapshot`)
 * for `node tests/support/heap-diff.mjs`. Not in `make test`: the two snapshots and their parse
 * were 26 s of the story's 132 on a quiet machine, for a line no assertion reads.
 */
const HEAP_DIFF = Boolean(process.env.SOAK_HEAP_DIFF || process.env.SOAK_SNAPSHOTS);

async function snapshot(cdp: CDPSession, file: string): Promise<void> {
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await cdp.send('HeapProfiler.disable');
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, chunks.join(''));
}

/** `SOAK_TRACE=1` prints every step (to find where a walk stalls). */
const trace = (...args: unknown[]) => {
  if (process.env.SOAK_TRACE) console.log('  ·', ...args);
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const mbSigned = (bytes: number) => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`;

/** One administrator's long session: the walk, its counters and the samples. */
class Session {
  readonly shell: Shell;
  readonly main: Locator;
  changes = 0;
  readonly samples: Sample[] = [];
  readonly visited = new Map<string, number>();
  dialogs = 0;
  readonly dialogKinds = new Map<string, number>();
  details = 0;
  pages = 0;
  filters = 0;
  fillers = 0;
  visits = 0;

  constructor(
    readonly page: Page,
    readonly cdp: CDPSession,
    readonly hiddenPaths: Set<string>,
    readonly aliases: Map<string, string>,
  ) {
    this.shell = new Shell(page);
    this.main = this.shell.main;
  }

  /** The in-app path, without the query. */
  here(): string {
    return inAppPath(this.page).split('?')[0];
  }

  /** The page settled: no skeleton, no spinner, no failure view. */
  async settle(): Promise<void> {
    await this.shell.settled();
    await expect(this.page.locator('.ant-spin-spinning')).toHaveCount(0);
    await expect(this.main.getByText(FAILURE)).toHaveCount(0);
  }

  /** No finite animation is running (a dialog zooming in, a menu sliding open). */
  async still(): Promise<void> {
    await animationsDone(this.page);
  }

  /** Runs `act`, which must change the URL; counts the change and samples every `EVERY`. */
  async change(act: () => Promise<unknown>): Promise<void> {
    const before = inAppPath(this.page);
    await act();
    // Landed: a new URL, on a screen (a group's path redirects to its first screen).
    await expect
      .poll(() => inAppPath(this.page) !== before && this.aliases.has(this.here()), {
        message: `a route change from ${before} to a screen`,
      })
      .toBe(true);
    this.changes += 1;
    const path = this.here();
    trace(this.changes, inAppPath(this.page));
    this.visited.set(path, (this.visited.get(path) ?? 0) + 1);
    // The URL moves first; the old screen stays until the new one rendered (a transition).
    await expect(this.shell.breadcrumb.getByRole('listitem').last()).toHaveText(
      this.aliases.get(path)!,
    );
    await this.settle();
    if (this.changes % EVERY === 0) {
      // Menus and links may still be animating: let them finish before collecting.
      await this.still();
      const { heap, wasm } = await measure(this.cdp);
      this.samples.push({ changes: this.changes, path, heap, wasm });
    }
  }

  /** Goes to `screen` through the menus: the top group's link, then the side menu. */
  async open(screen: Screen): Promise<void> {
    const [group, ...rest] = screen.chain;
    const here = this.here();
    if (here !== screen.path && !(rest.length > 0 && here.startsWith(`${group.path}/`))) {
      await this.change(() =>
        this.clickToLeave(this.shell.topMenu.getByRole('link', { name: group.alias, exact: true })),
      );
    }
    if (this.here() === screen.path) return;
    const link = this.shell.sideMenu.getByRole('link', { name: screen.alias, exact: true });
    // Submenus on the way that are shut: open them as a user would. A submenu's title is a
    // toggle, so it is clicked only while the menu says it is shut (aria-expanded): judged by
    // whether the link shows yet, a click could land on a submenu whose opening was not drawn
    // yet on a loaded machine, and shut it again.
    for (const sub of rest.slice(0, -1)) {
      const title = this.shell.sideMenu.getByRole('menuitem', { name: sub.alias, exact: true });
      await expect(async () => {
        if ((await title.getAttribute('aria-expanded', { timeout: 3_000 })) !== 'true') {
          await title.click({ timeout: 3_000 });
        }
        await expect(title).toHaveAttribute('aria-expanded', 'true', { timeout: 3_000 });
      }).toPass({ timeout: 20_000 });
    }
    await this.change(() => this.clickToLeave(link));
  }

  /**
   * Clicks `target` (a link) once the page is still, again only while the URL has not moved 5 s
   * later: a click on an entry the menu was still drawing is lost without an error.
   */
  private async clickToLeave(target: Locator): Promise<void> {
    const before = inAppPath(this.page);
    await clickUntil(target, (timeout) =>
      expect.poll(() => inAppPath(this.page), { timeout }).not.toBe(before),
    );
  }

  /** Closes the open dialog with 取消, or Escape when it has none, and waits until it is gone. */
  private async closeDialog(dialog: Locator): Promise<void> {
    const cancel = dialog.getByRole('button', { name: CANCEL });
    const gone = (timeout: number) =>
      expect(this.page.getByRole('dialog')).toHaveCount(0, { timeout });
    // Again while it is still open 5 s later: a click on a dialog still being drawn is lost.
    if ((await cancel.count()) > 0) await clickUntil(cancel.first(), gone);
    else {
      await expect(async () => {
        await this.page.keyboard.press('Escape');
        await gone(5_000);
      }).toPass({ timeout: 30_000 });
    }
  }

  /**
   * Opens one of the page's dialogs (a different one each visit) and cancels it: the toolbar's
   * 新增/新建, the first row's links, or a detail page's own actions.
   */
  async dialog(): Promise<void> {
    const buttons = this.main.getByRole('button', { name: OPENER });
    // One round trip: the visible, enabled openers, of a table's rows the first only (every
    // row opens the same dialog).
    const usable = await buttons.evaluateAll((els) =>
      els.flatMap((el, i) => {
        const row = el.closest('.ant-table-row');
        const laterRow = row?.previousElementSibling?.classList.contains('ant-table-row');
        const ok = el.checkVisibility() && !(el as HTMLButtonElement).disabled && !laterRow;
        return ok ? [i] : [];
      }),
    );
    if (usable.length === 0) return;
    const opener = buttons.nth(usable[this.visits % usable.length]);
    const label = ((await opener.innerText()) || '').replace(/\s+/g, '');
    trace('dialog', label);
    await opener.click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog, `${label} opens a dialog`).toBeVisible();
    // Let its own queries (reason codes, pickers) answer before closing it, and let it finish
    // zooming in: a click on a moving button can press on it and release beside it (no click).
    await expect(dialog.locator('.ant-spin-spinning')).toHaveCount(0);
    await this.still();
    await this.closeDialog(dialog);
    this.dialogs += 1;
    this.dialogKinds.set(label, (this.dialogKinds.get(label) ?? 0) + 1);
  }

  /**
   * A link to a hidden page (a detail) on this page: one below this screen's path when there is
   * one (a row's own detail), else any.
   */
  private async detailLink(): Promise<Locator | undefined> {
    const links = this.main.locator('a[href]');
    const shown = await links.evaluateAll((els) =>
      els.map((el) => (el.checkVisibility() ? (el.getAttribute('href') ?? '') : '')),
    );
    const here = this.here();
    const own: number[] = [];
    const other: number[] = [];
    shown.forEach((href, i) => {
      const path = href.split('?')[0].replace(BASE, '');
      if (this.hiddenPaths.has(path)) (path.startsWith(`${here}/`) ? own : other).push(i);
    });
    const candidates = own.length ? own : other;
    return candidates.length ? links.nth(candidates[this.visits % candidates.length]) : undefined;
  }

  /** Two changes: a row's detail page (and a dialog there), then back (the browser's button). */
  async detail(budget: number): Promise<boolean> {
    if (budget < 2) return false;
    const link = await this.detailLink();
    if (!link) return false;
    await this.change(() => link.click());
    this.details += 1;
    await this.dialog();
    await this.change(() => this.page.goBack());
    return true;
  }

  /**
   * At most `budget` changes: the list's second page (1), or a filter applied and reset (2), in
   * turns; a list without one does the other.
   */
  async browse(budget: number): Promise<boolean> {
    const order =
      this.visits % 4 === 1 ? [this.turnPage, this.filter] : [this.filter, this.turnPage];
    for (const way of order) if (await way.call(this, budget)) return true;
    return false;
  }

  private async turnPage(budget: number): Promise<boolean> {
    const second = this.main.locator('.ant-pagination-item-2');
    if (budget < 1 || !(await second.isVisible())) return false;
    await this.change(() => second.click());
    this.pages += 1;
    return true;
  }

  private async filter(budget: number): Promise<boolean> {
    if (budget < 2) return false;
    const query = this.main.getByRole('button', { name: QUERY });
    if (!(await query.first().isVisible())) return false;
    const form = this.main
      .locator('form')
      .filter({ has: this.page.getByRole('button', { name: QUERY }) });
    // A plain text field: a picker's search box (邀请人) filters its options, not the list.
    const text = form.locator('input[type="text"]:not([readonly]):not([role="combobox"])').first();
    if (!(await text.isVisible())) return false;
    await text.fill('一');
    await this.change(() => query.first().click());
    this.filters += 1;
    await this.change(() => form.getByRole('button', { name: RESET }).first().click());
    return true;
  }

  /** One change to fill a sweep up: back and forth between two screens of one side menu. */
  async filler(pair: [Screen, Screen]): Promise<void> {
    await this.open(this.here() === pair[0].path ? pair[1] : pair[0]);
    this.fillers += 1;
  }
}

// A stalled click fails with the step instead of waiting out the whole story.
test.use({ actionTimeout: 15_000 });

test(`a long session keeps its memory: ${CHANGES} route changes across every screen`, async ({
  loggedInPage,
  gateway,
}, info) => {
  expect(CHANGES % SWEEP, `SOAK_CHANGES is a multiple of ${SWEEP}`).toBe(0);
  expect(CHANGES, 'at least two sweeps').toBeGreaterThanOrEqual(2 * SWEEP);
  expect(SWEEP % EVERY, `SOAK_EVERY divides ${SWEEP}`).toBe(0);
  expect(
    (CHANGES - SWEEP) / EVERY,
    `SOAK_EVERY leaves at least ${FLAT_SAMPLES} samples after the first sweep`,
  ).toBeGreaterThanOrEqual(FLAT_SAMPLES);
  // A safety net only (nothing here is timed): generous for a machine under load.
  test.setTimeout(CHANGES * 10_000);

  const screens = await adminScreens(gateway.api);
  const walk = screens.filter((s) => s.visible);
  const hidden = new Set(screens.filter((s) => !s.visible).map((s) => s.path));
  const home = walk.find((s) => s.path === '/home');
  expect(home, '首页 is in the administrator menu').toBeDefined();
  // Every menu screen in menu order, 首页 last (each sweep ends where the heap is compared).
  const sweepScreens = [...walk.filter((s) => s !== home), home!];
  expect(sweepScreens.length, `a sweep of ${SWEEP} changes reaches every menu screen`).toBeLessThan(
    SWEEP,
  );
  // The sweep is filled up by going back and forth between the last two screens before 首页.
  const pair = sweepScreens.slice(-3, -1) as [Screen, Screen];
  expect(pair[0].chain[0], 'the last two screens before 首页 share a side menu').toEqual(
    pair[1].chain[0],
  );

  const page = await loggedInPage('admin');
  // Nothing this story does may reach the gateway's data: writes are aborted and counted.
  const writes: string[] = [];
  await page.route(
    (url) => url.pathname === '/api' || url.pathname === '/m',
    (route) => {
      const request = route.request();
      if (request.method() === 'POST') {
        writes.push(new URL(request.url()).searchParams.get('api') ?? '?');
        return route.abort();
      }
      return route.continue();
    },
  );
  const cdp = await page.context().newCDPSession(page);
  const aliases = new Map(screens.map((s) => [s.path, s.alias]));
  const session = new Session(page, cdp, hidden, aliases);

  await page.goto(app('/home'));
  await session.shell.expectScreen('首页');
  const snapshots: string[] = [];

  // Each sweep: every menu screen; on each a dialog, a detail and now and then a page or a filter
  // while the sweep's budget allows; filled up to exactly SWEEP changes before 首页.
  for (let sweep = 1; session.changes < CHANGES; sweep += 1) {
    const start = session.changes;
    for (const [i, screen] of sweepScreens.entries()) {
      if (screen === home) {
        while (session.changes - start < SWEEP - 1) await session.filler(pair);
      }
      await session.open(screen);
      session.visits += 1;
      // What is left of the sweep once the remaining screens are opened (one change each).
      const budget = () => SWEEP - (session.changes - start) - (sweepScreens.length - 1 - i);
      await session.dialog();
      // A detail on one visit, a page or a filter on the next.
      // A screen that has no detail link or no list to page through does the other.
      const first = session.visits % 2 === 0 ? 'detail' : 'browse';
      for (const extra of first === 'detail' ? ['detail', 'browse'] : ['browse', 'detail']) {
        const did =
          extra === 'detail' ? await session.detail(budget()) : await session.browse(budget());
        if (did) break;
      }
    }
    expect(session.changes - start, `sweep ${sweep}: route changes`).toBe(SWEEP);
    expect(session.here(), `sweep ${sweep} ends on 首页`).toBe('/home');
    console.log(`long session: sweep ${sweep} done, ${session.changes} route changes`);
    const keep = process.env.SOAK_SNAPSHOTS;
    if (keep || (HEAP_DIFF && (sweep === 1 || session.changes >= CHANGES))) {
      const file = join(keep ?? info.outputPath(), `sweep-${sweep}.heapsnapshot`);
      await snapshot(cdp, file);
      snapshots.push(file);
    }
  }
  await cdp.detach();
  // The workspace kept its full number of tabs alive throughout (issue 20): the heap figures are
  // those of a session with that many pages mounted.
  const kept = await page.locator('main').count();

  // ---- the figures ---------------------------------------------------------------------------
  const samples = session.samples;
  const sweepEnds = samples.filter((s) => s.changes % SWEEP === 0);
  const first = sweepEnds[0];
  const last = sweepEnds.at(-1)!;
  const ratio = last.heap / first.heap;
  const heapOk = ratio <= HEAP_BUDGET;
  const tail = samples.slice(-FLAT_SAMPLES);
  const flat = tail.every((s) => s.wasm === tail[0].wasm);
  // Where the heap grew, from the snapshots after the first and the last sweep: V8's code
  // (bytecode, machine code of functions optimised as they get hot, their feedback) apart from
  // objects and strings; DOM and other native objects are not in the JS heap figure: left out.
  const growth = HEAP_DIFF
    ? diff(summarize(snapshots[0]), summarize(snapshots.at(-1)!)).filter(
        (g) => !g.name.startsWith('native:'),
      )
    : [];
  const sum = (rows: { size: number }[]) => rows.reduce((n, r) => n + r.size, 0);
  const codeGrowth = sum(growth.filter((g) => g.name.startsWith('code:')));
  const restGrowth = sum(growth.filter((g) => !g.name.startsWith('code:')));
  const topGrowth = growth
    .slice(0, 6)
    .map((g) => `${g.name} ${g.size >= 0 ? '+' : ''}${(g.size / 1024).toFixed(0)} KB (${g.count})`);
  if (!process.env.SOAK_SNAPSHOTS) for (const file of snapshots) rmSync(file);
  const unvisited = walk.filter((s) => !session.visited.has(s.path)).map((s) => s.path);
  const details = [...hidden].filter((p) => session.visited.has(p));
  const lines = [
    `long session: ${session.changes} route changes in ${session.changes / SWEEP} sweeps over ` +
      `${session.visited.size} routes (${walk.length} menu screens; detail pages ` +
      `${details.join(', ')}); ${session.dialogs} dialogs opened and cancelled ` +
      `(${[...session.dialogKinds].map(([k, n]) => `${k}×${n}`).join(' ')}); ` +
      `${session.details} detail visits, ${session.pages} page turns, ${session.filters} filters, ` +
      `${session.fillers} filler clicks`,
    'changes  route                                JS heap (after GC)  wasm memory',
    ...samples.map(
      (s) =>
        `${String(s.changes).padStart(7)}  ${s.path.padEnd(35)}  ${mb(s.heap).padStart(18)}  ` +
        `${mb(s.wasm).padStart(11)}${s.changes % SWEEP === 0 ? '  ← sweep end' : ''}`,
    ),
    `JS heap after ${first.changes} changes: ${mb(first.heap)}; after ${last.changes}: ` +
      `${mb(last.heap)}; ratio ${ratio.toFixed(3)} (budget ${HEAP_BUDGET}) ` +
      `${heapOk ? 'PASS' : 'FAIL'}`,
    HEAP_DIFF
      ? `  heap snapshots, sweep 1 → sweep ${session.changes / SWEEP}: V8 code ` +
        `${mbSigned(codeGrowth)}, objects and strings ${mbSigned(restGrowth)}; largest: ` +
        topGrowth.join(', ')
      : '  where it grew: SOAK_HEAP_DIFF=1 (make soak) diffs heap snapshots of the first and last sweep',
    `wasm memory, last ${FLAT_SAMPLES} samples (changes ${tail[0].changes}–${last.changes}): ` +
      `${tail.map((s) => s.wasm).join(', ')} bytes ` +
      `${flat ? 'PASS (stopped growing)' : 'FAIL (still growing)'}`,
    `writes attempted (aborted): ${writes.length}`,
    `workspace tabs kept alive at the end: ${kept} (the core's keptTabs ${KEPT_TABS})`,
  ];
  console.log(lines.join('\n'));
  await info.attach('long session', { body: lines.join('\n'), contentType: 'text/plain' });

  expect(unvisited, 'every menu screen visited').toEqual([]);
  expect(session.dialogs, 'dialogs opened').toBeGreaterThan(0);
  expect(details.length, 'detail pages visited').toBeGreaterThan(0);
  expect(writes, 'the walk wrote nothing').toEqual([]);
  expect(kept, 'pages kept alive in workspace tabs').toBe(KEPT_TABS);
  expect(samples.length, 'samples taken').toBe(CHANGES / EVERY);
  expect(first.changes, 'the first heap figure is after the first 30 changes').toBe(SWEEP);
  expect(tail[0].changes, 'the judged wasm samples follow the warm-up sweep').toBeGreaterThan(
    SWEEP,
  );
  expect(ratio, `JS heap after ${last.changes} / after ${first.changes}`).toBeLessThanOrEqual(
    HEAP_BUDGET,
  );
  expect(
    flat,
    `wasm memory over the last ${FLAT_SAMPLES} samples: ${tail.map((s) => s.wasm).join(', ')}`,
  ).toBe(true);
});
