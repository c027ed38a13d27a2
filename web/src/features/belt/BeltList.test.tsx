import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Navigator } from "@/lib/core";
import { ops, type BeltListParams, type BeltRow } from "@/lib/generated/ops";
import { useMenuStore } from "@/stores/menu";
import { BeltList } from "@/features/belt/BeltList";
import { BELTS, beltRow } from "@/test/belts";
import { findDialog } from "@/test/dialogs";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { captureDownloads } from "@/test/downloads";
import { ADMIN, node, signIn, USER_TREE } from "@/test/menuTree";
import { must } from "@/test/must";
import { renderRouted } from "@/test/renderRouted";
import { shopRow } from "@/test/shops";

const PATH = "/operate/industrialBelt";
const SAVE = /保\s*存/;
const NOW = 1_772_330_400_000;

/** A menu with 运营管理 > 产业带, and 店铺管理 with its 店铺详情 (so a belt's shops link there). */
const WITH_BELTS = [
  ...USER_TREE.slice(0, 1),
  node(
    "baseMgmt",
    "基础信息",
    [node("shopMgmt", "店铺管理", [node("shopDetail", "店铺详情", [], { visible: 0 })])],
    { icon: "ShopOutlined" },
  ),
  node("operate", "运营管理", [node("industrialBelt", "产业带")], { icon: "RocketOutlined" }),
];

let gateway: FakeGateway;

function matching(params: BeltListParams | undefined): BeltRow[] {
  return BELTS.filter(
    (b) =>
      (params?.name === undefined || b.name.includes(params.name)) &&
      (params?.province === undefined || b.province === params.province),
  );
}

function rowOf(name: string): HTMLElement {
  const row = screen.getAllByRole("row").find((r) => within(r).queryByText(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

function signedInWith(tree = WITH_BELTS) {
  signIn();
  useMenuStore.setState({ navigator: new Navigator(tree, ADMIN), status: "ready" });
}

beforeEach(() => {
  gateway = fakeGateway();
  gateway.answer(ops.belt.list, (params) => {
    const list = matching(params);
    return ok({ list, total: list.length, page: 1, pageSize: 20 });
  });
  gateway.answer(
    ops.belt.regions,
    ok([
      { province: "广东", cities: ["佛山"] },
      { province: "浙江", cities: ["义乌"] },
      { province: "福建", cities: ["泉州"] },
    ]),
  );
  signedInWith();
});

afterEach(() => {
  useMenuStore.getState().reset();
});

describe("BeltList (产业带)", () => {
  it("shows each belt with its region, shop count and description", async () => {
    renderRouted(<BeltList />, PATH);
    await screen.findByText("义乌小商品产业带");
    const yiwu = rowOf("义乌小商品产业带");
    for (const text of ["浙江", "义乌", "2", "全球最大的小商品集散地"]) {
      expect(within(yiwu).getByText(text)).toBeInTheDocument();
    }
    expect(within(rowOf("佛山家具产业带")).getByText("60")).toBeInTheDocument();
    expect(screen.getByText("共 3 条")).toBeInTheDocument();
    expect(within(yiwu).getByRole("button", { name: "详情" })).toBeInTheDocument();
    expect(within(yiwu).getByRole("button", { name: "编辑" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /新增产业带/ })).toBeInTheDocument();
  });

  it("filters by name and a province chosen from the belts' own, kept in the URL", async () => {
    const view = renderRouted(<BeltList />, PATH);
    await screen.findByText("义乌小商品产业带");
    // A select of the provinces belts are in, not a name to type exactly.
    expect(screen.queryByRole("textbox", { name: "省份" })).toBeNull();
    await userEvent.click(screen.getByRole("combobox", { name: "省份" }));
    expect(await screen.findByTitle("浙江")).toBeInTheDocument();
    await userEvent.click(await screen.findByTitle("广东"));
    await userEvent.click(screen.getByRole("button", { name: /查\s*询/ }));
    await waitFor(() => expect(screen.queryByText("义乌小商品产业带")).toBeNull());
    expect(screen.getByText("佛山家具产业带")).toBeInTheDocument();
    expect(gateway.calls(ops.belt.list).at(-1)).toEqual({
      page: 1,
      pageSize: 20,
      province: "广东",
    });
    expect(view.location()).toBe(`${PATH}?province=%E5%B9%BF%E4%B8%9C`);
    view.unmount();

    renderRouted(<BeltList />, `${PATH}?name=${encodeURIComponent("茶叶")}`);
    await screen.findByText("安溪茶叶产业带");
    expect(screen.getByRole("textbox", { name: "产业带名称" })).toHaveValue("茶叶");
    expect(gateway.calls(ops.belt.list).at(-1)).toEqual({ page: 1, pageSize: 20, name: "茶叶" });
  });

  it("opens a belt's details with its shops: names linking to the shop, cities, states", async () => {
    gateway.answer(ops.belt.detail, ({ id }) =>
      ok({
        belt: must(BELTS.find((b) => b.id === id)),
        shops: [
          shopRow(11, "义乌饰品工厂店", "active", NOW, 48, { productCount: 30 }),
          shopRow(12, "稠州文具批发", "frozen", NOW, 72, { city: "金华", productCount: 8 }),
        ],
      }),
    );
    renderRouted(<BeltList />, PATH);
    await screen.findByText("义乌小商品产业带");
    await userEvent.click(within(rowOf("义乌小商品产业带")).getByRole("button", { name: "详情" }));
    const dialog = await findDialog("产业带详情：义乌小商品产业带");
    const shops = await within(dialog).findByRole("table", { name: "义乌小商品产业带的店铺" });
    const rows = within(shops).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole("link", { name: "义乌饰品工厂店" })).toHaveAttribute(
      "href",
      "/baseMgmt/shopMgmt/shopDetail?id=11",
    );
    expect(within(first).getByText("义乌")).toBeInTheDocument();
    expect(within(first).getByText("营业中")).toBeInTheDocument();
    expect(within(second).getByText("金华")).toBeInTheDocument();
    expect(within(second).getByText("已冻结")).toBeInTheDocument();
    expect(within(dialog).getByText("全球最大的小商品集散地")).toBeInTheDocument();
    // All of its shops are listed: no note about a cut.
    expect(within(dialog).queryByText(/列出商品最多的/)).toBeNull();
    expect(gateway.calls(ops.belt.detail)).toEqual([{ id: 1 }]);
  });

  it("says when a belt has more shops than its details list", async () => {
    gateway.answer(ops.belt.detail, () =>
      ok({
        belt: must(BELTS[1]),
        shops: Array.from({ length: 50 }, (_, i) =>
          shopRow(100 + i, `佛山家具店${i + 1}`, "active", NOW, 24),
        ),
      }),
    );
    renderRouted(<BeltList />, PATH);
    await screen.findByText("佛山家具产业带");
    await userEvent.click(within(rowOf("佛山家具产业带")).getByRole("button", { name: "详情" }));
    const dialog = await findDialog("产业带详情：佛山家具产业带");
    expect(
      await within(dialog).findByText("共 60 家店铺，列出商品最多的 50 家"),
    ).toBeInTheDocument();
  });

  it("shows a belt's details failing to load, and loads them again on 重试", async () => {
    gateway.answer(ops.belt.detail, fail("system_error", "系统繁忙，请稍后再试"));
    renderRouted(<BeltList />, PATH);
    await screen.findByText("安溪茶叶产业带");
    await userEvent.click(within(rowOf("安溪茶叶产业带")).getByRole("button", { name: "详情" }));
    const dialog = await findDialog("产业带详情：安溪茶叶产业带");
    expect(await within(dialog).findByText("产业带详情加载失败")).toBeInTheDocument();
    gateway.answer(ops.belt.detail, () => ok({ belt: must(BELTS[2]), shops: [] }));
    await userEvent.click(within(dialog).getByRole("button", { name: "重试" }));
    expect(await within(dialog).findByText("该产业带暂无店铺")).toBeInTheDocument();
  });

  it("edits a belt with the version read; the core's form checks it first", async () => {
    gateway.answer(ops.belt.save, (params) =>
      ok(beltRow(3, params.name, params.province, params.city, 0)),
    );
    renderRouted(<BeltList />, PATH);
    await screen.findByText("安溪茶叶产业带");
    await userEvent.click(within(rowOf("安溪茶叶产业带")).getByRole("button", { name: "编辑" }));
    const dialog = await findDialog("编辑产业带「安溪茶叶产业带」");
    const city = within(dialog).getByRole("textbox", { name: "城市" });
    await userEvent.clear(city);
    await userEvent.click(within(dialog).getByRole("button", { name: SAVE }));
    expect(
      await within(dialog).findByText(/城市/, { selector: ".ant-form-item-explain-error" }),
    ).toBeInTheDocument();
    expect(gateway.calls(ops.belt.save)).toEqual([]);

    await userEvent.type(city, "安溪");
    await userEvent.click(within(dialog).getByRole("button", { name: SAVE }));
    expect(await screen.findByText("已保存产业带「安溪茶叶产业带」")).toBeInTheDocument();
    expect(gateway.calls(ops.belt.save)).toEqual([
      {
        id: 3,
        version: 1,
        name: "安溪茶叶产业带",
        province: "福建",
        city: "安溪",
        description: "泉州的产业集群",
      },
    ]);
  });

  it("adds a belt and shows a taken name at its field", async () => {
    gateway.answer(
      ops.belt.save,
      fail("data_duplicate", "产业带名称已存在", {
        fields: [{ field: "name", message: "产业带名称「义乌小商品产业带」已存在" }],
      }),
    );
    renderRouted(<BeltList />, PATH);
    await screen.findByText("义乌小商品产业带");
    await userEvent.click(screen.getByRole("button", { name: /新增产业带/ }));
    const dialog = await findDialog("新增产业带");
    await userEvent.type(
      within(dialog).getByRole("textbox", { name: "产业带名称" }),
      "义乌小商品产业带",
    );
    await userEvent.type(within(dialog).getByRole("textbox", { name: "省份" }), "浙江");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "城市" }), "义乌");
    await userEvent.click(within(dialog).getByRole("button", { name: SAVE }));
    expect(
      await within(dialog).findByText("产业带名称「义乌小商品产业带」已存在"),
    ).toBeInTheDocument();
    expect(gateway.calls(ops.belt.save)).toEqual([
      { name: "义乌小商品产业带", province: "浙江", city: "义乌", description: "" },
    ]);
  });

  it("without the 产业带 menu, shows the list only: no details, no edits", async () => {
    signedInWith(USER_TREE);
    renderRouted(<BeltList />, PATH);
    await screen.findByText("义乌小商品产业带");
    expect(screen.queryByRole("button", { name: "详情" })).toBeNull();
    expect(screen.queryByRole("button", { name: "编辑" })).toBeNull();
    expect(screen.queryByRole("button", { name: /新增产业带/ })).toBeNull();
    expect(screen.getByRole("button", { name: /导出 CSV/ })).toBeInTheDocument();
  });

  describe("导出 CSV", () => {
    const download = captureDownloads();

    it("holds the belts of the filter", async () => {
      renderRouted(<BeltList />, `${PATH}?province=${encodeURIComponent("浙江")}`);
      await screen.findByText("义乌小商品产业带");
      await userEvent.click(screen.getByRole("button", { name: /导出 CSV/ }));
      expect(await screen.findByText("已导出 1 条记录")).toBeInTheDocument();
      expect(gateway.calls(ops.belt.list).at(-1)).toEqual({
        province: "浙江",
        page: 1,
        pageSize: 100,
      });
      const lines = ((await download.text()) ?? "")
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
      expect(lines).toEqual([
        "ID,产业带名称,省份,城市,店铺数,简介",
        "1,义乌小商品产业带,浙江,义乌,2,全球最大的小商品集散地",
      ]);
    });
  });
});
