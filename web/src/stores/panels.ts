/**
 * Panels an operator folds away (店铺管理's trend chart), per user and panel, in the browser's
 * local storage: a choice outlives the session. A panel never chosen for starts as its screen
 * says (folded on a short window, say).
 */
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { useSessionStore } from "@/stores/session";

interface PanelsState {
  /** `${userId}:${panel}` → folded. */
  folded: Readonly<Record<string, boolean>>;
  setFolded: (key: string, folded: boolean) => void;
}

export const usePanelsStore = create<PanelsState>()(
  persist(
    (set) => ({
      folded: {},
      setFolded: (key, folded) => set((s) => ({ folded: { ...s.folded, [key]: folded } })),
    }),
    {
      name: "adnur-admin.panels",
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ folded }) => ({ folded }),
    },
  ),
);

/** Whether `panel` is folded for the signed-in user (`initially` until they choose), and the
 *  setter of their choice. */
export function useFolded(
  panel: string,
  initially: () => boolean,
): [boolean, (f: boolean) => void] {
  const user = useSessionStore((s) => s.user?.id);
  const key = `${user ?? ""}:${panel}`;
  const chosen = usePanelsStore((s) => s.folded[key]);
  const setFolded = usePanelsStore((s) => s.setFolded);
  return [chosen ?? initially(), (folded) => setFolded(key, folded)];
}
