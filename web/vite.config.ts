import { fileURLToPath, URL } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import wasm from "vite-plugin-wasm";
import { rcUtilStyleNonce } from "./build/cspNonce";
import { precompress, runtimeConfig } from "./build/delivery";
import {
  deferAntdUniqueProvider,
  preloadCoreWasm,
  reactRouterProduction,
  wasmExportsObject,
} from "./build/firstScreen";
import { minifyWasmImports } from "./build/wasmImports";
import { cacheScrollbarSize } from "./build/scrollbarSize";
import { prerenderLogin } from "./build/prerender";

// GATEWAY_PORT, WEB_PORT: scripts/dev.mjs passes them on (its test runs beside `npm run dev`).
const gateway = `http://127.0.0.1:${process.env.GATEWAY_PORT ?? "8787"}`;

export default defineConfig({
  base: "/adnuradmin/",
  // The gateway swaps this placeholder for a fresh nonce in every HTML answer and names it in the
  // Content-Security-Policy's style-src (mock-gateway/src/security.rs). Vite puts it on the built
  // <script>/<link> tags and in <meta property="csp-nonce">, which AntdConfig reads so antd's
  // injected <style> elements carry it. Under `npm run dev` no CSP is sent and it is inert.
  html: { cspNonce: "__ADNUR_CSP_NONCE__" },
  plugins: [
    wasm(),
    wasmExportsObject(),
    minifyWasmImports(),
    react(),
    rcUtilStyleNonce(),
    deferAntdUniqueProvider(),
    cacheScrollbarSize(),
    reactRouterProduction(),
    preloadCoreWasm(),
    prerenderLogin(),
    runtimeConfig(),
    precompress(),
  ],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    host: "127.0.0.1",
    port: Number(process.env.WEB_PORT ?? "5173"),
    strictPort: true,
    proxy: {
      "/api": { target: gateway, changeOrigin: false },
      "/__serverLoader": { target: gateway, changeOrigin: false },
      // Stored images: the gateway's signed URLs are root-relative (`/files/{key}?exp=..&sig=..`).
      "^/files/": { target: gateway, changeOrigin: false },
    },
  },
  // core-wasm is linked from ../core-wasm/pkg and rebuilt under a running server (scripts/dev.mjs):
  // never pre-bundled, so Vite serves the package's current files.
  optimizeDeps: { exclude: ["core-wasm"] },
  preview: { host: "127.0.0.1", port: 4173 },
  build: {
    target: "esnext",
    // Every browser the build targets (esnext) preloads modules itself: no polyfill on the first
    // screen (0.4 KB gzipped of the entry).
    modulePreload: { polyfill: false },
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json maps each page module to its chunk: the size report reads it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: "first", tags: ["$initial"], test: /node_modules|core-wasm/ }],
        },
      },
      treeshake: {
        // rc-form's index only attaches statics to its default export (`Form.useForm = …`).
        // Assignments are side effects to the bundler, so any import from the index kept all of
        // rc-form and its async-validator: antd's Input imports FormProvider through it, and the
        // login page loaded ~14 KB gzipped of form machinery it never runs. Side-effect free,
        // the index is skipped for named imports; antd's Form still gets the whole default.
        moduleSideEffects: [
          { test: /@rc-component[\\/]form[\\/]es[\\/]index\.js$/, sideEffects: false },
          {
            test: /node_modules[\\/](@rc-component[\\/](util|resize-observer|motion|input)|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)|is-mobile)[\\/].*\.js$/,
            sideEffects: false,
          },
        ],
      },
    },
  },
});
