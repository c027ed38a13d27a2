/**
 * Vitest setup for tests in a page (happy-dom): DOM matchers, cleanup, the browser APIs antd
 * expects that the test DOM lacks, and where Vitest's page global differs from a browser for the
 * real core (core-wasm).
 */
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { openEveryPage } from "@/test/menuTree";
import { EVERY_CODE } from "@/test/perms";
import { usePanelsStore } from "@/stores/panels";
import { useSessionStore } from "@/stores/session";

// Lazy page chunks are transformed on first import: give them time.
configure({ asyncUtilTimeout: 10_000 });

// Links resolve through the signed-in user's menu: by default one that opens every page (a test
// of who sees which link sets its own). Likewise the user holds every action code (按钮权限), so
// every action shows (a test of who sees which action holds its own: test/perms).
beforeEach(() => {
  openEveryPage();
  useSessionStore.setState({ user: { perms: [...EVERY_CODE] } });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  // What an operator folded away is theirs, per test too.
  usePanelsStore.setState({ folded: {} });
  // The core mirrors the session token in a cookie; no test's session leaks into the next.
  document.cookie = "mat=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
});

// The core finds the page through web-sys's `window()`, which checks `globalThis instanceof
// Window`. Under Vitest the global is Node's, with happy-dom's window members copied onto it: let
// it count as the window, or the core sees no localStorage, location, cookie or timers. (The
// `Request` the core's gloo-net builds is happy-dom's, which resolves relative URLs against the
// page as a browser does; `fetch` itself is faked per test by `@/test/gateway`.)
const isWindow = Function.prototype[Symbol.hasInstance];
Object.defineProperty(Window, Symbol.hasInstance, {
  value: (value: unknown) => value === globalThis || isWindow.call(Window, value),
});

/** Whether the window's width meets `query`'s min-width and max-width (false without either). */
function widthMatches(query: string): boolean {
  const bounds = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (bounds.length === 0) return false;
  return bounds.every(([, side, px]) =>
    side === "min" ? window.innerWidth >= Number(px) : window.innerWidth <= Number(px),
  );
}

Object.defineProperty(window, "matchMedia", {
  writable: true,
  // Widths are answered against the window (happy-dom's 1024 px: a desktop, so antd's
  // breakpoints lay screens out as on one); any other feature does not match.
  value: vi.fn((query: string) => ({
    matches: widthMatches(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe = vi.fn();
  unobserve = vi.fn();
  disconnect = vi.fn();
}
if (!("ResizeObserver" in window)) {
  Object.defineProperty(window, "ResizeObserver", { writable: true, value: ResizeObserverStub });
}
