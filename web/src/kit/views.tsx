/**
 * 视图 and 列设置 over a list (product.md, "The workspace"): the views the gateway offers on this
 * list (the operator's own, then those others shared), opened in one click — filters, sort, page
 * size and column layout, read by the core against what the list declares today, dropped keys
 * named in a warning; saved under a name, shared, set as the default (opened when the list is
 * opened bare), updated or deleted through `view.save` / `view.delete`. 列设置 shows, hides,
 * reorders and resets the table's columns, kept per user and list.
 */
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DownOutlined,
  SettingOutlined,
} from "@ant-design/icons";
import type { CSSInterpolation } from "@ant-design/cssinjs";
import {
  App,
  Button,
  Checkbox,
  Dropdown,
  Flex,
  Switch,
  type GlobalToken,
  type MenuProps,
} from "antd";
import { useEffect, useId, useMemo, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useThemedStyle } from "@/components/useThemedStyle";
import { reconcileView } from "@/lib/core";
import { ops, type ViewContent, type ViewRow } from "@/lib/generated/ops";
import { FormDialog } from "@/kit/FormDialog";
import { FormField } from "@/kit/FormField";
import { useOpQuery } from "@/kit/queries";
import { DEFAULT_PAGE_SIZE, type SortOrder } from "@/kit/tableQuery";
import type { ListState } from "@/kit/useList";
import { useWrite } from "@/kit/write";

const NO_VIEWS: readonly ViewRow[] = [];
/** The URL key naming the saved view a list shows. */
const VIEW_PARAM = "view";

/**
 * A content as one string, for telling whether the list still shows a view: of a content the
 * core has read (`reconcileView`), whose page size, sort and filter order it settles.
 */
const fingerprint = (content: ViewContent): string => JSON.stringify(content);

const saved = (view: ViewRow) => `已保存视图 ${view.name}`;
const deleted = "已删除视图";

interface SaveValues {
  name: string;
  shared: boolean;
  isDefault: boolean;
}

/** The views of `list` (a list with views: `list.layout.list` set) and what opening one does. */
function useListViews<T>(list: ListState<T>, page: string) {
  const { table, layout } = list;
  const { message } = App.useApp();
  const views = useOpQuery(ops.view.list, { list: page });
  // The view opened is in the address (`?view=`): Back, a link or the menu say which, if any.
  const [searchParams, setSearchParams] = useSearchParams();
  const openedId = Number(searchParams.get(VIEW_PARAM) ?? "") || undefined;
  const { query, replace } = table;
  const { declared, set: setLayout, saved: layoutNow, visitRef } = layout;

  const current = useMemo<ViewContent>(
    () => ({
      filters: { ...query.filters } as Record<string, string>,
      ...(query.sortField && query.sortOrder
        ? { sortField: query.sortField, sortOrder: query.sortOrder }
        : {}),
      pageSize: query.pageSize,
      columns: [...layoutNow],
    }),
    [query, layoutNow],
  );

  const open = (view: ViewRow) => {
    const read = reconcileView(view.name, view.content, declared);
    const { content } = read;
    replace(
      {
        filters: content.filters,
        sortField: content.sortField,
        sortOrder: content.sortOrder as SortOrder | undefined,
        pageSize: content.pageSize ?? DEFAULT_PAGE_SIZE,
      },
      { [VIEW_PARAM]: String(view.id) },
    );
    setLayout(content.columns);
    if (read.notice) void message.warning(read.notice);
  };

  /** Names view `id` as the one opened (a view just saved), or none, leaving the rest. */
  const mark = (id: number | undefined) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === undefined) next.delete(VIEW_PARAM);
        else next.set(VIEW_PARAM, String(id));
        return next;
      },
      { replace: true },
    );

  // The operator's default view opens when the list is opened bare (no filter, sort or size in
  // its address), once per visit of the screen: 全部 or 重置 afterwards show the list's own state.
  const list_ = views.data ?? NO_VIEWS;
  useEffect(() => {
    if (visitRef.current || !views.data) return;
    visitRef.current = true;
    const bare =
      Object.keys(query.filters).length === 0 &&
      !query.sortField &&
      query.pageSize === DEFAULT_PAGE_SIZE &&
      query.page === 1;
    const preferred = views.data.find((v) => v.mine && v.isDefault);
    if (bare && preferred) open(preferred);
    // Decided once, when the views first arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [views.data]);

  const active = list_.find((v) => v.id === openedId);
  // Both read the same way (a layout completed with the columns it does not name).
  const changed =
    active !== undefined &&
    fingerprint(reconcileView(active.name, active.content, declared).content) !==
      fingerprint(reconcileView("", current, declared).content);
  return {
    views: list_,
    active,
    changed,
    current,
    open,
    mark,
  };
}

/** The 视图 menu. */
function ViewMenu<T>({ list, page }: { list: ListState<T>; page: string }) {
  const { modal } = App.useApp();
  const { views, active, changed, current, open, mark } = useListViews(list, page);
  const save = useWrite(ops.view.save, saved);
  const remove = useWrite(ops.view.delete, deleted);
  const [naming, setNaming] = useState(false);

  const mine = views.filter((v) => v.mine);
  const shared = views.filter((v) => !v.mine);
  const label = (v: ViewRow) =>
    [v.name, v.isDefault ? "（默认）" : "", !v.mine ? ` · ${v.owner}` : v.shared ? "（共享）" : ""]
      .filter(Boolean)
      .join("");
  const own = active?.mine ? active : undefined;
  const items: MenuProps["items"] = [
    ...(mine.length > 0
      ? [
          {
            type: "group" as const,
            label: "我的视图",
            children: mine.map((v) => ({ key: `view:${v.id}`, label: label(v) })),
          },
        ]
      : []),
    ...(shared.length > 0
      ? [
          {
            type: "group" as const,
            label: "共享视图",
            children: shared.map((v) => ({ key: `view:${v.id}`, label: label(v) })),
          },
        ]
      : []),
    ...(views.length > 0 ? [{ type: "divider" as const }] : []),
    { key: "new", label: "保存为新视图…" },
    ...(own
      ? [
          { key: "update", label: `保存到「${own.name}」`, disabled: !changed },
          { key: "default", label: own.isDefault ? "取消默认" : "设为默认" },
          { key: "delete", label: `删除「${own.name}」`, danger: true },
        ]
      : []),
  ];

  const resend = (view: ViewRow, change: Partial<ViewRow>) =>
    save.run({
      id: view.id,
      version: view.version,
      list: page,
      name: view.name,
      shared: view.shared,
      isDefault: view.isDefault,
      content: view.content,
      ...change,
    });

  const onClick: MenuProps["onClick"] = ({ key }) => {
    if (key.startsWith("view:")) {
      const view = views.find((v) => `view:${v.id}` === key);
      if (view) open(view);
    } else if (key === "new") {
      setNaming(true);
    } else if (own && key === "update") {
      void resend(own, { content: current });
    } else if (own && key === "default") {
      void resend(own, { isDefault: !own.isDefault });
    } else if (own && key === "delete") {
      modal.confirm({
        title: `删除视图「${own.name}」？`,
        content: own.shared ? "共享给他人的视图也将不再提供。" : undefined,
        okText: "删除",
        okButtonProps: { danger: true },
        onOk: async () => {
          const done = await remove.run({ id: own.id, version: own.version });
          if (done) mark(undefined);
        },
      });
    }
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={["click"]}>
        <Button icon={<DownOutlined aria-hidden />} iconPlacement="end" aria-haspopup="menu">
          {active ? `视图：${active.name}${changed ? "（已修改）" : ""}` : "视图"}
        </Button>
      </Dropdown>
      {naming ? (
        <FormDialog<SaveValues, ViewRow>
          title="保存为新视图"
          name="viewForm"
          form="view"
          initialValues={{ name: "", shared: false, isDefault: false }}
          submit={(values) => save.send({ list: page, ...values, content: current })}
          onSaved={(view) => {
            mark(view.id);
            setNaming(false);
          }}
          onCancel={() => setNaming(false)}
        >
          <FormField name="name" placeholder="如：浙江待审核" />
          <FormField
            name="shared"
            label="共享"
            hint="所有能打开此列表的人都能使用（只有你能修改）"
            valuePropName="checked"
          >
            <Switch />
          </FormField>
          <FormField
            name="isDefault"
            label="设为默认"
            hint="打开此列表时自动使用"
            valuePropName="checked"
          >
            <Switch />
          </FormField>
        </FormDialog>
      ) : null}
    </>
  );
}

const settingsStyle = (token: GlobalToken): CSSInterpolation => ({
  ".kit-column-settings": {
    marginTop: 8,
    padding: "8px 12px",
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    "& > ul": {
      listStyle: "none",
      margin: "0 0 8px",
      padding: 0,
      display: "grid",
      gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
      gap: "4px 16px",
    },
    "& li": { display: "flex", alignItems: "center", justifyContent: "space-between" },
  },
});

/** 列设置's panel: the table's columns shown or hidden and moved, or reset to the list's own. */
function ColumnSettings<T>({ list, id }: { list: ListState<T>; id: string }) {
  const hashId = useThemedStyle("kit-column-settings", settingsStyle);
  const { columns, set, toggle, move, saved: own } = list.layout;
  const shownCount = columns.filter((c) => !c.hidden).length;
  return (
    <div id={id} role="group" aria-label="列设置" className={`${hashId} kit-column-settings`}>
      <ul>
        {columns.map((c, i) => (
          <li key={c.spec.key}>
            <Checkbox
              checked={!c.hidden}
              // The table keeps at least one column.
              disabled={!c.hidden && shownCount === 1}
              onChange={(e) => toggle(c.spec.key, e.target.checked)}
            >
              {c.spec.title}
            </Checkbox>
            <Flex gap={2}>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label={`上移 ${c.spec.title}`}
                disabled={i === 0}
                onClick={() => move(c.spec.key, -1)}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={`下移 ${c.spec.title}`}
                disabled={i === columns.length - 1}
                onClick={() => move(c.spec.key, 1)}
              />
            </Flex>
          </li>
        ))}
      </ul>
      <Button size="small" onClick={() => set([])} disabled={own.length === 0}>
        重置
      </Button>
    </div>
  );
}

/**
 * A list's one toolbar row, as ProTable lays it out: the screen's own actions on the left (a
 * create button, the bulk bar), and on the right `right` (导出 CSV) then 视图 and 列设置 on a
 * list with views. 列设置's panel opens below the row.
 */
export function ViewBar<T>({
  list,
  left,
  right,
}: {
  list: ListState<T>;
  left?: ReactNode;
  right?: ReactNode;
}) {
  const [columnsOpen, setColumnsOpen] = useState(false);
  const panel = useId();
  const page = list.layout.list;
  if (page === undefined && !left && !right) return null;
  return (
    <>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex align="center" gap={8} wrap style={{ flex: "1 1 auto", minWidth: 0 }}>
          {left}
        </Flex>
        <Flex
          justify="flex-end"
          align="center"
          gap={8}
          wrap
          // At the row's end even when the left holds nothing (an empty Flex is not drawn).
          style={{ marginInlineStart: "auto" }}
        >
          {right}
          {page === undefined ? null : (
            <>
              <ViewMenu list={list} page={page} />
              <Button
                icon={<SettingOutlined aria-hidden />}
                aria-expanded={columnsOpen}
                aria-controls={columnsOpen ? panel : undefined}
                onClick={() => setColumnsOpen((o) => !o)}
              >
                列设置
              </Button>
            </>
          )}
        </Flex>
      </Flex>
      {columnsOpen && page !== undefined ? <ColumnSettings list={list} id={panel} /> : null}
    </>
  );
}
