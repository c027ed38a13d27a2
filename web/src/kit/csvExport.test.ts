import { afterEach, describe, expect, it, vi } from "vitest";
import { bindEffects } from "@/lib/core";
import { ops, type SysUser } from "@/lib/generated/ops";
import { buildCsv, fetchAllRows } from "@/kit/csvExport";
import { fail, fakeGateway, ok } from "@/test/gateway";

/** System user `id` as `sysUser.list` answers it. */
const user = (id: number): SysUser => ({
  id,
  username: `user${id}`,
  nickname: `用户${id}`,
  avatar: "",
  roleIds: [2],
  roleNames: ["运营"],
  status: "enabled",
  locked: false,
  createdAt: 0,
  version: 1,
});

const rows = (from: number, n: number): SysUser[] =>
  Array.from({ length: n }, (_, i) => user(from + i));

/** A gateway holding `total` rows, serving `available` of them page by page. */
function listOf(total: number, available = total) {
  const gateway = fakeGateway();
  gateway.answer(ops.sysUser.list, (params) => {
    const page = params.page ?? 1;
    const pageSize = params.pageSize ?? 20;
    const from = (page - 1) * pageSize + 1;
    const list = rows(from, Math.max(0, Math.min(pageSize, available - from + 1)));
    return ok({ list, total, page, pageSize });
  });
  return gateway;
}

describe("fetchAllRows", () => {
  it("asks page after page of 100 until the total is reached", async () => {
    const gateway = listOf(230);
    const all = await fetchAllRows(ops.sysUser.list, { username: "li" });
    expect(all.map((r) => r.id)).toEqual(rows(1, 230).map((r) => r.id));
    expect(gateway.calls(ops.sysUser.list)).toEqual([
      { username: "li", page: 1, pageSize: 100 },
      { username: "li", page: 2, pageSize: 100 },
      { username: "li", page: 3, pageSize: 100 },
    ]);
  });

  it("stops at a short page and at the row cap", async () => {
    const many = listOf(100_000);
    expect(await fetchAllRows(ops.sysUser.list, {}, 250)).toHaveLength(250);
    expect(many.calls(ops.sysUser.list)).toHaveLength(3);

    const short = listOf(50, 7);
    expect(await fetchAllRows(ops.sysUser.list, {})).toHaveLength(7);
    expect(short.calls(ops.sysUser.list)).toHaveLength(1);
  });

  it("rejects with the gateway's failure, without a toast", async () => {
    const toaster = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
    const unbind = bindEffects(vi.fn(), toaster);
    fakeGateway().answer(ops.sysUser.list, fail("permission_denied", "无权限执行此操作"));
    await expect(fetchAllRows(ops.sysUser.list, {})).rejects.toThrow("无权限执行此操作");
    unbind();
    expect(toaster.error).not.toHaveBeenCalled();
  });
});

describe("buildCsv", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("makes the core's CSV of the column texts and names the file by the time", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 0, 2, 3, 4, 5));
    const out = buildCsv<SysUser>(
      "系统用户",
      [
        { title: "ID", value: (r) => String(r.id) },
        { title: "说明", value: (r) => (r.id === 1 ? "含,逗号" : '含"引号') },
      ],
      rows(1, 2),
    );
    expect(out.fileName).toBe("系统用户-20260102-030405.csv");
    // A BOM so spreadsheet programs read UTF-8, CRLF rows, quoted commas and quotes.
    expect(out.text).toBe('\ufeffID,说明\r\n1,"含,逗号"\r\n2,"含""引号"\r\n');
  });
});
