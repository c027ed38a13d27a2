/**
 * Whether the operator's system asks for reduced motion (`prefers-reduced-motion: reduce`),
 * followed live: switching the setting while the app is open takes effect at once.
 */
import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

/** Undefined while prerendering (build/prerender), where there is no window. */
function media(): MediaQueryList | undefined {
  return typeof window === "undefined" ? undefined : window.matchMedia(QUERY);
}

function subscribe(changed: () => void): () => void {
  const list = media();
  list?.addEventListener("change", changed);
  return () => list?.removeEventListener("change", changed);
}

const reduced = () => media()?.matches ?? false;

/**
 * Hydrating the prerendered login page reads the setting too (the server snapshot is the browser's
 * own), so antd's motion switch is in place from the first render: switched after it, antd's
 * `MotionWrapper` would wrap its children anew and remount the page under a typing operator. The
 * markup is the same either way (the theme's class hash does not include `motion`).
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, reduced);
}
