// Lighthouse (npm lighthouse@12.2.3) on one URL, for the size report (scripts/size-report.mjs):
// mobile (Lighthouse's default: a mid-range phone on slow 4G, CPU 4× slower, simulated) and desktop
// (its desktop preset), in Debian's Chromium, headless, in one fresh profile (Lighthouse clears the
// origin's storage and cache before each run). Returns the performance, accessibility and
// best-practices scores, the bytes transferred and the seconds taken; the audits that cost points
// are named so a low score says why.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse, { desktopConfig } from "lighthouse";

const CATEGORIES = ["performance", "accessibility", "best-practices"];

/** Starts Chromium with a DevTools port of `port` and a fresh profile; resolves once it answers. */
async function startChromium(port) {
  const profile = mkdtempSync(join(tmpdir(), "adnur-lighthouse-"));
  const child = spawn(
    process.env.CHROME_BIN || "/usr/bin/chromium",
    [
      "--headless=new",
      "--no-sandbox",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(profile, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/json/version`, { signal: AbortSignal.timeout(1_000) });
      return stop;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error("lighthouse: Chromium did not open its DevTools port");
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** One Lighthouse run's figures. */
function figures(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  // What cost points: each scored audit under 1 in the three categories, by its weight.
  const lost = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        lost.push(`${id}: ${ref.id} ${Math.round(audit.score * 100)}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
      }
    }
  }
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    bytes: metric("total-byte-weight"),
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    lost,
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * Lighthouse on `url`, mobile then desktop, with Chromium's DevTools on `port`.
 * @returns {Promise<{ mobile: ReturnType<typeof figures>, desktop: ReturnType<typeof figures>, seconds: number }>}
 */
export async function runLighthouse(url, port) {
  const started = Date.now();
  const stop = await startChromium(port);
  try {
    const flags = { port, output: "json", logLevel: "error", onlyCategories: CATEGORIES };
    const mobile = await lighthouse(url, flags);
    const desktop = await lighthouse(url, flags, desktopConfig);
    if (!mobile?.lhr || !desktop?.lhr) throw new Error("lighthouse: no result");
    return { mobile: figures(mobile.lhr), desktop: figures(desktop.lhr), seconds: (Date.now() - started) / 1000 };
  } finally {
    await stop();
  }
}
