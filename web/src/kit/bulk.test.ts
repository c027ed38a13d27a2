import { describe, expect, it } from "vitest";
import { callData } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { bulkSummary, bulkAction, runBulk, serverBulk } from "@/kit/bulk";
import { fail, fakeGateway, ok } from "@/test/gateway";

describe("runBulk", () => {
  it("runs one row after the other and keeps each row's outcome with its message", async () => {
    const gateway = fakeGateway();
    gateway.answer(ops.dict.delete, ({ id }) =>
      id === 3 ? fail("data_conflict", "数据已被他人修改，请刷新后重试") : ok({ id }),
    );
    const order: number[] = [];
    const results = await runBulk(
      [1, 2, 3],
      (n) => `#${n}`,
      async (n) => {
        order.push(n);
        if (n === 2) return { skip: "已是启用" };
        await callData(ops.dict.delete, { id: n });
        return undefined;
      },
    );
    expect(order).toEqual([1, 2, 3]);
    expect(results).toEqual([
      { label: "#1", outcome: { status: "ok" } },
      { label: "#2", outcome: { status: "skipped", message: "已是启用" } },
      { label: "#3", outcome: { status: "failed", message: "数据已被他人修改，请刷新后重试" } },
    ]);
    expect(gateway.calls(ops.dict.delete)).toEqual([{ id: 1 }, { id: 3 }]);
    expect(bulkSummary(results)).toBe("成功 1 项，跳过 1 项，失败 1 项");
    expect(bulkSummary(results.slice(0, 1))).toBe("成功 1 项");
  });
});

describe("bulkAction", () => {
  it("moves the rows whose state offers the action and skips the others, saying why", async () => {
    const moved: string[] = [];
    const rows = [
      { id: 1, status: "pending" },
      { id: 2, status: "active" },
      { id: 3, status: "frozen" },
    ];
    // 通过 leads pending → active; a frozen shop's way back (解冻) is another action.
    const run = bulkAction(
      "shop",
      "通过",
      (r: (typeof rows)[number]) => r.status,
      async (r, to) => {
        moved.push(`${String(r.id)}→${to}`);
        await Promise.resolve();
      },
    );
    const results = await runBulk(rows, (r) => `#${String(r.id)}`, run);
    expect(moved).toEqual(["1→active"]);
    expect(results).toEqual([
      { label: "#1", outcome: { status: "ok" } },
      { label: "#2", outcome: { status: "skipped", message: "已是营业中" } },
      { label: "#3", outcome: { status: "skipped", message: "「已冻结」不能通过" } },
    ]);
  });
});
