/**
 * Renders a screen the way the shell mounts it: antd's configuration and `App`, a fresh query
 * client (no retries: a failed read shows its error at once) and a memory router at `url`. The
 * returned `location()` is the router's current path and query, to assert where a link or a
 * filter led.
 */
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { renderUi } from "@/test/render";
import { testQueryClient } from "@/test/queryClient";

export interface Routed extends RenderResult {
  client: QueryClient;
  /** The router's path and query now, e.g. `/baseMgmt/userMgmt?status=banned`. */
  location: () => string;
}

export function renderRouted(ui: ReactElement, url = "/"): Routed {
  const client = testQueryClient();
  const seen = { current: url };
  function Spy() {
    const location = useLocation();
    seen.current = location.pathname + location.search;
    return null;
  }
  const result = renderUi(
    <QueryClientProvider client={client}>
      {/* As the app's router (app/main.tsx): navigations render at once, not as transitions. */}
      <MemoryRouter initialEntries={[url]} useTransitions={false}>
        {ui}
        <Spy />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client, location: () => seen.current };
}
