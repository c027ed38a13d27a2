// @vitest-environment node
/**
 * The core's module with its glue imports renamed (`minifyWasmImports`): still a valid module,
 * every import of the glue renamed once and in order, nothing else changed. On the package's own
 * module (built by `make wasm` before these tests); that the app links and runs with it is the
 * e2e suites' (they run the build).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importRenames, renameImports } from "./wasmImports";

/** Node's `WebAssembly` (this config's lib has no DOM types): the calls used here. */
interface ModuleImport {
  module: string;
  name: string;
  kind: string;
}
declare const WebAssembly: {
  validate(bytes: Uint8Array): boolean;
  Module: {
    new (bytes: Uint8Array): object;
    imports(module: object): ModuleImport[];
    exports(module: object): { name: string; kind: string }[];
  };
};

const module = readFileSync(
  fileURLToPath(new URL("../../core-wasm/pkg/core_wasm_bg.wasm", import.meta.url)),
);

describe("minifyWasmImports", () => {
  const renames = importRenames(module);
  const renamed = renameImports(module, renames);

  it("gives each of the glue's imports a short name, in the module's order", () => {
    const before = WebAssembly.Module.imports(new WebAssembly.Module(module));
    expect(before.length).toBeGreaterThan(50);
    expect([...renames.keys()]).toEqual(before.map((i) => i.name));
    expect([...renames.values()]).toEqual(before.map((_, n) => n.toString(36)));
  });

  it("leaves a valid module whose imports are the short names and whose exports are as they were", () => {
    expect(WebAssembly.validate(renamed)).toBe(true);
    const original = new WebAssembly.Module(module);
    const minified = new WebAssembly.Module(renamed);
    expect(WebAssembly.Module.imports(minified)).toEqual(
      WebAssembly.Module.imports(original).map((i) => ({ ...i, name: renames.get(i.name) })),
    );
    expect(WebAssembly.Module.exports(minified)).toEqual(WebAssembly.Module.exports(original));
    expect(renamed.length).toBeLessThan(module.length);
  });

  it("changes nothing when nothing is renamed", () => {
    expect(Buffer.from(renameImports(module, new Map())).equals(module)).toBe(true);
  });
});
