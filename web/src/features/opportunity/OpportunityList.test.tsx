import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Navigator } from "@/lib/core";
import { ops, type HistoryEntry, type OpportunityRow } from "@/lib/generated/ops";
import { OpportunityList } from "@/features/opportunity/OpportunityList";
import { useMenuStore } from "@/stores/menu";
import { fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { ADMIN, node, signIn } from "@/test/menuTree";
import {
  CATEGORY_TREE,
  findDrawer,
  opportunityDetail,
  opportunityRow,
  pageOf,
  reply,
  rowOf,
} from "@/test/opportunities";
import { must } from "@/test/must";
import { renderRouted } from "@/test/renderRouted";

let gateway: FakeGateway;
let rows: OpportunityRow[];
let now: number;
const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });

const REJECTED: HistoryEntry = {
  id: 7,
  fromState: "pending",
  toState: "rejected",
  action: "驳回",
  reasonCode: "contact_info",
  reasonLabel: "含联系方式",
  reason: "留了微信号",
  operator: "运营小王",
  at: 0,
};

/** A menu holding 商机查看 (whose owners read an opportunity's 操作记录). */
const INSPECTOR = [
  node("operate", "运营管理", [node("business", "采购商机", [node("inspect", "商机查看")])]),
];

describe("商机查看", () => {
  beforeEach(() => {
    now = Date.now();
    rows = [
      opportunityRow(41, "求购纯棉T恤5000件", "approved", now, 30, { replyCount: 2 }),
      opportunityRow(42, "求购保温杯2000个", "rejected", now, 50),
      opportunityRow(43, "求购帆布包800个", "pending", now, 5),
    ];
    gateway = fakeGateway();
    gateway.answer(ops.opportunity.list, () => ok(pageOf(rows)));
    gateway.answer(ops.category.tree, ok(CATEGORY_TREE));
  });
  afterEach(() => useMenuStore.getState().reset());

  it("shows every state as the core names it, and offers no moves: a view only", async () => {
    renderRouted(<OpportunityList />, "/operate/business/inspect");
    expect(within(await rowOf("求购纯棉T恤5000件")).getByText("已通过")).toBeInTheDocument();
    expect(within(await rowOf("求购保温杯2000个")).getByText("已驳回")).toBeInTheDocument();
    const pending = await rowOf("求购帆布包800个");
    expect(within(pending).getByText("待审核")).toBeInTheDocument();
    expect(within(pending).queryByRole("button", { name: "通过" })).toBeNull();
    expect(screen.queryByRole("button", { name: "关闭" })).toBeNull();
    expect(gateway.calls(ops.opportunity.list)[0]).toEqual({ page: 1, pageSize: 20 });
  });

  it("reads title, state, category and period from the URL, and writes the form back", async () => {
    const from = new Date(2026, 2, 1).getTime();
    const to = new Date(2026, 2, 7, 23, 59, 59, 999).getTime();
    const view = renderRouted(
      <OpportunityList />,
      `/operate/business/inspect?title=求购&state=approved&categoryId=31&from=${from}&to=${to}`,
    );
    await rowOf("求购纯棉T恤5000件");
    expect(gateway.calls(ops.opportunity.list)[0]).toEqual({
      page: 1,
      pageSize: 20,
      title: "求购",
      state: "approved",
      categoryId: "31",
      from: String(from),
      to: String(to),
    });
    expect(screen.getByLabelText("商机标题")).toHaveValue("求购");
    expect(screen.getByTitle("已通过")).toBeInTheDocument();
    expect(await screen.findByTitle("T恤（10）")).toBeInTheDocument();
    expect(screen.getByDisplayValue("2026-03-01")).toBeInTheDocument();

    await user.click(screen.getByLabelText("状态"));
    await user.click(await screen.findByTitle("已关闭"));
    await user.click(screen.getByRole("button", { name: /查询/ }));
    await waitFor(() =>
      expect(gateway.calls(ops.opportunity.list).at(-1)).toMatchObject({
        page: 1,
        state: "closed",
        categoryId: "31",
        title: "求购",
      }),
    );
    expect(new URLSearchParams(view.location().split("?")[1]).get("state")).toBe("closed");

    await user.click(screen.getByRole("button", { name: /重\s*置/ }));
    await waitFor(() => expect(view.location()).toBe("/operate/business/inspect"));
  });

  it("opens one in a drawer: category path, description, buyer, the thread oldest first, 操作记录", async () => {
    signIn();
    useMenuStore.setState({ navigator: new Navigator(INSPECTOR, ADMIN), status: "ready" });
    gateway.answer(
      ops.opportunity.detail,
      ok(
        opportunityDetail(must(rows[0]), [
          reply(1, "shop", "永康五金工厂店", "我们可以做，含税价 23 元", now - 5000),
          reply(2, "operator", "运营小王", "已推荐给三家供应商", now - 1000),
        ]),
      ),
    );
    gateway.answer(ops.history.list, ok([{ ...REJECTED, at: now }]));
    renderRouted(<OpportunityList />, "/operate/business/inspect");
    await user.click(
      within(await rowOf("求购纯棉T恤5000件")).getByRole("button", { name: /详情/ }),
    );
    const drawer = await findDrawer("商机 #41");
    expect(await within(drawer).findByText("服装 / 男装 / T恤")).toBeInTheDocument();
    expect(within(drawer).getByText("138****0011")).toBeInTheDocument();
    expect(within(drawer).getByText("回复（2）")).toBeInTheDocument();
    const thread = within(drawer).getByRole("list", { name: "回复记录" });
    const items = within(thread).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("永康五金工厂店");
    expect(items[0]).toHaveTextContent("我们可以做，含税价 23 元");
    expect(items[1]).toHaveTextContent("平台运营小王");
    expect(await within(drawer).findByText("原因：含联系方式：留了微信号")).toBeInTheDocument();
    expect(gateway.calls(ops.history.list)).toEqual([{ entity: "opportunity", id: 41 }]);
    // A view: no moves in the drawer either (its one 关闭 is the drawer's own ×).
    expect(within(drawer).getAllByRole("button", { name: "关闭" })).toHaveLength(1);
    expect(drawer.querySelector(".ant-drawer-body button")).toBeNull();
  });
});
