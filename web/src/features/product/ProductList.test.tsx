import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { ops, type ProductListParams, type ShopRow } from "@/lib/generated/ops";
import { ProductList } from "@/features/product/ProductList";
import { productPage, productRow } from "@/test/products";
import { fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { renderRouted } from "@/test/renderRouted";
import { countsOf, shopDetail, shopRow } from "@/test/shops";

const PATH = "/baseMgmt/prodMgmt";

let gateway: FakeGateway;

beforeEach(() => {
  gateway = fakeGateway();
  gateway.answer(ops.category.tree, ok([]));
  gateway.answer(
    ops.shop.list,
    ok({ list: [], total: 0, page: 1, pageSize: 20, counts: countsOf([]) }),
  );
  gateway.answer(
    ops.product.list,
    ok(
      productPage(
        [
          productRow(1, { title: "真丝连衣裙", priceMin: 123_450, priceMax: 123_450 }),
          productRow(2, { title: "纯棉T恤", status: "offSale" }),
          productRow(3, { title: "羊毛围巾", status: "violation" }),
        ],
        10,
      ),
    ),
  );
});

/** An active shop as `shop.list` answers it (the picker reads id, name and city). */
function shop(id: number, name: string, city: string): ShopRow {
  return shopRow(id, name, "active", 0, 0, { city });
}

const lastListCall = () => gateway.calls(ops.product.list).at(-1) as ProductListParams;

describe("商品管理", () => {
  it("shows prices by the core's money format, tab counts, and links to the detail and shop pages", async () => {
    renderRouted(<ProductList />, PATH);
    const row = (await screen.findByText("真丝连衣裙")).closest("tr") as HTMLElement;
    expect(within(row).getByText("¥1,234.50")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "真丝连衣裙" })).toHaveAttribute(
      "href",
      "/baseMgmt/prodMgmt/prodDetail?id=1",
    );
    expect(within(row).getByRole("link", { name: "店铺1" })).toHaveAttribute(
      "href",
      "/baseMgmt/shopMgmt/shopDetail?id=101",
    );
    const other = screen.getByText("纯棉T恤").closest("tr") as HTMLElement;
    expect(within(other).getByText("¥12.00 – ¥18.50")).toBeInTheDocument();
    expect(within(other).getByText("已下架")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "全部 10" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "在售 7" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "违规下架 1" })).toBeInTheDocument();
    // Each row offers what its state allows.
    expect(within(row).getByRole("button", { name: "下架" })).toBeInTheDocument();
    expect(within(other).getByRole("button", { name: "上架" })).toBeInTheDocument();
    const banned = screen.getByText("羊毛围巾").closest("tr") as HTMLElement;
    expect(within(banned).getByRole("button", { name: "解除违规" })).toBeInTheDocument();
    expect(within(banned).queryByRole("button", { name: "上架" })).toBeNull();
  });

  it("marks the products a frozen or closed shop holds from sale, beside their own state", async () => {
    gateway.answer(
      ops.product.list,
      ok(
        productPage([
          productRow(1, { title: "真丝连衣裙", shopStatus: "frozen" }),
          productRow(2, { title: "纯棉T恤", status: "offSale", shopStatus: "closed" }),
          productRow(3, { title: "羊毛围巾" }),
        ]),
      ),
    );
    renderRouted(<ProductList />, PATH);
    const frozen = (await screen.findByText("真丝连衣裙")).closest("tr") as HTMLElement;
    expect(within(frozen).getByText("在售")).toBeInTheDocument();
    expect(within(frozen).getByText("店铺已冻结")).toBeInTheDocument();
    const closed = screen.getByText("纯棉T恤").closest("tr") as HTMLElement;
    expect(within(closed).getByText("店铺已关闭")).toBeInTheDocument();
    const open = screen.getByText("羊毛围巾").closest("tr") as HTMLElement;
    expect(within(open).queryByText(/^店铺已/)).toBeNull();
  });

  it("reaches every state of the lifecycle: 草稿 has its tab, with the gateway's count", async () => {
    gateway.answer(
      ops.product.list,
      ok(productPage([productRow(4, { title: "未上架的新品", status: "draft" })], 12)),
    );
    renderRouted(<ProductList />, PATH);
    const drafts = await screen.findByRole("tab", { name: "草稿 2" });
    await userEvent.click(drafts);
    await waitFor(() => expect(lastListCall()).toMatchObject({ status: "draft" }));
  });

  it("keeps the filters in the URL: a price typed in yuan is sent in fen; a tab is the status", async () => {
    const view = renderRouted(<ProductList />, PATH);
    await screen.findByText("真丝连衣裙");
    await userEvent.type(screen.getByRole("textbox", { name: "商品标题" }), "连衣裙");
    await userEvent.type(screen.getByRole("textbox", { name: "最低价（元）" }), "12.5");
    await userEvent.type(screen.getByRole("textbox", { name: "最高价（元）" }), "¥1,000");
    await userEvent.click(screen.getByRole("button", { name: /查\s*询/ }));
    await waitFor(() =>
      expect(lastListCall()).toEqual({
        page: 1,
        pageSize: 20,
        title: "连衣裙",
        priceMin: "1250",
        priceMax: "100000",
      }),
    );
    expect(view.location()).toBe(
      `${PATH}?title=%E8%BF%9E%E8%A1%A3%E8%A3%99&priceMin=1250&priceMax=100000`,
    );
    // The form shows the URL's fen as money again.
    expect(screen.getByRole("textbox", { name: "最低价（元）" })).toHaveValue("¥12.50");

    await userEvent.click(screen.getByRole("tab", { name: "违规下架 1" }));
    await waitFor(() =>
      expect(lastListCall()).toMatchObject({ status: "violation", priceMin: "1250" }),
    );
  });

  it("keeps a title typed but not applied when a tab is chosen, and applies it with the tab", async () => {
    renderRouted(<ProductList />, PATH);
    await screen.findByText("真丝连衣裙");
    await userEvent.type(screen.getByRole("textbox", { name: "商品标题" }), "围巾");
    await userEvent.click(screen.getByRole("tab", { name: "违规下架 1" }));
    await waitFor(() => expect(lastListCall()).toMatchObject({ status: "violation" }));
    expect(screen.getByRole("textbox", { name: "商品标题" })).toHaveValue("围巾");
    await userEvent.click(screen.getByRole("button", { name: /查\s*询/ }));
    await waitFor(() =>
      expect(lastListCall()).toMatchObject({ status: "violation", title: "围巾" }),
    );
  });

  it("refuses an amount the core cannot read as money, at its field, and sends nothing", async () => {
    renderRouted(<ProductList />, PATH);
    await screen.findByText("真丝连衣裙");
    const before = gateway.calls(ops.product.list).length;
    await userEvent.type(screen.getByRole("textbox", { name: "最低价（元）" }), "1.234");
    await userEvent.type(screen.getByRole("textbox", { name: "最高价（元）" }), "5");
    await userEvent.click(screen.getByRole("button", { name: /查\s*询/ }));
    expect(await screen.findByText("最低价须为金额，最多两位小数")).toBeInTheDocument();
    await userEvent.clear(screen.getByRole("textbox", { name: "最低价（元）" }));
    await userEvent.type(screen.getByRole("textbox", { name: "最低价（元）" }), "8");
    await userEvent.click(screen.getByRole("button", { name: /查\s*询/ }));
    expect(await screen.findByText("最高价不能低于最低价")).toBeInTheDocument();
    expect(gateway.calls(ops.product.list)).toHaveLength(before);
  });

  it("reads the view from the URL it was opened with", async () => {
    renderRouted(<ProductList />, `${PATH}?status=offSale&priceMax=1850&categoryId=30&page=2`);
    await screen.findByText("真丝连衣裙");
    expect(gateway.calls(ops.product.list)[0]).toEqual({
      page: 2,
      pageSize: 20,
      status: "offSale",
      priceMax: "1850",
      categoryId: "30",
    });
    expect(screen.getByRole("textbox", { name: "最高价（元）" })).toHaveValue("¥18.50");
    expect(screen.getByRole("tab", { name: "已下架 2" })).toHaveAttribute("aria-selected", "true");
  });

  it("takes a product off sale after asking, with one id", async () => {
    gateway.answer(ops.product.setStatus, ({ ids }) =>
      ok({ results: ids.map((id) => ({ id, ok: true, skipped: false })) }),
    );
    renderRouted(<ProductList />, PATH);
    const row = (await screen.findByText("真丝连衣裙")).closest("tr") as HTMLElement;
    await userEvent.click(within(row).getByRole("button", { name: "下架" }));
    const confirm = await screen.findByRole("tooltip");
    await userEvent.click(within(confirm).getByRole("button", { name: /下\s*架/ }));
    expect(await screen.findByText("已下架商品「真丝连衣裙」")).toBeInTheDocument();
    expect(gateway.calls(ops.product.setStatus)).toEqual([{ ids: [1], status: "offSale" }]);
  });

  it("a product refused inside a successful answer is no success: its message is toasted", async () => {
    gateway.answer(ops.product.setStatus, ({ ids }) =>
      ok({
        results: ids.map((id) => ({
          id,
          ok: false,
          skipped: false,
          code: "state_invalid",
          msg: "状态不允许此操作：不能从「已下架」变为「已下架」",
        })),
      }),
    );
    renderRouted(<ProductList />, PATH);
    const row = (await screen.findByText("真丝连衣裙")).closest("tr") as HTMLElement;
    await userEvent.click(within(row).getByRole("button", { name: "下架" }));
    const confirm = await screen.findByRole("tooltip");
    await userEvent.click(within(confirm).getByRole("button", { name: /下\s*架/ }));
    expect(
      await screen.findByText("状态不允许此操作：不能从「已下架」变为「已下架」"),
    ).toBeInTheDocument();
    expect(screen.queryByText("已下架商品「真丝连衣裙」")).toBeNull();
    expect(gateway.calls(ops.product.setStatus)).toEqual([{ ids: [1], status: "offSale" }]);
  });

  it("takes a product down for violation with a reason; a refusal stays in the dialog", async () => {
    gateway.answer(
      ops.reason.list,
      ok([
        { key: "fake", label: "假冒伪劣", value: "" },
        { key: "other", label: "其他", value: "" },
      ]),
    );
    let refuse = true;
    gateway.answer(ops.product.setStatus, ({ ids }) =>
      ok({
        results: ids.map((id) =>
          refuse
            ? {
                id,
                ok: false,
                skipped: false,
                code: "data_conflict",
                msg: "数据已被他人修改，请刷新后重试",
              }
            : { id, ok: true, skipped: false },
        ),
      }),
    );
    renderRouted(<ProductList />, PATH);
    const row = (await screen.findByText("真丝连衣裙")).closest("tr") as HTMLElement;
    await userEvent.click(within(row).getByRole("button", { name: "违规下架" }));
    // (antd gives every title the same id under test: find the dialog, then its title.)
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("违规下架商品「真丝连衣裙」")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("combobox", { name: "原因" }));
    await userEvent.click(await screen.findByTitle("其他"));
    await userEvent.click(within(dialog).getByRole("button", { name: /违规下架/ }));
    // 其他 needs words: the core's reason form says so at the field, nothing is sent.
    expect(await within(dialog).findByText("选择「其他」时请填写具体原因")).toBeInTheDocument();
    expect(gateway.calls(ops.product.setStatus)).toEqual([]);

    await userEvent.type(within(dialog).getByRole("textbox", { name: "具体原因" }), "图片盗用");
    await userEvent.click(within(dialog).getByRole("button", { name: /违规下架/ }));
    expect(await within(dialog).findByText("数据已被他人修改，请刷新后重试")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "具体原因" })).toHaveValue("图片盗用");

    refuse = false;
    await userEvent.click(within(dialog).getByRole("button", { name: /违规下架/ }));
    expect(await screen.findByText("已违规下架商品「真丝连衣裙」")).toBeInTheDocument();
    expect(gateway.calls(ops.product.setStatus).at(-1)).toEqual({
      ids: [1],
      status: "violation",
      reasonCode: "other",
      reason: "图片盗用",
    });
  });

  it("takes the selected products off sale in one call and names each one's result", async () => {
    gateway.answer(ops.product.setStatus, ({ ids }) =>
      ok({
        results: ids.map((id) =>
          id === 2
            ? { id, ok: true, skipped: true, msg: "已是已下架" }
            : id === 3
              ? { id, ok: false, skipped: false, code: "state_invalid", msg: "状态不允许此操作" }
              : { id, ok: true, skipped: false },
        ),
      }),
    );
    renderRouted(<ProductList />, PATH);
    await screen.findByText("真丝连衣裙");
    for (const title of ["真丝连衣裙", "纯棉T恤", "羊毛围巾"]) {
      const row = screen.getByText(title).closest("tr") as HTMLElement;
      await userEvent.click(within(row).getByRole("checkbox"));
    }
    expect(screen.getByText("已选择 3 项")).toBeInTheDocument();
    const before = gateway.calls(ops.product.list).length;
    await userEvent.click(screen.getByRole("button", { name: "批量下架" }));
    const confirm = await screen.findByRole("tooltip");
    expect(within(confirm).getByText("下架选中的 3 个商品？")).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole("button", { name: "批量下架" }));
    const report = await screen.findByRole("dialog");
    expect(
      within(report).getByText("批量下架：成功 1 项，跳过 1 项，失败 1 项"),
    ).toBeInTheDocument();
    const items = within(report).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "成功真丝连衣裙",
      "跳过纯棉T恤已是已下架",
      "失败羊毛围巾状态不允许此操作",
    ]);
    expect(gateway.calls(ops.product.setStatus)).toEqual([{ ids: [1, 2, 3], status: "offSale" }]);
    // The list is read again once, after the run.
    await expect.poll(() => gateway.calls(ops.product.list).length).toBe(before + 1);
  });

  it("filters by a shop searched by name, and names the shop of a copied link", async () => {
    gateway.answer(ops.shop.list, ({ name }) =>
      ok({
        list:
          name === "丝绸" ? [shop(42, "杭州丝绸坊", "杭州")] : [shop(7, "义乌小商品城", "金华")],
        total: 1,
        page: 1,
        pageSize: 20,
        counts: { all: 1, pending: 0, active: 1, frozen: 0 },
      }),
    );
    gateway.answer(ops.shop.detail, ({ id }) => ok(shopDetail(shop(id, "杭州丝绸坊", "杭州"))));
    const view = renderRouted(<ProductList />, PATH);
    await screen.findByText("真丝连衣裙");
    // Nothing is searched before the picker opens.
    expect(gateway.calls(ops.shop.list)).toEqual([]);
    const picker = screen.getByRole("combobox", { name: "店铺" });
    await userEvent.click(picker);
    await userEvent.type(picker, "丝绸");
    await userEvent.click(await screen.findByTitle("杭州丝绸坊（杭州）"));
    // Searched when opened, then once for the whole word after typing paused (none for "丝").
    expect(gateway.calls(ops.shop.list)).toEqual([
      { name: "", page: 1, pageSize: 20 },
      { name: "丝绸", page: 1, pageSize: 20 },
    ]);
    await userEvent.click(screen.getByRole("button", { name: /查\s*询/ }));
    await waitFor(() => expect(lastListCall()).toEqual({ page: 1, pageSize: 20, shopId: "42" }));
    expect(view.location()).toBe(`${PATH}?shopId=42`);
    view.unmount();

    renderRouted(<ProductList />, `${PATH}?shopId=42`);
    expect(await screen.findByText("杭州丝绸坊（杭州）")).toBeInTheDocument();
    expect(gateway.calls(ops.shop.detail).at(-1)).toEqual({ id: 42 });
  });
});
