/**
 * What nginx sends, read off the wire (node:http, no decoding): the precompressed assets and their
 * year-long caching, the HTML's fresh nonce filled in on every tag and compressed on the fly, the
 * routes and the missing files, and the same security headers as the mock gateway.
 */
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test, expect } from './fixtures';
import { startGateway, WEB_DIST } from '../support/gateway.mjs';

const PLACEHOLDER = '__ADNUR_CSP_NONCE__';
const YEAR = 'public, max-age=31536000, immutable';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET as a browser sends it, with `encoding` as its Accept-Encoding; the body as sent. */
function get(url: string, encoding = ''): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: encoding ? { 'accept-encoding': encoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body decoded as its Content-Encoding says. */
function decoded(res: Raw): Buffer {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(res.body);
  if (enc === 'gzip') return gunzipSync(res.body);
  expect(enc, 'an encoding this test knows').toBeUndefined();
  return res.body;
}

function header(res: Raw, name: string): string {
  const v = res.headers[name];
  return Array.isArray(v) ? v.join(', ') : (v ?? '');
}

/** The nonce a page's policy names (its style-src). */
function policyNonce(res: Raw): string {
  const m = header(res, 'content-security-policy').match(/'nonce-([^']+)'/);
  expect(m, `a nonce in ${header(res, 'content-security-policy')}`).not.toBeNull();
  return (m as RegExpMatchArray)[1];
}

const file = (path: string) => readFileSync(join(WEB_DIST, path));

test('assets go out precompressed (br, else gzip) and cached a year; a missing one is a text 404', async ({
  site,
}) => {
  const html = file('index.html').toString();
  const entry = html.match(
    /<script type="module"[^>]* src="(\/adnuradmin\/assets\/[^"]+\.js)"/,
  )?.[1];
  const wasm = html.match(/href="(\/adnuradmin\/assets\/[^"]+\.wasm)"/)?.[1];
  expect(entry, 'index.html names its entry script').toBeTruthy();
  expect(wasm, 'index.html preloads the wasm').toBeTruthy();

  for (const path of [entry as string, wasm as string]) {
    const onDisk = file(path.replace('/adnuradmin/', ''));
    const br = await get(site.origin + path, 'gzip, deflate, br');
    expect(br.status, path).toBe(200);
    expect(header(br, 'content-encoding'), `${path} with br accepted`).toBe('br');
    expect(header(br, 'cache-control')).toBe(YEAR);
    expect(header(br, 'vary')).toMatch(/accept-encoding/i);
    expect(decoded(br).equals(onDisk), `${path}: the .br is the file`).toBe(true);
    expect(br.body.length, `${path}: brotli makes it smaller`).toBeLessThan(onDisk.length);

    const gz = await get(site.origin + path, 'gzip');
    expect(header(gz, 'content-encoding'), `${path} with gzip only`).toBe('gzip');
    expect(decoded(gz).equals(onDisk), `${path}: the .gz is the file`).toBe(true);

    const plain = await get(site.origin + path);
    expect(header(plain, 'content-encoding'), `${path} with no encoding accepted`).toBe('');
    expect(plain.body.equals(onDisk)).toBe(true);
  }
  expect(header(await get(site.origin + (wasm as string)), 'content-type')).toBe(
    'application/wasm',
  );

  for (const missing of ['/adnuradmin/assets/gone-0000.js', '/adnuradmin/nothing-here.css']) {
    const res = await get(site.origin + missing, 'gzip, br');
    expect(res.status, missing).toBe(404);
    expect(header(res, 'content-type'), `${missing} is not HTML`).toMatch(/^text\/plain/);
    expect(decoded(res).toString()).not.toContain('<');
    expect(header(res, 'cache-control'), 'a 404 is not cached for a year').toBe('');
  }
});

test('each page gets a fresh nonce on every tag and in its policy, is gzipped on the fly and never cached', async ({
  site,
}) => {
  const pages = [
    { path: '/adnuradmin/', file: 'index.html' },
    { path: '/adnuradmin/login', file: 'login/index.html' },
    { path: '/adnurAdmin/login', file: 'login/index.html' },
    { path: '/adnuradmin/baseMgmt/shopMgmt/shopDetail', file: 'index.html' },
    { path: '/adnurAdmin/system/dict', file: 'index.html' },
  ];
  const nonces = new Set<string>();
  for (const p of pages) {
    const res = await get(site.origin + p.path, 'gzip, deflate, br');
    expect(res.status, p.path).toBe(200);
    expect(header(res, 'content-type')).toBe('text/html; charset=utf-8');
    expect(header(res, 'content-encoding'), `${p.path}: compressed after the nonce is in`).toBe(
      'gzip',
    );
    expect(header(res, 'cache-control')).toBe('no-cache');
    expect(header(res, 'etag') + header(res, 'last-modified'), 'no validators').toBe('');
    const nonce = policyNonce(res);
    nonces.add(nonce);
    const body = decoded(res).toString();
    // Exactly the build's file (the folder's own page, else the app's), the nonce in place of
    // every placeholder: each script, stylesheet, preload and the meta antd reads.
    expect(body, `${p.path} is ${p.file}`).toBe(
      file(p.file).toString().replaceAll(PLACEHOLDER, nonce),
    );
    const tagged = [...body.matchAll(/nonce="([^"]*)"|property="csp-nonce" content="([^"]*)"/g)];
    expect(tagged.length, `${p.path}: tags carry the nonce`).toBeGreaterThan(0);
    for (const m of tagged) expect(m[1] ?? m[2]).toBe(nonce);
  }
  expect(nonces.size, 'a different nonce on each answer').toBe(pages.length);

  const config = await get(`${site.origin}/adnuradmin/config.json`, 'gzip, br');
  expect(config.status).toBe(200);
  expect(header(config, 'cache-control')).toBe('no-cache');
  expect(JSON.parse(decoded(config).toString())).toEqual({ apiBase: site.apiBase });
});

test('nginx sends the mock gateway’s policy and security headers, on pages, assets and errors', async ({
  site,
}) => {
  const gw = await startGateway();
  try {
    const same = (csp: string) => csp.replace(/'nonce-[^']+'/, "'nonce-N'");
    const entry = file('index.html')
      .toString()
      .match(/src="(\/adnuradmin\/assets\/[^"]+\.js)"/)?.[1] as string;
    for (const path of ['/adnuradmin/login', entry, '/adnuradmin/assets/gone-0000.js']) {
      const ours = await get(site.origin + path);
      const theirs = await get(gw.origin + path);
      expect(ours.status, path).toBe(theirs.status);
      const csp = header(ours, 'content-security-policy');
      expect(same(csp), `${path}: the gateway's policy`).toBe(
        same(header(theirs, 'content-security-policy')),
      );
      expect(csp).toContain("frame-ancestors 'none'");
      expect(header(ours, 'x-content-type-options')).toBe('nosniff');
      expect(header(ours, 'referrer-policy')).toBe('no-referrer');
    }
    // A gateway answer through nginx carries one policy, not the gateway's beside nginx's.
    const call = await get(`${site.origin}/m?api=mtop.admin.user.current`);
    expect(call.status).toBe(200);
    expect(header(call, 'content-security-policy')).not.toContain(', ');
    expect(header(call, 'x-content-type-options')).toBe('nosniff');
  } finally {
    await gw.stop();
  }
});
