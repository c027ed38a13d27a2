/**
 * Reads of the core's operation catalogue for screens: through the catalogue (toast, or the login
 * redirect), failures become query errors. Writes are `@/kit/write`'s.
 */
import { keepPreviousData, useQuery, type UseQueryResult } from "@tanstack/react-query";
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
  return useQuery({
    queryKey: [op.api, params],
    queryFn: async () =>
      expectData(
        await call(op, params, quiet ? { skipErrorHandler: true } : undefined),
      ) as Answer<A>,
    enabled: options.enabled ?? true,
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
