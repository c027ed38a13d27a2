/**
 * The one element of every in-layout path (`/*`). It renders what the core decides: `preflight`
 * first (no session → login, without waiting for menus); otherwise the menu tree is loaded once and
 * a Navigator resolves the path to a page, a redirect, 403, or a fixed page.
 */
import { Button, Result } from "antd";
import { useCallback, useEffect, useMemo, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { ExceptionResult } from "@/components/ExceptionResult";
import { PageSkeleton } from "@/components/PageSkeleton";
import { AppLayout } from "@/features/shell/AppLayout";
import { preflight, routerBasename, type Navigator, type Resolution } from "@/lib/core";
import { useMenuStore } from "@/stores/menu";
import { prefetchPage } from "@/app/pages";
import { PageView } from "@/app/shell/PageView";
import { ShellProviders } from "@/app/shell/ShellProviders";

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

  useEffect(() => {
    if (status === "idle") void load();
  }, [status, load]);

  const menu = useMemo(() => navigator?.menu() ?? [], [navigator]);
  const crumbs = useMemo(() => navigator?.breadcrumbs(pathname) ?? [], [navigator, pathname]);
  const resolution = useMemo(
    () => navigator?.resolve(pathname, search),
    [navigator, pathname, search],
  );
  const onPrefetch = useMemo(() => (navigator ? prefetcher(navigator) : undefined), [navigator]);
  const retry = useCallback(() => {
    reset();
    void load();
  }, [reset, load]);

  let content: ReactNode;
  if (status === "error") {
    content = (
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
    );
  } else if (!resolution) {
    content = <PageSkeleton />;
  } else {
    content = render(resolution, pathname);
  }

  return (
    <AppLayout menu={menu} crumbs={crumbs} onPrefetch={onPrefetch}>
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
