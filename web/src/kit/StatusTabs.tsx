/**
 * A list's status tabs (全部 / 待审核 / …) with live counts, kept in the URL (`?status=pending`) so
 * a copied link opens the same tab. A tab may bring its own order (a review queue: oldest first),
 * used while the URL names no sort. Switching tabs goes back to page 1; the filters stay.
 *
 *   const tabs = useStatusTabs(SHOP_TABS);
 *   const list = useList(ops.shop.list, columns, tabs.params);
 *   <StatusTabs tabs={SHOP_TABS} state={tabs} counts={page?.counts}>{table}</StatusTabs>
 */
import { Tabs } from "antd";
import { useCallback, useMemo, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useSearchParams } from "react-router";
import { readTableQuery, writeTableQuery, type SortOrder } from "@/kit/tableQuery";

/** The key of the tab that filters nothing. */
export const ALL_TAB = "all";

export interface StatusTabSpec {
  /** The state code the tab filters on (its count is `counts[key]`), or `all` for none. */
  key: string;
  label: string;
  /** The tab's order while the URL names none. */
  sort?: { field: string; order: SortOrder };
}

export interface StatusTabsState {
  /** The URL's tab: `all` when it names none; a state no tab shows stays as it is. */
  active: string;
  /** What the list adds to its parameters: the status, and the tab's own order. */
  params: Readonly<Record<string, unknown>>;
  /** Opens a tab: page 1, the tab's own order instead of the one the previous tab brought. */
  select: (key: string) => void;
}

/** The tab a URL names: its `param`, or `all` when absent or empty. */
function tabOf(params: URLSearchParams, param: string): string {
  const value = params.get(param);
  return value === null || value === "" ? ALL_TAB : value;
}

/** `tabs`: a module-level constant. `param`: the URL key and the list's parameter. */
export function useStatusTabs(tabs: readonly StatusTabSpec[], param = "status"): StatusTabsState {
  const [searchParams, setSearchParams] = useSearchParams();
  const active = tabOf(searchParams, param);
  const params = useMemo(() => {
    const sort = tabs.find((tab) => tab.key === active)?.sort;
    return {
      ...(active === ALL_TAB ? {} : { [param]: active }),
      ...(sort ? { sortField: sort.field, sortOrder: sort.order } : {}),
    };
  }, [tabs, active, param]);
  const select = useCallback(
    (key: string) =>
      setSearchParams((current) => {
        const query = readTableQuery(current, []);
        const from = tabs.find((tab) => tab.key === tabOf(current, param))?.sort;
        const to = tabs.find((tab) => tab.key === key)?.sort;
        // The order the previous tab brought goes with it; a sort the operator chose stays.
        const own = from && query.sortField === from.field && query.sortOrder === from.order;
        const next = writeTableQuery(current, [], {
          ...query,
          page: 1,
          sortField: to ? to.field : own ? undefined : query.sortField,
          sortOrder: to ? to.order : own ? undefined : query.sortOrder,
        });
        if (key === ALL_TAB) next.delete(param);
        else next.set(param, key);
        return next;
      }),
    [tabs, param, setSearchParams],
  );
  return { active, params, select };
}

export interface StatusTabsProps {
  tabs: readonly StatusTabSpec[];
  state: StatusTabsState;
  /** Each tab's count by its key; a tab without one shows no number (still loading). */
  counts?: Readonly<Partial<Record<string, number>>>;
  /** The list, shown in the active tab's panel. */
  children: ReactNode;
}

export function StatusTabs({ tabs, state, counts, children }: StatusTabsProps) {
  // The list is drawn once, into a node of its own that the active tab's panel takes in: drawn in
  // the panel itself, a switch of tabs moved it to another panel, which remounted it (its filter
  // form lost what was being typed, its table its own state).
  const [content] = useState(() => document.createElement("div"));
  const slot = <ContentSlot content={content} />;
  // A link may name a state no tab shows (已驳回): no tab is selected and the list follows them.
  const shown = tabs.some((tab) => tab.key === state.active);
  const bar = (
    <Tabs
      activeKey={state.active}
      onChange={state.select}
      items={tabs.map((tab) => {
        const count = counts?.[tab.key];
        return {
          key: tab.key,
          label: count === undefined ? tab.label : `${tab.label} (${count})`,
          children: tab.key === state.active ? slot : null,
        };
      })}
    />
  );
  return (
    <>
      {bar}
      {shown ? null : slot}
      {createPortal(children, content)}
    </>
  );
}

/** Where the list's node is shown: it moves in when this mounts (a new tab's panel). */
function ContentSlot({ content }: { content: HTMLElement }) {
  const place = useCallback(
    (slot: HTMLDivElement | null) => {
      if (slot && content.parentNode !== slot) slot.appendChild(content);
    },
    [content],
  );
  return <div ref={place} />;
}
