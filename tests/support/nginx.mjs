// The repository's nginx deployment (deploy/nginx/, run by scripts/nginx.sh) for the deployment
// tests and the size report: a free port, a copy of the build with its own config.json (as a
// deployer edits it; the shared web/dist is never touched), and nginx started and stopped.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './core-source.mjs';
import { WEB_DIST } from './gateway.mjs';

const NGINX_SH = join(REPO_ROOT, 'scripts', 'nginx.sh');
const START_TIMEOUT_MS = 15_000;

/** A TCP port free on 127.0.0.1 right now (the OS's pick for port 0). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * The build as a deployer installs it: a folder whose entries link to web/dist's, beside a
 * config.json of its own saying `apiBase` (no config.json at all when `apiBase` is undefined).
 * @param {string | undefined} apiBase e.g. `production:` or `production:http://localhost:8787`
 * @returns {{ dir: string, remove: () => void }}
 */
export function deployedBuild(apiBase) {
  const dir = mkdtempSync(join(tmpdir(), 'adnur-dist-'));
  for (const entry of readdirSync(WEB_DIST)) {
    if (entry === 'config.json') continue;
    symlinkSync(join(WEB_DIST, entry), join(dir, entry));
  }
  if (apiBase !== undefined) {
    writeFileSync(join(dir, 'config.json'), `${JSON.stringify({ apiBase }, null, 2)}\n`);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Starts nginx through scripts/nginx.sh and resolves once it answers.
 * @param {{ dist: string, gateway: string, gatewayOrigin?: string, port?: number }} options
 *   `gateway` host:port behind /m, /__serverLoader and /files/ (a closed port for none);
 *   `gatewayOrigin` a gateway on another origin, named in the CSP.
 * `accessLog()` reads the server's access log as it stands.
 * @returns {Promise<{ origin: string, stop: () => Promise<void>, output: () => string, accessLog: () => string }>}
 */
export async function startNginx({ dist, gateway, gatewayOrigin, port }) {
  const listen = port ?? (await freePort());
  const prefix = mkdtempSync(join(tmpdir(), 'adnur-nginx-'));
  const args = ['--port', String(listen), '--dist', dist, '--gateway', gateway, '--prefix', prefix];
  if (gatewayOrigin) args.push('--gateway-origin', gatewayOrigin);
  const child = spawn(NGINX_SH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const origin = `http://127.0.0.1:${listen}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(prefix, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `nginx exited (${child.exitCode ?? child.signalCode}) before answering:\n${output}`,
      );
    }
    try {
      await fetch(`${origin}/adnuradmin/favicon.svg`, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`nginx did not answer on ${origin} in ${START_TIMEOUT_MS} ms:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const accessLog = () => {
    const file = join(prefix, 'logs', 'adnur-admin.access.log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  };
  return { origin, stop, output: () => output, accessLog };
}
