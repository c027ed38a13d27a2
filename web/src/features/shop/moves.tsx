/**
 * A shop's moves: the core's lifecycle says which, how each asks (通过 and 解冻 at once; 驳回,
 * 冻结 and 关闭 with a reason) and what each sends; a freeze or a close also shows what it
 * touches, read afresh (products on sale, live ads, recommendations, activity items, open
 * inquiries) under the transition's own words.
 */
import type { Transition } from "@/lib/core";
import type { ShopRow } from "@/lib/generated/ops";
import { useMoves, type Moves } from "@/kit/moves";
import { ShopImpact } from "@/features/shop/ShopImpact";

const subject = (shop: ShopRow) => `店铺 ${shop.name}`;

/** What a move that has consequences touches: the shop's impact, under the consequence. */
const details = (shop: ShopRow, t: Transition) =>
  t.consequence ? <ShopImpact shopId={shop.id} note={t.consequence} /> : undefined;

export function useShopMoves(): Moves<ShopRow> {
  return useMoves({ entity: "shop", subject, details });
}
