import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { ops, type ProductDetail as Detail } from "@/lib/generated/ops";
import { ProductDetail } from "@/features/product/ProductDetail";
import { productRow } from "@/test/products";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { renderRouted } from "@/test/renderRouted";

const PATH = "/baseMgmt/prodMgmt/prodDetail";

function detail(over: Partial<Detail> = {}): Detail {
  return {
    product: productRow(7, { title: "真丝连衣裙", shopName: "杭州丝绸坊", shopId: 42 }),
    images: ["/files/p/7-1.jpg?exp=1&sig=a", "/files/p/7-2.jpg?exp=1&sig=b"],
    description: "100% 桑蚕丝\n支持定制",
    categoryPath: ["纺织服装", "女装", "连衣裙"],
    ...over,
  };
}

let gateway: FakeGateway;

beforeEach(() => {
  gateway = fakeGateway();
  gateway.answer(ops.product.detail, ok(detail()));
  gateway.answer(
    ops.history.list,
    ok([
      {
        id: 1,
        fromState: "onSale",
        toState: "violation",
        action: "违规下架",
        reasonCode: "fake",
        reasonLabel: "假冒伪劣",
        reason: "图片盗用",
        operator: "系统管理员",
        at: 1_700_000_000_000,
      },
    ]),
  );
});

describe("商品详情", () => {
  it("shows the images through their signed URLs with alt text, the prices, shop, category path and timeline", async () => {
    renderRouted(<ProductDetail />, `${PATH}?id=7`);
    expect(await screen.findByRole("heading", { name: "真丝连衣裙" })).toBeInTheDocument();
    expect(gateway.calls(ops.product.detail)).toEqual([{ id: 7 }]);
    const first = screen.getByRole("img", { name: "真丝连衣裙 图片 1" });
    expect(first).toHaveAttribute("src", "/files/p/7-1.jpg?exp=1&sig=a");
    expect(screen.getByRole("img", { name: "真丝连衣裙 图片 2" })).toHaveAttribute(
      "src",
      "/files/p/7-2.jpg?exp=1&sig=b",
    );
    expect(screen.getByText("¥12.00 – ¥18.50")).toBeInTheDocument();
    expect(screen.getByText("纺织服装 / 女装 / 连衣裙")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "杭州丝绸坊" })).toHaveAttribute(
      "href",
      "/baseMgmt/shopMgmt/shopDetail?id=42",
    );
    expect(screen.getByText("营业中")).toBeInTheDocument();
    expect(screen.getByText(/100% 桑蚕丝/)).toBeInTheDocument();
    expect(await screen.findByText("原因：假冒伪劣：图片盗用")).toBeInTheDocument();
    expect(gateway.calls(ops.history.list)).toEqual([{ entity: "product", id: 7 }]);
  });

  it("offers the moves the product's state allows and refreshes the page and timeline after one", async () => {
    gateway.answer(ops.product.setStatus, ({ ids }) =>
      ok({ results: ids.map((id) => ({ id, ok: true, skipped: false })) }),
    );
    renderRouted(<ProductDetail />, `${PATH}?id=7`);
    await screen.findByRole("heading", { name: "真丝连衣裙" });
    expect(screen.queryByRole("button", { name: "上架" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "下架" }));
    await userEvent.click(
      within(await screen.findByRole("tooltip")).getByRole("button", { name: /下\s*架/ }),
    );
    expect(await screen.findByText("已下架商品「真丝连衣裙」")).toBeInTheDocument();
    expect(gateway.calls(ops.product.setStatus)).toEqual([{ ids: [7], status: "offSale" }]);
    await expect.poll(() => gateway.calls(ops.product.detail).length).toBe(2);
    await expect.poll(() => gateway.calls(ops.history.list).length).toBe(2);
  });

  it("marks a product of a frozen shop 店铺已冻结 beside its own state", async () => {
    gateway.answer(
      ops.product.detail,
      ok(detail({ product: productRow(7, { title: "真丝连衣裙", shopStatus: "frozen" }) })),
    );
    renderRouted(<ProductDetail />, `${PATH}?id=7`);
    await screen.findByRole("heading", { name: "真丝连衣裙" });
    // Its own state, the mark its shop puts on it, and the shop's state by the shop's name.
    const mark = screen.getByText("店铺已冻结");
    expect(mark.parentElement).toHaveTextContent("在售店铺已冻结");
    expect(screen.getByText("已冻结")).toBeInTheDocument();
  });

  it("says so when the product is gone, and when the link has no id", async () => {
    gateway.answer(ops.product.detail, fail("data_not_found", "数据不存在"));
    const gone = renderRouted(<ProductDetail />, `${PATH}?id=9`);
    expect(await screen.findByText("商品不存在")).toBeInTheDocument();
    gone.unmount();
    renderRouted(<ProductDetail />, PATH);
    expect(screen.getByText("链接中没有商品编号")).toBeInTheDocument();
    expect(gateway.calls(ops.product.detail)).toEqual([{ id: 9 }]);
  });
});
