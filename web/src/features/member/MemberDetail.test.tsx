import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { formatFen } from "@/lib/core";
import { ops, type InvitationRow, type MemberDetailParams } from "@/lib/generated/ops";
import { must } from "@/test/must";
import { MemberDetail } from "@/features/member/MemberDetail";
import {
  BAN_CODES,
  BUYER,
  SELLER,
  SELLER_DETAIL,
  SELLER_HISTORY,
  detailPage,
  emptyDetail,
} from "@/test/members";
import { findDialog } from "@/test/dialogs";
import { fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { renderRouted } from "@/test/renderRouted";

const DETAIL_URL = "/baseMgmt/userMgmt/userDetail?id=12";
let gateway: FakeGateway;

/** The card whose title is `title`. */
function cardTitled(title: string): HTMLElement {
  const card = screen.getByText(title).closest<HTMLElement>(".ant-card");
  if (!card) throw new Error(`no card titled ${title}`);
  return card;
}

async function findCardTitled(title: string): Promise<HTMLElement> {
  await screen.findByText(title);
  return cardTitled(title);
}

describe("MemberDetail (用户详情)", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.member.detail, ok(SELLER_DETAIL));
    gateway.answer(ops.history.list, ok(SELLER_HISTORY));
    gateway.answer(ops.reason.list, ok(BAN_CODES));
  });

  it("基本信息: the profile and the 操作记录 with the ban's reason", async () => {
    renderRouted(<MemberDetail />, DETAIL_URL);
    expect(await screen.findByRole("heading", { name: "李老板" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "基本信息", selected: true })).toBeInTheDocument();
    expect(screen.getByText("139****0012")).toBeInTheDocument();
    expect(screen.getByText("供应商")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "义乌小商品旗舰店" })).toHaveAttribute(
      "href",
      "/baseMgmt/shopMgmt/shopDetail?id=301",
    );
    expect(await screen.findByText("原因：欺诈交易：虚假发货")).toBeInTheDocument();
    expect(gateway.calls(ops.member.detail)).toEqual([{ id: 12 }]);
    expect(gateway.calls(ops.history.list)).toEqual([{ entity: "member", id: 12 }]);
    // A banned member can be unbanned from here.
    expect(screen.getByRole("button", { name: "解封" })).toBeInTheDocument();
  });

  it("询价与商机: their inquiries and opportunities with their states and money as the core writes them", async () => {
    const view = renderRouted(<MemberDetail />, DETAIL_URL);
    await userEvent.click(await screen.findByRole("tab", { name: "询价与商机" }));
    expect(view.location()).toBe(`${DETAIL_URL}&tab=trade`);
    const inquiries = cardTitled("询价单（1）");
    expect(within(inquiries).getByText("不锈钢保温杯 500ml")).toBeInTheDocument();
    expect(within(inquiries).getByText("已报价")).toBeInTheDocument();
    expect(within(inquiries).getByText(formatFen(1850))).toBeInTheDocument();
    expect(within(inquiries).getByRole("link", { name: "永康五金工厂店" })).toHaveAttribute(
      "href",
      "/baseMgmt/shopMgmt/shopDetail?id=302",
    );
    const opportunities = cardTitled("采购商机（1）");
    expect(within(opportunities).getByText("采购纯棉T恤 5000件")).toBeInTheDocument();
    expect(within(opportunities).getByText("已通过")).toBeInTheDocument();
    expect(within(opportunities).getByText("¥123,450.00")).toBeInTheDocument();
    expect(within(opportunities).getByText("5000 件")).toBeInTheDocument();
  });

  it("邀请记录: whom they invited, linked, and the way to 邀请管理 filtered to them", async () => {
    renderRouted(<MemberDetail />, `${DETAIL_URL}&tab=invitations`);
    const card = await findCardTitled("邀请记录（1）");
    expect(screen.getByRole("tab", { name: "邀请记录", selected: true })).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "王采购" })).toHaveAttribute(
      "href",
      "/baseMgmt/userMgmt/userDetail?id=11",
    );
    expect(within(card).getByText("INV8K2Q")).toBeInTheDocument();
    expect(within(card).getByText("已开店")).toBeInTheDocument();
    expect(within(card).getByText("¥50.00")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "在邀请管理中查看" })).toHaveAttribute(
      "href",
      "/baseMgmt/invitationMgmt?inviterId=12",
    );
  });

  it("says so when they have none", async () => {
    gateway.answer(ops.member.detail, ok(emptyDetail(BUYER)));
    renderRouted(<MemberDetail />, "/baseMgmt/userMgmt/userDetail?id=11&tab=trade");
    expect(await screen.findByText("暂无询价单")).toBeInTheDocument();
    expect(screen.getByText("暂无采购商机")).toBeInTheDocument();
  });

  it("基本信息: 查看完整号码 shows the whole number in place, once the gateway has recorded it", async () => {
    gateway.answer(ops.contact.reveal, ok({ phone: "13900000012" }));
    renderRouted(<MemberDetail />, DETAIL_URL);
    // No pointer-events check: the test DOM's getComputedStyle walks every style rule per
    // ancestor.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    // By text: a role query walks this whole page's accessible names (seconds in the test DOM).
    const button = (await screen.findByText("查看完整号码")).closest("button");
    await user.click(must(button));
    expect(await screen.findByText("13900000012")).toBeInTheDocument();
    expect(screen.queryByText("139****0012")).toBeNull();
    expect(screen.queryByText("查看完整号码")).toBeNull();
    expect(gateway.calls(ops.contact.reveal)).toEqual([{ entity: "member", id: 12 }]);
  });

  it("邀请记录: pages through every invitation on the server, past the 50th, the page kept in the URL", async () => {
    const TOTAL = 57;
    const invitation = (n: number): InvitationRow => ({
      ...must(SELLER_DETAIL.invitations.list[0]),
      id: 1000 + n,
      code: `INV${String(n).padStart(4, "0")}`,
    });
    // Newest first: the n-th invitation of page p is number (p - 1) * 10 + n.
    gateway.answer(ops.member.detail, (params: MemberDetailParams) => {
      const page = params.invitationPage ?? 1;
      const first = (page - 1) * 10;
      const rows = Array.from({ length: Math.min(10, TOTAL - first) }, (_, i) =>
        invitation(first + i + 1),
      );
      return ok({ ...SELLER_DETAIL, invitations: detailPage(rows, TOTAL, page) });
    });
    const view = renderRouted(<MemberDetail />, `${DETAIL_URL}&tab=invitations`);
    const card = await findCardTitled(`邀请记录（${TOTAL}）`);
    expect(within(card).getByText("INV0001")).toBeInTheDocument();
    expect(within(card).getByText(`共 ${TOTAL} 条`)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole("listitem", { name: "6" }));
    expect(await within(card).findByText("INV0051")).toBeInTheDocument();
    expect(within(card).getByText("INV0057")).toBeInTheDocument();
    expect(within(card).queryByText("INV0001")).toBeNull();
    expect(gateway.calls(ops.member.detail).at(-1)).toEqual({ id: 12, invitationPage: 6 });
    expect(view.location()).toBe(`${DETAIL_URL}&tab=invitations&invitationPage=6`);
    // The header stays on screen while another page loads.
    expect(screen.getByRole("heading", { name: "李老板" })).toBeInTheDocument();
  });

  it("bans from the header with a reason; the detail and its timeline are read again", async () => {
    const normal = { ...SELLER_DETAIL, member: { ...SELLER, status: "normal" } };
    gateway.answer(ops.member.detail, ok(normal));
    gateway.answer(ops.history.list, ok([]));
    gateway.answer(ops.member.setStatus, ok({ ...SELLER, version: 8 }));
    renderRouted(<MemberDetail />, DETAIL_URL);
    expect(await screen.findByText("暂无操作记录")).toBeInTheDocument();
    gateway.answer(ops.member.detail, ok(SELLER_DETAIL));
    gateway.answer(ops.history.list, ok(SELLER_HISTORY));
    await userEvent.click(screen.getByRole("button", { name: "封禁" }));
    const dialog = await findDialog("封禁用户 李老板");
    await userEvent.click(within(dialog).getByLabelText("原因"));
    await userEvent.click(await screen.findByTitle("欺诈交易"));
    await userEvent.type(within(dialog).getByLabelText("具体原因"), "虚假发货");
    await userEvent.click(within(dialog).getByRole("button", { name: "封禁" }));
    expect(await screen.findByText("已封禁用户 李老板")).toBeInTheDocument();
    expect(await screen.findByText("原因：欺诈交易：虚假发货")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "解封" })).toBeInTheDocument());
    expect(gateway.calls(ops.member.setStatus)).toEqual([
      { id: 12, version: 7, status: "banned", reasonCode: "fraud", reason: "虚假发货" },
    ]);
  });
});
