/**
 * 商品管理's list state: the kit's list machinery (URL view, page of rows, selection, export) over
 * `product.list`, whose filters — shop, category, price range in fen — are the screen's own form's
 * rather than column filters, and whose answer also carries the status tabs' counts.
 */
import type { UseQueryResult } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { ops, type ProductCounts, type ProductPage, type ProductRow } from "@/lib/generated/ops";
import { useColumnLayout } from "@/kit/columnLayout";
import type { ColumnSpec } from "@/kit/columns";
import { fetchAllRows } from "@/kit/csvExport";
import { useOpQuery } from "@/kit/queries";
import { filterParams } from "@/kit/tableQuery";
import type { ListState } from "@/kit/useList";
import { useTableQuery, type TableQueryState } from "@/kit/useTableQuery";

/** The URL keys of the filters (the operation's parameter names). */
export const PRODUCT_FILTER_KEYS = [
  "title",
  "shopId",
  "categoryId",
  "status",
  "priceMin",
  "priceMax",
] as const;
export type ProductFilterKey = (typeof PRODUCT_FILTER_KEYS)[number];

export interface ProductList extends ListState<ProductRow> {
  /** The view, by the screen's own filter keys. */
  table: TableQueryState<ProductFilterKey>;
  /** The tabs' counts under the filters other than the status, once loaded. */
  counts: ProductCounts | undefined;
}

export function useProductList(columns: readonly ColumnSpec<ProductRow>[]): ProductList {
  const table = useTableQuery(PRODUCT_FILTER_KEYS);
  const layout = useColumnLayout(columns, PRODUCT_FILTER_KEYS);
  const result: UseQueryResult<ProductPage> = useOpQuery(ops.product.list, table.params, {
    keepPrevious: true,
  });
  const [selected, setSelected] = useState<readonly ProductRow[]>([]);
  const { query, setPage } = table;
  const shown = result.data?.list.length ?? 0;
  const removed = useCallback(
    (count = 1) => {
      if (shown <= count && query.page > 1) setPage(query.page - 1);
    },
    [shown, query.page, setPage],
  );
  const fetchAll = useCallback(() => fetchAllRows(ops.product.list, filterParams(query)), [query]);
  return {
    op: ops.product.list,
    columns,
    fields: [],
    table,
    layout,
    result,
    counts: result.data?.counts,
    selected,
    setSelected,
    fetchAll,
    removed,
  };
}
