import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { RoleMenuEditor } from "@/features/system/permission/RoleMenuEditor";
import { ops, type PageAction, type RoleNode, type SystemMenuNode } from "@/lib/generated/ops";
import { fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { must } from "@/test/must";
import { testQueryClient } from "@/test/queryClient";
import { holdAllBut } from "@/test/perms";
import { renderUi } from "@/test/render";

function menu(id: number, alias: string, children: SystemMenuNode[] = []): SystemMenuNode {
  return {
    data: { id, alias, name: alias, visible: 1, sort: id, parentId: null, version: 1 },
    children,
  };
}

// 首页(1); 基础信息(2) > 店铺管理(3), 商品管理(4); 运营管理(5) > 广告管理(6)
const TREE = [
  menu(1, "首页"),
  menu(2, "基础信息", [menu(3, "店铺管理"), menu(4, "商品管理")]),
  menu(5, "运营管理", [menu(6, "广告管理")]),
];
/** 店铺管理's and 广告管理's actions (按钮权限), as qryMenuTree answers them. */
const ACTIONS: PageAction[] = [
  { menuId: 3, code: "baseMgmt/shopMgmt:audit", label: "审核" },
  { menuId: 3, code: "baseMgmt/shopMgmt:status", label: "状态变更" },
  { menuId: 6, code: "operate/advertise:create", label: "新增" },
];
const ROLE: RoleNode = {
  id: 2,
  name: "运营",
  remark: "",
  parentId: null,
  version: 5,
  children: [],
};

/** The role's menus as the permission screen read them (what a save makes stale). */
const ROLE_MENUS_KEY = [ops.menu.qryMenuTree.api, { roleId: ROLE.id }];

function renderEditor(checkedIds: number[], checkedActions: string[] = []) {
  const client = testQueryClient();
  const roleMenus = { tree: TREE, checkedIds, actions: ACTIONS, checkedActions };
  client.setQueryData(ROLE_MENUS_KEY, roleMenus);
  renderUi(
    <QueryClientProvider client={client}>
      <RoleMenuEditor role={ROLE} roleMenus={roleMenus} />
    </QueryClientProvider>,
  );
  return { client };
}

let gateway: FakeGateway;

describe("RoleMenuEditor", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.menu.updateMenuRole, ({ roleId, menuIds, actions }) =>
      ok({ roleId, checkedIds: menuIds, checkedActions: actions ?? [], version: 6 }),
    );
  });

  it("counts the ticked pages, the same way whichever button ticked them", async () => {
    // The role owns the whole 基础信息 group: its two pages count, the group does not.
    renderEditor([2, 3, 4]);
    expect(screen.getByText(/已选 2 \/ 4 个页面/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "全选" }));
    expect(screen.getByText(/已选 4 \/ 4 个页面/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "清空" }));
    expect(screen.getByText(/已选 0 \/ 4 个页面/)).toBeInTheDocument();

    // Ticking a group ticks its pages: one group of one page is one page.
    await userEvent.click(screen.getByText("运营管理"));
    expect(screen.getByText(/已选 1 \/ 4 个页面/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "还原" }));
    expect(screen.getByText(/已选 2 \/ 4 个页面/)).toBeInTheDocument();
  });

  it("saves every entry after 全选, groups included, with the role's version", async () => {
    const { client } = renderEditor([1]);
    await userEvent.click(screen.getByRole("button", { name: "全选" }));
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    expect(await screen.findByText("已保存角色「运营」的菜单权限")).toBeInTheDocument();
    // The role's menus are read again (the editor comes back with them), and nothing is left
    // to save.
    expect(client.getQueryState(ROLE_MENUS_KEY)?.isInvalidated).toBe(true);
    expect(screen.getByRole("button", { name: "保存" })).toBeDisabled();
    // 全选 is every page and every action.
    expect(gateway.calls(ops.menu.updateMenuRole)).toEqual([
      {
        roleId: 2,
        menuIds: [1, 2, 3, 4, 5, 6],
        actions: [
          "baseMgmt/shopMgmt:audit",
          "baseMgmt/shopMgmt:status",
          "operate/advertise:create",
        ],
        version: 5,
      },
    ]);
  });

  it("saves a ticked page with the group that connects it", async () => {
    renderEditor([]);
    await userEvent.click(screen.getByText("商品管理"));
    await userEvent.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() => expect(gateway.calls(ops.menu.updateMenuRole)).toHaveLength(1));
    const [params] = gateway.calls(ops.menu.updateMenuRole) as { menuIds: number[] }[];
    expect(params).toEqual({
      roleId: 2,
      menuIds: expect.arrayContaining([2, 4]) as unknown,
      actions: [],
      version: 5,
    });
    expect(params?.menuIds).toHaveLength(2);
  });

  it("shows each page's actions, ticked as the role holds them, named with their page", () => {
    renderEditor([2, 3], ["baseMgmt/shopMgmt:audit"]);
    const audit = screen.getByRole("checkbox", { name: "店铺管理 · 审核" });
    expect(audit).toBeChecked();
    expect(audit).toBeEnabled();
    expect(screen.getByRole("checkbox", { name: "店铺管理 · 状态变更" })).not.toBeChecked();
    // The visible text is just the action.
    expect(within(must(audit.closest("label"))).getByText("审核")).toBeInTheDocument();
    // 广告管理 is not the role's: its action cannot be ticked.
    expect(screen.getByRole("checkbox", { name: "广告管理 · 新增" })).toBeDisabled();
  });

  it("unticking a page clears its actions; a change of actions alone is unsaved and saved", async () => {
    renderEditor([2, 3], ["baseMgmt/shopMgmt:audit"]);
    const save = screen.getByRole("button", { name: "保存" });
    expect(save).toBeDisabled();
    // Ticking an action leaves the page's own tick alone, and counts as a change.
    await userEvent.click(screen.getByRole("checkbox", { name: "店铺管理 · 状态变更" }));
    expect(screen.getByRole("checkbox", { name: "店铺管理 · 状态变更" })).toBeChecked();
    expect(screen.getByText(/已选 1 \/ 4 个页面/)).toBeInTheDocument();
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(gateway.calls(ops.menu.updateMenuRole)).toHaveLength(1));
    expect(gateway.calls(ops.menu.updateMenuRole)).toEqual([
      {
        roleId: 2,
        menuIds: [2, 3],
        actions: ["baseMgmt/shopMgmt:audit", "baseMgmt/shopMgmt:status"],
        version: 5,
      },
    ]);

    // Without the page its actions mean nothing: cleared, and disabled until it is ticked again.
    await userEvent.click(screen.getByText("店铺管理"));
    const audit = screen.getByRole("checkbox", { name: "店铺管理 · 审核" });
    expect(audit).not.toBeChecked();
    expect(audit).toBeDisabled();
    await userEvent.click(screen.getByText("店铺管理"));
    expect(screen.getByRole("checkbox", { name: "店铺管理 · 审核" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "店铺管理 · 审核" })).toBeEnabled();
  });

  it("only shows the ticks to a user who may not edit them", () => {
    holdAllBut("system/permission", "edit");
    renderEditor([2, 3], ["baseMgmt/shopMgmt:audit"]);
    for (const name of ["全选", "清空", "还原", "保存"]) {
      expect(screen.queryByRole("button", { name })).toBeNull();
    }
    expect(screen.getByRole("checkbox", { name: "店铺管理 · 审核" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "店铺管理 · 审核" })).toBeDisabled();
  });
});
