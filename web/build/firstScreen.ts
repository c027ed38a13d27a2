/**
 * Build-time help for the login page's first load (issue 11: at most 220 KB gzipped, goal 200, and
 * its LCP at most 800 ms with the CPU slowed 4×).
 *
 * `preloadCoreWasm`: the core's module is fetched by the core's glue code, which runs only once the
 * first chunk has been parsed and evaluated up to it; a `<link rel="preload">` in index.html starts
 * the fetch with the HTML instead (`as="fetch"` with `crossorigin`: the glue's `fetch(url)` is a
 * same-origin CORS-mode request, so the browser hands it the preloaded response).
 *
 * `deferAntdUniqueProvider`:
 * antd's ConfigProvider imports its tooltip `UniqueProvider` statically, and with it all of
 * @rc-component/trigger (popup alignment, portals, resize observers: 9 KB gzipped), for the
 * `tooltip.unique` option only, which this app never sets. The login page renders no popup, yet
 * every page loaded that code first. This plugin points that one import at a lazy wrapper
 * (`src/components/LazyUniqueProvider.tsx`) that loads antd's own provider when it is rendered; the
 * screens that do show tooltips and dropdowns load trigger with their own chunks as before.
 * Build only: Vite's dev server pre-bundles antd whole and never asks this hook.
 *
 * `reactRouterProduction`: react-router 7's package exports name only its development build (its
 * issue #14102), which keeps the dev-only warnings and their texts (`ENABLE_DEV_WARNINGS = true`)
 * in production. The package ships its production build beside it, the same code with that flag
 * off; the build takes it from there (0.5 KB gzipped off the first chunk, and no dev warnings in
 * the console). `npm run dev` keeps the development build. Its `X.displayName = "…"` writes (names
 * for React's devtools) are dropped there too: to the bundler a property write is a side effect,
 * so each pinned its component in the first chunk whether used or not; so did their unannotated
 * `React.forwardRef(…)` calls, which get the `@__PURE__` mark React's own builds carry. Unused,
 * `NavLink` and `Form` and the data router's submit and view-transition hooks behind them leave
 * the first chunk (this app renders neither).
 *
 * `wasmExportsObject`: wasm-bindgen's entry imports the module as a namespace
 * (`import * as wasm from "./core_wasm_bg.wasm"`) and hands it to its glue, which reads
 * `wasm.name`. vite-plugin-wasm makes that module re-export each of the instance's exports by
 * name, so the bundler built the namespace as an object at run time — every export's name
 * twice, with a getter each (~200, many hashed) — on the first screen. The glue is given the
 * instance's own exports object instead (the plugin's module exports it as its default): the
 * same properties, read the same way.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { HtmlTagDescriptor, Plugin } from "vite";

export function preloadCoreWasm(): Plugin {
  let base = "/";
  return {
    name: "adnur:preload-core-wasm",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const wasm = Object.values(ctx.bundle ?? {}).filter(
          (file) => file.type === "asset" && file.fileName.endsWith(".wasm"),
        );
        if (wasm.length !== 1) {
          throw new Error(
            `preloadCoreWasm: expected the core's one .wasm asset, found ${wasm.length}`,
          );
        }
        const tag: HtmlTagDescriptor = {
          tag: "link",
          attrs: {
            rel: "preload",
            href: `${base}${wasm[0].fileName}`,
            as: "fetch",
            type: "application/wasm",
            crossorigin: "",
          },
          injectTo: "head",
        };
        return [tag];
      },
    },
  };
}

const configProvider = /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/;

export function deferAntdUniqueProvider(): Plugin {
  const wrapper = fileURLToPath(
    new URL("../src/components/LazyUniqueProvider.tsx", import.meta.url),
  );
  let redirected = false;
  return {
    name: "adnur:defer-antd-unique-provider",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "../tooltip/UniqueProvider" || !importer || !configProvider.test(importer)) {
        return null;
      }
      redirected = true;
      return wrapper;
    },
    buildEnd() {
      // antd moved the import: the wrapper is dead code and trigger is back on the first load.
      if (!redirected) {
        this.warn("antd's ConfigProvider no longer imports ../tooltip/UniqueProvider: remove me");
      }
    },
  };
}

const routerDevelopment = /([\\/]react-router[\\/]dist[\\/])development([\\/])/;
const routerProductionChunk = /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
/** A statement naming a component or context for the devtools: `Link.displayName = "Link";`. */
const displayNameWrite = /^\s*[\w$.]+\.displayName = "[^"]*";$/gm;
/** `React10.forwardRef(`: a pure call its build leaves unannotated. */
const forwardRefCall = /\bReact\d*\.forwardRef\(/g;

export function reactRouterProduction(): Plugin {
  let redirected = false;
  return {
    name: "adnur:react-router-production",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== "react-router") return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !routerDevelopment.test(resolved.id)) return resolved;
      const production = resolved.id.replace(routerDevelopment, "$1production$2");
      if (!existsSync(production)) return resolved;
      redirected = true;
      return { ...resolved, id: production };
    },
    transform(code, id) {
      if (!redirected || !routerProductionChunk.test(id)) return null;
      return {
        code: code.replace(displayNameWrite, "").replace(forwardRefCall, "/* @__PURE__ */ $&"),
        map: null,
      };
    },
    buildEnd() {
      // react-router's exports name its production build now (or it moved): remove me.
      if (!redirected) this.warn("react-router resolved to no dist/development build: remove me");
    },
  };
}

/** The exports vite-plugin-wasm's glue ends with: `export const { a, b } = __vite__wasmModule;`. */
const wasmNamedExports = /export const \{[^}]*\} = __vite__wasmModule;\s*$/;
/** How wasm-bindgen's bundler entry (`pkg/core_wasm.js`) imports the module. */
const wasmStarImport = /import \* as wasm from "(\.\/[\w-]+_bg\.wasm)";/;

export function wasmExportsObject(): Plugin {
  let rewritten = 0;
  return {
    name: "adnur:wasm-exports-object",
    apply: "build",
    enforce: "post",
    transform(code, id) {
      const file = id.split("?")[0].replace(/\\/g, "/");
      if (!/\/core-wasm\/pkg\/core_wasm(_bg\.wasm|\.js)$/.test(file) || id.includes("?")) {
        return null;
      }
      const out = file.endsWith(".wasm")
        ? code.replace(wasmNamedExports, "export default __vite__wasmModule;")
        : code.replace(wasmStarImport, 'import wasm from "$1";');
      if (out === code) {
        this.error(`wasmExportsObject: ${file} changed shape (vite-plugin-wasm or wasm-bindgen)`);
      }
      rewritten += 1;
      return { code: out, map: null };
    },
    buildEnd() {
      if (rewritten !== 2) this.error(`wasmExportsObject: rewrote ${rewritten} of the 2 modules`);
    },
  };
}
