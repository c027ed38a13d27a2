/**
 * A list screen's state in one hook (refine's `useTable`): the view in the URL (filters from the
 * column specs, page, sort), the page of rows of a list operation and the selected rows. A write
 * refreshes the list through its declaration (`@/kit/write`), not through the screen.
 */
import type { UseQueryResult } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import type { Params } from "@/lib/core";
import type { Op, Page } from "@/lib/generated/ops";
import { filterFields, filterKeys, type ColumnSpec, type FilterField } from "@/kit/columns";
import { useColumnLayout, type ColumnLayout } from "@/kit/columnLayout";
import { fetchAllRows } from "@/kit/csvExport";
import { filterParams } from "@/kit/tableQuery";
import { useOpQuery, type ListApi, type RowOf } from "@/kit/queries";
import { useTableQuery, type TableQueryState } from "@/kit/useTableQuery";

export interface ListState<T> {
  op: Op;
  columns: readonly ColumnSpec<T>[];
  fields: readonly FilterField[];
  table: TableQueryState<string>;
  /** The columns the operator shows, in their order (列设置, a saved view's). */
  layout: ColumnLayout<T>;
  result: UseQueryResult<Page<T>>;
  selected: readonly T[];
  setSelected: (rows: readonly T[]) => void;
  /** Every row of the current filter, page after page (for 导出 CSV). */
  fetchAll: () => Promise<T[]>;
  /** After `count` rows of this page were removed: the page before, when none is left. */
  removed: (count?: number) => void;
}

/**
 * `columns`: the screen's column specs, a module-level constant (its identity is a dependency).
 * `extra`: parameters the screen adds beyond the columns' filters (a status tab, the tab's default
 * sort); the URL's own view wins over them. They go to the page and to 导出 CSV alike.
 */
export function useList<A extends ListApi>(
  op: Op<A>,
  columns: readonly ColumnSpec<RowOf<A>>[],
  extra?: Readonly<Record<string, unknown>>,
): ListState<RowOf<A>> {
  const fields = useMemo(() => filterFields(columns), [columns]);
  const keys = useMemo(() => filterKeys(fields), [fields]);
  const table = useTableQuery(keys);
  const layout = useColumnLayout(columns, keys);
  const params = useMemo(() => ({ ...extra, ...table.params }), [extra, table.params]);
  const result = useOpQuery(op, params as Params<A>, {
    keepPrevious: true,
  }) as UseQueryResult<Page<RowOf<A>>>;
  const [selected, setSelected] = useState<readonly RowOf<A>[]>([]);
  const { query, setPage } = table;
  const shown = result.data?.list.length ?? 0;
  const removed = useCallback(
    (count = 1) => {
      if (shown <= count && query.page > 1) setPage(query.page - 1);
    },
    [shown, query.page, setPage],
  );
  const fetchAll = useCallback(
    () => fetchAllRows(op, { ...extra, ...filterParams(query) }),
    [op, query, extra],
  );
  return { op, columns, fields, table, layout, result, selected, setSelected, fetchAll, removed };
}
