/**
 * Each list's column layout (列设置: which columns show, in what order) as the operator left it,
 * per user and list, in the browser's local storage, so it outlives the session; a saved view (视图)
 * carries one too and, opened, sets it here.
 */
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { ViewColumn } from "@/lib/generated/ops";

/** `${userId}:${list}`: a layout is one user's, on one list. */
export type LayoutKey = string;

interface ColumnsState {
  layouts: Readonly<Record<LayoutKey, readonly ViewColumn[]>>;
  /** A layout for `key`; empty: the list's own. */
  setLayout: (key: LayoutKey, layout: readonly ViewColumn[]) => void;
}

/** `record` without `key`. */
function without<V>(record: Readonly<Record<string, V>>, key: string): Record<string, V> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
}

export const useColumnsStore = create<ColumnsState>()(
  persist(
    (set) => ({
      layouts: {},
      setLayout: (key, layout) =>
        set((s) => ({
          layouts: layout.length === 0 ? without(s.layouts, key) : { ...s.layouts, [key]: layout },
        })),
    }),
    {
      name: "adnur-admin.columns",
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ layouts }) => ({ layouts }),
    },
  ),
);
