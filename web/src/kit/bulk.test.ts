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

describe("serverBulk", () => {
  const rows = [
    { id: 1, title: "真丝连衣裙" },
    { id: 2, title: "纯棉T恤" },
    { id: 3, title: "羊毛围巾" },
    { id: 4, title: "皮带" },
  ];
  const label = (r: (typeof rows)[number]) => r.title;

  it("sends every id in one call and reads each row's outcome from its record's result", async () => {
    const gateway = fakeGateway();
    gateway.answer(ops.product.setStatus, ({ ids }) =>
      ok({
        results: ids
          .filter((id) => id !== 4)
          .map((id) =>
            id === 1
              ? { id, ok: true, skipped: false }
              : id === 2
                ? { id, ok: true, skipped: true, msg: "已是已下架" }
                : { id, ok: false, skipped: false, code: "state_invalid", msg: "状态不允许此操作" },
          ),
      }),
    );
    const run = serverBulk(
      (r: (typeof rows)[number]) => r.id,
      (ids) => callData(ops.product.setStatus, { ids, status: "offSale" }),
    );
    const results = await run(rows, label);
    expect(gateway.calls(ops.product.setStatus)).toEqual([
      { ids: [1, 2, 3, 4], status: "offSale" },
    ]);
    expect(results).toEqual([
      { label: "真丝连衣裙", outcome: { status: "ok" } },
      { label: "纯棉T恤", outcome: { status: "skipped", message: "已是已下架" } },
      { label: "羊毛围巾", outcome: { status: "failed", message: "状态不允许此操作" } },
      { label: "皮带", outcome: { status: "failed", message: "未返回结果" } },
    ]);
    expect(bulkSummary(results)).toBe("成功 1 项，跳过 1 项，失败 2 项");
  });

  it("fails every row with the message when the call as a whole is refused", async () => {
    const gateway = fakeGateway();
    gateway.answer(ops.product.setStatus, fail("permission_denied", "无权限执行此操作"));
    const run = serverBulk(
      (r: (typeof rows)[number]) => r.id,
      (ids) => callData(ops.product.setStatus, { ids, status: "onSale" }),
    );
    const results = await run(rows.slice(0, 2), label);
    expect(results.map((r) => r.outcome)).toEqual([
      { status: "failed", message: "无权限执行此操作" },
      { status: "failed", message: "无权限执行此操作" },
    ]);
  });
});
