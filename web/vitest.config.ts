import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config";

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // happy-dom rather than jsdom: the same 459 tests pass, and a run here took 214 s and 404 s
      // of CPU against jsdom's 259 s and 437 s, mostly in setting up each file's page (43 s
      // against 89 s, summed over the workers) and in testing-library's queries (issue 27).
      environment: "happy-dom",
      include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts"],
      setupFiles: ["./src/test/setup.ts"],
      restoreMocks: true,
      clearMocks: true,
      // The faked network (`fetch`) and any stubbed `location` end with their test.
      unstubGlobals: true,
      css: false,
      // Tests run the real core: vite-plugin-wasm (from vite.config) must transform core-wasm's
      // `import * as wasm from "./core_wasm_bg.wasm"`, so the package is processed by Vite rather
      // than handed to Node (which cannot import .wasm). npm links it from ../core-wasm/pkg, which
      // Vitest would inline anyway; this keeps it so if it is ever installed as a copy.
      server: { deps: { inline: ["core-wasm"] } },
      // In CI a failed test runs once more; one that then passes is flaky and named in
      // `make test`'s last line (build/testSummary.ts). `make test-repeat` runs with --retry=0.
      retry: process.env.CI ? 1 : 0,
      reporters: ["default", "./build/testSummary.ts"],
      // One worker per core. Vitest's default for a run is one fewer than the cores: on the 2-core
      // machines here that was a single worker, and vmstat showed a third of the CPU idle for
      // the whole suite.
      maxWorkers: "100%",
      // antd renders slowly in a test page on a 2-core machine shared with cargo builds.
      testTimeout: 30_000,
    },
  }),
);
