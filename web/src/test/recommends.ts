/** Recommendations as the gateway answers them, for the 首页推荐商家 screen's tests. */
import type { Page, PickItem, RecommendRow } from "@/lib/generated/ops";

const DAY = 24 * 3_600_000;
/** 2026-03-01 10:00 in Shanghai. */
export const MARCH_1 = Date.UTC(2026, 2, 1, 2, 0);

/** Recommendation `id` of shop `shopName`, running from 2026-03-01 for 30 days. */
export function recommendRow(
  id: number,
  shopName: string,
  extra: Partial<RecommendRow> = {},
): RecommendRow {
  return {
    id,
    shopId: 300 + id,
    shopName,
    shopStatus: "active",
    problem: null,
    reason: `${shopName}的推荐理由`,
    sort: id * 10,
    startAt: MARCH_1,
    endAt: MARCH_1 + 30 * DAY,
    state: "active",
    version: 1,
    ...extra,
  };
}

/** A page of `rows`. */
export function recommendPage(
  rows: readonly RecommendRow[],
  total = rows.length,
): Page<RecommendRow> {
  return { list: [...rows], total, page: 1, pageSize: 20 };
}

/** Shops `recommend.candidates` offers (active ones). */
export const CANDIDATES: PickItem[] = [
  { kind: "shop", id: 401, name: "永康五金城", extra: "金华", status: "active" },
  { kind: "shop", id: 402, name: "柯桥布艺坊", extra: "绍兴", status: "active" },
];
