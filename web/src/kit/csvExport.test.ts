import { beforeEach, describe, expect, it, vi } from "vitest";
import { get } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { buildCsv, fetchAllRows } from "@/kit/csvExport";
import { ok } from "@/test/fakeCore";

vi.mock("@/lib/core", () =>
  import("@/test/fakeCore").then((m) => ({
    ...m.fakeCore(),
    toCsv: vi.fn((headers: string[], rows: string[][]) =>
      [headers, ...rows].map((r) => r.join(",")).join("\n"),
    ),
    exportFileName: vi.fn((base: string) => `${base}-20260102-030405.csv`),
  })),
);

interface Row {
  id: number;
}

function page(list: Row[], total: number) {
  return ok({ list, total, page: 1, pageSize: 100 });
}

const rows = (from: number, n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i }));

describe("fetchAllRows", () => {
  beforeEach(() => vi.mocked(get).mockReset());

  it("asks page after page of 100 until the total is reached, without toasts", async () => {
    vi.mocked(get)
      .mockResolvedValueOnce(page(rows(1, 100), 230))
      .mockResolvedValueOnce(page(rows(101, 100), 230))
      .mockResolvedValueOnce(page(rows(201, 30), 230));
    const all = await fetchAllRows(ops.sysUser.list, { username: "li" });
    expect(all.map((r) => r.id)).toEqual(rows(1, 230).map((r) => r.id));
    expect(vi.mocked(get).mock.calls).toEqual([
      [
        ops.sysUser.list.api,
        { username: "li", page: 1, pageSize: 100 },
        { skipErrorHandler: true },
      ],
      [
        ops.sysUser.list.api,
        { username: "li", page: 2, pageSize: 100 },
        { skipErrorHandler: true },
      ],
      [
        ops.sysUser.list.api,
        { username: "li", page: 3, pageSize: 100 },
        { skipErrorHandler: true },
      ],
    ]);
  });

  it("stops at a short page and at the row cap", async () => {
    vi.mocked(get).mockResolvedValue(page(rows(1, 100), 100_000));
    const capped = await fetchAllRows(ops.sysUser.list, {}, 250);
    expect(capped).toHaveLength(250);
    expect(get).toHaveBeenCalledTimes(3);

    vi.mocked(get).mockReset();
    vi.mocked(get).mockResolvedValueOnce(page(rows(1, 7), 50));
    expect(await fetchAllRows(ops.sysUser.list, {})).toHaveLength(7);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it("rejects with the gateway's failure", async () => {
    vi.mocked(get).mockResolvedValueOnce({
      success: false,
      code: "permission_denied",
      msg: "无权限执行此操作",
      data: null,
    });
    await expect(fetchAllRows(ops.sysUser.list, {})).rejects.toThrow("无权限执行此操作");
  });
});

describe("buildCsv", () => {
  it("hands headers and cell texts to the core and names the file by the core", () => {
    const out = buildCsv<Row>(
      "系统用户",
      [
        { title: "ID", value: (r) => String(r.id) },
        { title: "双倍", value: (r) => String(r.id * 2) },
      ],
      rows(1, 2),
    );
    expect(out).toEqual({ fileName: "系统用户-20260102-030405.csv", text: "ID,双倍\n1,2\n2,4" });
  });
});
