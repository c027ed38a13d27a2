/**
 * 按钮权限: whether the signed-in user may call an operation, as the core decides it: the codes
 * that let a write in are the catalogue's (generated into `writes.ts`), and the core's `mayHold`
 * says whether userInfo's `perms` holds one (the module carries no catalogue for it). The UI shows an action only to a holder — hidden, not disabled — so
 * the kit asks this wherever it knows the operation (row actions, moves, 新建, bulk actions, drag
 * sorting, 查看完整号码) and a screen asks it for the buttons of its own. Reads and session-only
 * operations are always allowed.
 */
import { useCallback } from "react";
import { mayHold } from "@/lib/core";
import type { Op } from "@/lib/generated/ops";
import { writes } from "@/lib/generated/writes";
import { useSessionStore } from "@/stores/session";

/** Whether the user may call `op`; `creates`: a save without an id (新增, not 编辑). */
export type May = (op: Op, creates?: boolean) => boolean;

/** Nobody signed in (or a stored user from before 按钮权限): no codes, so no write shows. */
const NONE: readonly string[] = [];

/**
 * The core's answers per codes held: a list draws the same few operations on every row, and each
 * answer is a call into the wasm module.
 */
const answers = new WeakMap<readonly string[], Map<string, boolean>>();

function ask(perms: readonly string[], op: Op, creates: boolean): boolean {
  let known = answers.get(perms);
  if (!known) {
    known = new Map();
    answers.set(perms, known);
  }
  const key = `${op.api}:${creates ? "create" : "other"}`;
  let may = known.get(key);
  if (may === undefined) {
    const codes = writes[op.api]?.may;
    may = codes === undefined || mayHold(perms, creates ? codes.create : codes.other);
    known.set(key, may);
  }
  return may;
}

/** `may(op, creates?)` for the signed-in user; a new function when their codes change. */
export function useMay(): May {
  const perms = useSessionStore((s) => s.user?.perms ?? NONE);
  return useCallback((op: Op, creates = false) => ask(perms, op, creates), [perms]);
}

/** What the user may do of `actions`, each naming its operation (on an existing record). */
export function useAllowed<A extends { op: Op }>(actions: readonly A[]): A[] {
  const may = useMay();
  return actions.filter((action) => may(action.op));
}
