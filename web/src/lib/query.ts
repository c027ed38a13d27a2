/**
 * The server cache: the app's one QueryClient and its defaults. Screens read through the kit's
 * hooks (kit/queries.ts), which call the core's client.
 */
import { QueryClient } from "@tanstack/react-query";

/** The app's query defaults (the tests' clients take them too, so they read as the app does). */
export const QUERY_DEFAULTS = {
  // A retry would repeat the catalogue's toast; the screens offer their own retry.
  queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  mutations: { retry: false },
} as const;

export const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
