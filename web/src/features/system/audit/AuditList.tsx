/**
 * 操作日志: who did what, newest first; filter by operator, operation (`api`) and time range (kept
 * in the URL, `from`/`to` as epoch ms); a row's details; 导出 CSV of the filtered rows.
 */
import { Flex, Typography } from "antd";
import { useState } from "react";
import { formatTimestamp } from "@/lib/core";
import { ops, type AuditEntry } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { DetailDrawer } from "@/kit/DetailDrawer";
import { ExportButton } from "@/kit/ExportButton";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { RowActions } from "@/kit/RowActions";
import { useList } from "@/kit/useList";

export const AUDIT_COLUMNS: readonly ColumnSpec<AuditEntry>[] = [
  {
    key: "at",
    title: "时间",
    value: (a) => formatTimestamp(a.at),
    nowrap: true,
    filter: { kind: "dateRange", keys: ["from", "to"] },
  },
  {
    key: "username",
    title: "操作人",
    filter: { kind: "text", placeholder: "用户名，包含" },
  },
  {
    key: "api",
    title: "接口",
    render: (a) => <Typography.Text code>{a.api}</Typography.Text>,
    filter: { kind: "text", placeholder: "接口名，包含", width: 220 },
  },
  { key: "summary", title: "摘要" },
  { key: "targetId", title: "目标ID" },
  { key: "ip", title: "IP" },
];

export function AuditList() {
  const list = useList(ops.audit.list, AUDIT_COLUMNS);
  const [detail, setDetail] = useState<AuditEntry>();
  return (
    <Flex vertical gap={16}>
      <FilterForm name="auditFilter" fields={list.fields} table={list.table} />
      <Flex justify="flex-end">
        <ExportButton list={list} base="操作日志" />
      </Flex>
      <ListTable<AuditEntry>
        noun="操作日志"
        list={list}
        rowKey="id"
        actions={(entry) => (
          <RowActions actions={[{ key: "detail", label: "详情", run: () => setDetail(entry) }]} />
        )}
      />
      <DetailDrawer
        row={detail}
        title={(a) => `操作日志 #${a.id}`}
        columns={AUDIT_COLUMNS}
        onClose={() => setDetail(undefined)}
      />
    </Flex>
  );
}
