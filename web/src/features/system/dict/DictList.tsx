/**
 * 数据字典: the generic CRUD table — filter by type, keyword and status; create, edit, enable or
 * disable, delete; 导出 CSV. Calls `mtop.admin.dict.list | save | delete`.
 */
import { PlusOutlined } from "@ant-design/icons";
import { App, Button, Flex, Form, Input, Select, Space, Tag } from "antd";
import type { TableProps } from "antd";
import { useState } from "react";
import type { CsvColumn } from "@/features/system/csvExport";
import { DictFormModal } from "@/features/system/dict/DictFormModal";
import { DeleteButton } from "@/features/system/DeleteButton";
import { ExportButton } from "@/features/system/ExportButton";
import { FilterForm } from "@/features/system/FilterForm";
import { ListTable } from "@/features/system/ListTable";
import { useListQuery, useRefresh, writeRow } from "@/features/system/queries";
import { filterParams } from "@/features/system/tableQuery";
import { orDash } from "@/features/system/text";
import { API, STATUS_LABEL, type DictEntry, type EnabledStatus } from "@/features/system/types";
import { useTableQuery } from "@/features/system/useTableQuery";

const FILTER_KEYS = ["type", "keyword", "status"] as const;
type DictFilters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

const STATUS_OPTIONS = (Object.keys(STATUS_LABEL) as EnabledStatus[]).map((value) => ({
  value,
  label: STATUS_LABEL[value],
}));

export const DICT_CSV_COLUMNS: readonly CsvColumn<DictEntry>[] = [
  { title: "字典类型", value: (d) => d.type },
  { title: "键", value: (d) => d.key },
  { title: "标签", value: (d) => d.label },
  { title: "值", value: (d) => d.value },
  { title: "排序", value: (d) => String(d.sort) },
  { title: "备注", value: (d) => d.remark },
  { title: "状态", value: (d) => STATUS_LABEL[d.status] },
];

type Dialog = { kind: "closed" } | { kind: "create" } | { kind: "edit"; entry: DictEntry };

export function DictList() {
  const { message } = App.useApp();
  const table = useTableQuery(FILTER_KEYS);
  const list = useListQuery<DictEntry>(API.dictList, table.params);
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<Dialog>({ kind: "closed" });
  const [busyId, setBusyId] = useState<number>();
  const { query } = table;

  async function setStatus(entry: DictEntry, status: EnabledStatus) {
    setBusyId(entry.id);
    const { id, version, type, key, label, value, sort, remark } = entry;
    const saved = await writeRow<DictEntry>(API.dictSave, {
      id,
      version,
      type,
      key,
      label,
      value,
      sort,
      remark,
      status,
    });
    setBusyId(undefined);
    if (saved) void message.success(`已${STATUS_LABEL[status]}字典项 ${entry.key}`);
    await refresh(API.dictList);
  }

  async function remove(entry: DictEntry) {
    setBusyId(entry.id);
    const done = await writeRow(API.dictDelete, { id: entry.id, version: entry.version });
    setBusyId(undefined);
    if (done !== undefined) {
      void message.success(`已删除字典项 ${entry.key}`);
      if (list.data?.list.length === 1 && query.page > 1) table.setPage(query.page - 1);
    }
    await refresh(API.dictList);
  }

  const columns: NonNullable<TableProps<DictEntry>["columns"]> = [
    { title: "字典类型", dataIndex: "type", key: "type" },
    { title: "键", dataIndex: "key", key: "key" },
    { title: "标签", dataIndex: "label", key: "label" },
    { title: "值", dataIndex: "value", key: "value" },
    { title: "排序", dataIndex: "sort", key: "sort" },
    { title: "备注", dataIndex: "remark", key: "remark", render: (r: string) => orDash(r) },
    {
      title: "状态",
      dataIndex: "status",
      key: "status",
      render: (status: EnabledStatus) => (
        <Tag color={status === "enabled" ? "success" : "default"}>{STATUS_LABEL[status]}</Tag>
      ),
    },
    {
      title: "操作",
      key: "actions",
      fixed: "right",
      render: (_: unknown, entry: DictEntry) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDialog({ kind: "edit", entry })}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            loading={busyId === entry.id}
            onClick={() =>
              void setStatus(entry, entry.status === "enabled" ? "disabled" : "enabled")
            }
          >
            {entry.status === "enabled" ? "停用" : "启用"}
          </Button>
          <DeleteButton subject={`字典项 ${entry.key}`} onConfirm={() => void remove(entry)} />
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <FilterForm<DictFilters>
        key={JSON.stringify(query.filters)}
        name="dictFilter"
        initialValues={query.filters}
        onSearch={(values) => table.setFilters(values)}
        onReset={() => table.setFilters({})}
      >
        <Form.Item name="type" label="字典类型">
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="keyword" label="关键字">
          <Input allowClear placeholder="键、标签或值" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="全部" options={STATUS_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
      </FilterForm>
      <Flex justify="space-between" align="center">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ kind: "create" })}
        >
          新增字典项
        </Button>
        <ExportButton<DictEntry>
          api={API.dictList}
          filters={filterParams(query)}
          base="数据字典"
          columns={DICT_CSV_COLUMNS}
        />
      </Flex>
      <ListTable<DictEntry, (typeof FILTER_KEYS)[number]>
        noun="字典项"
        result={list}
        table={table}
        columns={columns}
        rowKey="id"
      />
      {dialog.kind !== "closed" ? (
        <DictFormModal
          entry={dialog.kind === "edit" ? dialog.entry : undefined}
          type={query.filters.type}
          onCancel={() => setDialog({ kind: "closed" })}
          onSaved={(saved) => {
            setDialog({ kind: "closed" });
            void message.success(
              `已${dialog.kind === "edit" ? "保存" : "新增"}字典项 ${saved.key}`,
            );
            void refresh(API.dictList);
          }}
        />
      ) : null}
    </Flex>
  );
}
