import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { ops, type InvitationRow } from "@/lib/generated/ops";
import { InvitationList } from "@/features/invitation/InvitationList";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { renderRouted } from "@/test/renderRouted";

const AT = Date.UTC(2026, 1, 3, 4, 0, 0);
const ROWS: InvitationRow[] = [
  {
    id: 2,
    inviterId: 12,
    inviterNickname: "李老板",
    inviteeId: 11,
    inviteeNickname: "王采购",
    code: "INV8K2Q",
    state: "shopOpened",
    rewardFen: 5000,
    createdAt: AT,
  },
  {
    id: 1,
    inviterId: 12,
    inviterNickname: "李老板",
    inviteeId: 13,
    inviteeNickname: "赵小姐",
    code: "INV8K2Q",
    state: "registered",
    rewardFen: 0,
    createdAt: AT - 1000,
  },
];
const TOTALS = { count: 57, shopOpened: 21, rewardFen: 123_456_78 };

let gateway: FakeGateway;

function statistic(title: string): HTMLElement {
  const group = screen.getByRole("group", { name: "邀请统计" });
  const card = within(group).getByText(title).closest<HTMLElement>(".ant-statistic");
  if (!card) throw new Error(`no statistic titled ${title}`);
  return card;
}

describe("InvitationList (邀请管理)", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(
      ops.invitation.list,
      ok({ list: ROWS, total: 57, page: 1, pageSize: 20, totals: TOTALS }),
    );
  });

  it("shows the totals of the filter over the rows, rewards as the core writes money", async () => {
    renderRouted(<InvitationList />, "/baseMgmt/invitationMgmt");
    await screen.findByText("赵小姐");
    expect(statistic("邀请数")).toHaveTextContent("57");
    expect(statistic("已开店")).toHaveTextContent("21");
    expect(statistic("奖励合计")).toHaveTextContent("¥123,456.78");
    const row = screen.getByText("王采购").closest("tr") as HTMLElement;
    expect(within(row).getByRole("link", { name: "李老板" })).toHaveAttribute(
      "href",
      "/baseMgmt/userMgmt/userDetail?id=12",
    );
    expect(within(row).getByRole("link", { name: "王采购" })).toHaveAttribute(
      "href",
      "/baseMgmt/userMgmt/userDetail?id=11",
    );
    expect(within(row).getByText("已开店")).toBeInTheDocument();
    expect(within(row).getByText("¥50.00")).toBeInTheDocument();
    expect(screen.getByText("共 57 条")).toBeInTheDocument();
  });

  it("takes the inviter from a link, and sends state and keyword as the form sets them", async () => {
    const view = renderRouted(<InvitationList />, "/baseMgmt/invitationMgmt?inviterId=12");
    await screen.findByText("赵小姐");
    expect(gateway.calls(ops.invitation.list)[0]).toEqual({
      page: 1,
      pageSize: 20,
      inviterId: "12",
    });
    // The inviter the link names, by the name their rows carry (no id to read).
    expect(await screen.findByTitle("李老板")).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText("状态"));
    await userEvent.click(await screen.findByTitle("已开店"));
    await userEvent.type(screen.getByLabelText("关键字"), "王");
    await userEvent.click(screen.getByRole("button", { name: /查询/ }));
    await waitFor(() =>
      expect(view.location()).toBe(
        "/baseMgmt/invitationMgmt?inviterId=12&keyword=%E7%8E%8B&state=shopOpened",
      ),
    );
    await waitFor(() =>
      expect(gateway.calls(ops.invitation.list).at(-1)).toEqual({
        page: 1,
        pageSize: 20,
        inviterId: "12",
        keyword: "王",
        state: "shopOpened",
      }),
    );
  });

  it("filters by an inviter picked by nickname or phone, never an id typed", async () => {
    gateway.answer(ops.invitation.inviters, ({ keyword = "" }) =>
      ok(
        [
          {
            kind: "member",
            id: 12,
            name: "李老板",
            extra: "138****0012 · 邀请 2 人",
            status: "normal",
          },
          {
            kind: "member",
            id: 14,
            name: "李小姐",
            extra: "139****0014 · 邀请 1 人",
            status: "banned",
          },
        ].filter((item) => item.name.includes(keyword) || item.extra.includes(keyword)),
      ),
    );
    const view = renderRouted(<InvitationList />, "/baseMgmt/invitationMgmt");
    await screen.findByText("赵小姐");
    const picker = screen.getByRole("combobox", { name: "邀请人" });
    await userEvent.click(picker);
    await userEvent.type(picker, "小姐");
    await waitFor(() =>
      expect(gateway.calls(ops.invitation.inviters)).toContainEqual({
        kind: "member",
        keyword: "小姐",
      }),
    );
    // Namesakes apart by their masked phone, and their state as the core names it.
    expect(await screen.findByText("· 139****0014 · 邀请 1 人")).toBeInTheDocument();
    expect(screen.getByText("已封禁")).toBeInTheDocument();
    await userEvent.click(await screen.findByText("李小姐"));
    await userEvent.click(screen.getByRole("button", { name: /查询/ }));
    await waitFor(() => expect(view.location()).toBe("/baseMgmt/invitationMgmt?inviterId=14"));
    await waitFor(() =>
      expect(gateway.calls(ops.invitation.list).at(-1)).toEqual({
        page: 1,
        pageSize: 20,
        inviterId: "14",
      }),
    );
  });

  it("reads a registration period from the URL into the request", async () => {
    const from = String(Date.UTC(2026, 1, 1));
    const to = String(Date.UTC(2026, 1, 8) - 1);
    renderRouted(<InvitationList />, `/baseMgmt/invitationMgmt?from=${from}&to=${to}`);
    await screen.findByText("赵小姐");
    expect(gateway.calls(ops.invitation.list)[0]).toEqual({ page: 1, pageSize: 20, from, to });
  });

  it("shows no figures and the error with 重试 when the read fails", async () => {
    gateway.answer(ops.invitation.list, fail("system_error", "系统繁忙，请稍后再试"));
    renderRouted(<InvitationList />, "/baseMgmt/invitationMgmt");
    expect(await screen.findByText("邀请记录加载失败")).toBeInTheDocument();
    expect(statistic("邀请数")).toHaveTextContent("-");
    gateway.answer(
      ops.invitation.list,
      ok({
        list: [],
        total: 0,
        page: 1,
        pageSize: 20,
        totals: { count: 0, shopOpened: 0, rewardFen: 0 },
      }),
    );
    await userEvent.click(screen.getByRole("button", { name: "重试" }));
    expect(await screen.findByText("暂无邀请记录")).toBeInTheDocument();
    expect(statistic("奖励合计")).toHaveTextContent("¥0.00");
  });
});
