import { describe, expect, it, vi } from "vitest";
import { errorInfo } from "@/lib/core";
import { bulkSummary, runBulk } from "@/kit/bulk";

vi.mock("@/lib/core", () => import("@/test/fakeCore").then((m) => m.fakeCore()));

describe("runBulk", () => {
  it("runs one row after the other and keeps each row's outcome with its message", async () => {
    const order: number[] = [];
    const results = await runBulk(
      [1, 2, 3],
      (n) => `#${n}`,
      async (n) => {
        await Promise.resolve();
        order.push(n);
        if (n === 2) return { skip: "已是启用" };
        if (n === 3) throw new Error("数据已被他人修改");
        return undefined;
      },
    );
    expect(order).toEqual([1, 2, 3]);
    expect(results).toEqual([
      { label: "#1", outcome: { status: "ok" } },
      { label: "#2", outcome: { status: "skipped", message: "已是启用" } },
      { label: "#3", outcome: { status: "failed", message: "数据已被他人修改" } },
    ]);
    expect(errorInfo).toHaveBeenCalledOnce();
    expect(bulkSummary(results)).toBe("成功 1 项，跳过 1 项，失败 1 项");
    expect(bulkSummary(results.slice(0, 1))).toBe("成功 1 项");
  });
});
