/**
 * A shop's moves through its lifecycle: the core names each transition's operation (审核 for a
 * pending shop, 状态 for the rest); the row's version goes with it so a stale screen is refused.
 */
import { App } from "antd";
import { createElement, useCallback } from "react";
import { actions, callData, type Params } from "@/lib/core";
import { ops, type Op, type ShopRow } from "@/lib/generated/ops";
import { useRefresh, writeRow } from "@/kit/queries";
import type { Reason } from "@/kit/ReasonDialog";
import { transitionActions, type RowAction } from "@/kit/RowActions";
import { ShopImpact } from "@/features/shop/ShopImpact";

type MoveApi = "mtop.admin.shop.audit" | "mtop.admin.shop.setStatus";
/** Sends one write: `callData` (rejects, for a dialog to show) or `writeRow` (toasts). */
type Send = <A extends MoveApi>(op: Op<A>, params: Params<A>) => Promise<ShopRow | undefined>;

/** Moves `shop` to state `to` through the operation the core's transition names. */
export function moveShop(
  shop: ShopRow,
  to: string,
  reason: Reason | undefined,
  send: Send,
): Promise<ShopRow | undefined> {
  const transition = actions("shop", shop.status).find((t) => t.to === to);
  const given = reason ? { reasonCode: reason.reasonCode, reason: reason.reason } : {};
  return transition?.op === ops.shop.audit.api
    ? send(ops.shop.audit, {
        id: shop.id,
        version: shop.version,
        approve: to === "active",
        ...given,
      })
    : send(ops.shop.setStatus, { id: shop.id, version: shop.version, status: to, ...given });
}

/** What a freeze or a close means for the shop itself. */
export const NOTES = {
  frozen: "冻结期间店铺暂停营业，可随时解冻。",
  closed: "关闭后店铺不能再恢复营业。",
};

/**
 * What a freeze or a close touches, shown where the operator gives the reason: the note, and the
 * shop's impact read afresh (products on sale, live ads, recommendations, activity items, open
 * inquiries).
 */
function details(shop: ShopRow) {
  return {
    frozen: createElement(ShopImpact, { shopId: shop.id, note: NOTES.frozen }),
    closed: createElement(ShopImpact, { shopId: shop.id, note: NOTES.closed }),
  };
}

/**
 * Every read a shop's move changes: the shop's own, and those that flag what points at a shop no
 * longer active (ads, recommendations, activity items).
 */
const READS = [
  ops.shop.list,
  ops.shop.stats,
  ops.shop.detail,
  ops.shop.impact,
  ops.history.list,
  ops.ad.list,
  ops.recommend.list,
  ops.activity.detail,
] as const;

/**
 * The row actions the core's lifecycle allows for a shop: 通过 and 解冻 at once (a failure toasts),
 * 驳回 / 冻结 / 关闭 with a reason in the dialog (a refusal shows in it). After a success: a toast
 * and every shop read refreshed.
 */
export function useShopActions(): (shop: ShopRow) => RowAction[] {
  const { message } = App.useApp();
  const refresh = useRefresh();
  return useCallback(
    (shop: ShopRow) =>
      transitionActions(
        "shop",
        shop.status,
        `店铺 ${shop.name}`,
        async (to, reason) => {
          const action = actions("shop", shop.status).find((t) => t.to === to)?.action ?? "";
          const saved = reason
            ? await moveShop(shop, to, reason, callData)
            : await moveShop(shop, to, undefined, writeRow);
          if (saved) {
            void message.success(`已${action}店铺 ${shop.name}`);
            await refresh(...READS);
          }
        },
        details(shop),
      ),
    [message, refresh],
  );
}
