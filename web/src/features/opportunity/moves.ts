/**
 * An opportunity's moves through its lifecycle, through the kit's `useMoves`: the core names each
 * transition's operation and params (审核 for a pending one: 通过 at once, 驳回 with a
 * `reason_opportunity_reject` reason; 关闭 an approved one with a `reason_opportunity_close`
 * reason), what each means, and the reads a move makes stale; the row's version goes with it so a
 * stale screen is refused. The toast names it: `已通过商机 …`. A screen whose record leaves it
 * after a move (a drawer, a thread) passes `after`.
 */
import type { OpportunityRow } from "@/lib/generated/ops";
import { useMoves, type Moves } from "@/kit/moves";

const subject = (opportunity: OpportunityRow) => `商机 ${opportunity.title}`;
/** An opportunity calls its state `state`. */
export const stateOf = (opportunity: OpportunityRow) => opportunity.state;

export function useOpportunityMoves(after?: () => void): Moves<OpportunityRow> {
  return useMoves({ entity: "opportunity", subject, stateOf, onMoved: after });
}
