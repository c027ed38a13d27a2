/**
 * Bulk actions: one call per selected row through the operation a single row uses, one after the
 * other, each row's outcome kept for the summary (ok, skipped with why, failed with the message);
 * or, where the gateway moves many records in one call (`product.setStatus {ids}`), its per-record
 * results read as the same outcomes.
 */
import { actions, errorInfo, lifecycle, type Entity } from "@/lib/core";
import type { BulkResults } from "@/lib/generated/ops";

export type BulkOutcome =
  { status: "ok" } | { status: "skipped"; message: string } | { status: "failed"; message: string };

export interface BulkResult {
  /** The row as the summary names it, e.g. its key. */
  label: string;
  outcome: BulkOutcome;
}

/** `run` either resolves (ok), returns a skip, or rejects (failed, with the core's message). */
export type BulkRun<T> = (row: T) => Promise<undefined | { skip: string }>;

/**
 * A bulk run of the lifecycle's action `action` (通过, 启用): a row whose state offers it is moved
 * by `move` to where that action leads from there; a row already where the action leads, or whose
 * state does not offer it, is skipped, saying why (已是…, 「…」不能…).
 */
export function bulkAction<T>(
  entity: Entity,
  action: string,
  stateOf: (row: T) => string,
  move: (row: T, to: string) => Promise<unknown>,
): BulkRun<T> {
  const life = lifecycle(entity);
  const label = (code: string) => life.states.find((s) => s.code === code)?.label ?? code;
  return async (row) => {
    const from = stateOf(row);
    const transition = actions(entity, from).find((t) => t.action === action);
    if (!transition) {
      const leadsHere = life.transitions.some((t) => t.action === action && t.to === from);
      return { skip: leadsHere ? `已是${label(from)}` : `「${label(from)}」不能${action}` };
    }
    await move(row, transition.to);
    return undefined;
  };
}

/**
 * The refusal of record `id` in an answer with a result per record (`{results: [{id, ok,
 * skipped, code?, msg?}]}`), as an error the core describes (`errorInfo`: the gateway's code and
 * message); undefined when the answer is no such answer, or the record was moved or already so.
 */
export function recordRefusal(answer: unknown, id: number): Error | undefined {
  if (typeof answer !== "object" || answer === null || !("results" in answer)) return undefined;
  const results = (answer as BulkResults).results;
  if (!Array.isArray(results)) return undefined;
  const item = results.find((result) => result.id === id);
  if (item && (item.ok || item.skipped)) return undefined;
  return Object.assign(new Error(item?.msg ?? "操作未完成，请刷新后重试"), {
    name: "BizError",
    code: item?.code ?? "system_error",
    msg: item?.msg ?? "操作未完成，请刷新后重试",
  });
}

/** A bulk action done in one call for every row: each row's outcome, in the rows' order. */
export type BulkAll<T> = (rows: readonly T[], label: (row: T) => string) => Promise<BulkResult[]>;

/**
 * A bulk action the gateway does in one call (`send(ids)` answers `{results: [{id, ok, skipped,
 * code?, msg?}]}`): each row's outcome is its record's result — done, skipped (already so, not an
 * error) or failed with the gateway's message. A call that fails as a whole fails every row with
 * its message; a row the answer leaves out failed too.
 */
export function serverBulk<T>(
  id: (row: T) => number,
  send: (ids: number[]) => Promise<BulkResults>,
): BulkAll<T> {
  return async (rows, label) => {
    let answer: BulkResults;
    try {
      answer = await send(rows.map(id));
    } catch (error) {
      const message = errorInfo(error).message;
      return rows.map((row) => ({ label: label(row), outcome: { status: "failed", message } }));
    }
    const byId = new Map(answer.results.map((item) => [item.id, item]));
    return rows.map((row): BulkResult => {
      const item = byId.get(id(row));
      const outcome: BulkOutcome =
        item === undefined
          ? { status: "failed", message: "未返回结果" }
          : item.skipped
            ? { status: "skipped", message: item.msg ?? "无需变更" }
            : item.ok
              ? { status: "ok" }
              : { status: "failed", message: item.msg ?? item.code ?? "失败" };
      return { label: label(row), outcome };
    });
  };
}

export async function runBulk<T>(
  rows: readonly T[],
  label: (row: T) => string,
  run: BulkRun<T>,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const row of rows) {
    let outcome: BulkOutcome;
    try {
      const done = await run(row);
      outcome = done ? { status: "skipped", message: done.skip } : { status: "ok" };
    } catch (error) {
      outcome = { status: "failed", message: errorInfo(error).message };
    }
    results.push({ label: label(row), outcome });
  }
  return results;
}

/** `成功 2 项，跳过 1 项，失败 1 项` (zero counts left out). */
export function bulkSummary(results: readonly BulkResult[]): string {
  const count = (status: BulkOutcome["status"]) =>
    results.filter((r) => r.outcome.status === status).length;
  const parts = [
    ["成功", count("ok")],
    ["跳过", count("skipped")],
    ["失败", count("failed")],
  ] as const;
  return parts
    .filter(([, n]) => n > 0)
    .map(([word, n]) => `${word} ${n} 项`)
    .join("，");
}
