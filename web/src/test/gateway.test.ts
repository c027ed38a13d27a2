/**
 * The fake gateway itself: it answers what the test set, records what was sent, and (checked by
 * `tsc`, which covers test files: `npm run typecheck`) accepts only answers of the operation's
 * generated answer type, so a fake cannot drift from what the gateway really sends.
 */
import { describe, expect, it } from "vitest";
import { callData } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { fail, fakeGateway, ok } from "@/test/gateway";
import { countsOf, shopRow } from "@/test/shops";

const NOW = Date.UTC(2026, 2, 10, 2, 0, 0);
const SHOPS = [shopRow(1, "义乌好物小店", "active", NOW, 24)];

describe("fakeGateway", () => {
  it("answers an operation with the reply set for it, made from the params when asked", async () => {
    const gateway = fakeGateway();
    gateway.answer(ops.shop.list, ({ page = 1, pageSize = 20 }) =>
      ok({ list: SHOPS, total: 1, page, pageSize, counts: countsOf(SHOPS) }),
    );
    const page = await callData(ops.shop.list, { page: 2, pageSize: 10, name: "义乌" });
    expect(page).toEqual({ list: SHOPS, total: 1, page: 2, pageSize: 10, counts: countsOf(SHOPS) });
    expect(gateway.calls(ops.shop.list)).toEqual([{ page: 2, pageSize: 10, name: "义乌" }]);
  });

  it("fails a call it was given no answer for, like a dropped connection", async () => {
    fakeGateway();
    await expect(callData(ops.shop.stats, { days: 7 })).rejects.toBeDefined();
  });

  it("accepts only answers of the operation's type; a failure fits any operation", () => {
    const gateway = fakeGateway();
    // @ts-expect-error shop.list answers a ShopPage (rows, total, page, pageSize, counts), not {}.
    gateway.answer(ops.shop.list, ok({}));
    // @ts-expect-error a page's rows are the operation's rows, not any object with an id.
    gateway.answer(ops.dict.list, ok({ list: [{ id: 1 }], total: 1, page: 1, pageSize: 20 }));
    // @ts-expect-error a reply made from the params is checked the same way.
    gateway.answer(ops.member.setStatus, () => ok({ id: 1 }));
    // @ts-expect-error the params handed to a reply are the operation's params.
    gateway.answer(ops.shop.detail, ({ name }) => ok(name));
    // @ts-expect-error the endpoints outside the catalogue have their answer types too.
    gateway.answer("serverLoader", ok({ shops: 1 }));
    // @ts-expect-error an operation's answer does not fit another: ShopRow[] is not a ShopPage.
    gateway.answer(ops.shop.list, ok(SHOPS));

    gateway.answer(ops.shop.list, fail("permission_denied", "无权限执行此操作"));
    gateway.answer(ops.session.logout, ok(null));
    gateway.answer("systemMenuTree", ok([]));
    expect(gateway.sent).toEqual([]);
  });
});
