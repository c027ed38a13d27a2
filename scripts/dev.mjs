#!/usr/bin/env node
/**
 * `npm run dev` (at the root or in web/) and `make dev`: the mock gateway on 127.0.0.1:8787 and Vite
 * on 127.0.0.1:5173 together, rebuilding what a Rust save changes.
 *
 * - Start: the wasm package is built (dev profile) when core-wasm/pkg is missing or older than the
 *   core's sources; `cargo build -p mock-gateway` always runs (cargo skips it when nothing changed).
 * - core-wasm/src/**, core-wasm/Cargo.toml saved: `wasm-pack build --dev` into target/dev-wasm/pkg,
 *   copied into core-wasm/pkg once complete, then a full page reload; the seconds from the save to
 *   the reload are printed. The gateway links the core too (one envelope, one set of rules), so it
 *   is rebuilt and restarted after the reload.
 * - mock-gateway/src/**, mock-gateway/Cargo.toml saved: `cargo build -p mock-gateway`, then the
 *   gateway restarts on the same database (mock-gateway/data/).
 * - Saves are debounced; a failing build prints the compiler's output and the running version stays.
 * - Ctrl-C (SIGINT) or SIGTERM stops the gateway, any build in flight and Vite.
 *
 * Vite runs in this process (its JS API), not as a child, so that the reload is sent once the whole
 * package is in place, once, at a known moment (the printed seconds). Left to its watcher, Vite
 * reloads the page per file it sees change, while the others may still be old. So this process
 * keeps Vite's watcher off core-wasm/pkg, invalidates those modules itself and sends one full
 * reload; a package written by another build (`make wasm`) is noticed too and reloads the page.
 *
 * Environment: GATEWAY_PORT (8787) and WEB_PORT (5173), which web/vite.config.ts reads as well.
 * For scripts/dev.test.mjs: ADNUR_DEV_GATEWAY (the executable to run as the gateway),
 * ADNUR_DEV_NO_BUILD=1 (no cargo, no wasm-pack, no watching) and ADNUR_DEV_VITE_CACHE (Vite's
 * cacheDir).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webDir = path.join(root, "web");
const coreDir = path.join(root, "core-wasm");
const pkgDir = path.join(coreDir, "pkg");
const targetDir = path.resolve(root, process.env.CARGO_TARGET_DIR ?? "target");
// The dev wasm's own cargo folder: in target/ itself it waited on every other cargo (an editor's
// `cargo check` on the same save, a test run) for the artifact-directory lock, minutes on a busy
// machine. Costs one build of the wasm's dependencies, once.
const wasmTargetDir = path.join(targetDir, "dev-wasm");
// Staged outside pkg: wasm-pack deletes pkg/package.json first and writes file by file.
const stageDir = path.join(wasmTargetDir, "pkg");
const gatewayDir = path.join(root, "mock-gateway");
const gatewayBin = process.env.ADNUR_DEV_GATEWAY ?? path.join(targetDir, "debug", "mock-gateway");
const noBuild = process.env.ADNUR_DEV_NO_BUILD === "1";
const DEBOUNCE_MS = 300;

// vite.config.ts reads these from this very process; the gateway reads GATEWAY_PORT itself.
process.env.GATEWAY_PORT ??= "8787";
process.env.WEB_PORT ??= "5173";
const childEnv = {
  ...process.env,
  // `npm run dev` from a shell without ~/.cargo/bin on PATH still finds cargo and wasm-pack.
  PATH: [path.join(os.homedir(), ".cargo", "bin"), process.env.PATH].join(path.delimiter),
};
const color = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
if (color) childEnv.CARGO_TERM_COLOR ??= "always";

const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const tags = {
  dev: paint("1;35", "[dev]"),
  wasm: paint("1;33", "[wasm]"),
  gateway: paint("1;36", "[gateway]"),
};
const log = (tag, message) => console.log(`${tags[tag]} ${message}`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

// ---- child processes ----------------------------------------------------------------------------

/** Every child runs as the leader of its own process group, so a kill reaches cargo's rustc too. */
const children = new Set();

function spawnGroup(command, args, cwd, env = childEnv) {
  const child = spawn(command, args, {
    cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  child.once("error", () => children.delete(child));
  return child;
}

function killGroup(child, signal) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function eachLine(stream, onLine) {
  readline.createInterface({ input: stream, crlfDelay: Infinity }).on("line", onLine);
}

// ---- builds -------------------------------------------------------------------------------------

/** The build running now, so that a wasm save can cut a gateway build short. */
let running = null;

/**
 * Runs one build. `live` streams its output (first builds, which can take minutes); otherwise the
 * output is shown only when the build fails or warns.
 */
function runBuild(tag, command, args, cwd, live, env) {
  return new Promise((resolve) => {
    const started = performance.now();
    const lines = [];
    const child = spawnGroup(command, args, cwd, env);
    const job = { tag, child, aborted: false };
    running = job;
    const keep = (line) => {
      lines.push(line);
      // Another cargo (an editor's, a test run) holding the build folder explains a slow build.
      if (live || line.includes("Blocking waiting for file lock")) log(tag, line);
    };
    eachLine(child.stdout, keep);
    eachLine(child.stderr, keep);
    let settled = false;
    const settle = (ok, output) => {
      if (settled) return;
      settled = true;
      if (running === job) running = null;
      resolve({
        ok,
        aborted: job.aborted,
        output,
        ms: performance.now() - started,
      });
    };
    child.once("error", (e) => {
      const hint = e.code === "ENOENT" ? " (run `make dev` once: it installs what is missing)" : "";
      settle(false, `${command}: ${e.message}${hint}`);
    });
    child.once("close", (code) => {
      const output = lines.join("\n");
      if (code !== 0 && !job.aborted && !live) console.log(output);
      if (code === 0 && !live && /^warning/m.test(output)) console.log(output);
      settle(code === 0, output);
    });
  });
}

function abortRunning(tag) {
  if (running?.tag !== tag) return;
  running.aborted = true;
  killGroup(running.child, "SIGTERM");
}

/** Builds the wasm package into the staging folder, then moves it into core-wasm/pkg file by file. */
async function buildWasm(live) {
  const result = await runBuild(
    "wasm",
    "wasm-pack",
    ["build", "--target", "bundler", "--dev", "--out-dir", stageDir],
    coreDir,
    live,
    { ...childEnv, CARGO_TARGET_DIR: wasmTargetDir },
  );
  if (result.ok) {
    copyInto(stageDir, pkgDir);
    knownPkg = pkgStamp();
  }
  return result;
}

/** Each file lands whole (copy beside it, then rename) and its mtime says when it was built. */
function copyInto(from, to) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      copyInto(source, target);
    } else {
      const partial = path.join(to, `.${entry.name}.${process.pid}.partial`);
      fs.copyFileSync(source, partial);
      fs.renameSync(partial, target);
    }
  }
}

function buildGateway(live) {
  return runBuild("gateway", "cargo", ["build", "-p", "mock-gateway"], root, live);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, {
    withFileTypes: true,
    recursive: true,
  })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath ?? entry.path, entry.name);
      newest = Math.max(newest, fs.statSync(file).mtimeMs);
    }
  }
  return newest;
}

/** Why the wasm package must be built before Vite starts, or null when it is usable. */
function wasmStale() {
  let built;
  try {
    fs.statSync(path.join(pkgDir, "package.json"));
    built = fs.statSync(path.join(pkgDir, "core_wasm_bg.wasm")).mtimeMs;
  } catch {
    return "core-wasm/pkg is missing";
  }
  const sources = Math.max(
    newestMtime(path.join(coreDir, "src")),
    fs.statSync(path.join(coreDir, "Cargo.toml")).mtimeMs,
  );
  return sources > built ? "core-wasm/pkg is older than core-wasm's sources" : null;
}

// ---- the gateway --------------------------------------------------------------------------------

/** The gateway running now: its process and a promise of its exit. */
let gateway = null;

/** Starts the gateway and resolves once it prints the line every script waits for. */
function startGateway() {
  return new Promise((resolve, reject) => {
    const child = spawnGroup(gatewayBin, [], root);
    const exited = new Promise((done) => child.once("exit", done));
    const current = { child, exited };
    let listening = false;
    eachLine(child.stdout, (line) => {
      log("gateway", line);
      if (!listening && line.startsWith("listening on ")) {
        listening = true;
        gateway = current;
        resolve();
      }
    });
    eachLine(child.stderr, (line) => log("gateway", line));
    child.once("error", (e) => reject(new Error(`cannot start ${gatewayBin}: ${e.message}`)));
    child.once("exit", (code, signal) => {
      if (!listening) {
        reject(new Error(`the gateway exited (${signal ?? `code ${code}`}) before listening`));
      } else if (gateway === current) {
        gateway = null;
        if (!stopping) {
          log(
            "gateway",
            `exited (${signal ?? `code ${code}`}); a save under mock-gateway/src starts it again`,
          );
        }
      }
    });
  });
}

/** SIGTERM (the gateway flushes its database), then SIGKILL if it is still there after 10 s. */
async function stopGateway() {
  const current = gateway;
  if (!current) return;
  gateway = null;
  killGroup(current.child, "SIGTERM");
  const hard = setTimeout(() => killGroup(current.child, "SIGKILL"), 10_000);
  await current.exited;
  clearTimeout(hard);
}

// ---- Vite ---------------------------------------------------------------------------------------

let vite = null;

/** Names, sizes and mtimes of core-wasm/pkg's files: tells another build's output from ours. */
function pkgStamp() {
  try {
    return fs
      .readdirSync(pkgDir)
      .filter((name) => !name.startsWith("."))
      .sort()
      .map((name) => {
        const stat = fs.statSync(path.join(pkgDir, name));
        return `${name}:${stat.size}:${stat.mtimeMs}`;
      })
      .join("|");
  } catch {
    return "";
  }
}

let knownPkg = "";
let pkgDebounce = null;

/**
 * Another build wrote core-wasm/pkg (`make wasm`, `make test`): Vite does not watch it here, so
 * without this the page would keep a glue that no longer matches the wasm on disk. wasm-pack
 * --release writes the glue, then wasm-opt rewrites the wasm seconds later: hence the longer wait.
 */
function pkgChanged() {
  if (stopping || running?.tag === "wasm") return;
  const now = pkgStamp();
  if (now === knownPkg || !now.includes("core_wasm_bg.wasm:")) return;
  knownPkg = now;
  reloadPages();
  log("wasm", "core-wasm/pkg changed (another build): page reload sent");
}

async function startVite() {
  const { createServer } = await import("vite");
  vite = await createServer({
    root: webDir,
    configFile: path.join(webDir, "vite.config.ts"),
    // The gateway's and the builds' lines stay on screen.
    clearScreen: false,
    server: { watch: { ignored: [(file) => file.startsWith(pkgDir + path.sep)] } },
    // The test's own pre-bundle folder: it must not rewrite a running `npm run dev`'s.
    ...(process.env.ADNUR_DEV_VITE_CACHE ? { cacheDir: process.env.ADNUR_DEV_VITE_CACHE } : {}),
  });
  knownPkg = pkgStamp();
  await vite.listen();
  vite.printUrls();
  if (process.stdin.isTTY) vite.bindCLIShortcuts({ print: true });
}

/** Drops Vite's copies of core-wasm/pkg's modules, then asks every open page to reload. */
function reloadPages() {
  for (const environment of Object.values(vite.environments)) {
    const graph = environment.moduleGraph;
    for (const mod of graph.idToModuleMap.values()) {
      if (mod.file?.startsWith(pkgDir + path.sep)) graph.invalidateModule(mod);
    }
  }
  vite.ws.send({ type: "full-reload", path: "*" });
}

// ---- watching -----------------------------------------------------------------------------------

const pending = { wasm: false, gateway: false };
/** When the first save of each pending build happened, and the last save of all (performance.now()). */
const firstSave = { wasm: 0, gateway: 0 };
let lastSave = 0;
let debounce = null;
let working = false;
const watchers = [];

// Editors' swap, backup and temporary files (vim also probes with a file named 4913).
const noise = (name) => /^[.#]|~$|\.sw[a-p]x?$|^\d+$/.test(path.basename(name));

function saved(what) {
  lastSave = performance.now();
  if (what === "wasm") {
    if (!pending.wasm) firstSave.wasm = lastSave;
    pending.wasm = true;
    // The page waits on the wasm: a gateway build in flight starts over after it (cargo keeps
    // what it finished).
    abortRunning("gateway");
  }
  if (!pending.gateway) firstSave.gateway = lastSave;
  pending.gateway = true;
  clearTimeout(debounce);
  debounce = setTimeout(work, DEBOUNCE_MS);
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function work() {
  if (working || stopping) return;
  working = true;
  try {
    while ((pending.wasm || pending.gateway) && !stopping) {
      // Saves that came during the last build: wait for their burst to end too.
      const quiet = lastSave + DEBOUNCE_MS - performance.now();
      if (quiet > 0) {
        await sleep(quiet);
        continue;
      }
      if (pending.wasm) {
        pending.wasm = false;
        const since = firstSave.wasm;
        log("wasm", "core-wasm changed: wasm-pack build --dev …");
        const result = await buildWasm(false);
        if (stopping) break;
        if (result.ok) {
          reloadPages();
          const total = seconds(performance.now() - since);
          log(
            "wasm",
            paint("1;32", `page reload sent ${total} after the save (build ${seconds(result.ms)})`),
          );
        } else {
          log("wasm", paint("1;31", "build failed: the page keeps the previous wasm"));
        }
        continue;
      }
      pending.gateway = false;
      const since = firstSave.gateway;
      log("gateway", "cargo build -p mock-gateway …");
      const result = await buildGateway(false);
      if (stopping) break;
      if (result.aborted) {
        pending.gateway = true;
        continue;
      }
      if (!result.ok) {
        log("gateway", paint("1;31", "build failed: the previous gateway keeps running"));
        continue;
      }
      await stopGateway();
      try {
        await startGateway();
        log(
          "gateway",
          paint("1;32", `restarted ${seconds(performance.now() - since)} after the save`),
        );
      } catch (e) {
        log("gateway", paint("1;31", `${e.message}; a save under mock-gateway/src tries again`));
      }
    }
  } finally {
    working = false;
  }
}

function watch(dir, options, accept, what) {
  const watcher = fs.watch(dir, options, (_event, name) => {
    if (name && accept(name) && !noise(name)) saved(what);
  });
  watcher.on("error", (e) => log("dev", `cannot watch ${dir}: ${e.message}`));
  watchers.push(watcher);
}

function startWatching() {
  const any = () => true;
  const manifest = (name) => name === "Cargo.toml";
  watch(path.join(coreDir, "src"), { recursive: true }, any, "wasm");
  watch(coreDir, {}, manifest, "wasm");
  watch(path.join(gatewayDir, "src"), { recursive: true }, any, "gateway");
  watch(gatewayDir, {}, manifest, "gateway");
  const pkgWatcher = fs.watch(pkgDir, () => {
    clearTimeout(pkgDebounce);
    pkgDebounce = setTimeout(pkgChanged, 1000);
  });
  pkgWatcher.on("error", (e) => log("dev", `cannot watch ${pkgDir}: ${e.message}`));
  watchers.push(pkgWatcher);
}

// ---- start and stop -----------------------------------------------------------------------------

let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  clearTimeout(debounce);
  clearTimeout(pkgDebounce);
  for (const watcher of watchers) watcher.close();
  gateway = null;
  // The gateway (which flushes its database on SIGTERM), a build in flight, one still starting.
  const exits = [...children].map((child) => new Promise((done) => child.once("exit", done)));
  for (const child of children) killGroup(child, "SIGTERM");
  const hard = setTimeout(() => {
    for (const child of children) killGroup(child, "SIGKILL");
  }, 10_000);
  await Promise.allSettled([...exits, vite?.close()]);
  clearTimeout(hard);
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) {
      // A second Ctrl-C: no more waiting for the gateway's flush.
      for (const child of children) killGroup(child, "SIGKILL");
      process.exit(1);
    }
    log("dev", `${signal}: stopping the gateway and Vite`);
    void stop(0);
  });
}
// Whatever ends this process (an exception, Vite's `q`), no child outlives it.
process.on("exit", () => {
  for (const child of children) killGroup(child, "SIGTERM");
});

async function main() {
  if (!noBuild) {
    const stale = wasmStale();
    if (stale) {
      log("wasm", `${stale}: wasm-pack build --dev`);
      const result = await buildWasm(true);
      if (stopping) return;
      if (!result.ok) {
        if (!result.output.includes("\n")) log("wasm", result.output);
        if (wasmStale() === "core-wasm/pkg is missing") throw new Error("no wasm package to serve");
        log("wasm", paint("1;31", "build failed: serving the previous core-wasm/pkg"));
      }
    }
    log("gateway", "cargo build -p mock-gateway");
    const result = await buildGateway(true);
    if (stopping) return;
    if (!result.ok) {
      if (!result.output.includes("\n")) log("gateway", result.output);
      if (!fs.existsSync(gatewayBin)) throw new Error("no gateway to run");
      log("gateway", paint("1;31", "build failed: running the previous build"));
    }
  }
  await Promise.all([startGateway(), startVite()]);
  if (stopping) return;
  const url = `http://127.0.0.1:${vite.config.server.port}/adnuradmin/`;
  log("dev", paint("1", `Open ${url}  (admin / Admin@123). Ctrl-C stops both.`));
  if (!noBuild) {
    startWatching();
    log("dev", "watching core-wasm and mock-gateway for Rust saves");
  }
}

main().catch((e) => {
  // A Ctrl-C while starting ends the gateway before it listens: not an error.
  if (stopping) return;
  log("dev", paint("1;31", e instanceof Error ? e.message : String(e)));
  void stop(1);
});
