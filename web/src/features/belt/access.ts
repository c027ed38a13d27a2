/**
 * Who may open a belt's shops and edit belts: the owners of the 产业带 menu (the gateway guards
 * `belt.detail` and `belt.save` with it; anyone signed in may read the list, which the shop
 * filters use). The user's menu, through the core's Navigator, answers.
 */
import { useMenuStore } from "@/stores/menu";
import { BELT_SCREEN } from "@/features/belt/paths";

export function useMayManageBelts(): boolean {
  const navigator = useMenuStore((s) => s.navigator);
  return navigator?.resolve(BELT_SCREEN, "").kind === "page";
}
