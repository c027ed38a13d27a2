/**
 * The view each list screen was last left in (its filters, sort and page live in the URL), so a
 * detail page's 返回列表 goes back to the list as the operator left it rather than to its first
 * page unfiltered. In memory: a reload starts afresh.
 */
import { create } from "zustand";

interface ListViewsState {
  /** The last `pathname + search` of each list, by its pathname. */
  views: Readonly<Record<string, string>>;
  /** Notes the view a list shows now. */
  remember: (pathname: string, search: string) => void;
}

export const useListViewsStore = create<ListViewsState>()((set) => ({
  views: {},
  remember: (pathname, search) =>
    set((s) =>
      s.views[pathname] === pathname + search
        ? s
        : { views: { ...s.views, [pathname]: pathname + search } },
    ),
}));
