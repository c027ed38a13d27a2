/**
 * A member's ban or unban (`member.setStatus`), from the list or the detail page. A move with a
 * reason (封禁) rejects on refusal so that the reason dialog shows it and stays open; one without
 * (解封) lets the catalogue toast a refusal. Either way what shows the member is read again: the
 * list, the detail and its 操作记录.
 */
import { App } from "antd";
import { useCallback } from "react";
import { callData, lifecycle } from "@/lib/core";
import { ops, type MemberRow } from "@/lib/generated/ops";
import type { Reason } from "@/kit/ReasonDialog";
import { useRefresh, writeRow } from "@/kit/queries";

/** What a move does, shown where it is asked (封禁's reason dialog). */
export const MEMBER_MOVE_DETAILS = {
  banned: "封禁后该用户无法登录平台，解封即可恢复。",
};

/** The action's name as the lifecycle gives it (`封禁`). */
function actionName(from: string, to: string): string {
  return lifecycle("member").transitions.find((t) => t.from === from && t.to === to)?.action ?? to;
}

export function useMemberMove(): (member: MemberRow, to: string, reason?: Reason) => Promise<void> {
  const { message } = App.useApp();
  const refresh = useRefresh();
  return useCallback(
    async (member, to, reason) => {
      const params = { id: member.id, version: member.version, status: to, ...reason };
      const reread = () => refresh(ops.member.list, ops.member.detail, ops.history.list);
      const done = `已${actionName(member.status, to)}用户 ${member.nickname}`;
      if (reason) {
        await callData(ops.member.setStatus, params);
        void message.success(done);
        void reread();
        return;
      }
      if (await writeRow(ops.member.setStatus, params)) void message.success(done);
      await reread();
    },
    [message, refresh],
  );
}
