/**
 * What the user opened from the command palette lately (pages and records), offered first. Kept
 * in the browser per user: another user signing in on it starts with none.
 */
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

export interface RecentItem {
  /** `page:/baseMgmt/shopMgmt`, `shop:3`. */
  id: string;
  label: string;
  /** What it is (`页面`, `店铺`). */
  noun: string;
  /** Where it opens. */
  path: string;
}

/** How many are kept. */
const KEPT = 8;

interface RecentState {
  owner: string | undefined;
  items: RecentItem[];
  /** The items of user `owner` (another user's are dropped). */
  own: (owner: string) => void;
  /** `item` was opened: first now. */
  opened: (item: RecentItem) => void;
}

export const useRecentStore = create<RecentState>()(
  persist(
    (set) => ({
      owner: undefined,
      items: [],
      own: (owner) => set((s) => (s.owner === owner ? s : { owner, items: [] })),
      opened: (item) =>
        set((s) => ({ items: [item, ...s.items.filter((i) => i.id !== item.id)].slice(0, KEPT) })),
    }),
    {
      name: "adnur-admin.palette-recent",
      version: 1,
      storage: createJSONStorage(() => localStorage),
    },
  ),
);
