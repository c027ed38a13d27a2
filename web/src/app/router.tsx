/**
 * The routes: `/login` outside the layout, everything else under one catch-all that asks the core.
 * Both are lazy chunks loaded through the core (time-out, ChunkLoadError), so the login page's first
 * load carries neither the layout nor any screen.
 */
import { createBrowserRouter } from "react-router";
import { loadPage, routerBasename } from "@/lib/core";
import { RouteError } from "@/app/RouteError";

/** While a route's chunk loads on first visit: nothing (no spinner flash). */
function FirstLoad() {
  return null;
}

export const router = createBrowserRouter(
  [
    {
      path: "/login",
      ErrorBoundary: RouteError,
      HydrateFallback: FirstLoad,
      lazy: async () => {
        const page = await loadPage("login", () => import("@/pages/login/index.tsx"));
        return { Component: page.default };
      },
    },
    {
      path: "*",
      ErrorBoundary: RouteError,
      HydrateFallback: FirstLoad,
      lazy: async () => {
        const shell = await loadPage("shell", () => import("@/app/shell/ShellRoute.tsx"));
        return { Component: shell.ShellRoute };
      },
    },
  ],
  { basename: routerBasename() },
);
