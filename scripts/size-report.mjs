#!/usr/bin/env node
// Size report for `make test`: the release core-wasm module (raw and gzipped), the bytes the login
// page loads (its HTML, JS, CSS and wasm, as observed in Chromium, each gzipped as nginx serves it), the first screen's times in the
// same Chromium with the CPU slowed 4× (login LCP, sign-in to interactive: scripts/first-screen.mjs
// says exactly what is timed), Lighthouse's scores and transferred bytes on the login page, mobile
// and desktop (scripts/lighthouse.mjs), and the largest route chunk (a page module's own chunk, from
// Vite's manifest). The browser half runs against the app as deployed: Debian's nginx with the
// repository's configuration (deploy/nginx/) serving web/dist, the gateway behind it. Each figure is
// printed beside its budget or goal; a figure over its budget fails the run, after saying what
// dominates it.
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { get } from "node:http";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CPU_SLOWDOWN, RUNS, measureFirstScreen } from "./first-screen.mjs";
import { GOALS, measureInteractions } from "./interactions.mjs";
import { runLighthouse } from "./lighthouse.mjs";
import { deployedBuild, freePort, startNginx } from "../tests/support/nginx.mjs";

const root = new URL("..", import.meta.url).pathname;
const targetDir = process.env.CARGO_TARGET_DIR || join(root, "target");
const gatewayBin = process.env.GATEWAY_BIN || join(targetDir, "debug/mock-gateway");
const KB = 1024;
// Budgets: the module, with values crossing through serde-wasm-bindgen, at most 100 KB gzipped (the
// developers' guide: a budget guards the first screen and never holds back a feature; the login
// page's total below, which includes the module, is what guards it). The goal stays 60: over it,
// what dominates and what the boundary library costs are printed. The login page — its HTML, JS,
// CSS and wasm, each as nginx sends it to a client that accepts only gzip (the build's Zopfli
// `.gz`) — at most 221 KB, fatal: issue 19's 220, raised by 1 KB for 按钮权限 and device tokens (the
// signed-in user's codes and the module's check of them, the device token kept per account: 0.3 KB
// measured, after removing two exports nothing called), since a budget never holds back a feature;
// what the core gains beyond is won back elsewhere on the first screen; the goal beyond, 200, is
// printed. Drawing the page at build time added its
// stylesheet and markup and took its LCP from about 1,030 ms to 300–550 ms; that stylesheet keeps
// only the rules that draw the markup (2.4 KB; 10.1 when it held every state of every component).
// 219.1 KB on 2026-11-28 (237.2 before Zopfli and the trimmed stylesheet), 232.5 after the
// workspace's core (saved views read through serde-wasm-bindgen, tabs, drafts), 218.3 since the
// build stopped shipping the module's hashed import names and the glue's namespace object and
// the core read views without a BTreeMap or serde's untagged buffering: react-dom 60, the core's
// module 70, antd with its CSS-in-JS about 33, react-router 11. Its LCP (goal 500 ms)
// and sign-in to an interactive layout (goal 1.5 s), with the CPU slowed 4× (median
// of 3), are printed against their goals and the CPU idle beside them; on a busy machine the times
// rise, so they do not fail the run. Lighthouse's scores (goals: mobile performance ≥ 90, desktop
// 100, accessibility and best practices 100) are printed and never fail it either (2 noisy
// cores). Over a budget, the run fails.
const budgets = {
  wasmGzip: 100 * KB,
  wasmGoal: 60 * KB,
  loginGzip: 221 * KB,
  loginGoal: 200 * KB,
  loginLcpMs: 500,
  signInMs: 1500,
  lighthouse: { mobilePerformance: 90, desktopPerformance: 100, accessibility: 100, bestPractices: 100 },
};
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
/** The bytes of `url`'s body as served with `Accept-Encoding: gzip` (not inflated). */
function gzipServed(url) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      let n = 0;
      res.on("data", (chunk) => (n += chunk.length));
      res.on("end", () =>
        res.statusCode === 200 ? resolve(n) : reject(new Error(`${url}: HTTP ${res.statusCode}`)),
      );
    }).on("error", reject);
  });
}
const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const over = [];
const line = (label, value, budget, fatal = false) => {
  let verdict = "";
  if (budget !== undefined) {
    verdict = `  (budget ${kb(budget)}: ${value <= budget ? "PASS" : "OVER"})`;
    if (value > budget && fatal) over.push(label);
  }
  console.log(`${label.padEnd(48)} ${kb(value).padStart(10)}${verdict}`);
};
const msLine = (label, value, goal) => {
  const ok = value <= goal;
  console.log(`${label.padEnd(48)} ${`${value < 20 ? value.toFixed(1) : Math.round(value)} ms`.padStart(10)}  (goal ${goal} ms: ${ok ? "PASS" : "MISS"})`);
};

// 1. The wasm module.
const wasm = readFileSync(join(root, "core-wasm/pkg/core_wasm_bg.wasm"));
console.log("== size report");
line("core-wasm release .wasm, raw", wasm.length);
const wasmGz = gz(wasm);
line("core-wasm release .wasm, gzipped", wasmGz, budgets.wasmGzip, true);
line("core-wasm release .wasm, gzipped, against the goal", wasmGz, budgets.wasmGoal);
if (wasmGz > budgets.wasmGoal) {
  // What dominates: twiggy on the named (pre-bindgen) module.
  console.log("   what dominates (twiggy top, code only):");
  try {
    const top = execFileSync("twiggy", ["top", "-n", "40", join(targetDir, "wasm32-unknown-unknown/release/core_wasm.wasm")], { encoding: "utf8" });
    top.split("\n").filter((l) => /┊/.test(l) && !/custom section|names" subsection|Σ|\.\.\. and/.test(l)).slice(0, 12).forEach((l) => console.log(`   ${l.slice(0, 150)}`));
    // What the boundary library costs: serde-wasm-bindgen itself, serde's generic code, and what
    // serde's error texts linked before vendor/serde-wasm-bindgen let JS write their numbers and
    // strings: Rust's float printing and str's Debug escaping, 0 unless something brings them back
    // (raw bytes of the named module).
    const all = execFileSync("twiggy", ["top", "-n", "100000", join(targetDir, "wasm32-unknown-unknown/release/core_wasm.wasm")], { encoding: "utf8" });
    const groups = { "serde-wasm-bindgen": /serde_wasm_bindgen/, "serde (generic de/ser code)": /serde_core|serde::/, "float printing (serde's error texts)": /flt2dec|fmt::float|bignum/, "str Debug escaping (serde's error texts)": /is_printable|escape_debug|<str as core\S*::fmt::Debug>/ };
    const sums = Object.fromEntries(Object.keys(groups).map((k) => [k, 0]));
    for (const row of all.split("\n")) {
      const [bytes, , name = ""] = row.split("┊");
      for (const [k, re] of Object.entries(groups)) if (re.test(name)) sums[k] += Number.parseInt(bytes, 10) || 0;
    }
    console.log("   what the boundary costs (raw bytes of code, before wasm-opt):");
    for (const [k, v] of Object.entries(sums)) console.log(`   ${k.padEnd(40)} ${kb(v).padStart(10)}`);
  } catch {
    console.log("   (twiggy not installed: cargo install twiggy)");
  }
}

// 2. What the login page loads (its HTML and every JS, CSS and wasm file), observed in a real
// browser against nginx serving web/dist (config.json: the gateway behind nginx) in front of the
// gateway.
const gateway = spawn(gatewayBin, ["--port", "0", "--db", ":memory:"], {
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? "warn" },
});
const gatewayOrigin = await new Promise((resolve, reject) => {
  let out = "";
  gateway.stdout.on("data", (d) => {
    out += d;
    const m = out.match(/listening on (http:\/\/[\d.:]+)/);
    if (m) resolve(m[1]);
  });
  gateway.on("exit", (code) => reject(new Error(`gateway exited with ${code}`)));
  setTimeout(() => reject(new Error("gateway did not start in 60 s")), 60_000);
});
const build = deployedBuild("production:");
let nginx;
try {
  nginx = await startNginx({ dist: build.dir, gateway: new URL(gatewayOrigin).host });
} catch (e) {
  gateway.kill("SIGTERM");
  build.remove();
  throw e;
}
const base = nginx.origin;
const loaded = new Map();
let first;
let interactions;
let audit;
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_BIN || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = await browser.newPage();
    const bodies = [];
    page.on("response", (res) => {
      const url = new URL(res.url());
      const page = res.request().resourceType() === "document";
      if (!page && !/\.(js|css|wasm)$/.test(url.pathname)) return;
      // Kept as promises and awaited below, so no body is still being read when the sum is taken.
      bodies.push(
        res.body().then(
          (body) => loaded.set(url.pathname, { raw: body.length }),
          () => undefined, // a response without a body (redirect) carries no bytes
        ),
      );
    });
    await page.goto(`${base}/adnuradmin/login`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: /登\s*录/ }).waitFor();
    await Promise.all(bodies);
    await page.close();
    // Each file as nginx sends it to a client that accepts only gzip: the build's Zopfli `.gz`
    // (gzip_static) for assets, nginx's own gzip for the HTML it fills the nonce into.
    for (const [path, size] of loaded) size.gz = await gzipServed(`${base}${path}`);
    // 3. The first screen's times, in the same browser against the same servers.
    first = await measureFirstScreen(browser, base);
    // 3b. An operator's interactions (scripts/interactions.mjs), printed against their goals and
    // never fatal: one that cannot be timed is printed as a MISS, with why.
    try {
      interactions = await measureInteractions(browser, base);
    } catch (e) {
      interactions = { error: e instanceof Error ? e.message : String(e) };
    }
  } finally {
    await browser.close();
  }
  // 4. Lighthouse on the login page, mobile and desktop, in a Chromium of its own.
  // Its scores never fail the run, and neither does a Lighthouse that cannot finish (its Chromium
  // not starting, a trace it cannot read): that is printed as a MISS of every goal, with why.
  try {
    audit = await runLighthouse(`${base}/adnuradmin/login`, await freePort());
  } catch (e) {
    audit = { error: e instanceof Error ? e.message : String(e) };
  }
} finally {
  await nginx.stop();
  build.remove();
  gateway.kill("SIGTERM");
}
let login = 0;
let loginRaw = 0;
for (const [path, size] of [...loaded].sort((a, b) => b[1].gz - a[1].gz)) {
  console.log(`   login loads ${path.replace(/^\/adnuradmin\/assets\//, "")}: ${kb(size.gz)}`);
  login += size.gz;
  loginRaw += size.raw;
}
line(`login page: ${loaded.size} files (HTML, JS, CSS, wasm), raw`, loginRaw);
line("login page: HTML + JS + CSS + wasm, gzipped", login, budgets.loginGzip, true);
line("login page, gzipped, against the goal", login, budgets.loginGoal);
// What the first paint waits for: the HTML and its stylesheets (scripts are modules, run after).
const drawnFrom = [...loaded].filter(([path]) => !/\.(js|wasm)$/.test(path));
line("login page drawn from (HTML + CSS), gzipped", drawnFrom.reduce((n, [, s]) => n + s.gz, 0));

const idle = first.idle === undefined ? "unknown" : `${first.idle}%`;
console.log(
  `== first screen: Chromium, CPU slowed ${CPU_SLOWDOWN}× (a fixed loop ran ${first.slowdown.toFixed(1)}× slower), median of ${RUNS} cold loads; CPU idle before the runs: ${idle}`,
);
first.runs.forEach((r, i) =>
  console.log(
    `   run ${i + 1}: LCP ${Math.round(r.lcp)} ms (${r.lcpWhat}), 登录 enabled at ${Math.round(r.alive)} ms, sign-in to ready ${Math.round(r.ready)} ms, to interactive ${Math.round(r.interactive)} ms`,
  ),
);
msLine("login page LCP, CPU 4× slower", first.lcp, budgets.loginLcpMs);
console.log(`${"login page answers (登录 enabled, hydrated)".padEnd(48)} ${`${Math.round(first.alive)} ms`.padStart(10)}`);
console.log(`${"sign-in to layout ready (menus, 首页 shown)".padEnd(48)} ${`${Math.round(first.ready)} ms`.padStart(10)}`);
msLine("sign-in to layout interactive, CPU 4× slower", first.interactive, budgets.signInMs);
if (first.idle !== undefined && first.idle < 50 && (first.lcp > budgets.loginLcpMs || first.interactive > budgets.signInMs)) {
  console.log(`   the machine was busy (CPU idle ${idle}): the times above rise with other work; measure again on a quiet machine`);
}

// An operator's interactions against issue 21's and issue 20's goals; printed, never fatal.
if (interactions.error) {
  console.log(`== interactions: could not be timed (MISS of every goal): ${interactions.error}`);
} else {
  console.log(
    `== interactions: Chromium, CPU slowed ${CPU_SLOWDOWN}×, the administrator on the default seed, median of 5 (scripts/interactions.mjs says what is timed)`,
  );
  const rows = [
    ["routeFirst", "menu click to the list's rows, first visit"],
    ["routeAgain", "menu click to the list's rows, revisit"],
    ["filter", "商品管理 查询 to the new rows"],
    ["typing", "typing in 商品标题, INP"],
    ["detail", "a shop's name to 店铺详情"],
    ["tabSwitch", "back to a kept tab, its rows painted"],
    ["tabSettled", "back to a kept tab, the switch settled"],
    ["paletteOpen", "Ctrl+K to the palette's input"],
    ["pinyinQuery", "a pinyin query over every menu entry"],
  ];
  for (const [key, label] of rows) {
    msLine(label, interactions[key], GOALS[key]);
    console.log(`   samples: ${interactions.samples[key].join(", ")} ms`);
  }
}

// Lighthouse's figures against their goals; printed, never fatal.
const L = budgets.lighthouse;
const score = (label, value, goal) =>
  `${label} ${String(value).padStart(3)} (goal ${goal === 100 ? "100" : `≥ ${goal}`}: ${value >= goal ? "PASS" : "MISS"})`;
if (audit.error) {
  console.log(`== Lighthouse 12.2.3, /adnuradmin/login as nginx serves it: did not run (MISS of every goal): ${audit.error}`);
} else {
  console.log(
    `== Lighthouse 12.2.3, /adnuradmin/login as nginx serves it: mobile (simulated slow 4G, CPU 4× slower) and desktop presets, headless Chromium; took ${Math.round(audit.seconds)} s`,
  );
  for (const [name, r, perfGoal] of [["mobile", audit.mobile, L.mobilePerformance], ["desktop", audit.desktop, L.desktopPerformance]]) {
    console.log(
      `   ${name.padEnd(8)} ${score("performance", r.performance, perfGoal)}  ${score("accessibility", r.accessibility, L.accessibility)}  ${score("best practices", r.bestPractices, L.bestPractices)}`,
    );
    console.log(
      `   ${"".padEnd(8)} transferred ${kb(r.bytes)}, FCP ${(r.fcp / 1000).toFixed(1)} s, LCP ${(r.lcp / 1000).toFixed(1)} s, TBT ${Math.round(r.tbt)} ms`,
    );
    for (const l of r.lost) console.log(`   ${"".padEnd(8)} lost: ${l}`);
    for (const w of r.warnings) console.log(`   ${"".padEnd(8)} warning: ${w}`);
  }
}

// 5. The largest route chunk: the chunk of each page module (src/pages/**/index.tsx) in Vite's
// manifest, gzipped; the three largest are listed.
const manifest = JSON.parse(readFileSync(join(root, "web/dist/.vite/manifest.json"), "utf8"));
const pages = Object.entries(manifest)
  .filter(([src]) => /^src\/pages\/.+\/index\.tsx$/.test(src))
  .map(([src, entry]) => ({ route: src.replace(/^src\/pages\/|\/index\.tsx$/g, ""), size: gz(readFileSync(join(root, "web/dist", entry.file))) }))
  .sort((a, b) => b.size - a.size);
if (pages.length === 0) {
  console.error("size report: no page module in web/dist/.vite/manifest.json");
  process.exit(1);
}
line(`largest route chunk (${pages[0].route}), gzipped`, pages[0].size);
for (const p of pages.slice(1, 3)) console.log(`   next: ${p.route}: ${kb(p.size)}`);

if (over.length > 0) {
  console.error(`size report: over budget: ${over.join("; ")}`);
  process.exit(1);
}
