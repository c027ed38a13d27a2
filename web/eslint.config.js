// ESLint: strict TypeScript, React hooks, and the architecture's import rules:
// app → pages → features → kit → components → stores → lib; only src/lib/core.ts imports core-wasm.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Each layer, and the layers above it that it must not import. */
const layers = ["lib", "stores", "components", "kit", "features", "pages", "app"];
const zones = layers.slice(0, -1).map((layer, i) => ({
  target: `./src/${layer}`,
  from: layers.slice(i + 1).map((upper) => `./src/${upper}`),
  message: `src/${layer} must not import from a higher layer (app → pages → features → kit → components → stores → lib).`,
}));

/** Features are independent: one feature never imports another (compose them in pages). */
const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
for (const feature of features) {
  zones.push({
    target: `./src/features/${feature}`,
    from: "./src/features",
    except: [`./${feature}`],
    message: "A feature must not import another feature; compose them in a page.",
  });
}

const coreWasmOnlyInCore = {
  paths: [
    {
      name: "core-wasm",
      message:
        "Import the core through @/lib/core: src/lib/core.ts is the one module that imports core-wasm.",
    },
  ],
  patterns: [
    {
      group: ["core-wasm/*", "**/core-wasm/pkg", "**/core-wasm/pkg/*"],
      message: "Import the core through @/lib/core.",
    },
    {
      group: ["./*", "../*"],
      message: "Use the @/ alias instead of relative imports.",
    },
  ],
};

/**
 * Screens write through the kit's one write path and link by page (issue 17): no call of the
 * core's client and no in-app path written by hand in a feature or a page.
 */
const screensRestrictedImports = {
  paths: [
    ...coreWasmOnlyInCore.paths,
    {
      name: "@/lib/core",
      importNames: ["call", "callData", "get", "post"],
      message:
        "Write through the kit (useWrite, useSender, useMoves from @/kit/write and @/kit/moves); read through useOpQuery.",
    },
    {
      name: "@/kit/queries",
      importNames: ["writeRow", "useRefresh"],
      message: "A write's declaration says what it refreshes: use @/kit/write.",
    },
  ],
  patterns: coreWasmOnlyInCore.patterns,
};
const IN_APP_PATH = "^\\/(home|baseMgmt|operate|system|exception)(\\/|\\?|$)";

export default tseslint.config(
  // src/lib/generated is written by the core (cargo test) and checked there, not styled here.
  { ignores: ["dist", "node_modules", "coverage", "src/lib/generated"] },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [
      js.configs.recommended,
      ...tseslint.configs.strictTypeChecked,
      ...tseslint.configs.stylisticTypeChecked,
    ],
    languageOptions: {
      ecmaVersion: 2023,
      globals: globals.browser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      "import-x/resolver-next": [
        createTypeScriptImportResolver({ project: "./tsconfig.app.json" }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }],
      "import-x/no-cycle": "error",
      "import-x/no-self-import": "error",
      "import-x/no-duplicates": "error",
      "import-x/no-restricted-paths": ["error", { zones }],
      "no-restricted-imports": ["error", coreWasmOnlyInCore],
      // Pages never call fetch: every call goes through the core's client.
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "Call the gateway through the core (@/lib/core, @/lib/query)." },
        { name: "XMLHttpRequest", message: "Call the gateway through the core." },
      ],
    },
  },
  {
    files: ["src/features/**/*.{ts,tsx}", "src/pages/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", screensRestrictedImports],
      "no-restricted-syntax": [
        "error",
        {
          selector: `Literal[value=/${IN_APP_PATH}/]`,
          message: "Link by page: <PageLink page=…> or useHref() from @/kit/links, never a path.",
        },
        {
          selector: `TemplateElement[value.raw=/${IN_APP_PATH}/]`,
          message: "Link by page: <PageLink page=…> or useHref() from @/kit/links, never a path.",
        },
      ],
    },
  },
  {
    // The one module that imports core-wasm.
    files: ["src/lib/core.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: coreWasmOnlyInCore.patterns.slice(1) }],
    },
  },
  {
    // Build configuration runs in Node.
    files: ["vite.config.ts", "vitest.config.ts", "build/**/*.ts"],
    languageOptions: { globals: globals.node },
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: ["**/*.js"],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
