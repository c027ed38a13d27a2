/**
 * An activity's 上线 / 下线 / 重新上线 (`activity.setStatus`, with the version it was read at),
 * from the list or 专题详情. A refusal stays on screen in a dialog with the gateway's words (no
 * items yet, an end already past, someone else changed it); either way the list, the detail and
 * its 操作记录 are read again.
 */
import { App } from "antd";
import { useCallback } from "react";
import { callData, errorInfo, lifecycle } from "@/lib/core";
import { ops, type ActivityRow } from "@/lib/generated/ops";
import { useRefresh } from "@/kit/queries";

/** What a move does, asked before 下线. */
export const ACTIVITY_MOVE_DETAILS = {
  offline: "下线后用户将看不到该专题，可重新上线。",
};

/** The action's name as the lifecycle gives it (`上线`). */
function actionName(from: string, to: string): string {
  return (
    lifecycle("activity").transitions.find((t) => t.from === from && t.to === to)?.action ?? to
  );
}

export function useActivityMove(): (activity: ActivityRow, to: string) => Promise<void> {
  const { message, modal } = App.useApp();
  const refresh = useRefresh();
  return useCallback(
    async (activity, to) => {
      const action = actionName(activity.status, to);
      try {
        await callData(ops.activity.setStatus, {
          id: activity.id,
          version: activity.version,
          status: to,
        });
        void message.success(`已${action}专题「${activity.title}」`);
      } catch (error) {
        modal.error({
          title: `无法${action}专题「${activity.title}」`,
          content: errorInfo(error).message,
          okText: "知道了",
        });
      }
      await refresh(ops.activity.list, ops.activity.detail, ops.history.list);
    },
    [message, modal, refresh],
  );
}
