// The first screen's times, for the size report (scripts/size-report.mjs): in Chromium with the CPU
// slowed 4× (CDP Emulation.setCPUThrottlingRate), three cold loads of the login page, each in a new
// browser context (empty cache, no session), each followed by a sign-in as the administrator.
//
// - Login LCP: the startTime of the last 'largest-contentful-paint' entry the page reported
//   (PerformanceObserver, buffered) once the form is shown and the network is idle, before any input.
//   The page is drawn at build time (web/build/prerender.ts), so this is before its scripts run.
// - Login alive: when 登录 first stands enabled in the page — the drawn page keeps it disabled until
//   React has hydrated it — the moment the page answers; printed beside the LCP, with no goal.
// - Sign-in to interactive: from the click on 登录 (the click event's own timeStamp, so the input
//   delay is counted) until the layout has answered a click. Precisely, in the page's clock:
//     ready       = the first DOM change after which the top menu (主导航) lists its items, every
//                   side menu (侧边导航) present lists its items, the breadcrumb names the screen, and
//                   the page area (<main>) shows text with nothing in it still loading (no antd
//                   skeleton, no spinning indicator, no 建设中/页面加载失败 stand-in is accepted
//                   either, since those are texts too — the first screen is 首页, a landed screen);
//     interactive = as soon as `ready` is seen, a real mouse click (CDP input, queued behind the
//                   page's own work like a user's) is sent to the header's user menu; the time the
//                   dropdown's 退出登录 item is in the DOM.
//   The figure is interactive − click on 登录; `ready` is printed beside it.
// Each figure is the median of the three runs. The CPU idle share of the machine over the two
// seconds before the runs is printed beside them: on a busy machine the times rise.
import { readFileSync } from "node:fs";
import { ACCOUNTS } from "../tests/support/product.mjs";

export const RUNS = 3;
export const CPU_SLOWDOWN = 4;

/** Percent of CPU time idle over `ms` (from /proc/stat; `undefined` where there is none). */
export async function idlePercent(ms = 2000) {
  const sample = () => {
    const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
    const n = fields.map(Number);
    // user nice system idle iowait irq softirq steal
    const idle = n[3] + (n[4] || 0);
    const total = n.slice(0, 8).reduce((a, b) => a + (b || 0), 0);
    return { idle, total };
  };
  try {
    const a = sample();
    await new Promise((r) => setTimeout(r, ms));
    const b = sample();
    return Math.round((100 * (b.idle - a.idle)) / Math.max(1, b.total - a.total));
  } catch {
    return undefined;
  }
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Installed before any script of the app: collects LCP entries, and when 登录 is first enabled.
function observeLcp() {
  const w = /** @type {any} */ (window);
  w.__lcp = [];
  w.__alive = 0;
  const alive = new MutationObserver(() => {
    const button = document.querySelector('form[name="login"] button[type="submit"]');
    if (button && !(/** @type {HTMLButtonElement} */ (button).disabled)) {
      w.__alive = performance.now();
      alive.disconnect();
    }
  });
  alive.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled"] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const el = /** @type {any} */ (e).element;
      w.__lcp.push({
        t: e.startTime,
        size: /** @type {any} */ (e).size,
        what: el ? `<${el.tagName.toLowerCase()}> ${(el.textContent || "").trim().slice(0, 16)}` : "(removed)",
      });
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

// Runs in the page before 登录 is clicked: records the click, then `ready` and `opened` (see above).
function watchSignIn() {
  const w = /** @type {any} */ (window);
  const m = (w.__signIn = { submit: 0, ready: 0, opened: 0 });
  document.addEventListener(
    "click",
    (e) => {
      const t = /** @type {Element} */ (e.target);
      if (!m.submit && e.isTrusted && t.closest?.('form[name="login"] button[type="submit"]')) m.submit = e.timeStamp;
    },
    true,
  );
  const items = (menu) => (menu ? menu.querySelectorAll('[role="menuitem"]').length : 0);
  const isReady = () => {
    const top = document.querySelector('[role="menu"][aria-label="主导航"]');
    if (items(top) === 0) return false;
    for (const side of document.querySelectorAll('[role="menu"][aria-label="侧边导航"]')) if (items(side) === 0) return false;
    const crumbs = document.querySelectorAll(".ant-breadcrumb li");
    if (crumbs.length === 0 || !crumbs[crumbs.length - 1].textContent.trim()) return false;
    const main = document.querySelector("main");
    if (!main || !main.textContent.trim()) return false;
    if (main.querySelector(".ant-skeleton, .ant-spin-spinning")) return false;
    return !/建设中|页面加载失败|页面出错了/.test(main.textContent);
  };
  const isOpen = () =>
    [...document.querySelectorAll('.ant-dropdown [role="menuitem"]')].some((el) => el.textContent.includes("退出登录"));
  new MutationObserver(() => {
    const now = performance.now();
    if (!m.ready && m.submit && isReady()) m.ready = now;
    if (m.ready && !m.opened && isOpen()) m.opened = now;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/**
 * Three cold loads of `${base}/adnuradmin/login`, each signed in, in `browser` (each run in a
 * context of its own: empty cache, no session). Returns the medians, the runs, the CPU idle share
 * before them and how much slower a fixed loop ran under the slowdown than without it.
 */
export async function measureFirstScreen(browser, base) {
  const idle = await idlePercent();
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await page.addInitScript(observeLcp);
      await page.goto(`${base}/adnuradmin/login`, { waitUntil: "networkidle" });
      const submit = page.getByRole("button", { name: /登\s*录/ });
      await submit.waitFor();
      // Two frames after the form is up and the network idle: every paint so far has reported.
      const lcp = await page.evaluate(
        () =>
          new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(/** @type {any} */ (window).__lcp.at(-1)))),
          ),
      );
      if (!lcp) throw new Error("first screen: the login page reported no largest-contentful-paint");
      await page.waitForFunction(() => /** @type {any} */ (window).__alive > 0, null, { timeout: 60_000 });
      const alive = await page.evaluate(() => /** @type {any} */ (window).__alive);
      // The slowdown really applies to this page: a fixed loop, timed here and unthrottled below.
      const loop = await page.evaluate(spin);

      await page.getByLabel("用户名").fill(ACCOUNTS.admin.username);
      await page.getByLabel("密码", { exact: true }).fill(ACCOUNTS.admin.password);
      await page.evaluate(watchSignIn);
      await submit.click();
      await page.waitForFunction(() => /** @type {any} */ (window).__signIn.ready > 0, null, { polling: "raf", timeout: 60_000 });
      const box = await page.getByTestId("user-menu").boundingBox();
      if (!box) throw new Error("first screen: the layout has no user menu");
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForFunction(() => /** @type {any} */ (window).__signIn.opened > 0, null, { polling: "raf", timeout: 60_000 });
      const signIn = await page.evaluate(() => /** @type {any} */ (window).__signIn);
      runs.push({
        lcp: lcp.t,
        lcpWhat: lcp.what,
        alive,
        ready: signIn.ready - signIn.submit,
        interactive: signIn.opened - signIn.submit,
        loop,
      });
    } finally {
      await context.close();
    }
  }
  // The same loop without the slowdown, for the check.
  const context = await browser.newContext();
  const page = await context.newPage();
  const plainLoop = median([await page.evaluate(spin), await page.evaluate(spin), await page.evaluate(spin)]);
  await context.close();
  return {
    idle,
    runs,
    lcp: median(runs.map((r) => r.lcp)),
    alive: median(runs.map((r) => r.alive)),
    ready: median(runs.map((r) => r.ready)),
    interactive: median(runs.map((r) => r.interactive)),
    slowdown: median(runs.map((r) => r.loop)) / plainLoop,
  };
}

// A fixed amount of work; its time in ms.
function spin() {
  const t = performance.now();
  let x = 0;
  for (let i = 0; i < 2_000_000; i += 1) x = (x * 31 + i) % 1_000_003;
  return performance.now() - t + (x < 0 ? 1 : 0);
}
