/**
 * The login page, drawn at build time (issue 11: its LCP at most 800 ms with the CPU slowed 4×).
 *
 * After the browser build, this plugin builds `src/app/prerender.tsx` for Node (with every
 * dependency bundled and this same config, so the tree and antd's styles are the ones the browser
 * gets), renders the login route, and writes `dist/login/index.html`: `index.html` with the page's
 * markup in `<div id="root" data-prerendered="light">` (the theme it was drawn in), the styles it was drawn with as a hashed stylesheet
 * (`assets/login-….css`: cached like every asset, and allowed by the CSP as the app's own), and
 * `modulepreload` links for the login route's chunks, which otherwise would be asked for only once
 * the entry has run. The stylesheet holds only what draws that markup (`firstPaintCss`). The gateway answers that file for the login route (a folder's `index.html`);
 * every other route gets `index.html`. Nothing of it runs under `npm run dev`, which renders in
 * the browser as before.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { PurgeCSS } from "purgecss";
import { build, type Plugin, type ResolvedConfig } from "vite";
import type { OutputBundle, OutputChunk } from "rolldown";

const ENTRY = "src/app/prerender.tsx";
const LOGIN_PAGE = /[\\/]src[\\/]pages[\\/]login[\\/]index\.tsx$/;
const ROOT = '<div id="root"></div>';

/** What `renderLogin` in `src/app/prerender.tsx` answers, checked as it arrives from Node's import. */
interface Prerendered {
  html: string;
  css: string;
  theme: string;
}

function prerendered(value: unknown): Prerendered {
  const { html, css, theme } = (value ?? {}) as Partial<Record<keyof Prerendered, unknown>>;
  if (typeof html !== "string" || typeof css !== "string" || !html || !css) {
    throw new Error("prerender: renderLogin() answered no HTML or no CSS");
  }
  if (typeof theme !== "string" || !/^[a-z]+$/.test(theme)) {
    throw new Error("prerender: renderLogin() answered no theme");
  }
  return { html, css, theme };
}

/** cssinjs' record of the styles a stylesheet holds (`@ant-design/cssinjs`, `ATTR_CACHE_MAP`). */
const CACHE_MAP = /\.data-ant-cssinjs-cache-path\{[^}]*\}/g;

/**
 * The rules and custom properties that draw `html`, by PurgeCSS: what antd extracts is each
 * rendered component's every variant and state (83 KB; 14 KB drawn, measured on 2026-11-28), and
 * the stylesheet is what the first paint waits for. Its cssinjs record goes too, so the browser's
 * cssinjs, finding none, injects every style in full as it hydrates: states the markup does not
 * show yet (focus, a field's error, 登录's loading) and the screens after sign-in keep their
 * styles.
 */
export async function firstPaintCss(css: string, html: string): Promise<string> {
  const purged = await new PurgeCSS().purge({
    content: [{ raw: html, extension: "html" }],
    css: [{ raw: css.replace(CACHE_MAP, "") }],
    variables: true,
  });
  const kept = purged.map((result) => result.css).join("");
  if (!kept) throw new Error("prerender: PurgeCSS kept nothing of the login page's styles");
  return kept;
}

/** The login chunk and every chunk it imports statically, as `/base/assets/…` paths. */
function loginChunks(bundle: OutputBundle, base: string): string[] {
  const chunks = Object.values(bundle).filter((f): f is OutputChunk => f.type === "chunk");
  const login = chunks.find((c) => c.facadeModuleId && LOGIN_PAGE.test(c.facadeModuleId));
  if (!login) throw new Error("prerender: no chunk for src/pages/login/index.tsx");
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const dep of byName.get(name)?.imports ?? []) visit(dep);
  };
  visit(login.fileName);
  return [...seen].map((name) => `${base}${name}`);
}

export function prerenderLogin(): Plugin {
  let config: ResolvedConfig;
  let chunks: string[] = [];
  return {
    name: "adnur:prerender-login",
    // The browser build only: the Node build below runs with this config too.
    apply: (userConfig, env) => env.command === "build" && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      chunks = loginChunks(bundle, config.base);
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const ssrDir = resolve(config.root, "node_modules/.adnur-prerender");
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: "warn",
        ssr: { noExternal: true },
        build: { ssr: ENTRY, outDir: ssrDir, emptyOutDir: true, manifest: false },
      });
      const entry = pathToFileURL(join(ssrDir, "prerender.js")).href;
      const { renderLogin } = (await import(entry)) as { renderLogin: () => Promise<unknown> };
      const rendered = prerendered(await renderLogin());
      const { html, theme } = rendered;
      const css = await firstPaintCss(rendered.css, html);
      await rm(ssrDir, { recursive: true, force: true });

      const nonce = config.html?.cspNonce;
      if (!nonce) throw new Error("prerender: html.cspNonce is not set");
      const index = await readFile(join(outDir, "index.html"), "utf8");
      if (!index.includes(ROOT)) throw new Error(`prerender: index.html has no ${ROOT}`);
      if (/<script/i.test(html)) throw new Error("prerender: the login page rendered a <script>");
      const cssName = `login-${createHash("sha256").update(css).digest("base64url").slice(0, 8)}.css`;
      await writeFile(join(outDir, "assets", cssName), css);
      const links = [
        ...chunks
          .filter((href) => !index.includes(`"${href}"`))
          .map((href) => `<link rel="modulepreload" crossorigin href="${href}" nonce="${nonce}">`),
        // main.tsx removes it when it draws the page afresh (dark theme).
        `<link rel="stylesheet" href="${config.base}assets/${cssName}" data-prerendered>`,
      ];
      const page = index
        .replace("</head>", `  ${links.join("\n    ")}\n  </head>`)
        .replace(ROOT, `<div id="root" data-prerendered="${theme}">${html}</div>`);
      await mkdir(join(outDir, "login"), { recursive: true });
      await writeFile(join(outDir, "login/index.html"), page);
    },
  };
}
