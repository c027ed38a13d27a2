/**
 * The server cache: one QueryClient, and hooks that call the core's client. Business failures
 * become query errors through the core's `expectData` (the core already showed the toast).
 */
import {
  keepPreviousData,
  QueryClient,
  useQuery,
  type UseQueryResult,
} from "@tanstack/react-query";
import { expectData, get } from "@/lib/core";

/** The app's query defaults (the tests' clients take them too, so they read as the app does). */
export const QUERY_DEFAULTS = {
  // A retry would repeat the catalogue's toast; the screens offer their own retry.
  queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  mutations: { retry: false },
} as const;

export const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });

/** Params of a call: a JSON object. */
export type ApiParams = Record<string, unknown>;

/**
 * A read through the gateway. `T` is the declared shape of `result.data` for `api`: the gateway's
 * answer is trusted as declared (the core has already checked the envelope).
 */
export function useApiQuery<T>(
  api: string,
  params: ApiParams = {},
  options: { enabled?: boolean; keepPrevious?: boolean } = {},
): UseQueryResult<T> {
  return useQuery({
    queryKey: [api, params],
    queryFn: async () => expectData(await get(api, params)) as T,
    enabled: options.enabled ?? true,
    // A list keeps showing the previous page while the next one loads.
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}
