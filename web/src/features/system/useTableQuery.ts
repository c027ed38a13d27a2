/** A list screen's view kept in the URL: read it, change it, hand antd's Table its changes. */
import type { TablePaginationConfig } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  listParams,
  readTableQuery,
  writeTableQuery,
  type TableQuery,
} from "@/features/system/tableQuery";

export interface TableQueryState<K extends string> {
  query: TableQuery<K>;
  /** The list operation's parameters for `query`. */
  params: Record<string, unknown>;
  /** New filters: back to the first page, sort kept. */
  setFilters: (filters: Partial<Record<K, string | undefined>>) => void;
  /** Goes to `page` (e.g. back one page when the last row of a page was deleted). */
  setPage: (page: number) => void;
  /** antd Table's `onChange`: paging and sort (a new page size goes back to page 1). */
  onTableChange: (
    pagination: TablePaginationConfig,
    filters: unknown,
    sorter: SorterResult<never> | SorterResult<never>[],
  ) => void;
}

/** `keys`: the screen's filter keys, a module-level constant (its identity is a dependency). */
export function useTableQuery<K extends string>(keys: readonly K[]): TableQueryState<K> {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => readTableQuery(searchParams, keys), [searchParams, keys]);
  const params = useMemo(() => listParams(query), [query]);

  const write = useCallback(
    (next: TableQuery<K>) => {
      setSearchParams((current) => writeTableQuery(current, keys, next));
    },
    [setSearchParams, keys],
  );

  const setFilters = useCallback(
    (filters: Partial<Record<K, string | undefined>>) => {
      const clean: Partial<Record<K, string>> = {};
      for (const key of keys) {
        const value = filters[key];
        if (value !== undefined && value.trim() !== "") clean[key] = value.trim();
      }
      write({ ...query, filters: clean, page: 1 });
    },
    [keys, query, write],
  );

  const setPage = useCallback((page: number) => write({ ...query, page }), [query, write]);

  const onTableChange = useCallback<TableQueryState<K>["onTableChange"]>(
    (pagination, _filters, sorter) => {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const order = one?.order ?? undefined;
      const field = order && one?.columnKey !== undefined ? String(one.columnKey) : undefined;
      const pageSize = pagination.pageSize ?? query.pageSize;
      const sortChanged = field !== query.sortField || order !== query.sortOrder;
      write({
        ...query,
        page: pageSize !== query.pageSize || sortChanged ? 1 : (pagination.current ?? 1),
        pageSize,
        sortField: field,
        sortOrder: field ? order : undefined,
      });
    },
    [query, write],
  );

  return { query, params, setFilters, setPage, onTableChange };
}
