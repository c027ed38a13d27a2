/**
 * Menu trees as the gateway sends them (the catalogue's `MenuNode`, `SystemMenuNode`), and a
 * signed-in session as the core stores it: real input for the core's Navigator in tests.
 */
import { Navigator, type UserInfo } from "@/lib/core";
import { PAGES } from "@/kit/links";
import { EVERY_CODE } from "@/test/perms";
import { useMenuStore } from "@/stores/menu";
import type { MenuData, MenuNode, SystemMenuNode } from "@/lib/generated/ops";

/** A visible menu node; `name` is relative to its parent, like the gateway's. */
export function node(
  name: string,
  alias: string,
  children: MenuNode[] = [],
  data: Partial<MenuData> = {},
): MenuNode {
  return { data: { name, alias, visible: 1, ...data }, children };
}

/** An operator's tree: 首页; 基础信息 > 店铺管理; 运营管理 > 广告管理, 采购商机 > 商机回复; 系统管理 > 系统用户. */
export const USER_TREE: MenuNode[] = [
  node("home", "首页", [], { icon: "HomeOutlined" }),
  node("baseMgmt", "基础信息", [node("shopMgmt", "店铺管理")], { icon: "ShopOutlined" }),
  node(
    "operate",
    "运营管理",
    [node("advertise", "广告管理"), node("business", "采购商机", [node("reply", "商机回复")])],
    { icon: "RocketOutlined" },
  ),
  node("system", "系统管理", [node("user", "系统用户", [], { access: "canSeeAdmin" })], {
    icon: "SettingOutlined",
  }),
];

/**
 * `tree` as the system menu table holds it (`/v1/qryMenuTree`): each node numbered in order (unless
 * it has an id), under its parent's id, at version 1.
 */
export function systemTree(tree: readonly MenuNode[]): SystemMenuNode[] {
  let next = 1;
  const table = (nodes: readonly MenuNode[], parentId: number | null): SystemMenuNode[] =>
    nodes.map(({ data, children }) => {
      const id = data.id ?? next++;
      return { data: { ...data, id, parentId, version: 1 }, children: table(children, id) };
    });
  return table(tree, null);
}

/** The whole system tree: the user's, plus 系统管理 > 菜单管理 the user was not given. */
export const SYSTEM_TREE: SystemMenuNode[] = systemTree([
  ...USER_TREE.slice(0, 3),
  node("system", "系统管理", [node("user", "系统用户"), node("menu", "菜单管理")]),
]);

export const ADMIN: UserInfo = {
  id: 1,
  name: "admin",
  nickname: "系统管理员",
  avatar: "",
  roles: ["超级管理员"],
  perms: [...EVERY_CODE],
};

/** Stores a session the way the core does after login. */
export function signIn(user: UserInfo = ADMIN, mat = "token-1"): void {
  localStorage.setItem("mat", mat);
  localStorage.setItem("userInfo", JSON.stringify(user));
}

/** Every page other screens link to, each routable: the tree of a user who may open them all. */
export const EVERY_PAGE_TREE: MenuNode[] = Object.values(PAGES).map((page) =>
  node(page, page, [], { visible: 0 }),
);

/** The menu store as for an administrator who may open every page (links resolve). */
export function openEveryPage(user: UserInfo = ADMIN): void {
  useMenuStore.getState().reset();
  useMenuStore.setState({ navigator: new Navigator(EVERY_PAGE_TREE, user), status: "ready" });
}
