import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { bindEffects } from "@/lib/core";
import { ops, type CategoryNode } from "@/lib/generated/ops";
import { CategoryTree } from "@/features/category/CategoryTree";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { layOutRows } from "@/test/layout";
import { renderRouted } from "@/test/renderRouted";

function node(
  id: number,
  name: string,
  level: number,
  parentId: number | null,
  children: CategoryNode[] = [],
  over: Partial<CategoryNode> = {},
): CategoryNode {
  return {
    id,
    parentId,
    name,
    sort: id,
    icon: "",
    visible: 1,
    level,
    productCount: 0,
    mayAddChild: level < 3,
    version: 1,
    children,
    ...over,
  };
}

// 纺织服装(1) > 女装(2) > 连衣裙(3), 半身裙(4); 男装(5); 五金工具(6)
const TREE = [
  node(
    1,
    "纺织服装",
    1,
    null,
    [
      node(
        2,
        "女装",
        2,
        1,
        [
          node(3, "连衣裙", 3, 2, [], { productCount: 12 }),
          node(4, "半身裙", 3, 2, [], { productCount: 3 }),
        ],
        { productCount: 15 },
      ),
      node(5, "男装", 2, 1),
    ],
    { productCount: 15 },
  ),
  node(6, "五金工具", 1, null, [], { visible: 0 }),
];

let gateway: FakeGateway;

const rowOf = (name: string) =>
  screen.getByText(name, { selector: "td *, td" }).closest("tr") as HTMLElement;

beforeEach(() => {
  gateway = fakeGateway();
  gateway.answer(ops.category.tree, ok(TREE));
});

const rowNames = () =>
  Array.from(document.querySelectorAll("tr[data-row-key]")).map(
    (tr) => tr.querySelectorAll("td")[1]?.textContent,
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe("类目管理", () => {
  it("shows the tree with product counts; a third-level category cannot take a child", async () => {
    renderRouted(<CategoryTree />, "/baseMgmt/classifyMgmt");
    await screen.findByText("连衣裙");
    expect(within(rowOf("连衣裙")).getByText("12")).toBeInTheDocument();
    expect(within(rowOf("女装")).getByText("15")).toBeInTheDocument();
    expect(
      within(rowOf("五金工具")).getByText("隐藏", { selector: ".ant-tag" }),
    ).toBeInTheDocument();
    expect(within(rowOf("连衣裙")).getByRole("button", { name: "添加子类目" })).toBeDisabled();
    expect(within(rowOf("女装")).getByRole("button", { name: "添加子类目" })).toBeEnabled();
    // Every handle has a name and the drag instructions.
    const handle = within(rowOf("女装")).getByRole("button", { name: "拖动排序：女装" });
    expect(handle).toHaveAttribute("aria-roledescription", "sortable");
  });

  it("adds a child under its parent, and shows the gateway's refusal in the dialog", async () => {
    gateway.answer(
      ops.category.save,
      fail("param_invalid", "类目最多三级", {
        fields: [{ field: "parentId", message: "类目最多三级" }],
      }),
    );
    renderRouted(<CategoryTree />, "/baseMgmt/classifyMgmt");
    await screen.findByText("男装");
    await userEvent.click(within(rowOf("男装")).getByRole("button", { name: "添加子类目" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("添加子类目（上级：男装）")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole("textbox", { name: "类目名称" }), "衬衫");
    await userEvent.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    expect(await within(dialog).findByText("类目最多三级")).toBeInTheDocument();
    expect(gateway.calls(ops.category.save)).toEqual([{ parentId: 5, name: "衬衫", visible: 1 }]);

    gateway.answer(ops.category.save, ok(node(9, "衬衫", 3, 5)));
    await userEvent.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    expect(await screen.findByText("已新增类目「衬衫」")).toBeInTheDocument();
  });

  it("checks the name with the core's category form before sending", async () => {
    renderRouted(<CategoryTree />, "/baseMgmt/classifyMgmt");
    await userEvent.click(await screen.findByRole("button", { name: /新增一级类目/ }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    expect(
      await within(dialog).findByText(/类目名称/, { selector: ".ant-form-item-explain-error" }),
    ).toBeInTheDocument();
    expect(gateway.calls(ops.category.save)).toEqual([]);
  });

  it("edits the name and sort number with the version it was read at", async () => {
    gateway.answer(ops.category.save, (params) => ok(node(5, params.name, 2, 1)));
    renderRouted(<CategoryTree />, "/baseMgmt/classifyMgmt");
    await screen.findByText("男装");
    await userEvent.click(within(rowOf("男装")).getByRole("button", { name: "编辑" }));
    const dialog = await screen.findByRole("dialog");
    const name = within(dialog).getByRole("textbox", { name: "类目名称" });
    await userEvent.clear(name);
    await userEvent.type(name, "男士服装");
    const sort = within(dialog).getByRole("spinbutton", { name: "排序" });
    await userEvent.clear(sort);
    await userEvent.type(sort, "1");
    await userEvent.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    expect(await screen.findByText("已保存类目「男士服装」")).toBeInTheDocument();
    expect(gateway.calls(ops.category.save)).toEqual([
      { id: 5, version: 1, parentId: 1, name: "男士服装", sort: 1, visible: 1 },
    ]);
  });

  it("hides and shows a category", async () => {
    gateway.answer(ops.category.save, (params) => ok(node(6, params.name, 1, null)));
    renderRouted(<CategoryTree />, "/baseMgmt/classifyMgmt");
    await screen.findByText("五金工具");
    await userEvent.click(within(rowOf("五金工具")).getByRole("button", { name: "显示" }));
    expect(await screen.findByText("已显示类目「五金工具」")).toBeInTheDocument();
    await userEvent.click(within(rowOf("男装")).getByRole("button", { name: "隐藏" }));
    await screen.findByText("已隐藏类目「男装」");
    expect(gateway.calls(ops.category.save)).toEqual([
      { id: 6, version: 1, name: "五金工具", visible: 1 },
      { id: 5, version: 1, parentId: 1, name: "男装", visible: 0 },
    ]);
  });

  it("shows the gateway's reason when a category in use cannot be deleted", async () => {
    gateway.answer(
      ops.category.delete,
      fail("data_in_use", "类目「连衣裙」下还有 12 个商品：真丝连衣裙、碎花连衣裙……，不能删除"),
    );
    renderRouted(<CategoryTree />, "/baseMgmt/classifyMgmt");
    await screen.findByText("连衣裙");
    await userEvent.click(within(rowOf("连衣裙")).getByRole("button", { name: "删除" }));
    const confirm = await screen.findByRole("tooltip");
    await userEvent.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getAllByText("无法删除类目「连衣裙」").length).toBeGreaterThan(0);
    expect(
      within(dialog).getByText(
        "类目「连衣裙」下还有 12 个商品：真丝连衣裙、碎花连衣裙……，不能删除",
      ),
    ).toBeInTheDocument();
    expect(gateway.calls(ops.category.delete)).toEqual([{ id: 3, version: 1 }]);
  });

  it("reorders siblings from the keyboard and saves their new order", async () => {
    layOutRows();
    let order = [3, 4];
    gateway.answer(ops.category.sort, (params) => {
      order = params.ids;
      return ok([]);
    });
    renderRouted(<CategoryTree />, "/baseMgmt/classifyMgmt");
    await screen.findByText("连衣裙");
    const handle = within(rowOf("连衣裙")).getByRole("button", { name: "拖动排序：连衣裙" });
    handle.focus();
    await userEvent.keyboard("[Space]");
    await userEvent.keyboard("[ArrowDown]");
    await userEvent.keyboard("[Space]");
    await waitFor(() =>
      expect(gateway.calls(ops.category.sort)).toEqual([{ parentId: 2, ids: [4, 3] }]),
    );
    expect(order).toEqual([4, 3]);
    expect(await screen.findByText("已保存新的顺序")).toBeInTheDocument();
  });

  it("keeps the server's order when the new one is refused, and says why", async () => {
    const toasts = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
    onTestFinished(bindEffects(vi.fn(), toasts));
    layOutRows();
    gateway.answer(ops.category.sort, fail("data_conflict", "数据已被他人修改，请刷新后重试"));
    renderRouted(<CategoryTree />, "/baseMgmt/classifyMgmt");
    await screen.findByText("连衣裙");
    expect(rowNames()).toEqual(["纺织服装", "女装", "连衣裙", "半身裙", "男装", "五金工具"]);
    within(rowOf("纺织服装")).getByRole("button", { name: "拖动排序：纺织服装" }).focus();
    await userEvent.keyboard("[Space]");
    // Past the children of 纺织服装: the only sibling below is 五金工具.
    await userEvent.keyboard("[ArrowDown]");
    await userEvent.keyboard("[Space]");
    // The core's catalogue toasts the gateway's refusal.
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith("数据已被他人修改，请刷新后重试"),
    );
    expect(gateway.calls(ops.category.sort)).toEqual([{ ids: [6, 1] }]);
    expect(screen.queryByText("已保存新的顺序")).toBeNull();
    await waitFor(() =>
      expect(rowNames()).toEqual(["纺织服装", "女装", "连衣裙", "半身裙", "男装", "五金工具"]),
    );
  });
});
