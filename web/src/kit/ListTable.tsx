/**
 * A server-paged list from column specs: a skeleton while the first page loads, the error state
 * with 重试, an empty state, antd's Table with paging and sort driven by the URL, an 操作 column,
 * and row selection for bulk actions. Above it one toolbar row (kit/views.tsx's ViewBar): the
 * screen's actions on the left; 导出 CSV, 视图 and 列设置 on the right. The table shows the
 * columns the operator laid out.
 */
import { Empty, Grid, Table, type TableProps } from "antd";
import { useCallback, useMemo, useRef, type Key, type ReactNode } from "react";
import { useMay } from "@/kit/access";
import { tableColumns } from "@/kit/columns";
import { ExportButton } from "@/kit/ExportButton";
import { ListError } from "@/kit/ListError";
import { RowActions, type RowAction } from "@/kit/RowActions";
import { Loading } from "@/kit/Loading";
import { PAGE_SIZES } from "@/kit/tableQuery";
import type { ListState } from "@/kit/useList";
import { useReviewKeys, type Review } from "@/kit/reviewKeys";
import { ViewBar } from "@/kit/views";

export interface ListTableProps<T extends object> {
  /** What the list holds, for the messages (`系统用户`). */
  noun: string;
  list: ListState<T>;
  rowKey: keyof T & string;
  /**
   * The row's actions, in an 操作 column (kit/RowActions). Pass a function that stays the same
   * between renders (a lifecycle's `moves.actions`): the column's cells are then drawn again only
   * when their row changes, not on every render of the list (a 查询, a selection). A page of
   * rows none of which offers this user an action (按钮权限) has no 操作 column.
   */
  rowActions?: (row: T) => readonly RowAction[];
  /** An 操作 column drawn by the screen itself, where a row shows more than its actions. */
  actions?: (row: T) => ReactNode;
  /** Rows can be selected (for a BulkBar). */
  selectable?: boolean;
  /** A review queue: reviewed by keyboard (kit/reviewKeys.tsx). */
  review?: Review<T>;
  /** The screen's own actions, on the left of the toolbar row (新增…, the bulk bar). */
  toolbar?: ReactNode;
  /** 导出 CSV of the filtered rows, on the right of the toolbar row, under this file name. */
  exportAs?: string;
  /** The bulk bar, between the toolbar and the rows, where the toolbar's left is taken. */
  selection?: ReactNode;
}

export function ListTable<T extends object>(props: ListTableProps<T>) {
  const { list, toolbar, exportAs, selection } = props;
  return (
    <>
      <ViewBar
        list={list}
        left={toolbar}
        right={exportAs ? <ExportButton list={list} base={exportAs} /> : undefined}
      />
      {selection}
      <ListBody {...props} />
    </>
  );
}

/**
 * One cell renderer per actions function, the same on every draw: rc-table draws a cell again only
 * when its row or its renderer changes (as kit/columns does for the other columns).
 */
const actionCells = new WeakMap<object, (value: unknown, row: never) => ReactNode>();

function actionCell<T>(
  rowActions: ((row: T) => readonly RowAction[]) | undefined,
  actions: ((row: T) => ReactNode) | undefined,
): ((value: unknown, row: T) => ReactNode) | undefined {
  if (rowActions === undefined) return actions && ((_: unknown, row: T) => actions(row));
  let render = actionCells.get(rowActions) as ((value: unknown, row: T) => ReactNode) | undefined;
  if (render === undefined) {
    render = (_: unknown, row: T) => <RowActions actions={rowActions(row)} />;
    actionCells.set(rowActions, render);
  }
  return render;
}

function ListBody<T extends object>({
  noun,
  list,
  rowKey,
  rowActions,
  actions,
  selectable,
  review,
}: ListTableProps<T>) {
  const { data, error, isPending, isFetching, refetch } = list.result;
  const may = useMay();
  const phone = Grid.useBreakpoint().md === false;
  const { table } = list;
  const container = useRef<HTMLDivElement>(null);
  const keys = useReviewKeys(review, data?.list, rowKey, container);
  // The selection's keys and handler stay the same objects while the selection does: antd draws
  // every row's checkbox again when they change.
  const { selected, setSelected } = list;
  const selectedKeys = useMemo(() => selected.map((row) => row[rowKey] as Key), [selected, rowKey]);
  const onSelect = useCallback((_keys: Key[], rows: T[]) => setSelected(rows), [setSelected]);
  const rowSelection = useMemo(
    () => (selectable ? { selectedRowKeys: selectedKeys, onChange: onSelect } : undefined),
    [selectable, selectedKeys, onSelect],
  );
  if (isPending) {
    return <Loading label={`${noun}加载中`} rows={8} />;
  }
  const failed = (
    <ListError title={`${noun}加载失败`} error={error} onRetry={() => void refetch()} />
  );
  if (error && !data) return failed;
  const filtered = Object.keys(table.query.filters).length > 0;
  const columns = tableColumns(list.layout.shown, table.query);
  const renderActions = actionCell(rowActions, actions);
  const offered =
    rowActions === undefined ||
    data.list.some((row) => rowActions(row).some((action) => may(action.op, action.creates)));
  if (renderActions && offered) {
    columns.push({
      title: "操作",
      key: "actions",
      // antd's own sticky column: the actions stay in view however wide the row, on a cell
      // background antd paints in every row state (hover, selected, dark).
      // On a phone it scrolls with the row: fixed, it would cover most of the row's content.
      fixed: phone ? undefined : "right",
      className: "kit-actions",
      render: renderActions,
    });
  }
  return (
    <div ref={container} onKeyDown={keys.onKeyDown}>
      {error ? <div style={{ marginBottom: 16 }}>{failed}</div> : null}
      {keys.help}
      <Table<T>
        className="kit-list-table"
        // Denser rows than antd's default: five and more in view at 1280×720.
        size="middle"
        rowKey={rowKey}
        columns={columns}
        dataSource={data.list}
        loading={isFetching}
        onChange={table.onTableChange as TableProps<T>["onChange"]}
        onRow={keys.onRow}
        // Wide tables scroll inside their container (global.css), not through antd's `scroll.x`:
        // that adds a measuring row, aria-hidden, holding a copy of the select-all checkbox, which
        // axe rightly flags (aria-hidden-focus).
        rowSelection={rowSelection}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={filtered ? `没有符合条件的${noun}` : `暂无${noun}`}
            />
          ),
        }}
        pagination={{
          current: table.query.page,
          pageSize: table.query.pageSize,
          total: data.total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => `共 ${total} 条`,
        }}
      />
    </div>
  );
}
