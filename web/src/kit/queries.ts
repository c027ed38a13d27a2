/**
 * Reads and writes of the core's operation catalogue for screens. Reads go through the catalogue
 * (toast, or the login redirect) and become query errors; form writes skip it so the form can show
 * the refusal at its fields; row writes let it toast.
 */
import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from "@tanstack/react-query";
import { useCallback } from "react";
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
 * in place that it cannot search).
 */
export function useOpQuery<A extends keyof Operations>(
  op: Op<A>,
  params: Params<A>,
  options: { enabled?: boolean; keepPrevious?: boolean; fresh?: boolean; quiet?: boolean } = {},
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
    ...(options.fresh ? { staleTime: 0, refetchOnMount: "always" as const } : {}),
  });
}

/**
 * A write from a table row (toggle, delete): the catalogue toasts any failure (business or
 * transport); resolves with the answer on success, `undefined` otherwise.
 */
export async function writeRow<A extends keyof Operations>(
  op: Op<A>,
  params: Params<A>,
): Promise<Answer<A> | undefined> {
  try {
    const result = await call(op, params);
    return result.success ? result.data : undefined;
  } catch {
    // Already shown by the catalogue.
    return undefined;
  }
}

/** Refetches every cached read of the given operations (or query keys' first part). */
export function useRefresh(): (...keys: readonly (Op | string)[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (...keys: readonly (Op | string)[]) => {
      await Promise.all(
        keys.map((key) =>
          client.invalidateQueries({ queryKey: [typeof key === "string" ? key : key.api] }),
        ),
      );
    },
    [client],
  );
}
