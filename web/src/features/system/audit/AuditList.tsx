/**
 * 操作日志: who did what, newest first; filter by operator, operation (`api`) and time range; the
 * view lives in the URL (`from`/`to` as epoch ms); 导出 CSV of the filtered rows.
 */
import { DatePicker, Flex, Form, Input, Typography, type TableProps } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { formatTimestamp } from "@/lib/core";
import type { CsvColumn } from "@/features/system/csvExport";
import { ExportButton } from "@/features/system/ExportButton";
import { FilterForm } from "@/features/system/FilterForm";
import { ListTable } from "@/features/system/ListTable";
import { useListQuery } from "@/features/system/queries";
import { filterParams } from "@/features/system/tableQuery";
import { orDash } from "@/features/system/text";
import { API, type AuditLog } from "@/features/system/types";
import { useTableQuery } from "@/features/system/useTableQuery";

const FILTER_KEYS = ["username", "api", "from", "to"] as const;
type AuditFilters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

interface AuditFilterValues {
  username?: string;
  api?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The URL's filters as the form's values. */
function toFormValues(filters: AuditFilters): AuditFilterValues {
  const from = Number(filters.from);
  const to = Number(filters.to);
  return {
    username: filters.username,
    api: filters.api,
    range:
      filters.from && filters.to && Number.isFinite(from) && Number.isFinite(to)
        ? [dayjs(from), dayjs(to)]
        : null,
  };
}

/** The form's values as the URL's filters: whole days, start of the first to end of the last. */
function toFilters(values: AuditFilterValues): AuditFilters {
  const [start, end] = values.range ?? [null, null];
  return {
    username: values.username,
    api: values.api,
    from: start ? String(start.startOf("day").valueOf()) : undefined,
    to: end ? String(end.endOf("day").valueOf()) : undefined,
  };
}

export const AUDIT_CSV_COLUMNS: readonly CsvColumn<AuditLog>[] = [
  { title: "时间", value: (a) => formatTimestamp(a.at) },
  { title: "操作人", value: (a) => a.username },
  { title: "接口", value: (a) => a.api },
  { title: "摘要", value: (a) => a.summary },
  { title: "目标ID", value: (a) => (a.targetId === null ? "" : String(a.targetId)) },
  { title: "IP", value: (a) => a.ip },
];

/** Quick ranges, relative to today (computed when the picker renders). */
function presets(): { label: string; value: [Dayjs, Dayjs] }[] {
  const today = dayjs();
  return [
    { label: "今天", value: [today.startOf("day"), today.endOf("day")] },
    { label: "最近7天", value: [today.subtract(6, "day").startOf("day"), today.endOf("day")] },
    { label: "最近30天", value: [today.subtract(29, "day").startOf("day"), today.endOf("day")] },
  ];
}

const columns: NonNullable<TableProps<AuditLog>["columns"]> = [
  {
    title: "时间",
    dataIndex: "at",
    key: "at",
    render: (at: number) => <span style={{ whiteSpace: "nowrap" }}>{formatTimestamp(at)}</span>,
  },
  { title: "操作人", dataIndex: "username", key: "username" },
  {
    title: "接口",
    dataIndex: "api",
    key: "api",
    render: (api: string) => <Typography.Text code>{api}</Typography.Text>,
  },
  { title: "摘要", dataIndex: "summary", key: "summary" },
  {
    title: "目标ID",
    dataIndex: "targetId",
    key: "targetId",
    render: (id: number | null) => id ?? "-",
  },
  { title: "IP", dataIndex: "ip", key: "ip", render: (ip: string) => orDash(ip) },
];

export function AuditList() {
  const table = useTableQuery(FILTER_KEYS);
  const list = useListQuery<AuditLog>(API.auditList, table.params);
  const { query } = table;

  return (
    <Flex vertical gap={16}>
      <FilterForm<AuditFilterValues>
        key={JSON.stringify(query.filters)}
        name="auditFilter"
        initialValues={toFormValues(query.filters)}
        onSearch={(values) => table.setFilters(toFilters(values))}
        onReset={() => table.setFilters({})}
      >
        <Form.Item name="username" label="操作人">
          <Input allowClear placeholder="用户名，包含" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="api" label="接口">
          <Input allowClear placeholder="接口名，包含" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="range" label="时间">
          <DatePicker.RangePicker allowEmpty={[false, false]} presets={presets()} />
        </Form.Item>
      </FilterForm>
      <Flex justify="flex-end">
        <ExportButton<AuditLog>
          api={API.auditList}
          filters={filterParams(query)}
          base="操作日志"
          columns={AUDIT_CSV_COLUMNS}
        />
      </Flex>
      <ListTable<AuditLog, (typeof FILTER_KEYS)[number]>
        noun="操作日志"
        result={list}
        table={table}
        columns={columns}
        rowKey="id"
      />
    </Flex>
  );
}
