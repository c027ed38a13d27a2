/** Shops as the gateway answers them, for the 店铺 screens' tests. */
import type { ShopCounts, ShopDay, ShopDetail, ShopRow } from "@/lib/generated/ops";

const HOUR = 3_600_000;

/** A shop registered `hoursAgo` before `now`, in state `status`. */
export function shopRow(
  id: number,
  name: string,
  status: string,
  now: number,
  hoursAgo: number,
  extra: Partial<ShopRow> = {},
): ShopRow {
  return {
    id,
    name,
    logoUrl: null,
    ownerMemberId: 100 + id,
    ownerNickname: `店主${id}`,
    contactName: `联系人${id}`,
    contactPhone: "138****0000",
    province: "浙江",
    city: "义乌",
    beltId: 3,
    beltName: "义乌小商品产业带",
    level: 2,
    status,
    productCount: 12,
    inquiryCount: 4,
    createdAt: now - hoursAgo * HOUR,
    updatedAt: now - hoursAgo * HOUR,
    version: 1,
    ...extra,
  };
}

/** `shop.detail`'s answer for `shop`: its owner from the row, nothing listed unless `extra` says. */
export function shopDetail(shop: ShopRow, extra: Partial<ShopDetail> = {}): ShopDetail {
  return {
    shop,
    owner: {
      id: shop.ownerMemberId,
      nickname: shop.ownerNickname,
      phone: shop.contactPhone,
      type: "seller",
      status: "normal",
    },
    mainCategories: [],
    products: [],
    inquiries: [],
    ...extra,
  };
}

/** The tab counts of `rows`. */
export function countsOf(rows: readonly ShopRow[]): ShopCounts {
  const count = (status: string) => rows.filter((r) => r.status === status).length;
  return {
    all: rows.length,
    pending: count("pending"),
    active: count("active"),
    frozen: count("frozen"),
  };
}

/** `n` days of the chart, ending 2026-03-`n`. */
export function series(n: number): ShopDay[] {
  return Array.from({ length: n }, (_, i) => ({
    date: `2026-03-${String(i + 1).padStart(2, "0")}`,
    newShops: i % 3,
    activeShops: 100 + i,
  }));
}
