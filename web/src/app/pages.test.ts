/** Every route of the spec (and the extra screens) has a page module the core's key selects. */
import { describe, expect, it } from "vitest";
import { pageLoaders } from "@/app/pages";
import { PAGES } from "@/kit/links";

/** seed-spec §2's leaf routes, plus 产业带, 数据字典, 操作日志, 在线用户 and 登录日志 (product.md). */
const ROUTE_KEYS = [
  "home",
  "baseMgmt/shopMgmt",
  "baseMgmt/shopMgmt/shopDetail",
  "baseMgmt/prodMgmt",
  "baseMgmt/prodMgmt/prodDetail",
  "baseMgmt/classifyMgmt",
  "baseMgmt/userMgmt",
  "baseMgmt/userMgmt/userDetail",
  "baseMgmt/invitationMgmt",
  "exception/403",
  "exception/404",
  "exception/500",
  "operate/advertise",
  "operate/advertise/advertisePosition",
  "operate/advertise/advertisePositionDetail",
  "operate/thematicActivity",
  "operate/thematicDetails",
  "operate/abilityEntry",
  "operate/homeRecommend",
  "operate/inquiryOrders",
  "operate/business/toExamine",
  "operate/business/inspect",
  "operate/business/reply",
  "operate/industrialBelt",
  "system/user",
  "system/role",
  "system/permission",
  "system/menu",
  "system/dict",
  "system/audit",
  "system/online",
  "system/loginLog",
];

describe("page registry", () => {
  it.each(ROUTE_KEYS)("has a module for %s", (key) => {
    expect(pageLoaders.has(key)).toBe(true);
  });

  it.each(Object.entries(PAGES))("has a module for the linked page %s (%s)", (_, key) => {
    expect(pageLoaders.has(key)).toBe(true);
  });

  it("holds nothing but the routes and the login page", () => {
    expect([...pageLoaders.keys()].sort()).toEqual([...ROUTE_KEYS, "login"].sort());
  });

  it("loads a module whose default export is a component", async () => {
    const loader = pageLoaders.get("baseMgmt/shopMgmt");
    expect(loader).toBeDefined();
    const module = await loader?.();
    expect(typeof module?.default).toBe("function");
  });
});
