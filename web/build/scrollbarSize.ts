/**
 * `cacheScrollbarSize`: rc-table measures its body's scrollbar in a mount layout effect
 * (`getTargetScrollBarSize` from @rc-component/util). To measure, it inserts a `<style>` and a
 * `<div>` into the document, reads `offsetWidth` and removes both, which forces a style and layout
 * pass of the whole document, done again at paint. A kept tab's effects mount again each time it
 * is shown (React's `<Activity>`), so every switch back to a list paid that: 180–310 ms of the
 * 783 ms switch with the CPU slowed 4× (a CDP profile, issue 20's budget). The build wraps the
 * function so it measures once per scrollbar style: the key is what the measurement reads (the
 * target's `scrollbar-color` and `scrollbar-width`, its `::-webkit-scrollbar` width and height)
 * plus the zoom (`devicePixelRatio`). Reading those styles forces no layout.
 */
import type { Plugin } from "vite";

const MODULE = /[\\/]@rc-component[\\/]util[\\/]es[\\/]getScrollBarSize\.js$/;
const DECLARATION = "export function getTargetScrollBarSize(target) {";

/** The module's code with `getTargetScrollBarSize` measuring once per scrollbar style. */
export function withCachedTargetSize(code: string): string {
  const at = code.indexOf(DECLARATION);
  if (at < 0 || code.includes(DECLARATION, at + 1)) {
    throw new Error("cacheScrollbarSize: @rc-component/util's getScrollBarSize.js changed shape");
  }
  const renamed =
    code.slice(0, at) +
    "function measureTargetScrollBarSize(target) {" +
    code.slice(at + DECLARATION.length);
  return `${renamed}
const measuredTargetSizes = new Map();
export function getTargetScrollBarSize(target) {
  if (typeof document === 'undefined' || !target || !(target instanceof Element)) {
    return measureTargetScrollBarSize(target);
  }
  const style = getComputedStyle(target);
  const bar = getComputedStyle(target, '::-webkit-scrollbar');
  const key = [style.scrollbarColor, style.scrollbarWidth, bar.width, bar.height, window.devicePixelRatio].join('|');
  let size = measuredTargetSizes.get(key);
  if (size === undefined) {
    size = measureTargetScrollBarSize(target);
    measuredTargetSizes.set(key, size);
  }
  return { width: size.width, height: size.height };
}
`;
}

export function cacheScrollbarSize(): Plugin {
  let wrapped = false;
  return {
    name: "adnur:cache-scrollbar-size",
    apply: "build",
    transform(code, id) {
      if (!MODULE.test(id.split("?")[0])) return null;
      wrapped = true;
      return { code: withCachedTargetSize(code), map: null };
    },
    buildEnd() {
      if (!wrapped) this.warn("cacheScrollbarSize: @rc-component/util's module never seen");
    },
  };
}
