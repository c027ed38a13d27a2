/**
 * The routes: `/login` outside the layout, everything else under one catch-all that asks the core.
 * Both are lazy chunks loaded through the core (time-out, ChunkLoadError) and retried on 重试, so
 * the login page's first load carries neither the layout nor any screen.
 */
import { createBrowserRouter } from "react-router";
import { routerBasename } from "@/lib/core";
import { lazyRoute } from "@/app/lazyRoute";
import { RouteError } from "@/app/RouteError";

const LoginRoute = lazyRoute(
  "login",
  async () => (await import("@/pages/login/index.tsx")).default,
);
const ShellRoute = lazyRoute(
  "shell",
  async () => (await import("@/app/shell/ShellRoute.tsx")).ShellRoute,
);

export const router = createBrowserRouter(
  [
    { path: "/login", ErrorBoundary: RouteError, Component: LoginRoute },
    { path: "*", ErrorBoundary: RouteError, Component: ShellRoute },
  ],
  { basename: routerBasename() },
);
