/**
 * One column spec per column of a list screen (ant-design-pro's ProTable `columns`): it gives the
 * table cell, the CSV value, the detail drawer's entry and, when the column is filterable, the
 * filter form's field. Screens declare `ColumnSpec`s once, at module level.
 */
import type { TableColumnsType } from "antd";
import type { ReactNode } from "react";
import type { Region } from "@/lib/generated/ops";
import type { CsvColumn } from "@/kit/csvExport";
import type { TableQuery } from "@/kit/tableQuery";
import { orDash, textOf } from "@/kit/text";

/** A filter field of a column: its URL key is the column's key unless `key` says otherwise. */
export type FilterSpec =
  | { kind: "text"; key?: string; label?: string; placeholder?: string; width?: number }
  | {
      kind: "select";
      key?: string;
      label?: string;
      placeholder?: string;
      width?: number;
      options: readonly { value: string; label: string }[];
    }
  /** Whole days, kept in the URL as epoch ms under `keys` (start of the first, end of the last). */
  | { kind: "dateRange"; keys: readonly [string, string]; label?: string }
  /**
   * A province → city cascader of the regions that exist (`shop.regions`): the province under
   * `keys[0]`, the city under `keys[1]`; a province alone is a choice too.
   */
  | {
      kind: "region";
      keys: readonly [string, string];
      label?: string;
      placeholder?: string;
      width?: number;
      regions: readonly Region[];
    };

export interface ColumnSpec<T> {
  /** The column's key: its sort field, and the row property read when there is no `value`. */
  key: string;
  title: string;
  /** The value as text: the CSV cell, the drawer's entry, and the table cell when no `render`. */
  value?: (row: T) => string;
  /** The table cell, when it is more than the text (tags, code, icons). */
  render?: (row: T) => ReactNode;
  sortable?: boolean;
  filter?: FilterSpec;
  /** Only in the CSV, the drawer or the filter form (ProTable's `hideInTable`). */
  hideInTable?: boolean;
  /** Not in the CSV export (default: exported). */
  csv?: boolean;
  /** Not in the detail drawer (default: shown). */
  detail?: boolean;
  /** Keeps the cell on one line. */
  nowrap?: boolean;
  /** The narrowest the column gets, in px: a long text that shares the width with many short
   *  columns would otherwise wrap every few characters (the table scrolls instead). */
  minWidth?: number;
  /** The widest the column gets, in px: a long text (a link, a description) wraps rather than
   *  taking the width the names beside it need. */
  maxWidth?: number;
}

/** A filter field as the filter form renders it. */
export type FilterField = FilterSpec & { name: string; label: string };

/** The text of a column for a row. */
export function cellText<T>(spec: ColumnSpec<T>, row: T): string {
  if (spec.value) return spec.value(row);
  return textOf((row as Record<string, unknown>)[spec.key]);
}

/** The cell of a column for a row: `render`, else the text or `-`. */
export function cellNode<T>(spec: ColumnSpec<T>, row: T): ReactNode {
  return spec.render ? spec.render(row) : orDash(cellText(spec, row));
}

type CellRender<T> = (value: unknown, row: T) => ReactNode;

/**
 * One cell renderer per spec, the same function on every draw: rc-table draws a cell's content
 * again only when its row or its renderer changes, so a table drawn again with the same rows (a
 * filter's 查询 while the old page stays up, a kept tab shown again, a selection) leaves its cells
 * alone. A spec built anew (its screen's options changed) gets a new renderer.
 */
const renderers = new WeakMap<object, CellRender<never>>();

function cellRender<T>(spec: ColumnSpec<T>): CellRender<T> {
  let render = renderers.get(spec) as CellRender<T> | undefined;
  if (render === undefined) {
    const bounds =
      spec.minWidth === undefined && spec.maxWidth === undefined
        ? undefined
        : { minWidth: spec.minWidth, maxWidth: spec.maxWidth, overflowWrap: "anywhere" as const };
    render = (_: unknown, row: T) =>
      spec.nowrap ? (
        <span style={{ whiteSpace: "nowrap" }}>{cellNode(spec, row)}</span>
      ) : bounds ? (
        <div style={bounds}>{cellNode(spec, row)}</div>
      ) : (
        cellNode(spec, row)
      );
    renderers.set(spec, render);
  }
  return render;
}

/** antd Table columns; a sortable column's order is the URL's (`query`). */
export function tableColumns<T>(
  specs: readonly ColumnSpec<T>[],
  query?: TableQuery,
): TableColumnsType<T> {
  return specs
    .filter((spec) => !spec.hideInTable)
    .map((spec) => ({
      title: spec.title,
      key: spec.key,
      render: cellRender(spec),
      ...(spec.minWidth === undefined ? {} : { minWidth: spec.minWidth }),
      ...(spec.sortable
        ? {
            sorter: true,
            sortOrder: query?.sortField === spec.key ? (query.sortOrder ?? null) : null,
          }
        : {}),
    }));
}

/** The CSV export's columns: header and value of every exported column. */
export function csvColumns<T>(specs: readonly ColumnSpec<T>[]): CsvColumn<T>[] {
  return specs
    .filter((spec) => spec.csv !== false)
    .map((spec) => ({ title: spec.title, value: (row: T) => cellText(spec, row) }));
}

/** The filter form's fields, in column order. */
export function filterFields<T>(specs: readonly ColumnSpec<T>[]): FilterField[] {
  return specs.flatMap((spec) =>
    spec.filter
      ? [
          {
            ...spec.filter,
            name:
              spec.filter.kind === "dateRange" || spec.filter.kind === "region"
                ? spec.key
                : (spec.filter.key ?? spec.key),
            label: spec.filter.label ?? spec.title,
          },
        ]
      : [],
  );
}

/** The URL keys of the filter fields. */
export function filterKeys(fields: readonly FilterField[]): string[] {
  return fields.flatMap((field) =>
    field.kind === "dateRange" || field.kind === "region" ? [...field.keys] : [field.name],
  );
}
