// @vitest-environment happy-dom
/// <reference lib="dom" />
/**
 * `cacheScrollbarSize`: the wrapped `getTargetScrollBarSize` measures once per scrollbar style,
 * and again when the style or the zoom differs. The wrapper runs around a stand-in measurement
 * (a module of the original's shape, loaded from a data: URL); that the installed
 * @rc-component/util still has that shape is checked on its own file, and the build refuses one
 * that does not.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { withCachedTargetSize } from "./scrollbarSize";

type Measure = (target: Element) => { width: number; height: number };

const STAND_IN = `
export let measured = 0;
export function getTargetScrollBarSize(target) {
  measured += 1;
  return { width: 15, height: 15 };
}
`;

async function load(): Promise<{ getTargetScrollBarSize: Measure; measured: number }> {
  const code = withCachedTargetSize(STAND_IN);
  return (await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(code)}`)) as {
    getTargetScrollBarSize: Measure;
    measured: number;
  };
}

describe("cacheScrollbarSize", () => {
  it("measures once per scrollbar style and zoom", async () => {
    const module = await load();
    const table = document.createElement("div");
    const other = document.createElement("div");
    document.body.append(table, other);

    expect(module.getTargetScrollBarSize(table)).toEqual({ width: 15, height: 15 });
    module.getTargetScrollBarSize(table);
    module.getTargetScrollBarSize(other);
    expect(module.measured).toBe(1);

    other.style.setProperty("scrollbar-width", "thin");
    module.getTargetScrollBarSize(other);
    expect(module.measured).toBe(2);

    vi.stubGlobal("devicePixelRatio", 2);
    module.getTargetScrollBarSize(table);
    expect(module.measured).toBe(3);
    vi.unstubAllGlobals();
  });

  it("wraps the installed @rc-component/util, and refuses a module whose shape changed", () => {
    const file = createRequire(import.meta.url).resolve(
      "@rc-component/util/es/getScrollBarSize.js",
    );
    const wrapped = withCachedTargetSize(readFileSync(file, "utf8"));
    expect(wrapped).toContain("function measureTargetScrollBarSize(target) {");
    expect(wrapped.match(/export function getTargetScrollBarSize\(/g)).toHaveLength(1);
    expect(() => withCachedTargetSize("export default 1;")).toThrow(/changed shape/);
  });
});
