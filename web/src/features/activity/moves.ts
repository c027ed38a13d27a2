/**
 * An activity's moves (上线 / 下线 / 重新上线, lifecycle `activity`) from the list or 专题详情,
 * through the kit's `useMoves`: the toast names it (`已上线专题「…」`), 下线 says what it means
 * (the core's words), and a refusal (no items yet, an end already past, someone else changed it)
 * stays on screen in a dialog with the gateway's words, `无法上线专题「…」`.
 */
import type { ActivityRow } from "@/lib/generated/ops";
import { useMoves, type MoveSpec, type Moves } from "@/kit/moves";

const ACTIVITY_MOVES: MoveSpec<ActivityRow> = {
  entity: "activity",
  subject: (activity) => `专题「${activity.title}」`,
  refusal: "dialog",
};

export function useActivityMoves(): Moves<ActivityRow> {
  return useMoves(ACTIVITY_MOVES);
}
