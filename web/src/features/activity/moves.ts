/**
 * An activity's moves (上线 / 下线 / 重新上线, lifecycle `activity`) from the list or 专题详情,
 * through the kit's `useMoves`: the toast names it (`已上线专题「…」`) and the reads the move makes
 * stale are read again. A refusal (no items yet, an end already past, someone else changed it)
 * stays on screen in a dialog with the gateway's words, `无法上线专题「…」` — the kit's moves toast
 * a refusal, so this wraps their `run` until the kit can do it (see the README).
 */
import { App } from "antd";
import { useCallback } from "react";
import { actions, errorInfo } from "@/lib/core";
import type { ActivityRow } from "@/lib/generated/ops";
import { useMoves, type MoveSpec } from "@/kit/moves";
import type { RowAction } from "@/kit/RowActions";

const ACTIVITY_MOVES: MoveSpec<ActivityRow> = {
  entity: "activity",
  subject: (activity) => `专题「${activity.title}」`,
  // The core's transition says nothing of it yet (see the README).
  details: (_activity, t) =>
    t.to === "offline" ? "下线后用户将看不到该专题，可重新上线。" : undefined,
};

/** The moves the lifecycle allows for an activity, as row actions; a refusal in a dialog. */
export function useActivityActions(): (activity: ActivityRow) => RowAction[] {
  const { modal } = App.useApp();
  const moves = useMoves(ACTIVITY_MOVES);
  return useCallback(
    (activity: ActivityRow) =>
      moves.actions(activity).map((action) => {
        const to = actions("activity", activity.status).find((t) => t.action === action.label)?.to;
        if (to === undefined || action.reason) return action;
        return {
          ...action,
          run: () =>
            moves.move(activity, to).catch((error: unknown) => {
              modal.error({
                title: `无法${action.label}${ACTIVITY_MOVES.subject(activity)}`,
                content: errorInfo(error).message,
                okText: "知道了",
              });
            }),
        };
      }),
    [moves, modal],
  );
}
