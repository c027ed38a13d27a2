/**
 * A product's sale status through `product.setStatus`, which moves many products in one call and
 * answers one result per product: for a single product, its result becomes the outcome — done
 * (or already so), or a rejection carrying the gateway's code and message, as `callData` rejects.
 */
import { actions, callData, lifecycle } from "@/lib/core";
import { ops, type BulkItem } from "@/lib/generated/ops";
import type { Reason } from "@/kit/ReasonDialog";

/** A refused record of a bulk answer as the error the core describes (`errorInfo`). */
export function refusal(item: BulkItem | undefined): Error {
  const error = new Error(item?.msg ?? "操作未完成，请刷新后重试");
  return Object.assign(error, { name: "BizError", code: item?.code ?? "system_error" });
}

/** Moves product `id` to `to` (with the reason a violation takedown needs); rejects on refusal. */
export async function setProductStatus(id: number, to: string, reason?: Reason): Promise<void> {
  const answer = await callData(ops.product.setStatus, { ids: [id], status: to, ...reason });
  const item = answer.results.find((result) => result.id === id);
  if (!item || (!item.ok && !item.skipped)) throw refusal(item);
}

/** The name the core's lifecycle gives the move from `from` to `to` (`下架`), else the state's. */
export function actionName(from: string, to: string): string {
  return (
    actions("product", from).find((t) => t.to === to)?.action ??
    lifecycle("product").states.find((s) => s.code === to)?.label ??
    to
  );
}

/** The name of a move into `to` from any state (`上架`), for bulk buttons. */
export function moveName(to: string): string {
  return lifecycle("product").transitions.find((t) => t.to === to)?.action ?? to;
}
