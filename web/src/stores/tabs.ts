/**
 * The workspace's tabs (多标签页): every page opened gets one, named by the core's tab key (one per
 * page, one per record for a detail page). Kept in the browser tab's session storage, so they
 * survive a reload of it and another browser tab keeps its own; they belong to the user who opened
 * them, and another user signing in starts with none.
 *
 * Which tabs stay alive (rendered, hidden) is `recent`'s first few; the shell decides how many
 * from the core's constant.
 */
import { createContext, useContext, useEffect } from "react";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

export interface WorkspaceTab {
  /** The core's tab key (`baseMgmt/shopMgmt`, `baseMgmt/shopMgmt/shopDetail?id=3`). */
  key: string;
  /** The page module's key: where the page went if its menu entry moves. */
  page: string;
  /** Its address as last seen: pathname and search. */
  path: string;
  /** The menu alias. */
  alias: string;
  /** The record a detail page shows, once loaded (`宏发五金经营部`). */
  record?: string;
  /** Bumped by 刷新: the tab is drawn anew. */
  generation: number;
}

/** A tab's title: `店铺管理`, `店铺详情 · 宏发五金经营部`. */
export function tabTitle(tab: WorkspaceTab): string {
  return tab.record ? `${tab.alias} · ${tab.record}` : tab.alias;
}

interface TabsState {
  /** Whose tabs these are (the user's id); another user's are dropped. */
  owner: string | undefined;
  tabs: WorkspaceTab[];
  /** Tab keys, the most recently shown first (since the page loaded). */
  recent: string[];
  /** Starts the workspace of user `owner`: keeps the tabs when they are theirs. */
  own: (owner: string) => void;
  /** The page at `path` (tab `key`) is shown: its tab is opened, or updated and brought forward. */
  show: (tab: Pick<WorkspaceTab, "key" | "page" | "path" | "alias">) => void;
  /** A detail page names its record. */
  name: (key: string, record: string) => void;
  /** 刷新: the tab is drawn anew. */
  renew: (key: string) => void;
  /** Replaces the tabs that pass `keep` (menus changed): a tab mapped to undefined closes. */
  revise: (keep: (tab: WorkspaceTab) => WorkspaceTab | undefined) => void;
  /** Closes these tabs. */
  close: (keys: readonly string[]) => void;
}

export const useTabsStore = create<TabsState>()(
  persist(
    (set) => ({
      owner: undefined,
      tabs: [],
      recent: [],
      own: (owner) => set((s) => (s.owner === owner ? s : { owner, tabs: [], recent: [] })),
      show: ({ key, page, path, alias }) =>
        set((s) => {
          const at = s.tabs.findIndex((t) => t.key === key);
          const recent =
            s.recent[0] === key ? s.recent : [key, ...s.recent.filter((k) => k !== key)];
          if (at < 0)
            return { tabs: [...s.tabs, { key, page, path, alias, generation: 0 }], recent };
          const old = s.tabs[at];
          if (!old) return s;
          if (old.path === path && old.alias === alias && old.page === page && recent === s.recent)
            return s;
          const tabs = s.tabs.slice();
          tabs[at] = { ...old, page, path, alias };
          return { tabs, recent };
        }),
      name: (key, record) =>
        set((s) => ({
          tabs: s.tabs.map((t) => (t.key === key && t.record !== record ? { ...t, record } : t)),
        })),
      renew: (key) =>
        set((s) => ({
          tabs: s.tabs.map((t) => (t.key === key ? { ...t, generation: t.generation + 1 } : t)),
        })),
      revise: (keep) =>
        set((s) => {
          const tabs: WorkspaceTab[] = [];
          const renamed = new Map<string, string>();
          for (const tab of s.tabs) {
            const next = keep(tab);
            if (!next) continue;
            renamed.set(tab.key, next.key);
            // Two tabs that now name one page (moved onto each other's key) become one.
            if (!tabs.some((t) => t.key === next.key)) tabs.push(next);
          }
          const recent = [
            ...new Set(s.recent.map((k) => renamed.get(k)).filter((k) => k !== undefined)),
          ];
          return { tabs, recent };
        }),
      close: (keys) =>
        set((s) => ({
          tabs: s.tabs.filter((t) => !keys.includes(t.key)),
          recent: s.recent.filter((k) => !keys.includes(k)),
        })),
    }),
    {
      name: "adnur-admin.tabs",
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      // Not `recent`: after a reload no tab is alive, and each is drawn when first shown again.
      partialize: ({ owner, tabs }) => ({ owner, tabs }),
    },
  ),
);

/** The tab a page is drawn in (its key), for the page to name its record. */
export const TabContext = createContext<string | undefined>(undefined);

/** A detail page names the record its tab shows (`店铺详情 · 宏发五金经营部`). */
export function useTabRecord(record: string | undefined): void {
  const key = useContext(TabContext);
  const name = useTabsStore((s) => s.name);
  useEffect(() => {
    if (key !== undefined && record) name(key, record);
  }, [key, record, name]);
}
