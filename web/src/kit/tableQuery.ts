/**
 * A list screen's view — filters, page, page size and sort — as URL search params, so that a
 * copied link shows the same rows. Only the app's own state lives here; the paging rules (the sizes
 * offered, the default, what a malformed value means) are the core's, shared with the gateway.
 */
import { paging, readPage, readPageSize } from "@/lib/core";

export type SortOrder = "ascend" | "descend";

const PAGING = paging();
/** The page sizes the tables offer; anything else in a URL falls back to the default. */
export const PAGE_SIZES: readonly number[] = PAGING.pageSizes;
export const DEFAULT_PAGE_SIZE = PAGING.defaultPageSize;

/** The URL keys a table owns besides its filters. */
const PAGE = "page";
const PAGE_SIZE = "pageSize";
const SORT_FIELD = "sortField";
const SORT_ORDER = "sortOrder";

export interface TableQuery<K extends string = string> {
  page: number;
  pageSize: number;
  sortField: string | undefined;
  sortOrder: SortOrder | undefined;
  /** Non-empty filter values only. */
  filters: Partial<Record<K, string>>;
}

/** Reads the view from `params`; unknown or malformed values fall back to the defaults. */
export function readTableQuery<K extends string>(
  params: URLSearchParams,
  filterKeys: readonly K[],
): TableQuery<K> {
  const order = params.get(SORT_ORDER);
  const sortOrder = order === "ascend" || order === "descend" ? order : undefined;
  const field = params.get(SORT_FIELD) ?? "";
  const filters: Partial<Record<K, string>> = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value !== null && value.trim() !== "") filters[key] = value;
  }
  return {
    page: readPage(params.get(PAGE)),
    pageSize: readPageSize(params.get(PAGE_SIZE)),
    sortField: sortOrder && field ? field : undefined,
    sortOrder: field ? sortOrder : undefined,
    filters,
  };
}

/**
 * Writes the view over `current` (other params are kept), leaving defaults out so that the
 * plain path stays the plain view.
 */
export function writeTableQuery<K extends string>(
  current: URLSearchParams,
  filterKeys: readonly K[],
  query: TableQuery<K>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of [...filterKeys, PAGE, PAGE_SIZE, SORT_FIELD, SORT_ORDER]) next.delete(key);
  for (const key of filterKeys) {
    const value = query.filters[key];
    if (value !== undefined && value.trim() !== "") next.set(key, value);
  }
  if (query.page > 1) next.set(PAGE, String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) next.set(PAGE_SIZE, String(query.pageSize));
  if (query.sortField && query.sortOrder) {
    next.set(SORT_FIELD, query.sortField);
    next.set(SORT_ORDER, query.sortOrder);
  }
  return next;
}

/**
 * A click on column `field`'s sorter: ascending, then descending, then unsorted (antd's cycle),
 * counted from the view's current sort; another column starts ascending. Back to page 1.
 */
export function toggleSort<K extends string>(query: TableQuery<K>, field: string): TableQuery<K> {
  const current = query.sortField === field ? query.sortOrder : undefined;
  const next: SortOrder | undefined =
    current === undefined ? "ascend" : current === "ascend" ? "descend" : undefined;
  return {
    ...query,
    page: 1,
    sortField: next ? field : undefined,
    sortOrder: next,
  };
}

/** The list operation's parameters: `{page, pageSize, ...filters, sortField?, sortOrder?}`. */
export function listParams<K extends string>(query: TableQuery<K>): Record<string, unknown> {
  const params: Record<string, unknown> = { page: query.page, pageSize: query.pageSize };
  for (const [key, value] of Object.entries(query.filters)) {
    if (typeof value === "string" && value.trim() !== "") params[key] = value.trim();
  }
  if (query.sortField && query.sortOrder) {
    params.sortField = query.sortField;
    params.sortOrder = query.sortOrder;
  }
  return params;
}

/** The filter values only (what an export of "the filtered rows" asks for). */
export function filterParams<K extends string>(query: TableQuery<K>): Record<string, unknown> {
  const { page: _page, pageSize: _pageSize, ...rest } = listParams(query);
  return rest;
}
