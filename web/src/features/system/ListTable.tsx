/**
 * A server-paged list: a skeleton while the first page loads, the error state with a retry, and
 * antd's Table with paging and sort driven by the URL state (useTableQuery).
 */
import { Empty, Skeleton, Table, type TableProps } from "antd";
import type { UseQueryResult } from "@tanstack/react-query";
import { ListError } from "@/features/system/ListError";
import { PAGE_SIZES, type TableQuery } from "@/features/system/tableQuery";
import type { TableQueryState } from "@/features/system/useTableQuery";
import type { Page } from "@/features/system/types";

export interface ListTableProps<T extends object, K extends string> {
  /** What the list holds, for the messages (`系统用户`). */
  noun: string;
  result: UseQueryResult<Page<T>>;
  table: TableQueryState<K>;
  columns: NonNullable<TableProps<T>["columns"]>;
  rowKey: keyof T & string;
}

/** A column's controlled sort state from the URL. */
export function sortOrderOf(query: TableQuery, key: string): "ascend" | "descend" | null {
  return query.sortField === key ? (query.sortOrder ?? null) : null;
}

export function ListTable<T extends object, K extends string>({
  noun,
  result,
  table,
  columns,
  rowKey,
}: ListTableProps<T, K>) {
  const { data, error, isPending, isFetching, refetch } = result;
  if (isPending) {
    return (
      <div aria-busy="true" aria-label={`${noun}加载中`}>
        <Skeleton active title={false} paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (error && !data) {
    return <ListError title={`${noun}加载失败`} error={error} onRetry={() => void refetch()} />;
  }
  const filtered = Object.keys(table.query.filters).length > 0;
  return (
    <>
      {error ? (
        <div style={{ marginBottom: 16 }}>
          <ListError title={`${noun}加载失败`} error={error} onRetry={() => void refetch()} />
        </div>
      ) : null}
      <Table<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={data.list}
        loading={isFetching}
        onChange={table.onTableChange as TableProps<T>["onChange"]}
        scroll={{ x: "max-content" }}
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
    </>
  );
}
