import { fileURLToPath, URL } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import wasm from "vite-plugin-wasm";

const gateway = "http://127.0.0.1:8787";

/**
 * The page's CSP nonce for the <style> elements rc-util injects without one. antd passes its
 * `csp` to its own CSS-in-JS, but two callers of rc-util's `injectCSS` pass none: the scroll lock
 * of an open modal or drawer (`html body { overflow-y: hidden }`, @rc-component/portal) and the
 * scrollbar measure of tables (@rc-component/util getScrollBarSize). Under the gateway's policy
 * Chromium refused both (a violation, and a page that scrolls behind a modal). Patched at build
 * time so that a `<style>` it makes takes the nonce of `<meta property="csp-nonce">` unless given
 * one; markup injected through innerHTML still gets none. The build fails if the code changes
 * shape. (`npm run dev` pre-bundles dependencies without this, and sends no CSP.)
 */
function rcUtilStyleNonce(): Plugin {
  const file = /@rc-component[\\/]util[\\/]es[\\/]Dom[\\/]dynamicCSS\.js$/;
  const anchor = "const styleNode = document.createElement('style');";
  return {
    name: "adnur-rc-util-style-nonce",
    transform(code, id) {
      if (!file.test(id)) return null;
      if (!code.includes(anchor)) {
        this.error(`${id}: injectCSS no longer creates its <style> as expected; revisit the patch`);
      }
      return code.replace(
        anchor,
        `${anchor}
  styleNode.nonce = document.querySelector('meta[property="csp-nonce"]')?.nonce || "";`,
      );
    },
  };
}

export default defineConfig({
  base: "/adnuradmin/",
  // The gateway swaps this placeholder for a fresh nonce in every HTML answer and names it in the
  // Content-Security-Policy's style-src (mock-gateway/src/security.rs). Vite puts it on the built
  // <script>/<link> tags and in <meta property="csp-nonce">, which AntdConfig reads so antd's
  // injected <style> elements carry it. Under `npm run dev` no CSP is sent and it is inert.
  html: { cspNonce: "__ADNUR_CSP_NONCE__" },
  plugins: [wasm(), react(), rcUtilStyleNonce()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    host: "127.0.0.1",
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: gateway, changeOrigin: false },
      "/__serverLoader": { target: gateway, changeOrigin: false },
      // Stored images: the gateway's signed URLs are root-relative (`/files/{key}?exp=..&sig=..`).
      "^/files/": { target: gateway, changeOrigin: false },
    },
  },
  preview: { host: "127.0.0.1", port: 4173 },
  build: {
    target: "esnext",
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json maps each page module to its chunk: the size report reads it.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // rc-form's index only attaches statics to its default export (`Form.useForm = …`).
        // Assignments are side effects to the bundler, so any import from the index kept all of
        // rc-form and its async-validator: antd's Input imports FormProvider through it, and the
        // login page loaded ~14 KB gzipped of form machinery it never runs. Side-effect free,
        // the index is skipped for named imports; antd's Form still gets the whole default.
        moduleSideEffects: [
          { test: /@rc-component[\\/]form[\\/]es[\\/]index\.js$/, sideEffects: false },
        ],
      },
    },
  },
});
