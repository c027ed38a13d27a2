/**
 * The routes: `/login` outside the layout, everything else under one catch-all that asks the core.
 * Both are lazy chunks loaded through the core (time-out, ChunkLoadError) and retried on 重试, so
 * the login page's first load carries neither the layout nor any screen.
 *
 * Declarative routes (`<BrowserRouter>` and `<Routes>`), not a data router: the app has no loaders,
 * actions or fetchers, and `createBrowserRouter` kept all of that machinery in the login page's
 * first load (react-router was 29 KB gzipped of it, 13 KB declaratively; measured by the size
 * report). Any error a route throws while rendering is caught by its `lazyRoute` boundary, which
 * draws the first screen's error view with 重试.
 */
import { useEffect } from "react";
import { Route, Routes } from "react-router";
import { routerBasename } from "@/lib/core";
import { lazyRoute } from "@/app/lazyRoute";

const LoginRoute = lazyRoute(
  "login",
  async () => (await import("@/pages/login/index.tsx")).default,
);
const ShellRoute = lazyRoute(
  "shell",
  async () => (await import("@/app/shell/ShellRoute.tsx")).ShellRoute,
);

// A cold load of the login page: fetch its chunk now, while React and antd start up, rather than
// when the route first renders.
if (
  typeof window !== "undefined" &&
  window.location.pathname.replace(/\/+$/, "").toLowerCase() ===
    `${routerBasename()}/login`.toLowerCase()
) {
  LoginRoute.preload();
}

/**
 * The login page; once the user starts typing in it, the layout's chunk is fetched, since signing
 * in leads there. Not before: what the login page itself loads stays what it needs.
 */
function Login() {
  useEffect(() => {
    const start = () => ShellRoute.preload();
    document.addEventListener("input", start, { once: true, capture: true });
    return () => document.removeEventListener("input", start, { capture: true });
  }, []);
  return <LoginRoute />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<Login />} />
      <Route path="*" element={<ShellRoute />} />
    </Routes>
  );
}
