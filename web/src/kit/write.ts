/**
 * The one write path. A screen names the operation and its params; the catalogue's declaration
 * (generated from core-wasm/src/ops into `lib/generated/writes.ts`) says the rest: the label its toasts use and the reads a
 * success makes stale. Under it is TanStack Query's `useMutation`; over it no screen lists what to
 * refresh, formats a failure or catches an error of its own.
 *
 * - `send(params)` rejects with the gateway's error (no toast): for a dialog or a form, which shows
 *   the refusal where the action was (FormDialog: at the fields or in its Alert; ReasonDialog: in
 *   the dialog).
 * - `run(params)` lets the core's error catalogue toast a refusal (its `msg`, as for every call the
 *   spec describes) and resolves `undefined`: for a row's link or a button, whose toast is where
 *   the action was.
 *
 * Both toast the success (the screen's words, or `{label}成功`) and invalidate exactly the declared
 * reads plus 操作日志, which every write feeds (the shell's menu tree is fetched again when the
 * write changes the signed-in user's own menus: `changesOwnMenus`); a row's stale version
 * (`data_conflict`) reads them
 * again too (a dialog's does not: it keeps what was typed). Bulk runs send each row `quiet` and
 * refresh once.
 */
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { useCallback, useMemo } from "react";
import { call, callData, errorInfo, followSignOut, type Answer, type Params } from "@/lib/core";
import { ops, type Op, type Operations } from "@/lib/generated/ops";
import { writes, type WriteDeclaration } from "@/lib/generated/writes";
import { tellOtherTabs } from "@/lib/browserTabs";
import { useMenuStore } from "@/stores/menu";
import { useSessionStore } from "@/stores/session";

type Catalogue = { [A in keyof Operations]: Op<A> };

/** Every operation by its `api`: a move names its operation so (the core's `moveRequest`). */
const catalogue = Object.fromEntries(
  Object.values(ops).flatMap((domain) =>
    Object.values(domain as Record<string, Op>).map((op) => [op.api, op]),
  ),
) as unknown as Catalogue;

/** The operation of an `api` name, if the catalogue has it. */
export function opOf(api: string): Op | undefined {
  return Object.prototype.hasOwnProperty.call(catalogue, api)
    ? catalogue[api as keyof Operations]
    : undefined;
}

/** The success toast: the screen's words for what happened (none: `""`); default `{label}成功`. */
export type Success<A extends keyof Operations> =
  string | ((answer: Answer<A>, params: Params<A>) => string);

export interface SendOptions<A extends keyof Operations> {
  success?: Success<A>;
  /** A bulk run's row: no toast, no refresh (the run refreshes once, after its last row). */
  quiet?: boolean;
}

/** What write `op` declares (generated from the catalogue); nothing for a read. */
export function declarationOf(op: Op): WriteDeclaration {
  return writes[op.api] ?? { label: "", stale: [] };
}

/** The reads `op` makes stale, 操作日志 included: the query keys' first part is the `api`. */
export function staleReads(op: Op): readonly string[] {
  return [...declarationOf(op).stale, ops.audit.list.api];
}

/**
 * Whether a success of `op` with `params` changes the signed-in user's own menus, as the catalogue
 * declares it (`menus`). Without params (a bulk run's single refresh), a `self` write may have
 * been theirs.
 */
export function changesOwnMenus(op: Op, params?: unknown): boolean {
  const menus = declarationOf(op).menus;
  if (menus !== "self") return menus === "always";
  if (params === undefined) return true;
  if (typeof params !== "object" || params === null || !("id" in params)) return false;
  const me = useSessionStore.getState().user?.id;
  return me !== undefined && params.id === me;
}

/**
 * Reads `apis` again (the query keys' first part), and the signed-in user's own menu tree when
 * `menus`: after a write here, or one in another browser tab of the app.
 */
export async function refreshReads(
  client: QueryClient,
  apis: readonly string[],
  menus: boolean,
): Promise<void> {
  await Promise.all([
    ...apis.map((api) => client.invalidateQueries({ queryKey: [api] })),
    // The signed-in user's own menu tree is the shell's, not a query: it is fetched again so a
    // renamed, moved or hidden entry shows at once, and only then.
    menus ? useMenuStore.getState().reload() : undefined,
  ]);
}

export interface Sender {
  /** Sends; rejects with the gateway's error (no toast) for the caller to show in place. */
  send: <A extends keyof Operations>(
    op: Op<A>,
    params: Params<A>,
    options?: SendOptions<A>,
  ) => Promise<Answer<A>>;
  /** Sends; the catalogue toasts a refusal, and it resolves `undefined` then. */
  run: <A extends keyof Operations>(
    op: Op<A>,
    params: Params<A>,
    options?: SendOptions<A>,
  ) => Promise<Answer<A> | undefined>;
  /** Invalidates what `op` makes stale (after a quiet bulk run). */
  refresh: (op: Op, params?: unknown) => Promise<void>;
  /** A write is under way. */
  pending: boolean;
}

/** A refusal the catalogue has already shown; `conflict`: it was a stale version. */
class Shown {
  constructor(readonly conflict: boolean) {}
}

interface Sending {
  op: Op;
  params: unknown;
  /** The catalogue shows a refusal (`run`); otherwise it rejects (`send`). */
  toast: boolean;
}

/** Writes through the catalogue, for a screen whose operation varies (a lifecycle's moves). */
export function useSender(): Sender {
  const client = useQueryClient();
  const { message } = App.useApp();
  const { mutateAsync, isPending } = useMutation({
    mutationFn: async ({ op, params, toast }: Sending): Promise<unknown> => {
      const typed = params as Params<keyof Operations>;
      if (!toast) {
        try {
          return await callData(op, typed);
        } catch (error) {
          // The form says what failed; a session the gateway ended goes to sign-in (the core).
          followSignOut(error);
          throw error;
        }
      }
      try {
        const result = await call(op, typed);
        // The core reads the refusal's code (`errorInfo` takes any `{code}`).
        return result.success ? result.data : new Shown(errorInfo(result).conflict);
      } catch {
        // No answer, or not one: the catalogue has shown that too.
        return new Shown(false);
      }
    },
  });
  const refresh = useCallback(
    async (op: Op, params?: unknown) => {
      const apis = [...staleReads(op)];
      const menus = changesOwnMenus(op, params);
      // Written: the app's other browser tabs read the same again (lib/browserTabs).
      tellOtherTabs({ kind: "stale", apis, menus });
      await refreshReads(client, apis, menus);
    },
    [client],
  );
  const done = useCallback(
    async <A extends keyof Operations>(
      op: Op<A>,
      answer: Answer<A>,
      params: Params<A>,
      { success, quiet }: SendOptions<A>,
    ) => {
      if (quiet) return;
      const text =
        typeof success === "function"
          ? success(answer, params)
          : (success ?? `${declarationOf(op).label}成功`);
      if (text) void message.success(text);
      await refresh(op, params);
    },
    [refresh, message],
  );
  /**
   * A stale version (`data_conflict`) refused from a row: what the screen shows is someone else's
   * past, so the declared reads are read again while the refusal is toasted.
   */
  const refreshOnConflict = useCallback(
    (op: Op, params: unknown, conflict: boolean) => {
      // Here only: nothing was written, so the other tabs are not told.
      if (conflict) void refreshReads(client, staleReads(op), changesOwnMenus(op, params));
    },
    [client],
  );
  const send = useCallback(
    async <A extends keyof Operations>(
      op: Op<A>,
      params: Params<A>,
      options: SendOptions<A> = {},
    ): Promise<Answer<A>> => {
      // A refusal is not followed by a read here, not even a stale version's: the dialog showing
      // it may live in the row that read would move away, taking what was typed with it.
      const answer = (await mutateAsync({ op, params, toast: false })) as Answer<A>;
      await done(op, answer, params, options);
      return answer;
    },
    [mutateAsync, done],
  );
  const run = useCallback(
    async <A extends keyof Operations>(
      op: Op<A>,
      params: Params<A>,
      options: SendOptions<A> = {},
    ): Promise<Answer<A> | undefined> => {
      const answer = await mutateAsync({ op, params, toast: true });
      if (answer instanceof Shown) {
        refreshOnConflict(op, params, answer.conflict);
        return undefined;
      }
      await done(op, answer as Answer<A>, params, options);
      return answer as Answer<A>;
    },
    [mutateAsync, done, refreshOnConflict],
  );
  return useMemo(
    () => ({ send, run, refresh, pending: isPending }),
    [send, run, refresh, isPending],
  );
}

export interface Write<A extends keyof Operations> {
  /** Sends; rejects with the gateway's error for the caller to show in place. */
  send: (params: Params<A>, options?: SendOptions<A>) => Promise<Answer<A>>;
  /** Sends; the catalogue toasts a refusal, and it resolves `undefined` then. */
  run: (params: Params<A>, options?: SendOptions<A>) => Promise<Answer<A> | undefined>;
  /** Invalidates the declared reads (after a quiet bulk run). */
  refresh: () => Promise<void>;
  /** A send is under way. */
  pending: boolean;
}

/** Writes with operation `op`; `success` is the screen's toast for it (see the module's comment). */
export function useWrite<A extends keyof Operations>(op: Op<A>, success?: Success<A>): Write<A> {
  const { send: sendOp, run: runOp, refresh: refreshOp, pending } = useSender();
  return useMemo(
    () => ({
      send: (params: Params<A>, options: SendOptions<A> = {}) =>
        sendOp(op, params, { success, ...options }),
      run: (params: Params<A>, options: SendOptions<A> = {}) =>
        runOp(op, params, { success, ...options }),
      refresh: () => refreshOp(op),
      pending,
    }),
    [sendOp, runOp, refreshOp, pending, op, success],
  );
}
