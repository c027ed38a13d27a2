import { fileURLToPath, URL } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import wasm from "vite-plugin-wasm";

const gateway = "http://127.0.0.1:8787";

export default defineConfig({
  base: "/adnuradmin/",
  plugins: [wasm(), react()],
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
  },
});
