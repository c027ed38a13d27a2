/**
 * A slot's 启用 / 停用 (`adSlot.setStatus`) from the list or the detail page, as the core's
 * `adSlot` lifecycle allows from its state; 停用 asks first. The row's version goes with it so a
 * stale screen is refused (the catalogue toasts a refusal). After a success: a toast, and the
 * list and the detail read again.
 */
import { App } from "antd";
import { useCallback } from "react";
import { actions } from "@/lib/core";
import { ops, type AdSlotRow } from "@/lib/generated/ops";
import { useRefresh, writeRow } from "@/kit/queries";
import { transitionActions, type RowAction } from "@/kit/RowActions";

/** What a move means, shown where it is asked (停用's confirmation). */
const DETAILS = {
  disabled: "停用后该广告位不再展示任何广告，广告各自的开关保持不变。",
};

export function useSlotMoves(): (slot: AdSlotRow) => RowAction[] {
  const { message } = App.useApp();
  const refresh = useRefresh();
  return useCallback(
    (slot: AdSlotRow) =>
      transitionActions(
        "adSlot",
        slot.status,
        `广告位「${slot.name}」`,
        async (to) => {
          const action = actions("adSlot", slot.status).find((t) => t.to === to)?.action ?? to;
          const saved = await writeRow(ops.adSlot.setStatus, {
            id: slot.id,
            version: slot.version,
            status: to,
          });
          if (saved) void message.success(`已${action}广告位「${slot.name}」`);
          await refresh(ops.adSlot.list, ops.adSlot.detail);
        },
        DETAILS,
      ),
    [message, refresh],
  );
}
