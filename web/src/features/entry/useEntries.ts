/**
 * 功能入口's view: the filters in the URL (name, shown or hidden) and every entry they match, in
 * display order. The entries are few (a dozen on a home page), so all of them are read, page
 * after page, and shown in one sortable table; a refresh of `entry.list` reloads them.
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { ops, type EntryRow } from "@/lib/generated/ops";
import { filterFields, filterKeys } from "@/kit/columns";
import { fetchAllRows } from "@/kit/csvExport";
import { filterParams } from "@/kit/tableQuery";
import { useTableQuery } from "@/kit/useTableQuery";
import { ENTRY_COLUMNS } from "@/features/entry/columns";

const FIELDS = filterFields(ENTRY_COLUMNS);
const KEYS = filterKeys(FIELDS);

export function useEntries() {
  const table = useTableQuery(KEYS);
  const filters = useMemo(() => filterParams(table.query), [table.query]);
  const result = useQuery({
    queryKey: [ops.entry.list.api, { all: true, ...filters }],
    queryFn: () => entriesMatching(filters),
  });
  const filtered = Object.keys(table.query.filters).length > 0;
  return { fields: FIELDS, table, filters, filtered, result };
}

/** Every entry `filters` match, in display order. */
export function entriesMatching(filters: Record<string, unknown>): Promise<EntryRow[]> {
  return fetchAllRows(ops.entry.list, filters);
}

/** Every entry, unfiltered, in display order (what `entry.sort` must be given). */
export function allEntries(): Promise<EntryRow[]> {
  return entriesMatching({});
}
