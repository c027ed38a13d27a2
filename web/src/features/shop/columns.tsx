/**
 * 店铺管理's columns, declared once for the table, the CSV (which alone carries the ID and the
 * owner's contact), the detail drawer and the filter form. The region filter is a province → city
 * cascader of `shop.regions` (what exists, never a name typed exactly), the belt filter's options
 * come from `belt.list`, and the status filter offers every state of the core's `shop` lifecycle —
 * 已驳回 and 已关闭 too, which have no tab; the review queue adds how long each shop has waited.
 */
import { formatTimestamp } from "@/lib/core";
import type { Region, ShopRow } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { PageLink } from "@/kit/links";
import { statusColumn } from "@/kit/StatusTag";
import { WaitingTime } from "@/kit/WaitingTime";

/** Levels 1–5, as the filter offers them. */
const LEVELS = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `${n} 级` }));

export interface BeltOption {
  value: string;
  label: string;
}

/** The columns; `regions`: the cascader's choices; `queue`: the review queue's, with the waiting
 *  time. */
export function shopColumns(
  belts: readonly BeltOption[],
  regions: readonly Region[],
  queue: boolean,
): readonly ColumnSpec<ShopRow>[] {
  return [
    { key: "id", title: "ID", hideInTable: true },
    {
      key: "name",
      title: "店铺名称",
      minWidth: 150,
      sortable: true,
      render: (shop) => (
        <PageLink page="shopDetail" query={{ id: shop.id }}>
          {shop.name}
        </PageLink>
      ),
      filter: { kind: "text", placeholder: "包含" },
    },
    { key: "ownerNickname", title: "店主", nowrap: true },
    { key: "contactName", title: "联系人", hideInTable: true },
    { key: "contactPhone", title: "联系电话", nowrap: true },
    {
      key: "region",
      title: "所在地区",
      value: (shop) => `${shop.province} ${shop.city}`,
      nowrap: true,
      filter: { kind: "region", keys: ["province", "city"], label: "地区", regions },
    },
    {
      key: "beltName",
      title: "产业带",
      nowrap: true,
      filter: { kind: "select", key: "beltId", options: belts, width: 180 },
    },
    {
      key: "level",
      title: "等级",
      sortable: true,
      value: (shop) => `${shop.level} 级`,
      nowrap: true,
      filter: { kind: "select", options: LEVELS },
    },
    { key: "productCount", title: "商品数", sortable: true, nowrap: true },
    // Its select reaches the states without a tab (已驳回, 已关闭); it shares `?status=` with the tabs.
    statusColumn("shop", (shop: ShopRow) => shop.status, { nowrap: true }),
    // Declared whatever the tab (a saved view's layout names it), drawn in the queue only.
    {
      key: "waiting",
      title: "等待时长",
      render: (shop: ShopRow) => <WaitingTime since={shop.createdAt} />,
      csv: false,
      detail: false,
      hideInTable: !queue,
    },
    {
      key: "createdAt",
      title: "注册时间",
      sortable: true,
      nowrap: true,
      value: (shop) => formatTimestamp(shop.createdAt),
    },
  ];
}
