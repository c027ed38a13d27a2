/**
 * `minifyWasmImports`: the core's module names each function it imports from its glue as
 * wasm-bindgen does, `__wbg_{name}_{16 hex digits}` (~130 of them), and those names travel twice
 * on the first screen: in the module's import section and as the keys of the import object
 * vite-plugin-wasm builds in the first chunk. The hex digits do not compress. The build renames
 * them, as a JS minifier renames locals: the n-th import of `./core_wasm_bg.js` becomes `n` in
 * base 36, in the module the browser fetches and in the import object that links it, from one
 * mapping (the order of the module's own import section). The glue's exports keep their names;
 * the package in core-wasm/pkg is untouched (tests, `npm run dev` and the size report's module
 * figures read it as wasm-bindgen wrote it). ~3 KB gzipped off the login page (size report).
 */
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

/** The module whose imports are renamed: wasm-bindgen's glue, as the binary names it. */
const GLUE = "./core_wasm_bg.js";

interface Reader {
  bytes: Uint8Array;
  at: number;
}

function leb(r: Reader): number {
  let value = 0;
  let shift = 0;
  for (;;) {
    if (r.at >= r.bytes.length) throw new Error("wasm: truncated LEB128");
    const byte = r.bytes[r.at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return value;
  }
}

function encodeLeb(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  do {
    let byte = rest & 0x7f;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    out.push(byte);
  } while (rest > 0);
  return out;
}

function name(r: Reader): string {
  const length = leb(r);
  const text = new TextDecoder().decode(r.bytes.subarray(r.at, r.at + length));
  r.at += length;
  return text;
}

function encodeName(text: string): number[] {
  const bytes = new TextEncoder().encode(text);
  return [...encodeLeb(bytes.length), ...bytes];
}

/** An import's description after its names: function (type index) only — what wasm-bindgen emits. */
function skipDescription(r: Reader, what: string) {
  const kind = r.bytes[r.at++];
  if (kind !== 0) throw new Error(`wasm: import ${what} is not a function (kind ${kind})`);
  leb(r);
}

interface Section {
  id: number;
  body: Uint8Array;
}

function sections(bytes: Uint8Array): Section[] {
  const magic = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  if (!magic.every((b, i) => bytes[i] === b)) throw new Error("wasm: not a version-1 module");
  const r: Reader = { bytes, at: 8 };
  const out: Section[] = [];
  while (r.at < bytes.length) {
    const id = bytes[r.at++];
    const size = leb(r);
    out.push({ id, body: bytes.subarray(r.at, r.at + size) });
    r.at += size;
  }
  return out;
}

const IMPORT_SECTION = 2;

/** The glue's imports in the module's order, each with its short name. */
export function importRenames(module: Uint8Array): Map<string, string> {
  const renames = new Map<string, string>();
  const section = sections(module).find((s) => s.id === IMPORT_SECTION);
  if (!section) return renames;
  const r: Reader = { bytes: section.body, at: 0 };
  const count = leb(r);
  for (let i = 0; i < count; i++) {
    const from = name(r);
    const field = name(r);
    skipDescription(r, `${from}.${field}`);
    if (from === GLUE && !renames.has(field)) renames.set(field, renames.size.toString(36));
  }
  return renames;
}

/** `module` with the glue's imports renamed as `renames` says. */
export function renameImports(module: Uint8Array, renames: Map<string, string>): Uint8Array {
  const out: number[] = [...module.subarray(0, 8)];
  for (const { id, body } of sections(module)) {
    let contents: Uint8Array | number[] = body;
    if (id === IMPORT_SECTION) {
      const r: Reader = { bytes: body, at: 0 };
      const count = leb(r);
      const rewritten = encodeLeb(count);
      for (let i = 0; i < count; i++) {
        const from = name(r);
        const field = name(r);
        const start = r.at;
        skipDescription(r, `${from}.${field}`);
        const short = from === GLUE ? renames.get(field) : undefined;
        rewritten.push(...encodeName(from), ...encodeName(short ?? field));
        rewritten.push(...body.subarray(start, r.at));
      }
      contents = rewritten;
    }
    out.push(id, ...encodeLeb(contents.length));
    for (const byte of contents) out.push(byte);
  }
  return Uint8Array.from(out);
}

const CORE_MODULE = /[\\/]core-wasm[\\/]pkg[\\/]core_wasm_bg\.wasm$/;

export function minifyWasmImports(): Plugin {
  let renames: Map<string, string> | undefined;
  let source: Uint8Array | undefined;
  return {
    name: "adnur:minify-wasm-imports",
    apply: "build",
    enforce: "post",
    buildStart() {
      // One plugin object serves every build of the run (the login page's prerender is another).
      renames = undefined;
      source = undefined;
    },
    transform(code, id, options) {
      // The prerender's build for Node links the package's own module, as it is.
      if (options?.ssr || id.includes("?") || !CORE_MODULE.test(id)) return null;
      source = readFileSync(id);
      renames = importRenames(source);
      // vite-plugin-wasm's import object: `"./core_wasm_bg.js": { "name": __vite__wasmImport_0["name"], … }`.
      let keys = 0;
      const out = code.replace(
        /("(?:[^"\\]|\\.)*"): (__vite__wasmImport_\d+\[)/g,
        (all, quoted: string, access: string) => {
          const short = renames?.get(JSON.parse(quoted) as string);
          if (short === undefined) return all;
          keys += 1;
          return `${JSON.stringify(short)}: ${access}`;
        },
      );
      if (keys !== renames.size) {
        this.error(
          `minifyWasmImports: renamed ${keys} keys of the import object, the module imports ${renames.size} names from ${GLUE}`,
        );
      }
      return { code: out, map: null };
    },
    generateBundle(_options, bundle) {
      // A build without the core's module (the prerender's) has nothing to rename.
      if (!renames || !source) return;
      const assets = Object.values(bundle).filter(
        (file) => file.type === "asset" && file.fileName.endsWith(".wasm"),
      );
      if (assets.length !== 1 || assets[0].type !== "asset") {
        this.error(
          `minifyWasmImports: expected the core's one .wasm asset, found ${assets.length}`,
        );
      }
      const asset = assets[0];
      const emitted = asset.source;
      if (typeof emitted === "string" || !Buffer.from(emitted).equals(Buffer.from(source))) {
        this.error("minifyWasmImports: the emitted .wasm is not the module the glue was built for");
      }
      asset.source = renameImports(source, renames);
    },
  };
}
