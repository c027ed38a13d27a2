/**
 * A list's column layout (列设置): which of its table columns show, in what order — the operator's
 * own per user and list (stores/columns), read against the columns the list declares today by the
 * core's rule for views (a column no longer declared is dropped, a new one comes last, shown).
 */
import { useCallback, useContext, useMemo, useRef, type RefObject } from "react";
import { constants, getUserInfo, reconcileView, type Declared } from "@/lib/core";
import type { ViewColumn } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { useColumnsStore, type LayoutKey } from "@/stores/columns";
import { TabContext } from "@/stores/tabs";

const NONE: readonly ViewColumn[] = [];
const VIEW_LISTS: readonly string[] = constants().viewLists;

/**
 * The list this screen is, by its page key, when it has saved views: the workspace tab's page (a
 * detail page's tab names a record after `?`). Undefined outside a tab, or on a page without views.
 */
export function useViewList(): string | undefined {
  const tab = useContext(TabContext);
  const page = tab?.split("?")[0];
  return page !== undefined && VIEW_LISTS.includes(page) ? page : undefined;
}

/** Where a user's layout of `list` is kept. */
export function layoutKey(list: string): LayoutKey {
  return `${getUserInfo()?.id ?? ""}:${list}`;
}

export interface ColumnLayout<T> {
  /** The list, when it has views and a layout of its own. */
  list: string | undefined;
  /** What the list declares, for reading a view against it. */
  declared: Declared;
  /** The table's columns in the operator's order, shown or hidden. */
  columns: readonly { spec: ColumnSpec<T>; hidden: boolean }[];
  /** The columns the table shows, in order. */
  shown: readonly ColumnSpec<T>[];
  /** The layout as a view keeps it; empty while the list's own. */
  saved: readonly ViewColumn[];
  /** A new layout (a saved view's); empty: the list's own. */
  set: (layout: readonly ViewColumn[]) => void;
  /** Shows or hides table column `key`, keeping what the layout says of the others. */
  toggle: (key: string, shown: boolean) => void;
  /** Moves table column `key` past its neighbour in the table (`by` -1: before it, 1: after). */
  move: (key: string, by: -1 | 1) => void;
  /**
   * Whether this visit of the list has decided on its default view yet (set in an effect): once
   * per mount of the screen (a status tab's panel drawing the table anew is the same visit).
   */
  visitRef: RefObject<boolean>;
}

/** `layout` read against `declared`; the list's own order when it cannot be read (a layout
 * edited by hand in the browser's storage), never an error on the screen. */
function laidOut(layout: readonly ViewColumn[], declared: Declared): ViewColumn[] {
  const own = declared.columns.map((key) => ({ key, hidden: false }));
  if (layout.length === 0) return own;
  try {
    return reconcileView("", { filters: {}, columns: [...layout] }, declared).content.columns;
  } catch {
    return own;
  }
}

/** `specs`: the screen's column specs; `filters`: its filters' URL keys (both module-level). */
export function useColumnLayout<T>(
  specs: readonly ColumnSpec<T>[],
  filters: readonly string[],
): ColumnLayout<T> {
  const list = useViewList();
  const key = list === undefined ? undefined : layoutKey(list);
  const saved = useColumnsStore((s) => (key === undefined ? NONE : (s.layouts[key] ?? NONE)));
  const setLayout = useColumnsStore((s) => s.setLayout);
  const visitRef = useRef(false);
  const table = useMemo(() => specs.filter((spec) => !spec.hideInTable), [specs]);
  const declared = useMemo<Declared>(
    () => ({
      filters: [...filters],
      // Every column the list declares, drawn or not (one drawn in a tab only is still the list's).
      columns: specs.map((spec) => spec.key),
      sortable: specs.filter((spec) => spec.sortable).map((spec) => spec.key),
    }),
    [filters, specs],
  );
  // Every declared column, in order: what 列设置 changes, so a column drawn in another status
  // tab only keeps its place and its shown or hidden.
  const full = useMemo(() => laidOut(saved, declared), [saved, declared]);
  const columns = useMemo(
    () =>
      full.flatMap((column) => {
        const spec = table.find((s) => s.key === column.key);
        return spec ? [{ spec, hidden: column.hidden }] : [];
      }),
    [full, table],
  );
  const shown = useMemo(() => columns.filter((c) => !c.hidden).map((c) => c.spec), [columns]);
  const set = useCallback(
    (layout: readonly ViewColumn[]) => {
      if (key !== undefined) setLayout(key, layout);
    },
    [key, setLayout],
  );
  const toggle = useCallback(
    (column: string, on: boolean) =>
      set(full.map((c) => (c.key === column ? { ...c, hidden: !on } : c))),
    [full, set],
  );
  const move = useCallback(
    (column: string, by: -1 | 1) => {
      const drawn = new Set(table.map((spec) => spec.key));
      const from = full.findIndex((c) => c.key === column);
      let to = from + by;
      while (to >= 0 && to < full.length && !drawn.has(full[to]?.key ?? "")) to += by;
      const [a, b] = [full[from], full[to]];
      if (from < 0 || a === undefined || b === undefined) return;
      const next = full.slice();
      next[from] = b;
      next[to] = a;
      set(next);
    },
    [full, table, set],
  );
  return { list, declared, columns, shown, saved, set, toggle, move, visitRef };
}
