/**
 * Links by page, not by URL. Routes come from the server's menu tree at run time and an entry can
 * move, so a screen names the page it links to by its key (the page module's folder under
 * `src/pages`) with its parameters; the core's live route table (`Navigator.href`) gives today's
 * path, or nothing when this user cannot open the page — then no link is drawn.
 */
import { Link } from "react-router";
import { useCallback, type CSSProperties, type ReactNode } from "react";
import { useMenuStore } from "@/stores/menu";

/** The pages other screens link to, by what they are (keys of `src/pages/<key>/index.tsx`). */
export const PAGES = {
  shopList: "baseMgmt/shopMgmt",
  shopDetail: "baseMgmt/shopMgmt/shopDetail",
  productList: "baseMgmt/prodMgmt",
  productDetail: "baseMgmt/prodMgmt/prodDetail",
  memberList: "baseMgmt/userMgmt",
  memberDetail: "baseMgmt/userMgmt/userDetail",
  invitationList: "baseMgmt/invitationMgmt",
  adList: "operate/advertise",
  adSlotList: "operate/advertise/advertisePosition",
  adSlotDetail: "operate/advertise/advertisePositionDetail",
  activityList: "operate/thematicActivity",
  activityDetail: "operate/thematicDetails",
  inquiryList: "operate/inquiryOrders",
  opportunityReview: "operate/business/toExamine",
  opportunityInspect: "operate/business/inspect",
  opportunityReply: "operate/business/reply",
  beltList: "operate/industrialBelt",
  categoryList: "baseMgmt/classifyMgmt",
  entryList: "operate/abilityEntry",
  recommendList: "operate/homeRecommend",
  sysUserList: "system/user",
  roleList: "system/role",
  menuList: "system/menu",
  dictList: "system/dict",
} as const;

export type PageName = keyof typeof PAGES;
/** A page's parameters: its query (`id`, a list's filters); empty values are left out. */
export type PageQuery = Record<string, string | number | undefined>;

/** Today's path of a page for this user, or undefined when they cannot open it. */
export function useHref(): (page: PageName, query?: PageQuery) => string | undefined {
  const byKey = useKeyHref();
  return useCallback((page: PageName, query: PageQuery = {}) => byKey(PAGES[page], query), [byKey]);
}

/**
 * As `useHref`, for a page the gateway names by its key (首页's queues): the key is the menu
 * node's page, which stays when the entry is moved.
 */
export function useKeyHref(): (pageKey: string, query?: PageQuery) => string | undefined {
  const navigator = useMenuStore((s) => s.navigator);
  return useCallback(
    (pageKey: string, query: PageQuery = {}) => navigator?.href(pageKey, query),
    [navigator],
  );
}

/** A link to `page`, or just its children when this user cannot open it. */
export function PageLink({
  page,
  query,
  style,
  title,
  children,
}: {
  page: PageName;
  query?: PageQuery;
  style?: CSSProperties;
  title?: string;
  children: ReactNode;
}) {
  const href = useHref()(page, query);
  return href ? (
    <Link to={href} style={style} title={title}>
      {children}
    </Link>
  ) : (
    // The title says where the link leads: without the link, nothing to say.
    <span style={style}>{children}</span>
  );
}
