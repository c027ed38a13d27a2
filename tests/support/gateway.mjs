// Starts the real mock gateway (the debug binary `cargo test` and `make gateway` build) on a free
// port with a fresh SQLite file and the built web app, and talks to it the way the app does.
// Shared by the Playwright fixtures and the node:test contract tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REPO_ROOT, coreConstants } from './core-source.mjs';

// `make gateway`'s build (the dev profile, with SQLite and the seed's hot code optimised:
// Cargo.toml) in cargo's own CARGO_TARGET_DIR, as the size report and npm run dev read it; the
// Makefile sets GATEWAY_BIN to the same.
export const GATEWAY_BIN =
  process.env.GATEWAY_BIN ||
  join(resolve(REPO_ROOT, process.env.CARGO_TARGET_DIR || 'target'), 'debug', 'mock-gateway');
export const WEB_DIST = process.env.WEB_DIST || join(REPO_ROOT, 'web', 'dist');

const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)/;
const START_TIMEOUT_MS = 30_000;

/**
 * Starts a gateway. Resolves with `{ origin, stop, output }` once it printed its address.
 * `stop()` terminates it and removes its database folder.
 * @param {{ serveStatic?: boolean, args?: string[] }} [options] `args`: more flags (`--cors-origin …`)
 */
export async function startGateway({ serveStatic = true, args: extra = [] } = {}) {
  if (!existsSync(GATEWAY_BIN)) {
    throw new Error(`no gateway binary at ${GATEWAY_BIN}: run \`make gateway\` first`);
  }
  if (serveStatic && !existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(`no built web app at ${WEB_DIST}: run \`make web\` first`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'adnur-e2e-'));
  const args = ['--port', '0', '--db', join(dataDir, 'gateway.sqlite')];
  if (serveStatic) args.push('--static', WEB_DIST);
  args.push(...extra);
  const child = spawn(GATEWAY_BIN, args, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let output = '';
  const origin = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`gateway did not report its address in ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk) => {
      output += chunk.toString();
      const m = output.match(LISTENING);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`gateway exited (${code ?? signal}) before listening:\n${output}`));
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
  // Keep draining the pipes so a chatty gateway never blocks on a full buffer.
  child.stdout.on('data', (c) => {
    output = (output + c.toString()).slice(-20_000);
  });
  child.stderr.on('data', (c) => {
    output = (output + c.toString()).slice(-20_000);
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, stop, output: () => output };
}

const C = coreConstants();

/** The envelope fields every call carries, with the core's constants. */
export const PROTOCOL = {
  v: C.PROTOCOL_VERSION,
  did: C.DID,
  sign: C.SIGN,
  ttid: C.TTID,
};

/**
 * A tiny client speaking the gateway protocol exactly as the app's core does (architecture.md):
 * GET `{base}?api&v&ttid&did&sign&ts&mat&data`, POST `{base}?api&ts` with a form body
 * `v&did&sign&ttid&mat&data`.
 * @param {string} origin e.g. http://127.0.0.1:1234
 * @param {{ base?: string }} [options] `/api` (what the built app uses) or `/m` (production path)
 */
export function protocolClient(origin, { base = '/api' } = {}) {
  const url = (path) => new URL(path, origin);

  /** Sends an already-built request and returns `{ status, headers, text, envelope }`. */
  async function send(target, init) {
    const res = await fetch(target, init);
    const text = await res.text();
    let envelope;
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = undefined;
    }
    return { status: res.status, headers: res.headers, text, envelope };
  }

  /**
   * Calls operation `api`. `method` GET or POST; `data` the parameters object (or a raw string);
   * `mat` the token ('' for none).
   */
  async function call(api, { method = 'GET', data = {}, mat = '', ts = Date.now() } = {}) {
    const dataJson = typeof data === 'string' ? data : JSON.stringify(data);
    const target = url(base);
    if (method === 'GET') {
      const q = target.searchParams;
      q.set('api', api);
      q.set('v', PROTOCOL.v);
      q.set('ttid', PROTOCOL.ttid);
      q.set('did', PROTOCOL.did);
      q.set('sign', PROTOCOL.sign);
      q.set('ts', String(ts));
      q.set('mat', mat);
      q.set('data', dataJson);
      return send(target, { method: 'GET' });
    }
    target.searchParams.set('api', api);
    target.searchParams.set('ts', String(ts));
    const body = new URLSearchParams({
      v: PROTOCOL.v,
      did: PROTOCOL.did,
      sign: PROTOCOL.sign,
      ttid: PROTOCOL.ttid,
      mat,
      data: dataJson,
    });
    return send(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
  }

  /** The `result` of a call, failing loudly when the answer is not an envelope. */
  async function result(api, options) {
    const res = await call(api, options);
    if (res.status !== 200 || !res.envelope?.result) {
      throw new Error(`${api}: HTTP ${res.status}, body ${res.text.slice(0, 300)}`);
    }
    return res.envelope.result;
  }

  /** Signs in; resolves with `{ mat, userInfo }` or throws with the gateway's code and msg. */
  async function login(username, password) {
    const res = await call('mtop.admin.user.login', {
      method: 'POST',
      data: { username, password },
    });
    const env = res.envelope;
    if (!env?.result?.success || !env.meta?.mat) {
      throw new Error(
        `login ${username} failed: HTTP ${res.status} ${env?.result?.code} ${env?.result?.msg}`,
      );
    }
    return { mat: env.meta.mat, userInfo: env.result.data };
  }

  /** A plain-path GET such as `/v1/qryMenuTree` under the base, or an absolute path. */
  async function plain(path, { headers = {} } = {}) {
    const target = path.startsWith(base) || path.startsWith('/__') ? url(path) : url(base + path);
    return send(target, { method: 'GET', headers });
  }

  return { origin, base, call, result, login, plain, send };
}
