/**
 * 商品管理: products filtered by title, shop, category (with its descendants), price range and the
 * status tabs (with live counts), paged and sorted by the server, all of it in the URL; a row's
 * sale moves as the core's `product` lifecycle allows them (违规下架 asks why); bulk 上架 / 下架
 * over the selected rows in one call, each product's result listed (one already off sale is
 * skipped, not failed); 导出 CSV of the filtered rows.
 */
import { Flex, Tabs } from "antd";
import { useMemo } from "react";
import { ops, type ProductCounts, type ProductRow } from "@/lib/generated/ops";
import { serverBulk } from "@/kit/bulk";
import { useAllowed } from "@/kit/access";
import { BulkBar, type BulkAction } from "@/kit/BulkBar";
import { ListTable } from "@/kit/ListTable";
import { stateFor } from "@/kit/StatusTag";
import { useWrite, type Write } from "@/kit/write";
import { PRODUCT_COLUMNS } from "@/features/product/columns";
import { useProductMoves } from "@/features/product/moves";
import { ProductFilter } from "@/features/product/ProductFilter";
import { useProductList } from "@/features/product/useProductList";

/** The status tabs: 全部, then every state of the core's `product` lifecycle, 草稿 last. */
const TABS: readonly { key: string; count: (counts: ProductCounts) => number }[] = [
  { key: "", count: (c) => c.all },
  { key: "onSale", count: (c) => c.onSale },
  { key: "offSale", count: (c) => c.offSale },
  { key: "violation", count: (c) => c.violation },
  { key: "draft", count: (c) => c.draft },
];

type SetStatus = Write<typeof ops.product.setStatus.api>;

/**
 * 批量上架 / 批量下架: every selected product moved to `status` in one call, each one's result read
 * (one already there is skipped); what the move makes stale is read again once, after it.
 */
function bulkStatus(
  write: SetStatus,
  action: string,
  status: string,
  extra: Pick<BulkAction<ProductRow>, "danger" | "confirm"> = {},
): BulkAction<ProductRow> {
  return {
    key: `bulk:${action}`,
    label: `批量${action}`,
    op: ops.product.setStatus,
    ...extra,
    runAll: serverBulk(
      (row) => row.id,
      (ids) => write.send({ ids, status }, { quiet: true }),
    ),
    refresh: write.refresh,
  };
}

export function ProductList() {
  const list = useProductList(PRODUCT_COLUMNS);
  const { table, counts } = list;
  const status = table.query.filters.status ?? "";
  const moves = useProductMoves();
  const setStatus = useWrite(ops.product.setStatus);
  const selectedCount = list.selected.length;
  const bulk = useMemo(
    () => [
      bulkStatus(setStatus, "上架", "onSale"),
      bulkStatus(setStatus, "下架", "offSale", {
        danger: true,
        confirm: `下架选中的 ${selectedCount} 个商品？`,
      }),
    ],
    [setStatus, selectedCount],
  );
  // Rows are picked for the bulk moves: not without them (按钮权限).
  const selectable = useAllowed(bulk).length > 0;

  return (
    <Flex vertical gap={16}>
      <ProductFilter table={table} />
      <ListTable<ProductRow>
        exportAs="商品"
        toolbar={
          <Tabs
            tabBarStyle={{ marginBottom: 0 }}
            // Narrower than its tabs (a phone), it scrolls them rather than widening the page.
            style={{ minWidth: 0, maxWidth: "100%" }}
            activeKey={status}
            onChange={(key) => table.setFilters({ ...table.query.filters, status: key })}
            items={TABS.map((tab) => ({
              key: tab.key,
              label:
                `${tab.key ? stateFor("product", tab.key).label : "全部"} ${counts ? tab.count(counts) : ""}`.trim(),
            }))}
          />
        }
        selection={
          <BulkBar<ProductRow>
            selected={list.selected}
            rowLabel={(row) => row.title}
            actions={bulk}
            onDone={() => list.setSelected([])}
            onClear={() => list.setSelected([])}
          />
        }
        noun="商品"
        list={list}
        rowKey="id"
        selectable={selectable}
        rowActions={moves.actions}
      />
    </Flex>
  );
}
