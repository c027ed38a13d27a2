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
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
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
        const files = await filesUnder(outDir);
        let raw = 0;
        let brotli = 0;
        for (const file of files) {
          const bytes = await readFile(file);
          const [zipped, squeezed] = await Promise.all([
            zopfli(bytes, {}),
            br(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
          ]);
          await Promise.all([writeFile(`${file}.gz`, zipped), writeFile(`${file}.br`, squeezed)]);
          raw += (await stat(file)).size;
          brotli += squeezed.length;
        }
        config.logger.info(
          `precompress: ${files.length} files, ${(raw / 1024).toFixed(1)} KB → ${(brotli / 1024).toFixed(1)} KB brotli (+ .gz)`,
        );
      },
    },
  };
}
