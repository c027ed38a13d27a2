/**
 * Reads of the core's operation catalogue for screens: through the catalogue (toast, or the login
 * redirect), failures become query errors. Writes are `@/kit/write`'s.
 */
import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from "@tanstack/react-query";
import { call, expectData, type Answer, type Params } from "@/lib/core";
import type { Op, Operations, Page } from "@/lib/generated/ops";

/** The operations that answer a page of rows. */
export type ListApi = {
  [A in keyof Operations]: Answer<A> extends Page<unknown> ? A : never;
}[keyof Operations];
/** The row type of list operation `A`. */
export type RowOf<A extends ListApi> = Answer<A> extends Page<infer T> ? T : never;

/**
 * A read of `op`; with `keepPrevious`, the previous answer stays on screen while the next loads;
 * with `fresh`, every mount reads again (what the operator decides on, never from the cache); with
 * `quiet`, a failure is the query's error only, without the catalogue's toast (a picker that says
 * in place that it cannot search); with `every` (ms), it is read again that often while the page
 * is visible (TanStack Query pauses the interval in a background tab).
 */
export function useOpQuery<A extends keyof Operations>(
  op: Op<A>,
  params: Params<A>,
  options: {
    enabled?: boolean;
    keepPrevious?: boolean;
    fresh?: boolean;
    quiet?: boolean;
    every?: number;
  } = {},
): UseQueryResult<Answer<A>> {
  const quiet = options.quiet ?? false;
  const enabled = options.enabled ?? true;
  const queryKey = [op.api, params];
  const queryFn = async () =>
    expectData(await call(op, params, quiet ? { skipErrorHandler: true } : undefined)) as Answer<A>;
  // A read never made before starts as the screen draws: `useQuery` starts it only once the screen
  // is on the page, which on a list's first visit with the CPU slowed 4× was 650 ms after the
  // click (the answer now arrives while the page draws). `useQuery` then takes the read under way
  // rather than making another (TanStack's `usePrefetchQuery`, which knows no `enabled`).
  const client = useQueryClient();
  if (enabled && !client.getQueryState(queryKey)) {
    client.query({ queryKey, queryFn }).catch(() => undefined);
  }
  return useQuery({
    queryKey,
    queryFn,
    enabled,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    refetchInterval: options.every,
    ...(options.fresh ? { staleTime: 0, refetchOnMount: "always" as const } : {}),
  });
}

/**
 * One read outside a screen's queries (the command palette asks several operations per lookup):
 * silent (the caller says in place what failed), and aborted with `signal`.
 */
export async function readOp<A extends keyof Operations>(
  op: Op<A>,
  params: Params<A>,
  signal: AbortSignal,
): Promise<Answer<A>> {
  return expectData(await call(op, params, { skipErrorHandler: true, signal })) as Answer<A>;
}
