/**
 * 产业带's columns, declared once: the table, the CSV and the filters (part of the name; the
 * province a select of the provinces belts are in, `belt.regions` — never a name typed exactly);
 * and the columns of a belt's shops in its details.
 */
import type { BeltRow, ShopRow } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { PageLink } from "@/kit/links";
import { statusColumn } from "@/kit/StatusTag";

export const BELT_COLUMNS: readonly ColumnSpec<BeltRow>[] = [
  { key: "id", title: "ID", sortable: true, hideInTable: true },
  {
    key: "name",
    title: "产业带名称",
    sortable: true,
    nowrap: true,
    filter: { kind: "text", placeholder: "包含" },
  },
  { key: "province", title: "省份", nowrap: true },
  { key: "city", title: "城市", nowrap: true },
  { key: "shopCount", title: "店铺数", sortable: true },
  { key: "description", title: "简介", maxWidth: 280 },
];

/** The list's columns: the province filter a select of `provinces` (what `belt.regions` says). */
export function beltColumns(provinces: readonly string[]): readonly ColumnSpec<BeltRow>[] {
  const options = provinces.map((province) => ({ value: province, label: province }));
  return BELT_COLUMNS.map((spec) =>
    spec.key === "province"
      ? { ...spec, filter: { kind: "select", options, placeholder: "全部", width: 140 } }
      : spec,
  );
}

/** A belt's shops, in its details. */
export const BELT_SHOP_COLUMNS: readonly ColumnSpec<ShopRow>[] = [
  {
    key: "name",
    title: "店铺名称",
    render: (shop) => (
      <PageLink page="shopDetail" query={{ id: shop.id }}>
        {shop.name}
      </PageLink>
    ),
  },
  { key: "city", title: "城市", nowrap: true },
  { key: "productCount", title: "商品数" },
  statusColumn("shop", (shop: ShopRow) => shop.status, { filter: undefined }),
];
