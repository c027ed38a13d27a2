/**
 * Renders a screen as the shell does for a route: a memory router at `url`, a fresh query client
 * (no retries), antd's configuration and `App`. `location()` reads the router's current URL (what a
 * copied link would hold).
 */
import { QueryClientProvider } from "@tanstack/react-query";
import type { RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { renderUi } from "@/test/render";
import { testQueryClient } from "@/test/queryClient";

export interface Routed extends RenderResult {
  /** The router's current path and search, e.g. `/baseMgmt/prodMgmt?status=onSale`. */
  location: () => string;
}

export function renderRouted(ui: ReactElement, url: string): Routed {
  const client = testQueryClient();
  let current = url;
  function Probe() {
    const { pathname, search } = useLocation();
    current = `${pathname}${search}`;
    return null;
  }
  const result = renderUi(
    <QueryClientProvider client={client}>
      {/* As the app's router (app/main.tsx): navigations render at once, not as transitions. */}
      <MemoryRouter initialEntries={[url]} useTransitions={false}>
        {ui}
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, location: () => current };
}
