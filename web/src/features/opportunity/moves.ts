/**
 * An opportunity's moves through its lifecycle: the core names each transition's operation
 * (审核 for a pending one: 通过 at once, 驳回 with a `reason_opportunity_reject` reason; 关闭 an
 * approved one with a `reason_opportunity_close` reason); the row's version goes with it so a
 * stale screen is refused.
 */
import { App } from "antd";
import { useCallback } from "react";
import { actions, callData, type Params } from "@/lib/core";
import { ops, type Op, type OpportunityRow } from "@/lib/generated/ops";
import { useRefresh, writeRow } from "@/kit/queries";
import type { Reason } from "@/kit/ReasonDialog";
import { transitionActions, type RowAction } from "@/kit/RowActions";

type MoveApi = "mtop.admin.opportunity.audit" | "mtop.admin.opportunity.close";
/** Sends one write: `callData` (rejects, for a dialog to show) or `writeRow` (toasts). */
type Send = <A extends MoveApi>(
  op: Op<A>,
  params: Params<A>,
) => Promise<OpportunityRow | undefined>;

/** Moves `opportunity` to state `to` through the operation the core's transition names. */
export function moveOpportunity(
  opportunity: OpportunityRow,
  to: string,
  reason: Reason | undefined,
  send: Send,
): Promise<OpportunityRow | undefined> {
  const transition = actions("opportunity", opportunity.state).find((t) => t.to === to);
  const given = reason ? { reasonCode: reason.reasonCode, reason: reason.reason } : {};
  const base = { id: opportunity.id, version: opportunity.version, ...given };
  return transition?.op === ops.opportunity.audit.api
    ? send(ops.opportunity.audit, { ...base, approve: to === "approved" })
    : send(ops.opportunity.close, { ...base, status: to });
}

/** What a move means, shown where the operator gives the reason. */
const DETAILS = {
  rejected: "驳回后不可恢复，商机不会展示给店铺。",
  closed: "关闭后商机不再接受回复，且不可恢复。",
};

/** Every read a move changes (the home page's 待审核商机 too). */
const READS = [
  ops.opportunity.list,
  ops.opportunity.detail,
  ops.history.list,
  "serverLoader",
] as const;

/**
 * The actions the core's lifecycle allows for an opportunity: 通过 at once (a failure toasts),
 * 驳回 / 关闭 with a reason in the dialog (a refusal shows in it). After a success: a toast and
 * the reads again; then `after` (a drawer that closes, a thread that leaves).
 */
export function useOpportunityActions(
  after?: (opportunity: OpportunityRow, to: string) => void,
): (opportunity: OpportunityRow) => RowAction[] {
  const { message } = App.useApp();
  const refresh = useRefresh();
  return useCallback(
    (opportunity: OpportunityRow) => {
      const subject = `商机 ${opportunity.title}`;
      const succeeded = async (to: string) => {
        const action = actions("opportunity", opportunity.state).find((t) => t.to === to)?.action;
        void message.success(`已${action ?? ""}${subject}`);
        await refresh(...READS);
        after?.(opportunity, to);
      };
      // The state a reason action moved to, for `done` (which follows once its dialog closed).
      let moved = "";
      return transitionActions(
        "opportunity",
        opportunity.state,
        subject,
        async (to, reason) => {
          if (reason) {
            await moveOpportunity(opportunity, to, reason, callData);
            moved = to;
            return;
          }
          const saved = await moveOpportunity(opportunity, to, undefined, writeRow);
          if (saved) await succeeded(to);
        },
        DETAILS,
        () => void succeeded(moved),
      );
    },
    [message, refresh, after],
  );
}
