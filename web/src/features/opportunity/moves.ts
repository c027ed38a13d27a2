/**
 * An opportunity's moves through its lifecycle, through the kit's `useMoves`: the core names each
 * transition's operation and params (审核 for a pending one: 通过 at once, 驳回 with a
 * `reason_opportunity_reject` reason; 关闭 an approved one with a `reason_opportunity_close`
 * reason), what each means, and the reads a move makes stale; the row's version goes with it so a
 * stale screen is refused. The toast names it: `已通过商机 …`.
 *
 * Two things the kit's moves do not take yet (see the README): the record's state is its `state`
 * (the kit reads `status`), so rows are handed over as `movable(row)`; and a screen whose record
 * leaves it after a move (a drawer, a thread) is told so by `after`.
 */
import { useCallback } from "react";
import type { OpportunityRow } from "@/lib/generated/ops";
import { useMoves, type Moves } from "@/kit/moves";
import type { RowAction } from "@/kit/RowActions";

/** An opportunity as the kit's moves read it: its `state` as `status`. */
export type MovableOpportunity = OpportunityRow & { status: string };

export const movable = (opportunity: OpportunityRow): MovableOpportunity => ({
  ...opportunity,
  status: opportunity.state,
});

const subject = (opportunity: OpportunityRow) => `商机 ${opportunity.title}`;

export function useOpportunityMoves(): Moves<MovableOpportunity> {
  return useMoves<MovableOpportunity>({ entity: "opportunity", subject });
}

/**
 * The actions the core's lifecycle allows for an opportunity, as row actions: 通过 at once (a
 * refusal toasts), 驳回 / 关闭 with a reason in the dialog (a refusal shows in it). After a
 * success, `after` (a drawer that closes, a thread that leaves).
 */
export function useOpportunityActions(
  after?: () => void,
): (opportunity: OpportunityRow) => RowAction[] {
  const moves = useOpportunityMoves();
  return useCallback(
    (opportunity: OpportunityRow) =>
      moves.actions(movable(opportunity)).map((action): RowAction => {
        if (!after) return action;
        // A reason's dialog closes first, then `done`; a move at once resolves with its answer.
        if (action.reason) return { ...action, done: after };
        return {
          ...action,
          run: async () => {
            if ((await action.run()) !== undefined) after();
          },
        };
      }),
    [moves, after],
  );
}
