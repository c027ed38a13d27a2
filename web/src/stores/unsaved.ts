/**
 * Which workspace tabs hold unsaved edits (a dialog half filled, 权限管理's ticks): closing such a
 * tab asks first. Each editor counts itself in while it has edits (`useUnsavedIn`).
 */
import { useContext, useEffect } from "react";
import { create } from "zustand";
import { TabContext } from "@/stores/tabs";

interface UnsavedState {
  /** Tab key → how many of its editors hold edits. */
  editors: Readonly<Record<string, number>>;
  add: (tab: string, by: number) => void;
}

export const useUnsavedStore = create<UnsavedState>()((set) => ({
  editors: {},
  add: (tab, by) =>
    set((s) => ({ editors: { ...s.editors, [tab]: Math.max(0, (s.editors[tab] ?? 0) + by) } })),
}));

/** Whether any of `tabs` holds unsaved edits. */
export function holdsEdits(tabs: readonly string[]): boolean {
  const { editors } = useUnsavedStore.getState();
  return tabs.some((tab) => (editors[tab] ?? 0) > 0);
}

/** Counts the calling editor's tab as holding edits while `dirty`. */
export function useUnsavedIn(dirty: boolean): void {
  const tab = useContext(TabContext);
  const add = useUnsavedStore((s) => s.add);
  useEffect(() => {
    if (!dirty || tab === undefined) return;
    add(tab, 1);
    return () => add(tab, -1);
  }, [dirty, tab, add]);
}
