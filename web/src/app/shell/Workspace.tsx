/**
 * The pages of the workspace's tabs. The current page is drawn in its tab; the most recently shown
 * tabs (the core's `keptTabs`) stay alive under React's `<Activity>`, hidden (`display: none`, out
 * of the accessibility tree, effects stopped: no timers, no refetches, no key handlers), so going
 * back shows each as it was left: what was typed, the selection, an open drawer, the scroll.
 * Older tabs are drawn again from their address when opened. Each tab's slot holds its heading
 * and its page, so the tab bar can show a kept tab in the frame after a click, before React has
 * run its effects again (`keptTabSwitch`).
 *
 * Each kept tab renders against its own address: a hidden list reads its own filters, never the
 * current page's. A tab's address and route are objects that stay the same for as long as the tab
 * shows one address, hidden or shown: a page change elsewhere draws none of a hidden tab again
 * (`TabSlot` is memoised, and what its readers of the address and the route consume does not
 * change), and showing a kept tab again draws only what its own state changed, not the whole page.
 */
import {
  Activity,
  memo,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  type ContextType,
  type ReactNode,
} from "react";
import {
  NavigationType,
  parsePath,
  Route,
  Routes,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_RouteContext as RouteContext,
  useLocation,
} from "react-router";
import { constants, getUserInfo, type Navigator, type Resolution } from "@/lib/core";
import { TabContext, useTabsStore, type WorkspaceTab } from "@/stores/tabs";
import { PageArea, PageHeading } from "@/features/shell/AppLayout";
import {
  noteScroll,
  restoreScroll,
  settleSlots,
  SLOT_ATTRIBUTE,
} from "@/features/shell/keptTabSwitch";
import { PageView } from "@/app/shell/PageView";

type PageResolution = Extract<Resolution, { kind: "page" }>;
type TabAddress = ContextType<typeof LocationContext>;

/** A tab's pages match its address from the top, whatever route the shell itself is drawn in. */
const TOP_ROUTE: ContextType<typeof RouteContext> = {
  outlet: null,
  matches: [],
  isDataRoute: false,
};

function splitPath(path: string): [string, string] {
  const at = path.indexOf("?");
  return at < 0 ? [path, ""] : [path.slice(0, at), path.slice(at)];
}

/**
 * The tabs of this user follow the menus: a tab whose page moved goes with it, one this user can
 * no longer open closes.
 */
function useTabsFollowMenus(navigator: Navigator) {
  const revise = useTabsStore((s) => s.revise);
  useEffect(() => {
    revise((tab): WorkspaceTab | undefined => {
      const [pathname, search] = splitPath(tab.path);
      let resolution = navigator.resolve(pathname, search);
      let path = tab.path;
      if (resolution.kind !== "page") {
        const moved = navigator.relocated(tab.page, pathname, search);
        if (moved === undefined) return undefined;
        path = moved;
        resolution = navigator.resolve(...splitPath(moved));
      }
      if (resolution.kind !== "page") return undefined;
      const { tab: key, page, alias } = resolution;
      return { ...tab, key, page, alias, path };
    });
  }, [navigator, revise]);
}

/**
 * The window's scroll is the current tab's: kept per tab, given back when it is shown again. And
 * after each draw, each tab's slot is shown or hidden as React sees it (the tab bar may have
 * shown a kept tab before React drew the switch).
 */
function useShownTab(active: string | undefined, path: string) {
  useEffect(() => {
    window.addEventListener("scroll", noteScroll, { passive: true });
    return () => window.removeEventListener("scroll", noteScroll);
  }, []);
  useLayoutEffect(() => restoreScroll(active), [active]);
  useLayoutEffect(() => settleSlots(active, path));
}

/**
 * The address each tab is drawn at, one object per address for as long as a tab shows it: the
 * same object on every render, hidden or shown, so nothing in the tab reads a change. (Nothing
 * drawn in a tab reads the address's history state, key or navigation type.)
 */
function useTabAddresses() {
  const kept = useRef(new Map<string, TabAddress>());
  return (paths: string[]): Map<string, TabAddress> => {
    const next = new Map<string, TabAddress>();
    for (const path of paths) {
      let address = kept.current.get(path);
      if (address === undefined) {
        const { pathname = "/", search = "", hash = "" } = parsePath(path);
        address = {
          location: { pathname, search, hash, state: null, key: `tab:${path}` },
          navigationType: NavigationType.Pop,
        };
      }
      next.set(path, address);
    }
    kept.current = next;
    return next;
  };
}

/** A tab's page as last resolved, with the address it was resolved at. */
interface KeptPage {
  path: string;
  page: PageResolution | undefined;
}

/**
 * The page each tab shows: the shell's resolution for the shown tab, its own address's for the
 * others (none when that is not a page: the menus changed and the tab is about to follow them).
 * One object per tab for as long as it shows the same page, so showing or hiding a tab leaves its
 * `TabContent` props equal.
 */
function useTabPages(navigator: Navigator, current: PageResolution | undefined) {
  const kept = useRef<{ navigator?: Navigator; pages: Map<string, KeptPage> }>({
    pages: new Map(),
  });
  return (tab: Pick<WorkspaceTab, "key" | "path">): PageResolution | undefined => {
    // New with each menu tree (a page may have moved or been renamed).
    if (kept.current.navigator !== navigator) kept.current = { navigator, pages: new Map() };
    const { pages } = kept.current;
    const before = pages.get(tab.key);
    let page: PageResolution | undefined;
    if (tab.key === current?.tab) {
      page = current;
    } else if (before?.path === tab.path) {
      // A hidden tab still at the address it was resolved at: nothing to ask the core again.
      return before.page;
    } else {
      const resolved = navigator.resolve(...splitPath(tab.path));
      page = resolved.kind === "page" ? resolved : undefined;
    }
    if (before?.page && page && samePage(before.page, page)) page = before.page;
    pages.set(tab.key, { path: tab.path, page });
    return page;
  };
}

function samePage(a: PageResolution, b: PageResolution): boolean {
  return a.page === b.page && a.path === b.path && a.alias === b.alias && a.tab === b.tab;
}

interface TabContentProps {
  tabKey: string;
  navigator: Navigator;
  /** The address the tab is drawn at (for the shown tab, the shell's own path). */
  address: TabAddress;
  /**
   * The page the tab shows: what its address resolves to, or for the shown tab what the shell
   * shows (a moved page's new address before the shell has gone there).
   */
  page: PageResolution;
}

/**
 * A tab's page at its address. Memoised apart from the `<Activity>` around it: showing or hiding
 * the tab changes none of these props, so nothing in the page is drawn again for it.
 */
const TabContent = memo(function TabContent({ tabKey, navigator, address, page }: TabContentProps) {
  const { pathname } = address.location;
  const crumbs = useMemo(() => navigator.breadcrumbs(pathname), [navigator, pathname]);
  return (
    <TabContext value={tabKey}>
      <div {...{ [SLOT_ATTRIBUTE]: tabKey }} className="workspace-tab">
        <PageHeading crumbs={crumbs} title={crumbs.at(-1)?.alias} />
        <PageArea>
          <RouteContext value={TOP_ROUTE}>
            <LocationContext value={address}>
              <Routes>
                <Route
                  path="*"
                  element={<PageView pageKey={page.page} path={page.path} alias={page.alias} />}
                />
              </Routes>
            </LocationContext>
          </RouteContext>
        </PageArea>
      </div>
    </TabContext>
  );
});

/** One tab, kept alive under `<Activity>`; memoised, so a hidden tab's props stay equal. */
const TabSlot = memo(function TabSlot({
  visible,
  ...content
}: TabContentProps & { visible: boolean }) {
  return (
    <Activity mode={visible ? "visible" : "hidden"}>
      <TabContent {...content} />
    </Activity>
  );
});

export interface WorkspaceProps {
  navigator: Navigator;
  /** The current address's resolution when it is a page (its tab is the current one). */
  current: PageResolution | undefined;
  /** What the current address shows when it is not a page (403, 404, a redirect)... */
  children?: ReactNode;
  /** ...under this heading. */
  heading?: ReactNode;
}

export function Workspace({ navigator, current, children, heading }: WorkspaceProps) {
  const { pathname, search, hash } = useLocation();
  const tabAddresses = useTabAddresses();
  const own = useTabsStore((s) => s.own);
  const show = useTabsStore((s) => s.show);
  const tabs = useTabsStore((s) => s.tabs);
  const recent = useTabsStore((s) => s.recent);
  const active = current?.tab;

  // The tabs are the signed-in user's: another user's (same browser tab) are dropped.
  const owner = String(getUserInfo()?.id ?? "");
  useLayoutEffect(() => own(owner), [own, owner]);
  useTabsFollowMenus(navigator);
  const path = `${pathname}${search}`;
  useShownTab(active, path);
  useLayoutEffect(() => {
    if (current) show({ key: current.tab, page: current.page, path, alias: current.alias });
  }, [current, path, show]);

  // Kept: the current tab and the most recently shown others, drawn in the bar's order so a
  // switch moves no element.
  const kept = new Set(recent.filter((k) => k !== active).slice(0, constants().keptTabs - 1));
  const drawn: Pick<WorkspaceTab, "key" | "path" | "generation">[] = tabs.filter(
    (t) => t.key === active || kept.has(t.key),
  );
  if (current && !drawn.some((t) => t.key === active)) {
    drawn.push({ key: current.tab, path, generation: 0 });
  }

  // The shown tab is drawn at the shell's address (its stored path may lag a render behind).
  const shown = `${path}${hash}`;
  const pathOf = (tab: Pick<WorkspaceTab, "key" | "path">) =>
    tab.key === active ? shown : tab.path;
  const addresses = tabAddresses(drawn.map(pathOf));
  const shellAddress = useContext(LocationContext);
  const pageOf = useTabPages(navigator, current);

  return (
    <>
      {drawn.map((tab) => {
        const page = pageOf(tab);
        if (page === undefined) return null;
        return (
          <TabSlot
            key={`${tab.key}#${tab.generation}`}
            tabKey={tab.key}
            navigator={navigator}
            visible={tab.key === active}
            address={addresses.get(pathOf(tab)) ?? shellAddress}
            page={page}
          />
        );
      })}
      {current ? null : (
        <>
          {heading}
          <PageArea>{children}</PageArea>
        </>
      )}
    </>
  );
}
