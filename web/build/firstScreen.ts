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
 */
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
