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

/**
 * Pages whose module has loaded (prefetched on hover, or drawn before): their own component, drawn
 * at once. A lazy component suspends on its first render even when its chunk is already there,
 * and React then draws the page as a retry, in 5 ms slices with a frame between each (a trace of
 * 店铺管理's first visit with the CPU slowed 4× showed some 80 of them).
 */
const loadedPages = new Map<string, ComponentType<PageProps>>();

function importPage(key: string, loader: Loader): Promise<PageModule> {
  return loadPage(key, loader).then((module) => {
    loadedPages.set(key, module.default);
    return module;
  });
}

/**
 * The component of page `key`: its own once its module has loaded, until then a lazy one (made
 * once per key, so its identity is stable); undefined when no module has that key.
 */
export function pageComponent(key: string): ComponentType<PageProps> | undefined {
  const cached = lazyPages.get(key) ?? loadedPages.get(key);
  if (cached) return cached;
  const loader = pageLoaders.get(key);
  if (!loader) return undefined;
  const component = lazy(() => importPage(key, loader));
  lazyPages.set(key, component);
  return component;
}

/** Forgets page `key`'s component so that the next render imports it again (retry). */
export function forgetPage(key: string): void {
  lazyPages.delete(key);
  loadedPages.delete(key);
}

/** Starts loading page `key`'s chunk (menu hover); failures surface when the page renders. */
export function prefetchPage(key: string): void {
  const loader = pageLoaders.get(key);
  if (loader) importPage(key, loader).catch(() => undefined);
}
