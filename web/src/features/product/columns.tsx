/** 商品管理's columns: table, CSV and export, declared once. */
import { Flex } from "antd";
import { formatFen, formatTimestamp } from "@/lib/core";
import type { ProductRow } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { PageLink } from "@/kit/links";
import { statusColumn } from "@/kit/StatusTag";

/** A price range in fen as the core formats money: `¥12.00 – ¥18.50`, one price when equal. */
export function priceRange(min: number, max: number): string {
  return min === max ? formatFen(min) : `${formatFen(min)} – ${formatFen(max)}`;
}

const THUMB = 40;

function ProductCell({ row }: { row: ProductRow }) {
  return (
    <Flex align="center" gap={8} style={{ minWidth: 190 }}>
      {row.coverUrl ? (
        // Decorative beside the title (which names the product): empty alt.
        <img
          src={row.coverUrl}
          alt=""
          width={THUMB}
          height={THUMB}
          loading="lazy"
          style={{ objectFit: "cover", borderRadius: 4, flex: "none" }}
        />
      ) : null}
      <PageLink page="productDetail" query={{ id: row.id }}>
        {row.title}
      </PageLink>
    </Flex>
  );
}

export const PRODUCT_COLUMNS: readonly ColumnSpec<ProductRow>[] = [
  { key: "id", title: "编号", sortable: true, nowrap: true },
  { key: "title", title: "商品", render: (row) => <ProductCell row={row} /> },
  {
    key: "shopName",
    title: "店铺",
    render: (row) => (
      <PageLink
        page="shopDetail"
        query={{ id: row.shopId }}
        style={{ display: "inline-block", minWidth: 128 }}
      >
        {row.shopName}
      </PageLink>
    ),
  },
  { key: "categoryName", title: "类目", nowrap: true },
  {
    key: "priceMin",
    title: "价格",
    sortable: true,
    nowrap: true,
    value: (row) => priceRange(row.priceMin, row.priceMax),
  },
  {
    key: "moq",
    title: "起订量",
    nowrap: true,
    value: (row) => `${row.moq} ${row.unit}`,
  },
  { key: "stock", title: "库存", sortable: true },
  statusColumn(
    "product",
    (row: ProductRow) => row.status,
    { filter: undefined },
    (row) => row.shopStatus,
  ),
  {
    key: "updatedAt",
    title: "更新时间",
    // In the CSV; the table keeps its width for the row's actions.
    hideInTable: true,
    value: (row) => formatTimestamp(row.updatedAt),
  },
];
