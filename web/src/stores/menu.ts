/**
 * The menu tree, loaded once per signed-in user: the user's tree (routes, menu, access, through the
 * core's Navigator) and, beside it, the whole system tree (the 404 page asks the core whether a
 * missing path exists there). It is fetched again only after a write of this user's that declares
 * it stale (kit/write.ts: saveMenu, updateMenuRole, a role's or a menu's delete, a user's roles):
 * never on focus or a timer, as the spec fetches it once at start.
 */
import { create } from "zustand";
import {
  Navigator,
  call,
  errorInfo,
  expectData,
  fetchSystemMenuTree,
  getUserInfo,
  routerBasename,
  treeHasPath,
  type CoreErrorInfo,
  type MenuNode,
} from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { useSessionStore } from "@/stores/session";

export type MenuStatus = "idle" | "loading" | "ready" | "error";

interface MenuState {
  status: MenuStatus;
  navigator: Navigator | undefined;
  /** The whole system tree, when the gateway let this user read it. */
  systemTree: MenuNode[] | undefined;
  error: CoreErrorInfo | undefined;
  /** Loads both trees unless they are loaded or loading. */
  load: () => Promise<void>;
  /**
   * Fetches both trees again, keeping the current ones on screen meanwhile (and on failure). When
   * the page at the current address now lives elsewhere (its entry was moved or renamed), `moved`
   * is its new address.
   */
  reload: () => Promise<void>;
  /** Where the open page moved to in the last reload, until the shell has gone there. */
  moved: string | undefined;
  /** The shell went to `moved`. */
  clearMoved: () => void;
  /** Forgets the trees (a new user signed in). */
  reset: () => void;
  /** Whether the system tree holds `pathname` (the core decides). */
  inSystemTree: (pathname: string) => boolean;
}

type Trees =
  | { navigator: Navigator; systemTree: MenuNode[] | undefined; error?: undefined }
  | { navigator?: undefined; systemTree: MenuNode[] | undefined; error: unknown };

/**
 * Both trees from the gateway: the user's as a Navigator (or why not), the system's if any.
 * `again`: after a write that changed the user's menus, whose roles' action codes may have changed
 * with them: the user is read again too (a failure keeps the stored one).
 */
async function fetchTrees(again = false): Promise<Trees> {
  const session = useSessionStore.getState();
  const [mine, system, user] = await Promise.allSettled([
    call(ops.session.menuTree, {}),
    // Optional: an operator may not read the system tree; no toast for that.
    fetchSystemMenuTree({ skipErrorHandler: true }),
    // The user the access is computed for: waited for only when none is readable.
    again ? session.reread().catch(() => undefined) : session.load(),
  ]);
  const systemTree =
    system.status === "fulfilled" && system.value.success
      ? (system.value.data as MenuNode[])
      : undefined;
  try {
    if (mine.status === "rejected") throw mine.reason;
    if (user.status === "rejected") throw user.reason;
    const tree = expectData(mine.value) as MenuNode[];
    const navigator = new Navigator(tree, getUserInfo());
    for (const rejected of navigator.rejected()) {
      console.warn("menu node not routed:", rejected);
    }
    return { navigator, systemTree };
  } catch (error) {
    return { error, systemTree };
  }
}

/** The in-app address the browser shows (without the router's base). */
function here(): { pathname: string; search: string } {
  const base = routerBasename();
  const { pathname, search } = window.location;
  const inApp = pathname.toLowerCase().startsWith(base.toLowerCase())
    ? pathname.slice(base.length)
    : pathname;
  return { pathname: inApp || "/", search };
}

/**
 * Frees a replaced Navigator once React has rendered with its successor: a handler bound in the
 * last render may still call it until then.
 */
function retire(navigator: Navigator | undefined) {
  if (navigator) setTimeout(() => navigator.free(), 0);
}

export const useMenuStore = create<MenuState>()((set, getState) => ({
  status: "idle",
  navigator: undefined,
  systemTree: undefined,
  error: undefined,
  moved: undefined,

  load: async () => {
    const { status } = getState();
    if (status === "loading" || status === "ready") return;
    set({ status: "loading", error: undefined });
    const { navigator, systemTree, error } = await fetchTrees();
    if (navigator) {
      getState().navigator?.free();
      set({ status: "ready", navigator, systemTree, error: undefined });
    } else {
      set({ status: "error", navigator: undefined, systemTree, error: errorInfo(error) });
    }
  },

  reload: async () => {
    if (getState().status !== "ready") return;
    const { navigator, systemTree } = await fetchTrees(true);
    // Failed: the request layer has shown why; the tree on screen stays usable.
    if (!navigator) return;
    const previous = getState().navigator;
    const { pathname, search } = here();
    const page = previous?.pageFor(pathname);
    const moved = page === undefined ? undefined : navigator.relocated(page, pathname, search);
    set({ navigator, systemTree, moved });
    retire(previous);
  },

  clearMoved: () => set({ moved: undefined }),

  reset: () => {
    getState().navigator?.free();
    set({
      status: "idle",
      navigator: undefined,
      systemTree: undefined,
      error: undefined,
      moved: undefined,
    });
  },

  inSystemTree: (pathname) => {
    const tree = getState().systemTree;
    return tree !== undefined && treeHasPath(tree, pathname);
  },
}));
