/**
 * A product's sale moves. The core's `product` lifecycle says which a product offers, how each
 * asks (下架 first, 违规下架 why) and — through `moveRequest` — what it sends (`product.setStatus`
 * moves many products in one call; the kit reads the product's own result from the answer, so a
 * product refused inside a successful call is no success).
 */
import type { ProductRow } from "@/lib/generated/ops";
import { useMoves, type Moves } from "@/kit/moves";

const subject = (product: ProductRow) => `商品「${product.title}」`;

export function useProductMoves(): Moves<ProductRow> {
  return useMoves({ entity: "product", subject });
}
