/**
 * Who may open a belt's shops and edit belts: the owners of the 产业带 menu (the gateway guards
 * `belt.detail` and `belt.save` with it; anyone signed in may read the list, which the shop
 * filters use). The user's menu answers: 产业带's page has a link for them.
 */
import { useHref } from "@/kit/links";

export function useMayManageBelts(): boolean {
  return useHref()("beltList") !== undefined;
}
