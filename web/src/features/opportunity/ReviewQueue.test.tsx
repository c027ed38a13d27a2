import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { ops, type OpportunityRow } from "@/lib/generated/ops";
import { ReviewQueue } from "@/features/opportunity/ReviewQueue";
import { findDialog } from "@/test/dialogs";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import {
  CATEGORY_TREE,
  REJECT_CODES,
  findDrawer,
  footerButton,
  opportunityDetail,
  opportunityRow,
  pageOf,
  rowOf,
} from "@/test/opportunities";
import { must } from "@/test/must";
import { holdAllBut } from "@/test/perms";
import { renderRouted } from "@/test/renderRouted";

let gateway: FakeGateway;
let rows: OpportunityRow[];
let now: number;
// No pointer-events check: the test DOM's getComputedStyle walks every style rule per ancestor.
const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });

/** The gateway over `rows`: the queue holds the pending ones. */
function serveQueue() {
  gateway.answer(ops.opportunity.list, (params) =>
    ok(pageOf(rows.filter((r) => !params.state || r.state === params.state))),
  );
}

/** Moves opportunity `id` to `state` in the gateway's rows, as a write would. */
function moved(id: number, state: string): OpportunityRow {
  rows = rows.map((r) => (r.id === id ? { ...r, state, version: r.version + 1 } : r));
  return must(rows.find((r) => r.id === id));
}

describe("商机审核", () => {
  beforeEach(() => {
    now = Date.now();
    rows = [
      opportunityRow(41, "求购纯棉T恤5000件", "pending", now, 30),
      opportunityRow(42, "求购保温杯2000个", "pending", now, 2),
      opportunityRow(43, "求购帆布包800个", "pending", now, 5),
    ];
    gateway = fakeGateway();
    serveQueue();
    gateway.answer(ops.reason.list, ok(REJECT_CODES));
    gateway.answer(ops.category.tree, ok(CATEGORY_TREE));
  });

  it("asks for the pending ones oldest first and shows how long each has waited, past a day in words", async () => {
    renderRouted(<ReviewQueue />, "/operate/business/toExamine");
    const old = await rowOf("求购纯棉T恤5000件");
    expect(gateway.calls(ops.opportunity.list)[0]).toEqual({
      page: 1,
      pageSize: 20,
      state: "pending",
      sortField: "createdAt",
      sortOrder: "ascend",
    });
    expect(within(old).getByText("1天6小时")).toBeInTheDocument();
    expect(within(old).getByText("超过24小时")).toBeInTheDocument();
    expect(within(old).getByText("¥123,450.00")).toBeInTheDocument();
    expect(within(old).getByText("5000 件")).toBeInTheDocument();
    const fresh = await rowOf("求购保温杯2000个");
    expect(within(fresh).getByText("2小时")).toBeInTheDocument();
    expect(within(fresh).queryByText("超过24小时")).toBeNull();
    expect(within(fresh).getByRole("button", { name: "通过" })).toBeInTheDocument();
    expect(within(fresh).getByRole("button", { name: "驳回" })).toBeInTheDocument();
  });

  it("keeps an order the operator chose in the URL over the queue's own", async () => {
    renderRouted(
      <ReviewQueue />,
      "/operate/business/toExamine?sortField=budget&sortOrder=descend&title=T恤",
    );
    await rowOf("求购纯棉T恤5000件");
    expect(gateway.calls(ops.opportunity.list)[0]).toEqual({
      page: 1,
      pageSize: 20,
      state: "pending",
      title: "T恤",
      sortField: "budget",
      sortOrder: "descend",
    });
  });

  it("通过 approves at once with the row's version; it leaves the queue", async () => {
    gateway.answer(ops.opportunity.audit, (params) => ok(moved(params.id, "approved")));
    renderRouted(<ReviewQueue />, "/operate/business/toExamine");
    await user.click(within(await rowOf("求购保温杯2000个")).getByRole("button", { name: "通过" }));
    expect(await screen.findByText("已通过商机 求购保温杯2000个")).toBeInTheDocument();
    expect(gateway.calls(ops.opportunity.audit)).toEqual([{ id: 42, version: 3, approve: true }]);
    await waitFor(() => expect(screen.queryByText("求购保温杯2000个")).toBeNull());
    expect(screen.getByText("共 2 条")).toBeInTheDocument();
  });

  it("驳回 without a reason is refused at the field and nothing is sent; with one it goes through", async () => {
    gateway.answer(ops.opportunity.audit, (params) => ok(moved(params.id, "rejected")));
    renderRouted(<ReviewQueue />, "/operate/business/toExamine");
    await user.click(within(await rowOf("求购帆布包800个")).getByRole("button", { name: "驳回" }));
    const dialog = await findDialog("驳回商机 求购帆布包800个");
    await user.click(footerButton(dialog, "驳回"));
    expect(await within(dialog).findByText("请选择原因")).toBeInTheDocument();
    expect(gateway.calls(ops.opportunity.audit)).toEqual([]);

    // 其他 needs words of its own: still nothing sent.
    await user.click(within(dialog).getByLabelText("原因"));
    await user.click(await screen.findByTitle("其他"));
    await user.click(footerButton(dialog, "驳回"));
    await waitFor(() => expect(within(dialog).getByLabelText("具体原因")).toBeInvalid());
    expect(gateway.calls(ops.opportunity.audit)).toEqual([]);

    await user.click(within(dialog).getByLabelText("原因"));
    await user.click(await screen.findByTitle("含联系方式"));
    await user.type(within(dialog).getByLabelText("具体原因"), "描述里留了微信号");
    await user.click(footerButton(dialog, "驳回"));
    expect(await screen.findByText("已驳回商机 求购帆布包800个")).toBeInTheDocument();
    expect(gateway.calls(ops.opportunity.audit)).toEqual([
      {
        id: 43,
        version: 3,
        approve: false,
        reasonCode: "contact_info",
        reason: "描述里留了微信号",
      },
    ]);
    await waitFor(() => expect(screen.queryByText("求购帆布包800个")).toBeNull());
  });

  it("批量通过 approves each selected one and names each result, one approved meanwhile skipped", async () => {
    gateway.answer(ops.opportunity.audit, (params) =>
      params.id === 42
        ? fail("data_conflict", "数据已被他人修改，请刷新后重试")
        : ok(moved(params.id, "approved")),
    );
    // The queue as first read holds one another operator has approved since.
    rows = rows.map((r) => (r.id === 43 ? { ...r, state: "approved" } : r));
    let read = false;
    gateway.answer(ops.opportunity.list, () => {
      const shown = read ? rows.filter((r) => r.state === "pending") : rows;
      read = true;
      return ok(pageOf(shown));
    });
    renderRouted(<ReviewQueue />, "/operate/business/toExamine");
    for (const title of ["求购纯棉T恤5000件", "求购保温杯2000个", "求购帆布包800个"]) {
      await user.click(within(await rowOf(title)).getByRole("checkbox"));
    }
    expect(screen.getByText("已选择 3 项")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "批量通过" }));
    const report = await findDialog("批量通过：成功 1 项，跳过 1 项，失败 1 项");
    expect(within(report).getByText("求购纯棉T恤5000件")).toBeInTheDocument();
    expect(within(report).getByText("数据已被他人修改，请刷新后重试")).toBeInTheDocument();
    expect(within(report).getByText("已是已通过")).toBeInTheDocument();
    // The skipped one is not sent.
    expect(gateway.calls(ops.opportunity.audit)).toEqual([
      { id: 41, version: 3, approve: true },
      { id: 42, version: 3, approve: true },
    ]);
    expect(screen.queryByText(/已选择/)).toBeNull();
    // The queue is read again: the approved ones have left it, the refused one waits on.
    await waitFor(() =>
      expect(screen.queryByText("求购纯棉T恤5000件", { selector: "td, td *" })).toBeNull(),
    );
    expect(screen.queryByText("求购帆布包800个", { selector: "td, td *" })).toBeNull();
    expect(await rowOf("求购保温杯2000个")).toBeInTheDocument();
  });

  it("opens one in a drawer with its category's path, description and thread, and reviews it there", async () => {
    gateway.answer(ops.opportunity.detail, ok(opportunityDetail(must(rows[0]))));
    gateway.answer(ops.opportunity.audit, (params) => ok(moved(params.id, "approved")));
    renderRouted(<ReviewQueue />, "/operate/business/toExamine");
    await user.click(
      within(await rowOf("求购纯棉T恤5000件")).getByRole("button", { name: /详情/ }),
    );
    const drawer = await findDrawer("商机 #41");
    expect(await within(drawer).findByText("服装 / 男装 / T恤")).toBeInTheDocument();
    expect(within(drawer).getByText(/纯棉 200g/)).toBeInTheDocument();
    expect(within(drawer).getByText("暂无回复")).toBeInTheDocument();
    await user.click(within(drawer).getByRole("button", { name: "通过" }));
    expect(await screen.findByText("已通过商机 求购纯棉T恤5000件")).toBeInTheDocument();
    expect(gateway.calls(ops.opportunity.audit)).toEqual([{ id: 41, version: 3, approve: true }]);
    await waitFor(() => expect(screen.queryByText("商机 #41")).toBeNull());
  });

  it("shows a user without 审核 the queue only: no decisions, no selection, and `a` approves nothing", async () => {
    holdAllBut("operate/business/toExamine", "audit");
    renderRouted(<ReviewQueue />, "/operate/business/toExamine");
    const row = await rowOf("求购保温杯2000个");
    expect(within(row).getByRole("button", { name: /详情/ })).toBeInTheDocument();
    expect(within(row).queryByRole("button", { name: "通过" })).toBeNull();
    expect(within(row).queryByRole("button", { name: "驳回" })).toBeNull();
    expect(within(row).queryByRole("checkbox")).toBeNull();
    row.focus();
    await user.keyboard("a");
    expect(screen.queryByText(/已通过/)).toBeNull();
    expect(gateway.calls(ops.opportunity.audit)).toEqual([]);
  });
});
