import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { callData } from "@/lib/core";
import { ops, type MemberRow, type ReasonOption } from "@/lib/generated/ops";
import type { Reason } from "@/kit/ReasonDialog";
import { RowActions, transitionActions } from "@/kit/RowActions";
import { fail, fakeGateway, ok, type FakeGateway, type ReplyTo } from "@/test/gateway";
import { BUYER } from "@/test/members";
import { renderRouted } from "@/test/renderRouted";

const CODES: ReasonOption[] = [
  { key: "spam", label: "发布垃圾信息", value: "" },
  { key: "other", label: "其他", value: "" },
];

let gateway: FakeGateway;

/** 李雷 (member 9) as `member.setStatus` answers once in `status`. */
function member(status: string): MemberRow {
  return { ...BUYER, id: 9, nickname: "李雷", status, version: 3 };
}

/** A member's row actions, each move sent as `member.setStatus` (rejecting on refusal). */
function renderRow(status: string) {
  const done = vi.fn();
  const run = vi.fn((to: string, reason?: Reason) =>
    callData(ops.member.setStatus, { id: 9, version: 2, status: to, ...reason }),
  );
  renderRouted(
    <RowActions
      actions={transitionActions(
        "member",
        status,
        "用户 李雷",
        run,
        { banned: "封禁后该用户无法登录平台。" },
        done,
      )}
    />,
  );
  return { run, done };
}

describe("RowActions with the lifecycle's transitions", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.reason.list, ok(CODES));
  });

  it("offers only what the state allows", () => {
    renderRow("normal");
    expect(screen.getByRole("button", { name: "封禁" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "解封" })).toBeNull();
  });

  it("asks why before a ban: the reason's codes, the action's effect, and nothing sent yet", async () => {
    const { run } = renderRow("normal");
    await userEvent.click(screen.getByRole("button", { name: "封禁" }));
    const dialog = await screen.findByRole("dialog", { name: "封禁用户 李雷" });
    expect(within(dialog).getByText("封禁后该用户无法登录平台。")).toBeInTheDocument();
    expect(gateway.calls(ops.reason.list)).toEqual([{ type: "member_ban" }]);
    await userEvent.click(within(dialog).getByRole("button", { name: "封禁" }));
    expect(await within(dialog).findByText("请输入原因")).toBeInTheDocument();
    expect(run).not.toHaveBeenCalled();
  });

  it("keeps the dialog on a refusal, closes it on success and then calls done", async () => {
    gateway.answer(ops.member.setStatus, fail("data_conflict", "数据已被他人修改，请刷新后重试"));
    const { run, done } = renderRow("normal");
    await userEvent.click(screen.getByRole("button", { name: "封禁" }));
    const dialog = await screen.findByRole("dialog", { name: "封禁用户 李雷" });
    await userEvent.click(within(dialog).getByLabelText("原因"));
    await userEvent.click(await screen.findByTitle("发布垃圾信息"));
    await userEvent.type(within(dialog).getByLabelText("具体原因"), "群发广告");
    await userEvent.click(within(dialog).getByRole("button", { name: "封禁" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "数据已被他人修改，请刷新后重试",
    );
    expect(done).not.toHaveBeenCalled();
    expect(run).toHaveBeenCalledWith("banned", { reasonCode: "spam", reason: "群发广告" });

    gateway.answer(ops.member.setStatus, ok(member("banned")));
    await userEvent.click(within(dialog).getByRole("button", { name: "封禁" }));
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(gateway.calls(ops.member.setStatus)).toEqual([
      { id: 9, version: 2, status: "banned", reasonCode: "spam", reason: "群发广告" },
      { id: 9, version: 2, status: "banned", reasonCode: "spam", reason: "群发广告" },
    ]);
  });

  it("cancelling the question sends nothing and can be asked again afresh", async () => {
    const { run } = renderRow("normal");
    await userEvent.click(screen.getByRole("button", { name: "封禁" }));
    const dialog = await screen.findByRole("dialog", { name: "封禁用户 李雷" });
    await userEvent.type(within(dialog).getByLabelText("具体原因"), "草稿");
    await userEvent.click(within(dialog).getByRole("button", { name: "取消" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await userEvent.click(screen.getByRole("button", { name: "封禁" }));
    const again = await screen.findByRole("dialog", { name: "封禁用户 李雷" });
    expect(within(again).getByLabelText("具体原因")).toHaveValue("");
    expect(run).not.toHaveBeenCalled();
  });

  it("runs a move without a reason at once (解封), showing it as loading until it settles", async () => {
    let settle: (reply: ReplyTo<MemberRow>) => void = () => undefined;
    gateway.answer(ops.member.setStatus, () => new Promise((resolve) => (settle = resolve)));
    const { run, done } = renderRow("banned");
    const unban = screen.getByRole("button", { name: "解封" });
    await userEvent.click(unban);
    expect(run).toHaveBeenCalledWith("normal", undefined);
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(unban).toHaveClass("ant-btn-loading"));
    settle(ok(member("normal")));
    await waitFor(() => expect(unban).not.toHaveClass("ant-btn-loading"));
    expect(done).not.toHaveBeenCalled();
  });
});

describe("RowActions with a harmful move without a reason", () => {
  it("asks first in a Popconfirm, with what the move does", async () => {
    const run = vi.fn();
    renderRouted(
      <RowActions
        actions={transitionActions("product", "onSale", "商品 保温杯", run, {
          offSale: "下架后买家看不到该商品。",
        })}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "下架" }));
    expect(await screen.findByText("下架商品 保温杯？")).toBeInTheDocument();
    expect(screen.getByText("下架后买家看不到该商品。")).toBeInTheDocument();
    expect(run).not.toHaveBeenCalled();
    const tooltip = screen.getByRole("tooltip");
    await userEvent.click(within(tooltip).getByRole("button", { name: "下架" }));
    expect(run).toHaveBeenCalledWith("offSale", undefined);
  });
});
