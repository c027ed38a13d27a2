/**
 * The shown page's actions (新建用户, 导出 CSV), for the command palette to offer. A page's buttons
 * register themselves while mounted and shown: a kept tab's page is hidden under `<Activity>`,
 * whose effects are cleaned up, so only the shown page's actions are listed.
 */
import { useEffect, useId, useRef } from "react";
import { create } from "zustand";

export interface PageAction {
  id: string;
  label: string;
  run: () => void;
}

interface PageActionsState {
  actions: readonly PageAction[];
  add: (action: PageAction) => void;
  remove: (id: string) => void;
}

export const usePageActionsStore = create<PageActionsState>()((set) => ({
  actions: [],
  add: (action) =>
    set((s) => ({ actions: [...s.actions.filter((a) => a.id !== action.id), action] })),
  remove: (id) => set((s) => ({ actions: s.actions.filter((a) => a.id !== id) })),
}));

/** Offers `label` as an action of the shown page while `enabled` (what its button does). */
export function usePageAction(label: string, run: () => void, enabled = true): void {
  const id = useId();
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  const add = usePageActionsStore((s) => s.add);
  const remove = usePageActionsStore((s) => s.remove);
  useEffect(() => {
    if (!enabled) return;
    add({ id, label, run: () => latest.current() });
    return () => remove(id);
  }, [id, label, enabled, add, remove]);
}
