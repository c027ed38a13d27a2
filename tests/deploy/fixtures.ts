/**
 * The deployment suite's fixtures, on top of the end-to-end ones (their CSP watch stays on, and
 * `gatewayLog` still records every protocol answer):
 * - `topology` (option): how the app, nginx and the gateway stand —
 *   `same-origin`: nginx serves the build and proxies /m, /__serverLoader and /files/ to the
 *     gateway; config.json says `production:` (the gateway on the page's own origin);
 *   `cross-origin`: the app on 127.0.0.1 (nginx), the gateway on another host, `localhost`, with
 *     `--cors-origin` naming the app's origin; config.json says `production:http://localhost:N`
 *     and the CSP's connect-src names that origin. The token cannot travel in a cookie there;
 *   `no-gateway`: nginx in front of a port where nothing listens.
 * - `site`: that set-up, started for the test (a fresh database, a copy of the build with its
 *   own config.json) and stopped after it; `baseURL` is nginx's origin.
 */
import { test as e2e, expect, type Api } from '../e2e/fixtures';
import { protocolClient, startGateway } from '../support/gateway.mjs';
import { deployedBuild, freePort, startNginx } from '../support/nginx.mjs';

export type Topology = 'same-origin' | 'cross-origin' | 'no-gateway';

export interface Site {
  /** Where nginx serves the app: http://127.0.0.1:N. */
  origin: string;
  /** The origin the app calls the gateway on (nginx's own unless cross-origin). */
  gatewayOrigin: string;
  /** The config.json the build was given. */
  apiBase: string;
  /** The gateway itself at /m (none for `no-gateway`). */
  api?: Api;
  /** What nginx printed (its error log goes to stderr). */
  nginxOutput: () => string;
  /** The server block's access log as it stands. */
  accessLog: () => string;
}

export const test = e2e.extend<{ topology: Topology; site: Site }>({
  topology: ['same-origin', { option: true }],

  site: async ({ topology }, use) => {
    const stops: (() => Promise<void> | void)[] = [];
    try {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      let upstream: string;
      let gatewayOrigin = origin;
      let apiBase = 'production:';
      let api: Api | undefined;
      if (topology === 'no-gateway') {
        upstream = `127.0.0.1:${await freePort()}`;
      } else {
        const gw = await startGateway({
          serveStatic: false,
          // nginx on this host is the proxy whose X-Forwarded-For the gateway believes.
          args: [
            '--trusted-proxy',
            '127.0.0.1',
            ...(topology === 'cross-origin' ? ['--cors-origin', origin] : []),
          ],
        });
        stops.push(gw.stop);
        const gwPort = new URL(gw.origin).port;
        upstream = `127.0.0.1:${gwPort}`;
        api = protocolClient(gw.origin, { base: '/m' });
        if (topology === 'cross-origin') {
          gatewayOrigin = `http://localhost:${gwPort}`;
          apiBase = `production:${gatewayOrigin}`;
        }
      }
      const build = deployedBuild(apiBase);
      stops.push(build.remove);
      const nginx = await startNginx({
        dist: build.dir,
        gateway: upstream,
        gatewayOrigin: gatewayOrigin === origin ? undefined : gatewayOrigin,
        port,
      });
      stops.push(nginx.stop);
      await use({
        origin,
        gatewayOrigin,
        apiBase,
        api,
        nginxOutput: nginx.output,
        accessLog: nginx.accessLog,
      });
    } finally {
      for (const stop of stops.reverse()) await stop();
    }
  },

  baseURL: async ({ site }, use) => {
    await use(site.origin);
  },
});

export { expect };
