import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { formatTimestamp } from "@/lib/core";
import { ops, type HistoryEntry } from "@/lib/generated/ops";
import { HistoryTimeline } from "@/kit/HistoryTimeline";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { renderRouted } from "@/test/renderRouted";

const BAN_AT = Date.UTC(2026, 2, 4, 5, 6, 7);
const ENTRIES: HistoryEntry[] = [
  {
    id: 2,
    fromState: "normal",
    toState: "banned",
    action: "封禁",
    reasonCode: "other",
    reasonLabel: "其他",
    reason: "冒用他人资料",
    operator: "系统管理员",
    at: BAN_AT,
  },
  {
    id: 1,
    fromState: null,
    toState: "normal",
    action: "注册",
    reasonCode: "",
    reasonLabel: "",
    reason: "",
    operator: "系统",
    at: BAN_AT - 86_400_000,
  },
];

let gateway: FakeGateway;

describe("HistoryTimeline", () => {
  beforeEach(() => {
    gateway = fakeGateway();
  });

  it("shows each change: action, from → to as the lifecycle names them, who, when, why", async () => {
    gateway.answer(ops.history.list, ok(ENTRIES));
    renderRouted(<HistoryTimeline entity="member" id={5} />);
    // While it loads, a skeleton; then one item per change, newest first.
    await screen.findByText("封禁");
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const [ban, created] = items as [HTMLElement, HTMLElement];
    expect(within(ban).getByText("封禁")).toBeInTheDocument();
    expect(within(ban).getByText("正常")).toBeInTheDocument();
    expect(within(ban).getByText("已封禁")).toBeInTheDocument();
    expect(within(ban).getByText(`系统管理员 · ${formatTimestamp(BAN_AT)}`)).toBeInTheDocument();
    expect(within(ban).getByText("原因：其他：冒用他人资料")).toBeInTheDocument();
    // The creation has no state before it and no reason.
    expect(within(created).getByText("注册")).toBeInTheDocument();
    expect(within(created).queryByText("已封禁")).toBeNull();
    expect(within(created).queryByText(/原因/)).toBeNull();
    expect(gateway.calls(ops.history.list)).toEqual([{ entity: "member", id: 5 }]);
  });

  it("says when there is nothing yet", async () => {
    gateway.answer(ops.history.list, ok([]));
    renderRouted(<HistoryTimeline entity="shop" id={1} />);
    expect(await screen.findByText("暂无操作记录")).toBeInTheDocument();
  });

  it("shows a failed read with 重试, which reads again", async () => {
    gateway.answer(ops.history.list, fail("system_error", "系统繁忙，请稍后再试"));
    renderRouted(<HistoryTimeline entity="member" id={5} />);
    expect(await screen.findByText("操作记录加载失败")).toBeInTheDocument();
    gateway.answer(ops.history.list, ok(ENTRIES));
    await userEvent.click(screen.getByRole("button", { name: "重试" }));
    expect(await screen.findByText("原因：其他：冒用他人资料")).toBeInTheDocument();
    expect(screen.queryByText("操作记录加载失败")).toBeNull();
    expect(gateway.calls(ops.history.list)).toHaveLength(2);
  });
});
