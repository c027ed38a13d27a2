import { describe, expect, it } from "vitest";
import type { RoleNode, SystemMenuNode } from "@/lib/generated/ops";
import { findNode, leafIds, treeIds, treeRows } from "@/kit/trees";
import {
  checkedLeaves,
  MENU_TREE,
  menuOptions,
  ROLE_TREE,
  roleOptions,
} from "@/features/system/trees";

function menu(id: number, alias: string, children: SystemMenuNode[] = [], visible = 1) {
  return {
    data: { id, alias, name: alias, visible, sort: id, parentId: null, version: 1 },
    children,
  } satisfies SystemMenuNode;
}

// home(1); baseMgmt(2) > shopMgmt(3) > shopDetail(4, hidden); baseMgmt > prodMgmt(5)
const TREE: SystemMenuNode[] = [
  menu(1, "首页"),
  menu(2, "基础信息", [menu(3, "店铺管理", [menu(4, "店铺详情", [], 0)]), menu(5, "商品管理")]),
];

function role(id: number, name: string, children: RoleNode[] = []): RoleNode {
  return { id, name, remark: "", parentId: null, version: 1, children };
}
const ROLES = [role(1, "超级管理员", [role(4, "子角色", [role(5, "孙角色")])]), role(2, "运营")];

describe("checkedLeaves", () => {
  it("keeps only owned leaves so a conducted tree does not tick a group's other children", () => {
    // The role owns 店铺管理 with its detail page and the group that connects them.
    expect(checkedLeaves(TREE, [2, 3, 4])).toEqual([4]);
    expect(checkedLeaves(TREE, [1, 2, 3, 4, 5])).toEqual([1, 4, 5]);
    expect(checkedLeaves(TREE, [])).toEqual([]);
  });
});

describe("leafIds", () => {
  it("lists the pages, not the groups above them", () => {
    expect(leafIds(TREE, MENU_TREE)).toEqual([1, 4, 5]);
    expect(leafIds([], MENU_TREE)).toEqual([]);
  });
});

describe("options and rows", () => {
  it("disable the given roles and drop empty children", () => {
    const options = roleOptions(ROLES, new Set([4, 5]));
    expect(options[0]).toMatchObject({ value: 1, title: "超级管理员", disabled: false });
    expect(options[0]?.children?.[0]).toMatchObject({ value: 4, disabled: true });
    expect(options[1]?.children).toBeUndefined();
    const roleRows = treeRows(ROLES, ROLE_TREE, ({ children: _, ...role }) => role);
    expect(roleRows[1]).not.toHaveProperty("children");
  });

  it("mark hidden menus and flatten menu data into rows", () => {
    const options = menuOptions(TREE);
    expect(options[1]?.children?.[0]?.children?.[0]?.title).toBe("店铺详情（隐藏）");
    const rows = treeRows(TREE, MENU_TREE, (node) => node.data);
    expect(rows[0]).toMatchObject({ id: 1, alias: "首页" });
    expect(rows[0]).not.toHaveProperty("children");
    expect(rows[1]?.children?.map((r) => r.id)).toEqual([3, 5]);
    expect(treeIds(TREE, MENU_TREE)).toEqual([1, 2, 3, 4, 5]);
    expect(findNode(TREE, MENU_TREE, 4)?.data.alias).toBe("店铺详情");
    expect(findNode(TREE, MENU_TREE, 99)).toBeUndefined();
  });
});
