import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { ShopDetail } from "@/features/shop/ShopDetail";
import { ops, type HistoryEntry, type ShopDetail as Detail } from "@/lib/generated/ops";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { testQueryClient } from "@/test/queryClient";
import { renderUi } from "@/test/render";
import { shopRow } from "@/test/shops";

const NOW = Date.UTC(2026, 2, 10, 2, 0, 0);

function detailOf(status: string, logoUrl: string | null = null): Detail {
  return {
    shop: shopRow(5, "温州鞋业", status, NOW, 48, { logoUrl, level: 4 }),
    owner: { id: 105, nickname: "陈老板", phone: "139****1234", type: "seller", status: "normal" },
    mainCategories: ["鞋靴", "男鞋"],
    products: [
      {
        id: 77,
        title: "真皮商务男鞋",
        shopId: 5,
        shopName: "温州鞋业",
        shopStatus: status,
        categoryId: 9,
        categoryName: "男鞋",
        coverUrl: null,
        priceMin: 12_345,
        priceMax: 23_450,
        unit: "双",
        moq: 10,
        stock: 500,
        status: "onSale",
        createdAt: NOW,
        updatedAt: NOW,
        version: 1,
      },
    ],
    inquiries: [
      {
        id: 31,
        buyerMemberId: 201,
        buyerNickname: "李采购",
        shopId: 5,
        shopName: "温州鞋业",
        productId: 77,
        productTitle: "真皮商务男鞋",
        quantity: 300,
        expectPrice: 9_900,
        message: "可以做定制鞋盒吗",
        state: "pending",
        createdAt: NOW,
        version: 1,
        quote: null,
      },
    ],
  };
}

const HISTORY: HistoryEntry[] = [
  {
    id: 2,
    fromState: "pending",
    toState: "active",
    action: "通过",
    reasonCode: "",
    reasonLabel: "",
    reason: "",
    operator: "系统管理员",
    at: NOW,
  },
];

let gateway: FakeGateway;

/** The card titled `title`. */
function cardOf(title: string): HTMLElement {
  const card = screen.getByText(title).closest<HTMLElement>(".ant-card");
  if (!card) throw new Error(`no card ${title}`);
  return card;
}

function renderDetail(url: string) {
  const client = testQueryClient();
  renderUi(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <ShopDetail />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("店铺详情", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.history.list, ok(HISTORY));
    gateway.answer(ops.reason.list, ok([{ key: "fake", label: "虚假信息", value: "" }]));
  });

  it("shows the profile, owner, products, inquiries and the timeline", async () => {
    gateway.answer(ops.shop.detail, ok(detailOf("active", "/files/logo.png?exp=1&sig=x")));
    renderDetail("/baseMgmt/shopMgmt/shopDetail?id=5");
    expect(await screen.findByRole("heading", { name: "温州鞋业" })).toBeInTheDocument();
    expect(gateway.calls(ops.shop.detail)).toEqual([{ id: 5 }]);
    expect(screen.getByRole("img", { name: "温州鞋业的店铺标志" })).toHaveAttribute(
      "src",
      "/files/logo.png?exp=1&sig=x",
    );
    expect(screen.getByText("鞋靴、男鞋")).toBeInTheDocument();
    expect(screen.getByText("4 级")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "陈老板" })).toHaveAttribute(
      "href",
      "/baseMgmt/userMgmt/userDetail?id=105",
    );
    expect(screen.getByText("139****1234")).toBeInTheDocument();

    const products = cardOf("最新商品（共 12 件）");
    const product = within(products).getAllByRole("link", { name: "真皮商务男鞋" })[0];
    expect(product).toHaveAttribute("href", "/baseMgmt/prodMgmt/prodDetail?id=77");
    // Money as the core writes it.
    expect(within(products).getByText("¥123.45 – ¥234.50/双")).toBeInTheDocument();
    expect(within(products).getByText("在售")).toBeInTheDocument();

    const inquiries = cardOf("最新询价（共 4 条）");
    expect(within(inquiries).getByText("李采购")).toBeInTheDocument();
    expect(within(inquiries).getByText("¥99.00")).toBeInTheDocument();
    expect(within(inquiries).getByText("待报价")).toBeInTheDocument();

    // 操作记录: who and when.
    expect(
      await screen.findByText(/系统管理员 · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/),
    ).toBeVisible();
    expect(gateway.calls(ops.history.list)).toEqual([{ entity: "shop", id: 5 }]);
    // The lifecycle's actions for an active shop.
    expect(screen.getByRole("button", { name: "冻结" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "关闭" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "通过" })).toBeNull();
  });

  it("a shop without a logo shows a plain avatar, and 通过 refreshes the page and its timeline", async () => {
    let detail = detailOf("pending");
    gateway.answer(ops.shop.detail, () => ok(detail));
    gateway.answer(ops.shop.audit, () => {
      detail = detailOf("active");
      return ok(detail.shop);
    });
    renderDetail("/baseMgmt/shopMgmt/shopDetail?id=5");
    expect(await screen.findByRole("img", { name: "暂无店铺标志" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "通过" }));
    expect(await screen.findByText("已通过店铺 温州鞋业")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "冻结" })).toBeInTheDocument();
    await waitFor(() => expect(gateway.calls(ops.history.list)).toHaveLength(2));
  });

  it("查看完整号码 shows the contact phone in full; 查看全部询价 opens 询价单 filtered to the shop", async () => {
    gateway.answer(ops.shop.detail, ok(detailOf("active")));
    gateway.answer(ops.contact.reveal, ok({ phone: "13812345678" }));
    renderDetail("/baseMgmt/shopMgmt/shopDetail?id=5");
    const inquiries = await screen.findByText("最新询价（共 4 条）");
    expect(
      within(cardOf("最新询价（共 4 条）")).getByRole("link", { name: "查看全部询价" }),
    ).toHaveAttribute("href", "/operate/inquiryOrders?shopId=5");
    expect(inquiries).toBeInTheDocument();
    expect(screen.getByText("138****0000")).toBeInTheDocument();
    // By text: a role query walks this whole page's accessible names (seconds in the test DOM).
    const button = screen.getByText("查看完整号码").closest("button");
    if (!button) throw new Error("no 查看完整号码");
    await userEvent.setup({ pointerEventsCheck: 0 }).click(button);
    expect(await screen.findByText("13812345678")).toBeInTheDocument();
    expect(screen.queryByText("138****0000")).toBeNull();
    expect(screen.queryByText("查看完整号码")).toBeNull();
    expect(gateway.calls(ops.contact.reveal)).toEqual([{ entity: "shop", id: 5 }]);
    // The owner's phone stays masked: that is a member's number, revealed on their own page.
    expect(screen.getByText("139****1234")).toBeInTheDocument();
  });

  it("a refused reveal keeps the number masked and 查看完整号码 offered", async () => {
    gateway.answer(ops.shop.detail, ok(detailOf("active")));
    gateway.answer(ops.contact.reveal, fail("permission_denied", "无权限执行此操作"));
    renderDetail("/baseMgmt/shopMgmt/shopDetail?id=5");
    const button = (await screen.findByText("查看完整号码")).closest("button");
    if (!button) throw new Error("no 查看完整号码");
    await userEvent.setup({ pointerEventsCheck: 0 }).click(button);
    // The catalogue toasts the refusal (its own tests); the number stays masked.
    await waitFor(() => expect(gateway.calls(ops.contact.reveal)).toHaveLength(1));
    expect(screen.getByText("138****0000")).toBeInTheDocument();
    expect(screen.getByText("查看完整号码")).toBeInTheDocument();
  });

  it("names a missing shop and a link without an id", async () => {
    gateway.answer(ops.shop.detail, fail("data_not_found", "数据不存在"));
    renderDetail("/baseMgmt/shopMgmt/shopDetail?id=999");
    expect(await screen.findByText("店铺不存在")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /返回列表/ })).toBeInTheDocument();
  });

  it("without an id it asks for none", async () => {
    renderDetail("/baseMgmt/shopMgmt/shopDetail");
    expect(await screen.findByText("链接中没有店铺编号")).toBeInTheDocument();
    expect(gateway.calls(ops.shop.detail)).toEqual([]);
  });
});
