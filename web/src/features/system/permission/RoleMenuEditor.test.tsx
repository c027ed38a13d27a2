import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { RoleMenuEditor } from "@/features/system/permission/RoleMenuEditor";
import { ops, type RoleNode, type SystemMenuNode } from "@/lib/generated/ops";
import { fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { testQueryClient } from "@/test/queryClient";
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

function renderEditor(checkedIds: number[]) {
  const client = testQueryClient();
  const roleMenus = { tree: TREE, checkedIds };
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
    gateway.answer(ops.menu.updateMenuRole, ({ roleId, menuIds }) =>
      ok({ roleId, checkedIds: menuIds, version: 6 }),
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
    expect(gateway.calls(ops.menu.updateMenuRole)).toEqual([
      { roleId: 2, menuIds: [1, 2, 3, 4, 5, 6], version: 5 },
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
      version: 5,
    });
    expect(params?.menuIds).toHaveLength(2);
  });
});
