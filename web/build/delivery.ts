/**
 * What the build hands a web server (issue 19: one build for every environment, precompressed).
 *
 * `runtimeConfig`: `config.json` beside `index.html`, which whoever deploys edits to point the app
 * at their gateway (`{"apiBase": "production:https://gw.example.com"}`, read by the core's
 * `loadConfig` before the app starts). The build writes it with the build's own default, the one
 * compiled in (`VITE_API_BASE`, else `development`), so shipping it unedited changes nothing; Vite's
 * dev server answers the same file.
 *
 * `precompress`: `X.br` and `X.gz` beside every file of the build, for nginx's `gzip_static` /
 * `brotli_static` and the mock gateway's `--static`. Not the HTML (the server fills its CSP nonce
 * per response, then compresses it) and not `config.json` (edited after the build: a stale `.gz`
 * beside it would be served instead of the edit). Runs after every other plugin's `closeBundle`,
 * so the prerendered login page's stylesheet is included. The `.gz` is Zopfli's (@gfx/zopfli):
 * gzip any client inflates, 3–6 % smaller than zlib's best (the login page's core module 72.9 →
 * 68.5 KB, its first chunk 134.1 → 129.1 KB, measured on 2026-11-28) for ~20 s more of the build;
 * a server that compresses is not asked to, so the effort is paid once.
 *
 * Paid once per content, too: the compressed forms are kept by the hash of the bytes they were
 * made from (and the compressors' versions and settings) in `$PRECOMPRESS_CACHE`, else
 * `node_modules/.cache/precompress`. Vite's output is the same bytes for the same sources, so a
 * build after an edit compresses only the chunks the edit changed; compressing all of them was
 * ~30 s of each build here, in `make test` (where CI keeps the cache beside cargo's) and
 * `make serve` alike. Entries unused for two weeks are dropped.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { gzipAsync as zopfli } from "@gfx/zopfli";
import type { Plugin, ResolvedConfig } from "vite";

export const CONFIG_FILE = "config.json";

/** The build's default gateway base: the one compiled into `src/lib/core.ts`. */
export function defaultApiBase(env: Record<string, string | undefined>): string {
  return env.VITE_API_BASE ?? "development";
}

export function runtimeConfig(): Plugin {
  let source = "";
  let base = "/";
  return {
    name: "adnur:runtime-config",
    // The browser build and the dev server; not the prerender's Node build.
    apply: (userConfig) => !userConfig.build?.ssr,
    configResolved(config) {
      base = config.base;
      source = `${JSON.stringify({ apiBase: defaultApiBase(config.env) }, null, 2)}\n`;
    },
    configureServer(server) {
      const path = `${base}${CONFIG_FILE}`;
      server.middlewares.use((req, res, next) => {
        if (req.url?.split("?")[0] !== path) {
          next();
          return;
        }
        res.setHeader("Content-Type", "application/json; charset=utf-8");
        res.setHeader("Cache-Control", "no-cache");
        res.end(source);
      });
    },
    // Fetched with the HTML rather than after the entry has run: the app waits for it to start.
    // `as="fetch"` with `crossorigin`: the core's fetch is a same-origin CORS-mode request, so the
    // browser hands it the preloaded response.
    transformIndexHtml() {
      return [
        {
          tag: "link",
          attrs: { rel: "preload", href: `${base}${CONFIG_FILE}`, as: "fetch", crossorigin: "" },
          injectTo: "head",
        },
      ];
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: CONFIG_FILE, source });
    },
  };
}

const br = promisify(brotliCompress);

/** Files a server fills or a deployer edits after the build: never precompressed. */
const SKIP = /(\.html|\.br|\.gz|[\\/]config\.json)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter((path) => !SKIP.test(path));
}

/** What a compressed form depends on besides the bytes: the compressors and their settings. */
const RECIPE = JSON.stringify({
  zopfli: (createRequire(import.meta.url)("@gfx/zopfli/package.json") as { version: string })
    .version,
  brotli: process.versions.brotli,
  brotliQuality: constants.BROTLI_MAX_QUALITY,
});
const UNUSED_FOR = 14 * 24 * 3600 * 1000;

async function compress(bytes: Buffer): Promise<{ gz: Buffer; br: Buffer }> {
  const [gz, squeezed] = await Promise.all([
    zopfli(bytes, {}),
    br(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  return { gz: Buffer.from(gz), br: squeezed };
}

/**
 * The compressed forms of `bytes`, from the cache folder `dir` when made before; made and kept
 * there otherwise (written to a temporary name, then renamed: a reader never sees half an entry).
 */
export async function compressedForms(
  dir: string,
  bytes: Buffer,
): Promise<{ gz: Buffer; br: Buffer; kept: boolean }> {
  const key = createHash("sha256").update(RECIPE).update(bytes).digest("hex");
  const [gzPath, brPath] = [join(dir, `${key}.gz`), join(dir, `${key}.br`)];
  try {
    const forms = { gz: await readFile(gzPath), br: await readFile(brPath) };
    const now = new Date();
    await Promise.all([utimes(gzPath, now, now), utimes(brPath, now, now)]);
    return { ...forms, kept: true };
  } catch {
    // Not made yet (or half removed): make it.
  }
  const forms = await compress(bytes);
  const tmp = `.${process.pid}.${key}`;
  await writeFile(join(dir, `${tmp}.gz`), forms.gz);
  await writeFile(join(dir, `${tmp}.br`), forms.br);
  await rename(join(dir, `${tmp}.br`), brPath);
  await rename(join(dir, `${tmp}.gz`), gzPath);
  return { ...forms, kept: false };
}

async function dropUnused(dir: string): Promise<void> {
  const cutoff = Date.now() - UNUSED_FOR;
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    if ((await stat(path)).mtimeMs < cutoff) await rm(path, { force: true });
  }
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "adnur:precompress",
    apply: (userConfig, env) => env.command === "build" && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const outDir = resolve(config.root, config.build.outDir);
        const configured = process.env.PRECOMPRESS_CACHE ?? "";
        const cache = resolve(
          config.root,
          configured === "" ? "node_modules/.cache/precompress" : configured,
        );
        await mkdir(cache, { recursive: true });
        const files = await filesUnder(outDir);
        let raw = 0;
        let brotli = 0;
        let kept = 0;
        const started = performance.now();
        for (const file of files) {
          const bytes = await readFile(file);
          const forms = await compressedForms(cache, bytes);
          await Promise.all([writeFile(`${file}.gz`, forms.gz), writeFile(`${file}.br`, forms.br)]);
          raw += bytes.length;
          brotli += forms.br.length;
          if (forms.kept) kept += 1;
        }
        await dropUnused(cache);
        config.logger.info(
          `precompress: ${files.length} files, ${(raw / 1024).toFixed(1)} KB → ${(brotli / 1024).toFixed(1)} KB brotli (+ .gz), ` +
            `${files.length - kept} compressed and ${kept} as before (${cache}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      },
    },
  };
}
