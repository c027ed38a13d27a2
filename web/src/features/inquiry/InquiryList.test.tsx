import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { formatFen, formatTimestamp } from "@/lib/core";
import { ops, type HistoryEntry, type InquiryRow, type PickItem } from "@/lib/generated/ops";
import { InquiryList } from "@/features/inquiry/InquiryList";
import { findDialog } from "@/test/dialogs";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import {
  BUYER,
  INQUIRY_CLOSE_CODES,
  footerButton,
  inquiryRow,
  pageOf,
  rowOf,
} from "@/test/opportunities";
import { must } from "@/test/must";
import { renderRouted } from "@/test/renderRouted";

let gateway: FakeGateway;
let rows: InquiryRow[];
let now: number;
// No pointer-events check: the test DOM's getComputedStyle walks every style rule per ancestor.
const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });

const SHOPS: PickItem[] = [
  { kind: "shop", id: 302, name: "永康五金工厂店", extra: "金华", status: "active" },
  { kind: "shop", id: 303, name: "温州鞋业", extra: "温州", status: "frozen" },
];

const CREATED: HistoryEntry = {
  id: 1,
  fromState: null,
  toState: "pending",
  action: "创建",
  reasonCode: "",
  reasonLabel: "",
  reason: "",
  operator: "系统",
  at: 0,
};

describe("询价单", () => {
  beforeEach(() => {
    now = Date.now();
    rows = [
      inquiryRow(501, "pending", now, 3),
      inquiryRow(502, "quoted", now, 30, {
        buyerNickname: "李老板",
        shopId: 303,
        shopName: "温州鞋业",
        productId: null,
        productTitle: "",
        expectPrice: 123_456,
      }),
      inquiryRow(503, "closed", now, 90, { buyerNickname: "张三" }),
    ];
    gateway = fakeGateway();
    gateway.answer(ops.inquiry.list, () => ok(pageOf(rows)));
    gateway.answer(ops.reason.list, ok(INQUIRY_CLOSE_CODES));
  });

  it("shows each inquiry: buyer, shop (a link to its inquiries), product, money and state as the core writes them", async () => {
    renderRouted(<InquiryList />, "/operate/inquiryOrders");
    const quoted = await rowOf("李老板");
    expect(within(quoted).getByText(formatFen(123_456))).toBeInTheDocument();
    expect(within(quoted).getByText("¥1,234.56")).toBeInTheDocument();
    expect(within(quoted).getByText("已报价")).toBeInTheDocument();
    expect(within(quoted).getByRole("link", { name: "温州鞋业" })).toHaveAttribute(
      "href",
      "/operate/inquiryOrders?shopId=303",
    );
    const pending = await rowOf("501");
    expect(within(pending).getByText("不锈钢保温杯 500ml")).toBeInTheDocument();
    expect(within(pending).getByText("待报价")).toBeInTheDocument();
    expect(within(pending).getByText(formatTimestamp(must(rows[0]).createdAt))).toBeInTheDocument();
    expect(within(pending).getByRole("button", { name: "关闭" })).toBeInTheDocument();
    // A closed inquiry has nothing left to do but read it.
    const closed = await rowOf("张三");
    expect(within(closed).getByText("已关闭")).toBeInTheDocument();
    expect(within(closed).queryByRole("button", { name: "关闭" })).toBeNull();
    expect(screen.getByText("共 3 条")).toBeInTheDocument();
  });

  it("reads buyer, shop (shown by its name), state and period from the URL and writes the form's filters back", async () => {
    gateway.answer(ops.inquiry.shops, ({ keyword = "" }) =>
      ok(SHOPS.filter((shop) => shop.name.includes(keyword) || String(shop.id) === keyword)),
    );
    const view = renderRouted(
      <InquiryList />,
      "/operate/inquiryOrders?buyer=王&shopId=302&state=pending&from=1000&to=2000&sortField=quantity&sortOrder=descend",
    );
    await rowOf("501");
    expect(gateway.calls(ops.inquiry.list)[0]).toEqual({
      page: 1,
      pageSize: 20,
      buyer: "王",
      shopId: "302",
      state: "pending",
      from: "1000",
      to: "2000",
      sortField: "quantity",
      sortOrder: "descend",
    });
    expect(screen.getByLabelText("采购商")).toHaveValue("王");
    // The shop of the link is named in the filter, looked up by its id through the screen's read.
    const filter = must(screen.getByLabelText("店铺").closest<HTMLElement>(".ant-select"));
    expect(await within(filter).findByText("永康五金工厂店")).toBeInTheDocument();
    expect(gateway.calls(ops.inquiry.shops)).toContainEqual({ kind: "shop", keyword: "302" });
    // Another shop, picked by its name.
    await user.click(screen.getByLabelText("店铺"));
    await user.type(screen.getByLabelText("店铺"), "温州");
    // The picker searches by what was typed (once the debounce lets it go: on a loaded machine a
    // keystroke can outlast it, and 温 is asked first).
    await waitFor(() =>
      expect(gateway.calls(ops.inquiry.shops)).toContainEqual({ kind: "shop", keyword: "温州" }),
    );
    await user.click(await screen.findByText("温州鞋业", { selector: ".ant-select-item *" }));
    await user.click(screen.getByRole("button", { name: /查询/ }));
    await waitFor(() =>
      expect(gateway.calls(ops.inquiry.list).at(-1)).toMatchObject({ page: 1, shopId: "303" }),
    );
    expect(view.location()).toContain("shopId=303");
  });

  it("a quoted inquiry's drawer shows the shop's quote: unit price, quantity, total, lead time, when", async () => {
    const quoted = {
      ...must(rows[1]),
      quote: { unitPrice: 1_980, quantity: 2_400, leadDays: 15, quotedAt: now - 3_600_000 },
    };
    gateway.answer(ops.inquiry.detail, ok({ inquiry: quoted, buyer: BUYER }));
    gateway.answer(ops.history.list, ok([]));
    renderRouted(<InquiryList />, "/operate/inquiryOrders");
    await user.click(within(await rowOf("李老板")).getByRole("button", { name: /详情/ }));
    const drawer = await screen.findByRole("dialog");
    const card = must(
      (
        await within(drawer).findByText("报价", { selector: ".ant-card-head-title" })
      ).closest<HTMLElement>(".ant-card"),
    );
    expect(within(card).getByText("温州鞋业")).toBeInTheDocument();
    expect(within(card).getByText(formatFen(1_980))).toBeInTheDocument();
    expect(within(card).getByText("2400")).toBeInTheDocument();
    expect(within(card).getByText(formatFen(1_980 * 2_400))).toBeInTheDocument();
    expect(within(card).getByText("¥47,520.00")).toBeInTheDocument();
    expect(within(card).getByText("15 天")).toBeInTheDocument();
    expect(within(card).getByText(formatTimestamp(now - 3_600_000))).toBeInTheDocument();
  });

  it("a pending inquiry's drawer has no quote yet", async () => {
    gateway.answer(ops.inquiry.detail, ok({ inquiry: must(rows[0]), buyer: BUYER }));
    gateway.answer(ops.history.list, ok([]));
    renderRouted(<InquiryList />, "/operate/inquiryOrders");
    await user.click(within(await rowOf("501")).getByRole("button", { name: /详情/ }));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("需要定制logo")).toBeInTheDocument();
    expect(within(drawer).queryByText("报价", { selector: ".ant-card-head-title" })).toBeNull();
  });

  it("opens an inquiry's details in a drawer: the message, the buyer, 操作记录", async () => {
    gateway.answer(ops.inquiry.detail, ok({ inquiry: must(rows[0]), buyer: BUYER }));
    gateway.answer(ops.history.list, ok([{ ...CREATED, at: must(rows[0]).createdAt }]));
    renderRouted(<InquiryList />, "/operate/inquiryOrders");
    await user.click(within(await rowOf("501")).getByRole("button", { name: /详情/ }));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("需要定制logo")).toBeInTheDocument();
    expect(within(drawer).getByText("询价单 #501")).toBeInTheDocument();
    expect(within(drawer).getByText("138****0011")).toBeInTheDocument();
    expect(within(drawer).getByText("采购商", { selector: ".ant-card-head-title" })).toBeVisible();
    expect(await within(drawer).findByText("创建")).toBeInTheDocument();
    expect(gateway.calls(ops.inquiry.detail)).toEqual([{ id: 501 }]);
    expect(gateway.calls(ops.history.list)).toEqual([{ entity: "inquiry", id: 501 }]);
  });

  it("closing asks why: without a reason it is refused at the field and nothing is sent; with one it closes", async () => {
    gateway.answer(ops.inquiry.close, () => {
      rows = rows.map((r) => (r.id === 501 ? { ...r, state: "closed", version: 3 } : r));
      return ok(must(rows.find((r) => r.id === 501)));
    });
    renderRouted(<InquiryList />, "/operate/inquiryOrders");
    await user.click(within(await rowOf("501")).getByRole("button", { name: "关闭" }));
    const dialog = await findDialog("关闭询价单 #501");
    await user.click(footerButton(dialog, "关闭"));
    expect(await within(dialog).findByText("请选择原因")).toBeInTheDocument();
    expect(gateway.calls(ops.inquiry.close)).toEqual([]);

    await user.click(within(dialog).getByLabelText("原因"));
    await user.click(await screen.findByTitle("采购商取消"));
    await user.type(within(dialog).getByLabelText("具体原因"), "采购商电话告知不再需要");
    await user.click(footerButton(dialog, "关闭"));
    expect(await screen.findByText("已关闭询价单 #501")).toBeInTheDocument();
    expect(gateway.calls(ops.inquiry.close)).toEqual([
      {
        id: 501,
        version: 2,
        status: "closed",
        reasonCode: "buyer_cancel",
        reason: "采购商电话告知不再需要",
      },
    ]);
    // Read again: the row now says 已关闭 and offers no more 关闭.
    await waitFor(() =>
      expect(
        within(must(screen.getByText("501").closest("tr"))).getByText("已关闭"),
      ).toBeInTheDocument(),
    );
  });

  it("keeps the close dialog and says why when the gateway refuses", async () => {
    gateway.answer(ops.inquiry.close, fail("data_conflict", "数据已被他人修改，请刷新后重试"));
    renderRouted(<InquiryList />, "/operate/inquiryOrders");
    await user.click(within(await rowOf("501")).getByRole("button", { name: "关闭" }));
    const dialog = await findDialog("关闭询价单 #501");
    await user.click(within(dialog).getByLabelText("原因"));
    await user.click(await screen.findByTitle("采购商取消"));
    await user.click(footerButton(dialog, "关闭"));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("数据已被他人修改");
    expect(screen.queryByText("已关闭询价单 #501")).toBeNull();
  });

  it("says when no inquiry matches, and shows a failed read with 重试", async () => {
    gateway.answer(ops.inquiry.list, ok(pageOf([])));
    const first = renderRouted(<InquiryList />, "/operate/inquiryOrders?buyer=nobody");
    expect(await screen.findByText("没有符合条件的询价单")).toBeInTheDocument();
    first.unmount();
    gateway.answer(ops.inquiry.list, fail("system_error", "系统繁忙，请稍后再试"));
    renderRouted(<InquiryList />, "/operate/inquiryOrders");
    expect(await screen.findByText("询价单加载失败")).toBeInTheDocument();
  });
});
