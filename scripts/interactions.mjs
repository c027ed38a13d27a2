// An operator's interactions timed for the size report (issue 21, item 4): in Chromium with the CPU
// slowed 4× (CDP Emulation.setCPUThrottlingRate), signed in as the administrator on the default
// seed, against the app as deployed (the same nginx and gateway as the rest of the report). Each
// figure is the median of five:
//
// - Route change: a click on a menu link (the click event's own timeStamp, so input delay counts)
//   until the new page's rows are painted — the h1 names the page, <main> holds table rows (or an
//   empty state) and nothing in it is loading; "painted" is when the main thread has drawn the
//   next frame after that DOM change: a task posted from the frame's animation-frame callback,
//   which runs once the frame's style, layout and paint are done. (Until stop 41 the callback
//   itself was the end, which left out the last frame's layout and paint.) First visits (基础信息's five lists, each opened once from the menu) and revisits (the
//   same five again) are printed apart.
// - Filter: 商品管理's 商品标题 filled with one of five words, then a click on 查询, until the new
//   rows are painted: the address carries the word, nothing is loading, and the rows differ from
//   those before the click.
// - Typing: INP while a word is typed into that field — the longest interaction (the event timing
//   entries with an interactionId, as PerformanceObserver reports them) of each word.
// - Opening a detail page: a click on a shop's name in 店铺管理 until 店铺详情's heading names the
//   shop and nothing in <main> is loading.
// - Switching back to a kept tab (issue 20): a click on 店铺管理's tab in the workspace's tab bar
//   (商品管理's shown before it) until that list's rows are painted under its h1 (the tab bar
//   shows a kept page at once; features/shell/keptTabSwitch.ts). Then, apart, until the switch
//   has settled: the address is the list's, the tab bar selects its tab, and the page's effects
//   run again, painted.
// - Opening the command palette: Ctrl+K (the keydown's timeStamp) until its input is painted and
//   focused. Its chunk is fetched when the browser is idle after sign-in, as for a user.
// - A pinyin query: the palette's own User Timing measure (`palette:pages`) of matching every menu
//   entry against the typed pinyin, as `dpgl` is typed (the longest of its four keys).
//
// Each page drawn in a workspace tab has its own <main>; the shown one is the one not hidden.
import { ACCOUNTS } from "../tests/support/product.mjs";
import { CPU_SLOWDOWN, median } from "./first-screen.mjs";

export const GOALS = {
  routeFirst: 300,
  routeAgain: 300,
  filter: 200,
  typing: 100,
  detail: 300,
  tabSwitch: 50,
  // The whole switch, as a revisit from the menu (issue 21's goal for it).
  tabSettled: 300,
  paletteOpen: 100,
  pinyinQuery: 16,
};

const LISTS = ["店铺管理", "商品管理", "用户管理", "邀请管理", "类目管理"];
const WORDS = ["连衣裙", "衬衫", "夹克", "针织衫", "半身裙"];
const TYPED = ["cotton", "linen", "jacket", "sweater", "skirt"];
const TIMEOUT = 30_000;

// Installed before the app: the last trusted click's timeStamp, and event timing entries.
function observe() {
  const w = /** @type {any} */ (window);
  w.__click = 0;
  w.__events = [];
  document.addEventListener("click", (e) => e.isTrusted && (w.__click = e.timeStamp), true);
  document.addEventListener("keydown", (e) => e.isTrusted && (w.__click = e.timeStamp), true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const entry = /** @type {any} */ (e);
      if (entry.interactionId) w.__events.push({ id: entry.interactionId, name: entry.name, duration: entry.duration, at: entry.startTime });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
}

// Conditions, evaluated in the page on every DOM change (installed with the init script: the
// app's CSP allows no eval in the page).
function conditions() {
  const busy = (main) => main.querySelector(".ant-skeleton, .ant-spin-spinning, [aria-busy='true']");
  // The shown page's <main> (a kept tab's is display: none).
  const shownMain = () => [...document.querySelectorAll("main")].find((m) => m.checkVisibility());
  const listShown = (args) => {
    // The shown page's h1 (a kept tab's heading is hidden with its page).
    const h1 = [...document.querySelectorAll("h1")].find((h) => h.checkVisibility());
    if (!h1 || h1.textContent.trim() !== args.title) return false;
    // The list's rows: its skeleton gone, its table not loading (a chart beside it may still be).
    const main = shownMain();
    const table = main?.querySelector(".ant-table-wrapper");
    if (!table || main.querySelector("[aria-busy='true']") || table.querySelector(".ant-spin-spinning")) return false;
    return Boolean(table.querySelector("tbody tr[data-row-key], .ant-empty"));
  };
  return {
    listShown,
    tabSettled: (args) => {
      const selected = document.querySelector("[role='tab'][aria-selected='true']");
      return selected?.textContent.trim() === args.title && args.path === location.pathname && listShown(args);
    },
    filtered: (args) => {
      if (!decodeURIComponent(location.search).includes(args.word)) return false;
      const main = shownMain();
      const body = main?.querySelector("tbody");
      return Boolean(body) && !busy(main) && body.textContent !== args.before;
    },
    detailShown: (args) => {
      const main = shownMain();
      if (!main || busy(main)) return false;
      return [...main.querySelectorAll("h1, h2, h3, h4")].some((h) => h.textContent.includes(args.name));
    },
    paletteShown: () => {
      const input = document.querySelector("[cmdk-input]");
      return Boolean(input) && document.activeElement === input && input.checkVisibility();
    },
  };
}

// Arms `window.__painted`: the time the main thread has drawn the first frame after the named
// condition holds.
function arm([name, args]) {
  const w = /** @type {any} */ (window);
  const done = w.__conditions[name];
  w.__painted = new Promise((resolve, reject) => {
    const check = () => {
      if (!done(args)) return false;
      w.__held = performance.now();
      observer.disconnect();
      requestAnimationFrame(() => {
        const drawn = new MessageChannel();
        drawn.port1.onmessage = () => resolve(performance.now());
        drawn.port2.postMessage(undefined);
      });
      return true;
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    setTimeout(() => (observer.disconnect(), reject(new Error(`${name} ${JSON.stringify(args)}: not painted in 30 s`))), 30_000);
  });
}

/**
 * Clicks `locator` (or presses `locator.key`) and times it, from the event until condition `name`
 * holds, painted. When it held before the paint that followed the event (the page changed in the
 * event's own task), that paint is the end: its time is the event's Event Timing entry's end
 * (startTime + duration, as INP counts it), exact where a task run after the frame could be held
 * up by other work queued before it.
 */
async function timed(page, locator, name, args) {
  await page.evaluate(arm, [name, args]);
  if ("key" in locator) await page.keyboard.press(locator.key);
  else await locator.click();
  const end = await page.evaluate(() => /** @type {any} */ (window).__painted);
  const [start, held] = await page.evaluate(() => [/** @type {any} */ (window).__click, /** @type {any} */ (window).__held]);
  const type = "key" in locator ? "keydown" : "click";
  // Entries are delivered after the frame; one under 16 ms is not reported (the end above stands).
  const entry = await page
    .waitForFunction(
      ([type, start]) => /** @type {any} */ (window).__events.find((e) => e.name === type && Math.abs(e.at - start) < 1),
      [type, start],
      { timeout: 1_000 },
    )
    .then((handle) => handle.jsonValue())
    .catch(() => undefined);
  const firstPaint = entry ? entry.at + entry.duration : Infinity;
  return (held <= firstPaint ? Math.min(end, firstPaint) : end) - start;
}

/**
 * The interactions above in `browser` against `${base}/adnuradmin/`; returns the medians and the
 * samples.
 */
export async function measureInteractions(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.addInitScript(observe);
    await page.addInitScript(`window.__conditions = (${conditions.toString()})();`);
    await page.goto(`${base}/adnuradmin/login`);
    await page.getByLabel("用户名").fill(ACCOUNTS.admin.username);
    await page.getByLabel("密码", { exact: true }).fill(ACCOUNTS.admin.password);
    await page.getByRole("button", { name: /登\s*录/ }).click();
    await page.getByRole("heading", { name: "首页" }).waitFor({ timeout: TIMEOUT });
    const top = page.getByRole("menu", { name: "主导航" });
    const side = page.getByRole("menu", { name: "侧边导航" });

    // Route changes: 基础信息 from the top bar lands on its first list; then the others, then all again.
    const first = [await timed(page, top.getByRole("link", { name: "基础信息" }), "listShown", { title: LISTS[0] })];
    for (const title of LISTS.slice(1)) {
      first.push(await timed(page, side.getByRole("link", { name: title, exact: true }), "listShown", { title }));
    }
    const again = [];
    for (const title of LISTS) {
      again.push(await timed(page, side.getByRole("link", { name: title, exact: true }), "listShown", { title }));
    }

    // Filters and typing, on 商品管理.
    await timed(page, side.getByRole("link", { name: "商品管理", exact: true }), "listShown", { title: "商品管理" });
    const field = page.getByRole("textbox", { name: "商品标题" });
    const search = page.getByRole("main").getByRole("button", { name: /查\s*询/ });
    const filters = [];
    const typing = [];
    for (const [i, word] of WORDS.entries()) {
      // Keys typed one by one (Latin letters: a Chinese character arrives as inserted text, with no
      // key events, so no interaction to time), then the word to search for.
      await field.fill("");
      const from = await page.evaluate(() => performance.now());
      await field.pressSequentially(TYPED[i], { delay: 60 });
      // Let the last key's entries arrive (they are reported after the frame that follows it).
      await page.waitForTimeout(300);
      typing.push(
        await page.evaluate(
          (t) => Math.max(0, ...(/** @type {any} */ (window).__events.filter((e) => e.at >= t).map((e) => e.duration))),
          from,
        ),
      );
      await field.fill(word);
      const before = await page.getByRole("main").locator("tbody").textContent();
      filters.push(await timed(page, search, "filtered", { word, before }));
    }

    // Detail pages: five shops from 店铺管理, back to the list between them.
    await timed(page, side.getByRole("link", { name: "店铺管理", exact: true }), "listShown", { title: "店铺管理" });
    const shopsAt = new URL(page.url()).pathname;
    const details = [];
    for (let i = 0; i < 5; i += 1) {
      const row = page.getByRole("main").locator("tbody tr[data-row-key]").nth(i);
      const link = row.getByRole("link").first();
      const name = (await link.textContent()).trim();
      details.push(await timed(page, link, "detailShown", { name }));
      await page.goBack();
      await page.getByRole("main").locator("tbody tr[data-row-key]").nth(i).waitFor({ timeout: TIMEOUT });
    }
    // Kept tabs: 店铺管理 and 商品管理 are open in the workspace; back and forth between them.
    await timed(page, side.getByRole("link", { name: "商品管理", exact: true }), "listShown", { title: "商品管理" });
    const productsAt = new URL(page.url()).pathname;
    const tabs = page.getByRole("tablist", { name: "已打开的页面" });
    const switches = [];
    const settled = [];
    for (let i = 0; i < 10; i += 1) {
      const shops = tabs.getByRole("tab", { name: "店铺管理", exact: true });
      if (i < 5) switches.push(await timed(page, shops, "listShown", { title: "店铺管理" }));
      else settled.push(await timed(page, shops, "tabSettled", { title: "店铺管理", path: shopsAt }));
      await timed(page, tabs.getByRole("tab", { name: "商品管理", exact: true }), "listShown", { title: "商品管理" });
      // Back on 商品管理 for good before the next switch.
      await page.waitForURL((url) => url.pathname === productsAt, { timeout: TIMEOUT });
    }

    // The command palette: opened with Ctrl+K, `dpgl` typed, closed with Escape.
    const opens = [];
    const pinyin = [];
    for (let i = 0; i < 5; i += 1) {
      opens.push(await timed(page, { key: "Control+k" }, "paletteShown", {}));
      await page.evaluate(() => performance.clearMeasures("palette:pages"));
      await page.keyboard.type("dpgl", { delay: 60 });
      await page.getByRole("option", { name: /店铺管理/ }).first().waitFor({ timeout: TIMEOUT });
      pinyin.push(await page.evaluate(() => Math.max(0, ...performance.getEntriesByName("palette:pages").map((m) => m.duration))));
      await page.keyboard.press("Escape");
      await page.locator("[cmdk-input]").waitFor({ state: "detached", timeout: TIMEOUT });
    }

    const round = (xs) => xs.map((x) => Math.round(x));
    return {
      routeFirst: median(first),
      routeAgain: median(again),
      filter: median(filters),
      typing: median(typing),
      detail: median(details),
      tabSwitch: median(switches),
      tabSettled: median(settled),
      paletteOpen: median(opens),
      pinyinQuery: median(pinyin),
      samples: {
        routeFirst: round(first),
        routeAgain: round(again),
        filter: round(filters),
        typing: round(typing),
        detail: round(details),
        tabSwitch: round(switches),
        tabSettled: round(settled),
        paletteOpen: round(opens),
        pinyinQuery: pinyin.map((x) => Math.round(x * 10) / 10),
      },
    };
  } finally {
    await context.close();
  }
}
