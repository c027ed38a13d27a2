/**
 * A product's sale moves. The core's `product` lifecycle says which a product offers, how each
 * asks (下架 first, 违规下架 why) and — through `moveRequest` — what it sends; the kit's `useMoves`
 * makes them row actions. `product.setStatus` moves many products in one call and answers one
 * result per product, so a single product's move can succeed as a call and still be refused for
 * the product (`{ok: false, code, msg}`): that refusal is no success — the reason dialog shows it,
 * a row link toasts it — which the kit's write cannot read from an answer yet, so it is read here.
 */
import { App } from "antd";
import { useCallback, useMemo } from "react";
import {
  actions as allowedActions,
  moveRequest,
  type Answer,
  type Params,
  type Reason,
} from "@/lib/core";
import type { BulkResults, Operations, ProductRow } from "@/lib/generated/ops";
import { useMoves } from "@/kit/moves";
import type { RowAction } from "@/kit/RowActions";
import { opOf, useSender } from "@/kit/write";

const subject = (product: ProductRow) => `商品「${product.title}」`;

/** An answer with a result per record (`product.setStatus`'s). */
function isBulkResults(answer: unknown): answer is BulkResults {
  return (
    typeof answer === "object" &&
    answer !== null &&
    "results" in answer &&
    Array.isArray(answer.results)
  );
}

/**
 * The product's refusal in a one-product answer — its result neither done nor already so — as the
 * error the core describes (`errorInfo`: the gateway's code and message); undefined when moved.
 */
function refusalOf(answer: Answer<keyof Operations>, id: number): Error | undefined {
  if (!isBulkResults(answer)) return undefined;
  const item = answer.results.find((result) => result.id === id);
  if (item && (item.ok || item.skipped)) return undefined;
  const error = new Error(item?.msg ?? "操作未完成，请刷新后重试");
  return Object.assign(error, { name: "BizError", code: item?.code ?? "system_error" });
}

export interface ProductMoves {
  /** The row actions the lifecycle allows for `product`. */
  actions: (product: ProductRow) => RowAction[];
}

export function useProductMoves(): ProductMoves {
  const moves = useMoves({ entity: "product", subject });
  const { send, run } = useSender();
  const { message } = App.useApp();

  /** Moves `product` by `action` to `to`: with a reason it rejects on refusal (the dialog shows it). */
  const move = useCallback(
    async (product: ProductRow, action: string, to: string, reason?: Reason) => {
      const { op: api, params } = moveRequest("product", product, to, reason);
      const op = opOf(api);
      if (!op) throw new Error(`moveRequest named ${api}, which the catalogue does not have`);
      // The core built them for this operation from its declaration.
      const typed: Params<keyof Operations> = params;
      const success = (answer: Answer<keyof Operations>) =>
        refusalOf(answer, product.id) ? "" : `已${action}${subject(product)}`;
      if (reason) {
        const refused = refusalOf(await send(op, typed, { success }), product.id);
        if (refused) throw refused;
        return;
      }
      // The catalogue toasts a refused call; a refused product is toasted here.
      const answer = await run(op, typed, { success });
      const refused = answer === undefined ? undefined : refusalOf(answer, product.id);
      if (refused) void message.error(refused.message);
    },
    [send, run, message],
  );

  const actions = useCallback(
    (product: ProductRow): RowAction[] =>
      moves.actions(product).map((shown) => {
        // The lifecycle's move behind the action (a state offers each action once).
        const t = allowedActions("product", product.status).find((t) => t.action === shown.label);
        return t
          ? { ...shown, run: (reason?: Reason) => move(product, t.action, t.to, reason) }
          : shown;
      }),
    [moves, move],
  );

  return useMemo(() => ({ actions }), [actions]);
}
