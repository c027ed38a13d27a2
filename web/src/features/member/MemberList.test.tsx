import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { formatTimestamp } from "@/lib/core";
import { ops, type MemberRow } from "@/lib/generated/ops";
import { MemberList } from "@/features/member/MemberList";
import { BAN_CODES, BUYER, SELLER } from "@/test/members";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { captureDownloads } from "@/test/downloads";
import { findDialog } from "@/test/dialogs";
import { renderRouted } from "@/test/renderRouted";

let gateway: FakeGateway;

const page = (list: MemberRow[], total = list.length) => ok({ list, total, page: 1, pageSize: 20 });

function rowOf(nickname: string): HTMLElement {
  const row = screen.getAllByRole("row").find((r) => within(r).queryByText(nickname));
  if (!row) throw new Error(`no row for ${nickname}`);
  return row;
}

describe("MemberList (用户管理)", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.member.list, page([BUYER, SELLER]));
    gateway.answer(ops.reason.list, ok(BAN_CODES));
  });

  it("shows each member: masked phone, type and state as the core names them, links to detail and shop", async () => {
    renderRouted(<MemberList />, "/baseMgmt/userMgmt");
    await screen.findByText("义乌小商品旗舰店");
    const buyerRow = rowOf("王采购");
    expect(within(buyerRow).getByRole("link", { name: "王采购" })).toHaveAttribute(
      "href",
      "/baseMgmt/userMgmt/userDetail?id=11",
    );
    expect(within(buyerRow).getByText("138****0011")).toBeInTheDocument();
    expect(within(buyerRow).getByText("采购商")).toBeInTheDocument();
    expect(within(buyerRow).getByText("正常")).toBeInTheDocument();
    // The inviter links to their own detail; a buyer has no shop.
    expect(within(buyerRow).getByRole("link", { name: "李老板" })).toHaveAttribute(
      "href",
      "/baseMgmt/userMgmt/userDetail?id=12",
    );
    expect(within(buyerRow).getByRole("button", { name: "封禁" })).toBeInTheDocument();
    const sellerRow = rowOf("义乌小商品旗舰店");
    expect(within(sellerRow).getByText("供应商")).toBeInTheDocument();
    expect(within(sellerRow).getByText("已封禁")).toBeInTheDocument();
    expect(within(sellerRow).getByRole("link", { name: "义乌小商品旗舰店" })).toHaveAttribute(
      "href",
      "/baseMgmt/shopMgmt/shopDetail?id=301",
    );
    expect(
      within(sellerRow).getByText(formatTimestamp(SELLER.lastLoginAt ?? 0)),
    ).toBeInTheDocument();
    expect(within(sellerRow).getByRole("button", { name: "解封" })).toBeInTheDocument();
    expect(within(sellerRow).queryByRole("button", { name: "封禁" })).toBeNull();
    expect(screen.getByText("共 2 条")).toBeInTheDocument();
  });

  it("reads its view from the URL and writes the filters back to it", async () => {
    const view = renderRouted(
      <MemberList />,
      "/baseMgmt/userMgmt?status=banned&page=2&sortField=createdAt&sortOrder=descend",
    );
    await screen.findByText("义乌小商品旗舰店");
    expect(gateway.calls(ops.member.list)[0]).toEqual({
      page: 2,
      pageSize: 20,
      status: "banned",
      sortField: "createdAt",
      sortOrder: "descend",
    });
    // The form shows the URL's filter.
    expect(screen.getByTitle("已封禁")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("手机号"), "0012");
    await userEvent.click(screen.getByLabelText("类型"));
    await userEvent.click(await screen.findByTitle("供应商"));
    await userEvent.click(screen.getByRole("button", { name: /查询/ }));
    await waitFor(() =>
      expect(new URLSearchParams(view.location().split("?")[1])).toEqual(
        new URLSearchParams(
          "phone=0012&type=seller&status=banned&sortField=createdAt&sortOrder=descend",
        ),
      ),
    );
    await waitFor(() =>
      expect(gateway.calls(ops.member.list).at(-1)).toEqual({
        page: 1,
        pageSize: 20,
        phone: "0012",
        type: "seller",
        status: "banned",
        sortField: "createdAt",
        sortOrder: "descend",
      }),
    );
  });

  it("refuses a letter or the hidden middle in 手机号 under the field instead of searching", async () => {
    const view = renderRouted(<MemberList />, "/baseMgmt/userMgmt");
    await screen.findByText("王采购");
    const phone = screen.getByLabelText("手机号");
    await userEvent.type(phone, "138a");
    await userEvent.click(screen.getByRole("button", { name: /查询/ }));
    expect(await screen.findByText("手机号只能输入数字")).toBeInTheDocument();
    expect(view.location()).toBe("/baseMgmt/userMgmt");
    expect(gateway.calls(ops.member.list)).toHaveLength(1);
    // A part of the hidden middle is refused too: it would recover the masked digits.
    await userEvent.clear(phone);
    await userEvent.type(phone, "1380000");
    await userEvent.click(screen.getByRole("button", { name: /查询/ }));
    expect(
      await screen.findByText("手机号须为完整的11位号码，或号码显示出的前3位、后4位中的数字"),
    ).toBeInTheDocument();
    // Fixed, a whole number grouped as pasted: searched, and the message is gone.
    await userEvent.clear(phone);
    await userEvent.type(phone, "138-0000-0012");
    await userEvent.click(screen.getByRole("button", { name: /查询/ }));
    await waitFor(() => expect(view.location()).toBe("/baseMgmt/userMgmt?phone=138-0000-0012"));
    await waitFor(() => expect(screen.queryByText("手机号只能输入数字")).toBeNull());
  });

  it("bans a member with a reason, with their version, then reads the list again", async () => {
    gateway.answer(ops.member.setStatus, ok({ ...BUYER, status: "banned", version: 5 }));
    renderRouted(<MemberList />, "/baseMgmt/userMgmt");
    await screen.findByText("王采购");
    await userEvent.click(within(rowOf("王采购")).getByRole("button", { name: "封禁" }));
    const dialog = await findDialog("封禁用户 王采购");
    expect(within(dialog).getByText(/封禁后该用户无法登录平台/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText("原因"));
    await userEvent.click(await screen.findByTitle("欺诈交易"));
    await userEvent.type(within(dialog).getByLabelText("具体原因"), "虚假发货");
    await userEvent.click(within(dialog).getByRole("button", { name: "封禁" }));
    expect(await screen.findByText("已封禁用户 王采购")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(gateway.calls(ops.member.setStatus)).toEqual([
      { id: 11, version: 4, status: "banned", reasonCode: "fraud", reason: "虚假发货" },
    ]);
    await waitFor(() => expect(gateway.calls(ops.member.list)).toHaveLength(2));
  });

  it("keeps the ban's dialog when someone else changed the member meanwhile", async () => {
    gateway.answer(ops.member.setStatus, fail("data_conflict", "数据已被他人修改，请刷新后重试"));
    renderRouted(<MemberList />, "/baseMgmt/userMgmt");
    await screen.findByText("王采购");
    await userEvent.click(within(rowOf("王采购")).getByRole("button", { name: "封禁" }));
    const dialog = await findDialog("封禁用户 王采购");
    await userEvent.click(within(dialog).getByLabelText("原因"));
    await userEvent.click(await screen.findByTitle("欺诈交易"));
    await userEvent.click(within(dialog).getByRole("button", { name: "封禁" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("数据已被他人修改");
    expect(screen.queryByText("已封禁用户 王采购")).toBeNull();
    expect(within(dialog).getByTitle("欺诈交易")).toBeInTheDocument();
  });

  it("unbans at once, without a reason", async () => {
    gateway.answer(ops.member.setStatus, ok({ ...SELLER, status: "normal", version: 8 }));
    renderRouted(<MemberList />, "/baseMgmt/userMgmt");
    await screen.findByText("义乌小商品旗舰店");
    await userEvent.click(within(rowOf("义乌小商品旗舰店")).getByRole("button", { name: "解封" }));
    expect(await screen.findByText("已解封用户 李老板")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(gateway.calls(ops.member.setStatus)).toEqual([{ id: 12, version: 7, status: "normal" }]);
  });

  it("says when no member matches the filter", async () => {
    gateway.answer(ops.member.list, page([]));
    renderRouted(<MemberList />, "/baseMgmt/userMgmt?nickname=nobody");
    expect(await screen.findByText("没有符合条件的用户")).toBeInTheDocument();
  });

  it("shows a failed read with 重试, which reads again", async () => {
    gateway.answer(ops.member.list, fail("system_error", "系统繁忙，请稍后再试"));
    renderRouted(<MemberList />, "/baseMgmt/userMgmt");
    expect(await screen.findByText("用户加载失败")).toBeInTheDocument();
    gateway.answer(ops.member.list, page([BUYER]));
    await userEvent.click(screen.getByRole("button", { name: "重试" }));
    expect(await screen.findByText("王采购")).toBeInTheDocument();
  });

  describe("导出 CSV", () => {
    const download = captureDownloads();

    it("holds every member of the filter, with the labels people read", async () => {
      renderRouted(<MemberList />, "/baseMgmt/userMgmt?type=seller&page=3");
      await screen.findByText("义乌小商品旗舰店");
      gateway.answer(ops.member.list, page([SELLER], 1));
      await userEvent.click(screen.getByRole("button", { name: /导出 CSV/ }));
      expect(await screen.findByText("已导出 1 条记录")).toBeInTheDocument();
      expect(gateway.calls(ops.member.list).at(-1)).toEqual({
        type: "seller",
        page: 1,
        pageSize: 100,
      });
      const text = await download.text();
      const lines = (text ?? "")
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe("ID,昵称,手机号,类型,店铺,邀请人,状态,最近登录,注册时间");
      expect(lines[1]).toContain("12,李老板,139****0012,供应商,义乌小商品旗舰店,,已封禁,");
      expect(lines).toHaveLength(2);
    });
  });
});
