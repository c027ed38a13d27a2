/** A list screen's view kept in the URL: read it, change it, hand antd's Table its changes. */
import type { TablePaginationConfig } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { useLocation, useSearchParams } from "react-router";
import {
  listParams,
  readTableQuery,
  toggleSort,
  writeTableQuery,
  type TableQuery,
} from "@/kit/tableQuery";
import { useListViewsStore } from "@/stores/listViews";

export interface TableQueryState<K extends string> {
  /** The filters' URL keys. */
  keys: readonly K[];
  query: TableQuery<K>;
  /** The list operation's parameters for `query`. */
  params: Record<string, unknown>;
  /** New filters: back to the first page, sort kept. */
  setFilters: (filters: Partial<Record<K, string | undefined>>) => void;
  /** Goes to `page` (e.g. back one page when the last row of a page was deleted). */
  setPage: (page: number) => void;
  /**
   * Replaces the whole view (a saved view opened): filters, sort and page size, on page 1, with
   * `extra` URL params set (or removed: undefined) in the same step.
   */
  replace: (
    query: Omit<TableQuery<K>, "page">,
    extra?: Readonly<Record<string, string | undefined>>,
  ) => void;
  /** antd Table's `onChange`: paging and sort (a new page size or sort goes back to page 1). */
  onTableChange: (
    pagination: TablePaginationConfig,
    filters: unknown,
    sorter: SorterResult<never> | SorterResult<never>[],
    extra?: { action?: string },
  ) => void;
}

/**
 * `keys`: the screen's filter keys, a module-level constant (its identity is a dependency).
 *
 * The setters are stable and act on the latest view: antd's Table can keep the header's click
 * handlers (and its own idea of the sort) from an earlier render while a page loads. A handler
 * closing over that render would drop a filter applied since, and antd's sort order would repeat
 * itself; so a sort click only names the column, and the next order comes from the URL.
 */
export function useTableQuery<K extends string>(keys: readonly K[]): TableQueryState<K> {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => readTableQuery(searchParams, keys), [searchParams, keys]);
  const params = useMemo(() => listParams(query), [query]);

  // The view is remembered for the way back from a detail page (DetailPage's 返回列表).
  const { pathname, search } = useLocation();
  const remember = useListViewsStore((s) => s.remember);
  useEffect(() => remember(pathname, search), [remember, pathname, search]);

  const latest = useRef({ query, searchParams, setSearchParams });
  // The view the router last committed. Only a newly committed view replaces `latest`; every other
  // render (a list's answer arriving, say) may still carry the view from before a write the
  // router has not committed yet, and taking it back would undo that write. (Two quick clicks
  // on a column's sort, then 2 in the pager, sent page 2 with the first click's order.)
  const committed = useRef(searchParams.toString());
  useLayoutEffect(() => {
    const view = searchParams.toString();
    if (view !== committed.current) {
      committed.current = view;
      latest.current = { query, searchParams, setSearchParams };
    } else {
      latest.current.setSearchParams = setSearchParams;
    }
  });

  /**
   * Writes the view made from the latest one. The router commits a navigation a little later;
   * until then the written view counts as the latest, so two quick clicks make two steps.
   */
  const update = useCallback(
    (
      change: (current: TableQuery<K>) => TableQuery<K>,
      extra: Readonly<Record<string, string | undefined>> = {},
    ) => {
      const { query: current, searchParams: params, setSearchParams: set } = latest.current;
      const nextQuery = change(current);
      const nextParams = writeTableQuery(params, keys, nextQuery);
      for (const [key, value] of Object.entries(extra)) {
        if (value === undefined) nextParams.delete(key);
        else nextParams.set(key, value);
      }
      latest.current = { query: nextQuery, searchParams: nextParams, setSearchParams: set };
      set(nextParams);
    },
    [keys],
  );

  const setFilters = useCallback(
    (filters: Partial<Record<K, string | undefined>>) => {
      const clean: Partial<Record<K, string>> = {};
      for (const key of keys) {
        const value = filters[key];
        if (value !== undefined && value.trim() !== "") clean[key] = value.trim();
      }
      update((current) => ({ ...current, filters: clean, page: 1 }));
    },
    [keys, update],
  );

  const setPage = useCallback(
    (page: number) => update((current) => ({ ...current, page })),
    [update],
  );

  const replace = useCallback(
    (query: Omit<TableQuery<K>, "page">, extra?: Readonly<Record<string, string | undefined>>) =>
      update(() => ({ ...query, page: 1 }), extra),
    [update],
  );

  const onTableChange = useCallback<TableQueryState<K>["onTableChange"]>(
    (pagination, _filters, sorter, extra) => {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      if (extra?.action === "sort" && one?.columnKey !== undefined) {
        const field = String(one.columnKey);
        update((current) => toggleSort(current, field));
        return;
      }
      update((current) => {
        const pageSize = pagination.pageSize ?? current.pageSize;
        return {
          ...current,
          page: pageSize !== current.pageSize ? 1 : (pagination.current ?? 1),
          pageSize,
        };
      });
    },
    [update],
  );

  return { keys, query, params, setFilters, setPage, replace, onTableChange };
}
