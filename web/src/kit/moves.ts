/**
 * A lifecycle's moves as row actions, from the core alone: `actions(entity, state)` says which
 * moves a record in that state offers; each transition says whether it asks for confirmation or a
 * reason (and which codes), what it means for the record, and — through `moveRequest` — which
 * operation it sends with which params. The screen names the record and, where it has more to say
 * (a shop's impact), adds it. A move whose operation the user may not call is not offered, on a
 * row or in bulk (按钮权限, kit/access).
 */
import { App } from "antd";
import { useCallback, useMemo, type ReactNode } from "react";
import {
  actions as allowedActions,
  errorInfo,
  lifecycle,
  moveRequest,
  ownRefusal,
  type Entity,
  type MoveFrom,
  type Reason,
  type Params,
  type Transition,
} from "@/lib/core";
import type { Op, Operations } from "@/lib/generated/ops";
import { useMay } from "@/kit/access";
import type { BulkAction } from "@/kit/BulkBar";
import { bulkAction, recordRefusal } from "@/kit/bulk";
import type { RowAction } from "@/kit/RowActions";
import { opOf, useSender, type SendOptions } from "@/kit/write";

/** A record a move starts from: its id, the version it was read at, and its state. */
export type Movable = Omit<MoveFrom, "status"> & { status?: string };

export interface MoveSpec<T extends Movable> {
  entity: Entity;
  /** Its state, where the record does not call it `status` (an inquiry's `state`). */
  stateOf?: (row: T) => string;
  /** How titles and toasts name the record: `店铺 宏发五金经营部`, `专题「春季上新」`. */
  subject: (row: T) => string;
  /** What the move touches, beside the transition's own consequence (a shop's impact). */
  details?: (row: T, transition: Transition) => ReactNode;
  /**
   * Where a refusal of a move without a reason shows: the catalogue's toast (default), or a dialog
   * `无法{action}{subject}` with the gateway's words, for refusals the operator must read (an ad
   * past its slot's capacity, an activity without items).
   */
  refusal?: "toast" | "dialog";
  /** After a move succeeded (a drawer showing the record closes). */
  onMoved?: (row: T, to: string) => void;
  /**
   * The row is the signed-in user's own record: the moves the core refuses on one's own record
   * (停用 of oneself) show disabled, saying why.
   */
  own?: (row: T) => boolean;
}

export interface Moves<T extends Movable> {
  /** The row actions the lifecycle allows for `row` and the user may take. */
  actions: (row: T) => RowAction[];
  /**
   * Moves `row` to `to` through its transition's operation; rejects with the gateway's error (a
   * dialog shows it). `quiet` for a bulk run's row.
   */
  move: (
    row: T,
    to: string,
    reason?: Reason,
    options?: SendOptions<keyof Operations>,
  ) => Promise<unknown>;
  /** Refreshes what the entity's moves make stale (after a quiet bulk run). */
  refresh: () => Promise<void>;
}

/** `已冻结店铺 宏发五金经营部`: what a move's success says. */
function doneText(action: string, subject: string): string {
  return `已${action}${subject}`;
}

/** The state of a record that calls it `status`. */
const statusOf = (row: Movable) => row.status ?? "";

export function useMoves<T extends Movable>({
  entity,
  stateOf = statusOf,
  subject,
  details,
  refusal: refusalShown = "toast",
  onMoved,
  own,
}: MoveSpec<T>): Moves<T> {
  const { send, run, refresh } = useSender();
  const { message, modal } = App.useApp();
  const may = useMay();

  const request = useCallback(
    (row: T, to: string, reason?: Reason) => {
      const { op: api, params } = moveRequest(entity, { ...row, status: stateOf(row) }, to, reason);
      const op = opOf(api);
      if (!op) throw new Error(`moveRequest named ${api}, which the catalogue does not have`);
      // The core built them for this operation from its declaration.
      const typed: Params<keyof Operations> = params;
      return { op, params: typed };
    },
    [entity, stateOf],
  );

  // An operation that moves many records in one call (`{ids}`) answers a result per record: the
  // call can succeed and the record still be refused (`recordRefusal`). That is no success: no
  // toast of it, and the refusal goes where a call's would (rejected to the dialog, or toasted).

  const move = useCallback(
    async (row: T, to: string, reason?: Reason, options: SendOptions<keyof Operations> = {}) => {
      const { op, params } = request(row, to, reason);
      const action = allowedActions(entity, stateOf(row)).find((t) => t.to === to)?.action ?? "";
      const done = doneText(action, subject(row));
      const answer = await send(op, params, {
        success: (answer) => (recordRefusal(answer, row.id) ? "" : done),
        ...options,
      });
      const refused = recordRefusal(answer, row.id);
      if (refused) throw refused;
      return answer;
    },
    [request, send, entity, stateOf, subject],
  );

  const actions = useCallback(
    (row: T): RowAction[] =>
      allowedActions(entity, stateOf(row)).flatMap((t): RowAction | RowAction[] => {
        // The transition's operation, as `moveRequest` will name it: not offered without it.
        const op = opOf(t.op);
        if (!op || !may(op)) return [];
        const name = subject(row);
        const said = details?.(row, t) ?? t.consequence;
        return {
          key: `${t.action}:${t.to}`,
          label: t.action,
          op,
          danger: t.danger,
          refused: own?.(row) ? ownRefusal(entity, t.to) : undefined,
          confirm: t.confirm
            ? { title: `${t.action}${name}？`, description: said, okText: t.action }
            : undefined,
          reason:
            t.reason && t.reasonType
              ? { reasonType: t.reasonType, title: `${t.action}${name}`, extra: said }
              : undefined,
          // With a reason the dialog shows a refusal (so `move` rejects); without, a toast does,
          // or a dialog of its own.
          run: async (reason?: Reason) => {
            if (reason) return move(row, t.to, reason);
            if (refusalShown === "dialog") {
              try {
                const answer = await move(row, t.to);
                onMoved?.(row, t.to);
                return answer;
              } catch (error) {
                modal.error({
                  title: `无法${t.action}${name}`,
                  content: errorInfo(error).message,
                  okText: "知道了",
                });
                return undefined;
              }
            }
            const { op, params } = request(row, t.to);
            const done = doneText(t.action, name);
            const answer = await run(op, params, {
              success: (answer) => (recordRefusal(answer, row.id) ? "" : done),
            });
            const refused = answer === undefined ? undefined : recordRefusal(answer, row.id);
            if (refused) void message.error(refused.message);
            else if (answer !== undefined) onMoved?.(row, t.to);
            return answer;
          },
          done: onMoved ? () => onMoved(row, t.to) : undefined,
        };
      }),
    [
      entity,
      stateOf,
      subject,
      details,
      may,
      move,
      request,
      run,
      message,
      modal,
      refusalShown,
      onMoved,
      own,
    ],
  );

  const refreshAll = useCallback(async () => {
    const apis = new Set(lifecycle(entity).transitions.map((t) => t.op));
    await Promise.all(
      [...apis].flatMap((api) => {
        const op = opOf(api);
        return op ? [refresh(op)] : [];
      }),
    );
  }, [entity, refresh]);

  return useMemo(() => ({ actions, move, refresh: refreshAll }), [actions, move, refreshAll]);
}

/** The operation the lifecycle's `action` sends (批量通过 → `shop.audit`). */
function actionOp(entity: Entity, action: string): Op {
  const api = lifecycle(entity).transitions.find((t) => t.action === action)?.op;
  const op = api === undefined ? undefined : opOf(api);
  if (!op) throw new Error(`lifecycle ${entity} has no action ${action} in the catalogue`);
  return op;
}

/**
 * 批量{action}: every selected row whose state offers the lifecycle's `action` takes it, row by
 * row and quietly (the others are skipped, saying why); what the moves make stale is refreshed
 * once at the end. Offered only to a user who may call the move's operation (BulkBar).
 */
export function bulkMove<T extends Movable>(
  moves: Moves<T>,
  entity: Entity,
  action: string,
  extra: Pick<BulkAction<T>, "danger" | "confirm"> & { stateOf?: (row: T) => string } = {},
): BulkAction<T> {
  const { stateOf = statusOf, ...shown } = extra;
  return {
    key: `bulk:${action}`,
    label: `批量${action}`,
    op: actionOp(entity, action),
    ...shown,
    run: bulkAction(entity, action, stateOf, (row, to) =>
      moves.move(row, to, undefined, { quiet: true }),
    ),
    refresh: moves.refresh,
  };
}
