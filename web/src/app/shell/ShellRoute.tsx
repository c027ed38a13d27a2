/**
 * The one element of every in-layout path (`/*`). It renders what the core decides: `preflight`
 * first (no session → login, without waiting for menus); otherwise the menu tree is loaded once and
 * a Navigator resolves the path to a page, a redirect, 403, or a fixed page.
 */
import { Button, Result } from "antd";
import { useCallback, useEffect, useMemo, type ReactNode } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { ExceptionResult } from "@/components/ExceptionResult";
import { PageSkeleton } from "@/components/PageSkeleton";
import { AppLayout, PageArea, PageHeading } from "@/features/shell/AppLayout";
import { useOpenKeptTab } from "@/features/shell/keptTabSwitch";
import { TabBar } from "@/features/shell/TabBar";
import { PaletteLauncher } from "@/features/palette/PaletteLauncher";
import { useMenuBadges } from "@/features/shell/menuBadges";
import { preflight, routerBasename, type Navigator, type Resolution } from "@/lib/core";
import { useMenuStore } from "@/stores/menu";
import { prefetchPage } from "@/app/pages";
import { PageView } from "@/app/shell/PageView";
import { ShellProviders } from "@/app/shell/ShellProviders";
import { Workspace } from "@/app/shell/Workspace";

/** Location state of a redirect: where the user was going (the 404 page reads it). */
export interface RedirectState {
  from: string;
}

function render(resolution: Resolution, pathname: string): ReactNode {
  switch (resolution.kind) {
    case "redirect":
      return (
        <Navigate replace to={resolution.to} state={{ from: pathname } satisfies RedirectState} />
      );
    case "page":
      return <PageView pageKey={resolution.page} path={resolution.path} alias={resolution.alias} />;
    case "forbidden":
      return <ExceptionResult status="403" />;
    case "fixed":
      if (resolution.page === "login") return <Navigate replace to="/login" />;
      return <PageView pageKey={resolution.key} path={pathname} alias="" />;
  }
}

/** Prefetches the page a menu link finally renders (the core follows its redirects). */
function prefetcher(navigator: Navigator) {
  return (path: string) => {
    const page = navigator.pageFor(path);
    if (page !== undefined) prefetchPage(page);
  };
}

/**
 * The moment the menus arrive (asked for by the login page as the user signs in), the chunk of
 * the page they resolve the current address to starts loading: the layout's first render is still
 * under way then, and the page is only reached once it is done.
 */
useMenuStore.subscribe((state, previous) => {
  if (!state.navigator || state.navigator === previous.navigator) return;
  const { pathname, search } = window.location;
  const base = routerBasename();
  if (!pathname.toLowerCase().startsWith(base.toLowerCase())) return;
  const resolved = state.navigator.resolve(pathname.slice(base.length) || "/", search);
  if (resolved.kind === "page") prefetchPage(resolved.page);
});

function MenuGate() {
  const { pathname, search } = useLocation();
  const status = useMenuStore((s) => s.status);
  const navigator = useMenuStore((s) => s.navigator);
  const error = useMenuStore((s) => s.error);
  const load = useMenuStore((s) => s.load);
  const reset = useMenuStore((s) => s.reset);
  const moved = useMenuStore((s) => s.moved);
  const clearMoved = useMenuStore((s) => s.clearMoved);
  const navigate = useNavigate();

  useEffect(() => {
    if (status === "idle") void load();
  }, [status, load]);

  // The open page's entry was moved or renamed: it stays open, at its new address.
  // Cleared once the address is the new one: until then the page renders at `moved`, and the old
  // address (gone from the tree) is not resolved to a 404.
  useEffect(() => {
    if (moved === undefined) return;
    if (`${pathname}${search}` === moved) clearMoved();
    else void navigate(moved, { replace: true });
  }, [moved, pathname, search, clearMoved, navigate]);

  const menu = useMemo(() => navigator?.menu() ?? [], [navigator]);
  const crumbs = useMemo(() => navigator?.breadcrumbs(pathname) ?? [], [navigator, pathname]);
  // Until the shell has gone to a moved page's new address, that address is what it shows: the
  // page stays mounted (the same module), with what was typed in it.
  const resolution = useMemo(() => {
    if (moved === undefined) return navigator?.resolve(pathname, search);
    const to = new URL(moved, window.location.origin);
    return navigator?.resolve(to.pathname, to.search);
  }, [navigator, pathname, search, moved]);
  const onPrefetch = useMemo(() => (navigator ? prefetcher(navigator) : undefined), [navigator]);
  const badges = useMenuBadges(navigator);
  const retry = useCallback(() => {
    reset();
    void load();
  }, [reset, load]);

  const page = resolution?.kind === "page" ? resolution : undefined;
  const openKept = useOpenKeptTab(page?.tab);
  // Outside the tabs, the page's one h1: what the trail ends at, or the name of a page outside
  // the tree (404). A tab's page draws its own heading.
  const title =
    crumbs.at(-1)?.alias ?? (resolution?.kind === "fixed" ? resolution.page : undefined);
  const heading = <PageHeading crumbs={crumbs} title={title} />;
  let content: ReactNode;
  if (status === "error") {
    content = (
      <>
        {heading}
        <PageArea>
          <Result
            status="error"
            title="菜单加载失败"
            subTitle={error?.message}
            extra={
              <Button type="primary" onClick={retry}>
                重试
              </Button>
            }
          />
        </PageArea>
      </>
    );
  } else if (!resolution || !navigator) {
    content = (
      <>
        {heading}
        <PageArea>
          <PageSkeleton />
        </PageArea>
      </>
    );
  } else {
    // A page is drawn in its tab; anything else (403, 404, a redirect) in place of the tabs.
    content = (
      <Workspace navigator={navigator} current={page} heading={heading}>
        {page ? null : render(resolution, pathname)}
      </Workspace>
    );
  }

  return (
    <AppLayout
      menu={menu}
      crumbs={crumbs}
      onPrefetch={onPrefetch}
      onOpen={openKept}
      badges={badges}
      tabs={navigator ? <TabBar active={page?.tab} /> : null}
      search={navigator ? <PaletteLauncher /> : null}
    >
      {content}
    </AppLayout>
  );
}

export function ShellRoute() {
  const { pathname, search } = useLocation();
  const early = preflight(pathname, search);
  if (early) return render(early, pathname);
  return (
    <ShellProviders>
      <MenuGate />
    </ShellProviders>
  );
}
