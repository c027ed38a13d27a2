/**
 * The menu's badges (product.md, "The workspace"): how much waits on 店铺管理 and 商机审核, for
 * whoever may open them — the gateway answers only those (`dashboard.badges`). Read again after
 * every write that declares them stale (kit/write.ts: a review, a freeze) and every
 * `badgeRefreshMs` while the page is visible. A badge names its entry by page; the core's live
 * route table says which menu path that page is at today.
 */
import { useMemo } from "react";
import { useOpQuery } from "@/kit/queries";
import { constants, type Navigator } from "@/lib/core";
import { ops, type MenuBadge } from "@/lib/generated/ops";

/** A menu path's badge, if its entry has one. */
export type Badges = (path: string) => MenuBadge | undefined;

export function useMenuBadges(navigator: Navigator | undefined): Badges | undefined {
  // Not quiet: like every read, an ended session takes the operator to the login page.
  const { data } = useOpQuery(
    ops.dashboard.badges,
    {},
    { enabled: navigator !== undefined, every: constants().badgeRefreshMs },
  );
  return useMemo(() => {
    if (!navigator || !data || data.length === 0) return undefined;
    const badges = new Map(data.map((badge) => [badge.page, badge]));
    return (path) => {
      const page = navigator.pageFor(path);
      return page === undefined ? undefined : badges.get(page);
    };
  }, [navigator, data]);
}
