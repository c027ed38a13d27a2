/**
 * The menu tree, loaded once per signed-in user: the user's tree (routes, menu, access, through the
 * core's Navigator) and, beside it, the whole system tree (the 404 page asks the core whether a
 * missing path exists there).
 */
import { create } from "zustand";
import {
  Navigator,
  call,
  errorInfo,
  expectData,
  fetchSystemMenuTree,
  getUserInfo,
  treeHasPath,
  type CoreErrorInfo,
  type MenuNode,
} from "@/lib/core";
import { ops } from "@/lib/generated/ops";

export type MenuStatus = "idle" | "loading" | "ready" | "error";

interface MenuState {
  status: MenuStatus;
  navigator: Navigator | undefined;
  /** The whole system tree, when the gateway let this user read it. */
  systemTree: MenuNode[] | undefined;
  error: CoreErrorInfo | undefined;
  /** Loads both trees unless they are loaded or loading. */
  load: () => Promise<void>;
  /** Forgets the trees (a new user signed in). */
  reset: () => void;
  /** Whether the system tree holds `pathname` (the core decides). */
  inSystemTree: (pathname: string) => boolean;
}

export const useMenuStore = create<MenuState>()((set, getState) => ({
  status: "idle",
  navigator: undefined,
  systemTree: undefined,
  error: undefined,

  load: async () => {
    const { status } = getState();
    if (status === "loading" || status === "ready") return;
    set({ status: "loading", error: undefined });
    const [mine, system] = await Promise.allSettled([
      call(ops.session.menuTree, {}),
      // Optional: an operator may not read the system tree; no toast for that.
      fetchSystemMenuTree({ skipErrorHandler: true }),
    ]);
    const systemTree =
      system.status === "fulfilled" && system.value.success
        ? (system.value.data as MenuNode[])
        : undefined;
    try {
      if (mine.status === "rejected") throw mine.reason;
      const tree = expectData(mine.value) as MenuNode[];
      const navigator = new Navigator(tree, getUserInfo());
      for (const rejected of navigator.rejected()) {
        console.warn("menu node not routed:", rejected);
      }
      getState().navigator?.free();
      set({ status: "ready", navigator, systemTree, error: undefined });
    } catch (error) {
      set({ status: "error", navigator: undefined, systemTree, error: errorInfo(error) });
    }
  },

  reset: () => {
    getState().navigator?.free();
    set({ status: "idle", navigator: undefined, systemTree: undefined, error: undefined });
  },

  inSystemTree: (pathname) => {
    const tree = getState().systemTree;
    return tree !== undefined && treeHasPath(tree, pathname);
  },
}));
