/**
 * 按钮权限 in tests: the action codes (`{page}:{action}`) a signed-in user holds. By default a test
 * runs as a holder of every code (setupPage), as it runs with a menu that opens every page; a test
 * of who sees which action holds its own.
 */
import { PAGES } from "@/kit/links";
import { useSessionStore } from "@/stores/session";

/** The closed set of actions (core-wasm/src/perms.rs). */
export const ACTIONS = [
  "create",
  "edit",
  "delete",
  "audit",
  "status",
  "sort",
  "reply",
  "reveal",
  "unlock",
  "revoke",
] as const;

/** Every page's every action: the app's pages and 权限管理 (no other screen links to it). */
export const EVERY_CODE: readonly string[] = [...Object.values(PAGES), "system/permission"].flatMap(
  (page) => ACTIONS.map((action) => `${page}:${action}`),
);

/** The signed-in user (as the session store has them) holds exactly `perms`. */
export function holdCodes(perms: readonly string[]): void {
  const user = useSessionStore.getState().user;
  useSessionStore.setState({ user: { ...user, perms: [...perms] } });
}

/** Every code but `page`'s `actions` (`holdAllBut("baseMgmt/shopMgmt", "audit")`). */
export function holdAllBut(page: string, ...actions: string[]): void {
  const without = new Set(actions.map((action) => `${page}:${action}`));
  holdCodes(EVERY_CODE.filter((code) => !without.has(code)));
}
