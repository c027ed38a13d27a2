/**
 * The page registry: every `src/pages/<key>/index.tsx` is a lazy chunk whose key is its folder
 * path (`src/pages/baseMgmt/shopMgmt/index.tsx` ↔ `baseMgmt/shopMgmt`), the key the core's
 * resolution names. Imports go through the core's `loadChunk` (time-out, `ChunkLoadError`).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { loadPage } from "@/lib/core";
import type { PageProps } from "@/lib/page";

export interface PageModule {
  default: ComponentType<PageProps>;
}

type Loader = () => Promise<PageModule>;

const PREFIX = "../pages/";
const SUFFIX = "/index.tsx";

function registry(modules: Record<string, Loader>): ReadonlyMap<string, Loader> {
  const map = new Map<string, Loader>();
  for (const [file, loader] of Object.entries(modules)) {
    if (file.startsWith(PREFIX) && file.endsWith(SUFFIX)) {
      map.set(file.slice(PREFIX.length, -SUFFIX.length), loader);
    }
  }
  return map;
}

/** Page key → its chunk's loader. */
export const pageLoaders = registry(import.meta.glob<PageModule>("../pages/**/index.tsx"));

const lazyPages = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>();

/** The lazy component of page `key`, or undefined when no module has that key. */
export function lazyPage(key: string): LazyExoticComponent<ComponentType<PageProps>> | undefined {
  const cached = lazyPages.get(key);
  if (cached) return cached;
  const loader = pageLoaders.get(key);
  if (!loader) return undefined;
  const component = lazy(() => loadPage(key, loader));
  lazyPages.set(key, component);
  return component;
}

/** Forgets page `key`'s lazy component so that the next render imports it again (retry). */
export function forgetPage(key: string): void {
  lazyPages.delete(key);
}

/** Starts loading page `key`'s chunk (menu hover); failures surface when the page renders. */
export function prefetchPage(key: string): void {
  const loader = pageLoaders.get(key);
  if (loader) loadPage(key, loader).catch(() => undefined);
}
