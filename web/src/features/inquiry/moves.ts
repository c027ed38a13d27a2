/**
 * An inquiry's moves, as the core's `inquiry` lifecycle allows them: 关闭 (待报价 or 已报价 →
 * 已关闭) asks why with the `reason_inquiry_close` codes, in the dialog, which shows a refusal (a
 * stale version, a state moved meanwhile) and keeps what was typed. The row's version goes with it.
 */
import { App } from "antd";
import { useCallback } from "react";
import { callData } from "@/lib/core";
import { ops, type InquiryRow } from "@/lib/generated/ops";
import { useRefresh } from "@/kit/queries";
import { transitionActions, type RowAction } from "@/kit/RowActions";

/** What closing means, shown where the operator gives the reason. */
const DETAILS = { closed: "关闭后不可恢复。" };

/** Every read a move changes. */
const READS = [ops.inquiry.list, ops.inquiry.detail, ops.history.list] as const;

/** The actions the lifecycle allows for `inquiry`; after a success a toast and the reads again. */
export function useInquiryActions(): (inquiry: InquiryRow) => RowAction[] {
  const { message } = App.useApp();
  const refresh = useRefresh();
  return useCallback(
    (inquiry: InquiryRow) =>
      transitionActions(
        "inquiry",
        inquiry.state,
        `询价单 #${inquiry.id}`,
        async (to, reason) => {
          await callData(ops.inquiry.close, {
            id: inquiry.id,
            version: inquiry.version,
            status: to,
            ...(reason ? { reasonCode: reason.reasonCode, reason: reason.reason } : {}),
          });
        },
        DETAILS,
        () => {
          void message.success(`已关闭询价单 #${inquiry.id}`);
          void refresh(...READS);
        },
      ),
    [message, refresh],
  );
}
