/**
 * 导出 CSV of a list screen's filtered rows: every page of the current filter is fetched through
 * the core's client, the CSV text and the file name come from the core (`toCsv`,
 * `exportFileName`), and the browser downloads it from a Blob link.
 */
import { call, expectData, exportFileName, paging, toCsv, type Params } from "@/lib/core";
import type { Op } from "@/lib/generated/ops";
import type { ListApi, RowOf } from "@/kit/queries";

/** One column of an export: its header and the cell text of a row. */
export interface CsvColumn<T> {
  title: string;
  value: (row: T) => string;
}

/** The most rows one export fetches (pages of 100). */
export const EXPORT_MAX_ROWS = 10_000;
/** The largest page the gateway serves. */
const EXPORT_PAGE_SIZE = paging().maxPageSize;

/**
 * Every row of list operation `op` for `filters` (no paging keys), page by page until `total`
 * is reached, the gateway answers a short page, or `maxRows` were collected. Failures reject
 * without a toast.
 */
export async function fetchAllRows<A extends ListApi>(
  op: Op<A>,
  filters: Record<string, unknown>,
  maxRows = EXPORT_MAX_ROWS,
): Promise<RowOf<A>[]> {
  const rows: RowOf<A>[] = [];
  for (let page = 1; rows.length < maxRows; page += 1) {
    const params = { ...filters, page, pageSize: EXPORT_PAGE_SIZE };
    const result = await call(op, params as Params<A>, { skipErrorHandler: true });
    const data = expectData(result) as { list: RowOf<A>[]; total: number };
    rows.push(...data.list);
    if (data.list.length < EXPORT_PAGE_SIZE || rows.length >= data.total) break;
  }
  return rows.slice(0, maxRows);
}

/** The CSV text (core's `toCsv`) and file name (core's `exportFileName(base)`) of `rows`. */
export function buildCsv<T>(
  base: string,
  columns: readonly CsvColumn<T>[],
  rows: readonly T[],
): { fileName: string; text: string } {
  return {
    fileName: exportFileName(base),
    text: toCsv(
      columns.map((c) => c.title),
      rows.map((row) => columns.map((c) => c.value(row))),
    ),
  };
}

/** Hands `text` to the browser as a download named `fileName`. */
export function downloadText(
  fileName: string,
  text: string,
  type = "text/csv;charset=utf-8",
): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Fetches every filtered row and downloads them as CSV; resolves with the number of rows. */
export async function exportCsv<T>(options: {
  /** Every filtered row (`fetchAllRows` of the list's operation). */
  rows: () => Promise<T[]>;
  base: string;
  columns: readonly CsvColumn<T>[];
}): Promise<number> {
  const rows = await options.rows();
  const { fileName, text } = buildCsv(options.base, options.columns, rows);
  downloadText(fileName, text);
  return rows.length;
}
