/**
 * A whole tree (roles, menus, categories) as an expanded tree table from column specs: skeleton on
 * first load, the error state with 重试, an empty state, an 操作 column.
 */
import { Empty, Table, type TableColumnsType } from "antd";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { tableColumns, type ColumnSpec } from "@/kit/columns";
import { ListError } from "@/kit/ListError";
import { Loading } from "@/kit/Loading";
import type { TreeRow } from "@/kit/trees";

export interface TreeTableProps<R extends { id: number }> {
  /** What the tree holds, for the messages (`角色`). */
  noun: string;
  /** The read of the tree (loading, error, refetch). */
  result: UseQueryResult;
  /** The tree as rows (`treeRows`). */
  rows: TreeRow<R>[];
  columns: readonly ColumnSpec<R>[];
  actions?: (row: R) => ReactNode;
  actionsWidth?: number;
}

function rowIds<R extends { id: number }>(rows: readonly TreeRow<R>[]): number[] {
  return rows.flatMap((row) => [row.id, ...rowIds(row.children ?? [])]);
}

export function TreeTable<R extends { id: number }>({
  noun,
  result,
  rows,
  columns,
  actions,
  actionsWidth,
}: TreeTableProps<R>) {
  if (result.isPending) {
    return <Loading label={`${noun}加载中`} rows={8} />;
  }
  if (result.isError) {
    return (
      <ListError
        title={`${noun}加载失败`}
        error={result.error}
        onRetry={() => void result.refetch()}
      />
    );
  }
  const antdColumns: TableColumnsType<TreeRow<R>> = tableColumns<TreeRow<R>>(columns);
  if (actions) {
    antdColumns.push({
      title: "操作",
      key: "actions",
      fixed: "right",
      width: actionsWidth,
      render: (_: unknown, row: R) => actions(row),
    });
  }
  return (
    <Table<TreeRow<R>>
      // A new tree (a node added or moved) remounts so that every row starts expanded.
      key={rowIds(rows).join(",")}
      rowKey="id"
      columns={antdColumns}
      dataSource={rows}
      loading={result.isFetching}
      pagination={false}
      size="middle"
      scroll={{ x: "max-content" }}
      expandable={{ defaultExpandAllRows: true }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${noun}`} />,
      }}
    />
  );
}
