import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { ops, type OpportunityReply, type OpportunityRow } from "@/lib/generated/ops";
import { ReplyDesk } from "@/features/opportunity/ReplyDesk";
import { findDialog } from "@/test/dialogs";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import {
  CATEGORY_TREE,
  CLOSE_CODES,
  footerButton,
  opportunityDetail,
  opportunityRow,
  pageOf,
  reply,
  rowOf,
} from "@/test/opportunities";
import { must } from "@/test/must";
import { holdAllBut } from "@/test/perms";
import { renderRouted } from "@/test/renderRouted";

let gateway: FakeGateway;
let rows: OpportunityRow[];
let thread: OpportunityReply[];
let now: number;
const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });

/** The open thread (by its label). */
function threadList(): HTMLElement {
  return screen.getByRole("list", { name: "回复记录" });
}

describe("商机回复", () => {
  beforeEach(() => {
    now = Date.now();
    rows = [
      opportunityRow(41, "求购纯棉T恤5000件", "approved", now, 30),
      opportunityRow(44, "求购不锈钢保温杯", "approved", now, 60),
    ];
    thread = [reply(1, "shop", "永康五金工厂店", "我们可以做，含税价 23 元", now - 5000)];
    gateway = fakeGateway();
    gateway.answer(ops.opportunity.list, (params) =>
      ok(pageOf(rows.filter((r) => !params.state || r.state === params.state))),
    );
    gateway.answer(ops.opportunity.detail, (params) =>
      ok(opportunityDetail(must(rows.find((r) => r.id === params.id)), thread)),
    );
    gateway.answer(ops.category.tree, ok(CATEGORY_TREE));
    gateway.answer(ops.reason.list, ok(CLOSE_CODES));
  });

  it("lists the approved ones; 查看回复 opens a thread beside the list, kept in the URL", async () => {
    const view = renderRouted(<ReplyDesk />, "/operate/business/reply");
    expect(await screen.findByText("在左侧选择一条商机，查看回复并以平台身份回复")).toBeVisible();
    expect(gateway.calls(ops.opportunity.list)[0]).toEqual({
      page: 1,
      pageSize: 20,
      state: "approved",
    });
    await user.click(
      within(await rowOf("求购纯棉T恤5000件")).getByRole("button", { name: /查看回复/ }),
    );
    await waitFor(() => expect(view.location()).toBe("/operate/business/reply?open=41"));
    expect(await screen.findByText("我们可以做，含税价 23 元")).toBeInTheDocument();
    expect(within(threadList()).getByText("永康五金工厂店")).toBeInTheDocument();
    expect(screen.getByText("服装 / 男装 / T恤")).toBeInTheDocument();
    expect(gateway.calls(ops.opportunity.detail)).toEqual([{ id: 41 }]);
  });

  it("an empty reply is refused at the field and nothing is sent; a reply appears in the thread", async () => {
    gateway.answer(ops.opportunity.reply, (params) => {
      thread = [...thread, reply(2, "operator", "运营小王", params.content, now)];
      return ok(opportunityDetail(must(rows[0]), thread));
    });
    renderRouted(<ReplyDesk />, "/operate/business/reply?open=41");
    await screen.findByText("我们可以做，含税价 23 元");
    const send = screen.getByRole("button", { name: /发送回复/ });
    await user.click(send);
    await waitFor(() => expect(screen.getByLabelText("回复内容")).toBeInvalid());
    expect(gateway.calls(ops.opportunity.reply)).toEqual([]);

    // Two lines, as typed in the box: the line break is part of the reply.
    await user.type(
      screen.getByLabelText("回复内容"),
      "  平台已为您推荐三家源头工厂{Enter}请查收  ",
    );
    await user.click(send);
    expect(await screen.findByText("已发送回复")).toBeInTheDocument();
    expect(gateway.calls(ops.opportunity.reply)).toEqual([
      { id: 41, content: "平台已为您推荐三家源头工厂\n请查收" },
    ]);
    const items = within(threadList()).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent("运营小王");
    expect(items[1]).toHaveTextContent("平台已为您推荐三家源头工厂");
    expect(screen.getByLabelText("回复内容")).toHaveValue("");
    // The list's reply counts are read again.
    await waitFor(() => expect(gateway.calls(ops.opportunity.list).length).toBeGreaterThan(1));
  });

  it("a refused reply keeps what was typed and says why", async () => {
    gateway.answer(
      ops.opportunity.reply,
      fail("state_invalid", "只能回复已通过的商机，该商机已关闭"),
    );
    renderRouted(<ReplyDesk />, "/operate/business/reply?open=41");
    await screen.findByText("我们可以做，含税价 23 元");
    await user.type(screen.getByLabelText("回复内容"), "还有需要吗");
    await user.click(screen.getByRole("button", { name: /发送回复/ }));
    expect(await screen.findByText("只能回复已通过的商机，该商机已关闭")).toBeInTheDocument();
    expect(screen.getByLabelText("回复内容")).toHaveValue("还有需要吗");
  });

  it("关闭 asks why, sends the version, and the closed one leaves with its thread", async () => {
    gateway.answer(ops.opportunity.close, (params) => {
      rows = rows.map((r) => (r.id === params.id ? { ...r, state: "closed", version: 4 } : r));
      return ok(must(rows.find((r) => r.id === params.id)));
    });
    const view = renderRouted(<ReplyDesk />, "/operate/business/reply?open=41");
    await screen.findByText("我们可以做，含税价 23 元");
    await user.click(screen.getByRole("button", { name: "关闭" }));
    const dialog = await findDialog("关闭商机 求购纯棉T恤5000件");
    await user.click(footerButton(dialog, "关闭"));
    expect(await within(dialog).findByText("请选择原因")).toBeInTheDocument();
    expect(gateway.calls(ops.opportunity.close)).toEqual([]);
    await user.click(within(dialog).getByLabelText("原因"));
    await user.click(await screen.findByTitle("已完成采购"));
    await user.click(footerButton(dialog, "关闭"));
    expect(await screen.findByText("已关闭商机 求购纯棉T恤5000件")).toBeInTheDocument();
    expect(gateway.calls(ops.opportunity.close)).toEqual([
      { id: 41, version: 3, status: "closed", reasonCode: "fulfilled", reason: "" },
    ]);
    await waitFor(() => expect(view.location()).toBe("/operate/business/reply"));
    await waitFor(() =>
      expect(screen.queryByText("求购纯棉T恤5000件", { selector: "td, td *" })).toBeNull(),
    );
    expect(await rowOf("求购不锈钢保温杯")).toBeInTheDocument();
  });

  it("shows the thread without the reply form or 关闭 to a user who may do neither", async () => {
    holdAllBut("operate/business/reply", "reply", "status");
    renderRouted(<ReplyDesk />, "/operate/business/reply?open=41");
    expect(await screen.findByText("我们可以做，含税价 23 元")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /发送回复/ })).toBeNull();
    expect(screen.queryByRole("region", { name: "平台回复" })).toBeNull();
    expect(screen.queryByRole("button", { name: "关闭" })).toBeNull();
  });
});
