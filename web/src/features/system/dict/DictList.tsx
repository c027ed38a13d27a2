/**
 * 数据字典: the generic CRUD table — filter by type, keyword and status; create, edit, enable or
 * disable, delete, one at a time or over the selected rows; an entry's details; 导出 CSV.
 */
import { PlusOutlined } from "@ant-design/icons";
import { App, Button, Flex } from "antd";
import { useState } from "react";
import { callData } from "@/lib/core";
import { ops, type DictEntry } from "@/lib/generated/ops";
import { bulkTransition } from "@/kit/bulk";
import { BulkBar } from "@/kit/BulkBar";
import { DetailDrawer } from "@/kit/DetailDrawer";
import { ExportButton } from "@/kit/ExportButton";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { writeRow } from "@/kit/queries";
import { deleteAction, RowActions, transitionActions } from "@/kit/RowActions";
import { stateFor } from "@/kit/StatusTag";
import { useList } from "@/kit/useList";
import { DICT_COLUMNS } from "@/features/system/dict/columns";
import { DictFormModal } from "@/features/system/dict/DictFormModal";

type Dialog = { kind: "closed" } | { kind: "create" } | { kind: "edit"; entry: DictEntry };

/** `save` of the entry as it is, in state `status` (the gateway's save takes the whole entry). */
const withStatus = (
  { id, version, type, key, label, value, sort, remark }: DictEntry,
  status: string,
) => ({ id, version, type, key, label, value, sort, remark, status });
const remove = ({ id, version }: DictEntry) => ({ id, version });

/** A bulk move to `to`, skipping rows the lifecycle does not allow it for. */
const bulkMove = (to: string) =>
  bulkTransition(
    "dict",
    to,
    (d: DictEntry) => d.status,
    (d) => callData(ops.dict.save, withStatus(d, to)),
  );

export function DictList() {
  const { message } = App.useApp();
  const list = useList(ops.dict.list, DICT_COLUMNS);
  const [dialog, setDialog] = useState<Dialog>({ kind: "closed" });
  const [detail, setDetail] = useState<DictEntry>();

  async function move(entry: DictEntry, to: string) {
    const saved = await writeRow(ops.dict.save, withStatus(entry, to));
    if (saved) void message.success(`已${stateFor("dict", to).label}字典项 ${entry.key}`);
    await list.refresh();
  }

  async function removeOne(entry: DictEntry) {
    if (await writeRow(ops.dict.delete, remove(entry))) {
      void message.success(`已删除字典项 ${entry.key}`);
      list.removed();
    }
    await list.refresh();
  }

  return (
    <Flex vertical gap={16}>
      <FilterForm name="dictFilter" fields={list.fields} table={list.table} />
      <Flex justify="space-between" align="center">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ kind: "create" })}
        >
          新增字典项
        </Button>
        <ExportButton list={list} base="数据字典" />
      </Flex>
      <BulkBar<DictEntry>
        selected={list.selected}
        rowLabel={(d) => `${d.type} / ${d.key}`}
        actions={[
          { key: "enable", label: "批量启用", run: bulkMove("enabled") },
          { key: "disable", label: "批量停用", run: bulkMove("disabled") },
          {
            key: "delete",
            label: "批量删除",
            danger: true,
            confirm: `删除选中的 ${list.selected.length} 个字典项？删除后不可恢复。`,
            run: async (entry) => {
              await callData(ops.dict.delete, remove(entry));
              return undefined;
            },
          },
        ]}
        onDone={() => {
          list.removed(list.selected.length);
          list.setSelected([]);
          void list.refresh();
        }}
        onClear={() => list.setSelected([])}
      />
      <ListTable<DictEntry>
        noun="字典项"
        list={list}
        rowKey="id"
        selectable
        actions={(entry) => (
          <RowActions
            actions={[
              { key: "detail", label: "详情", run: () => setDetail(entry) },
              { key: "edit", label: "编辑", run: () => setDialog({ kind: "edit", entry }) },
              ...transitionActions("dict", entry.status, `字典项 ${entry.key}`, (to) =>
                move(entry, to),
              ),
              deleteAction(`字典项 ${entry.key}`, () => removeOne(entry)),
            ]}
          />
        )}
      />
      <DetailDrawer
        row={detail}
        title={(d) => `字典项 ${d.type} / ${d.key}`}
        columns={DICT_COLUMNS}
        onClose={() => setDetail(undefined)}
      />
      {dialog.kind !== "closed" ? (
        <DictFormModal
          entry={dialog.kind === "edit" ? dialog.entry : undefined}
          type={list.table.query.filters.type}
          onCancel={() => setDialog({ kind: "closed" })}
          onSaved={(saved) => {
            setDialog({ kind: "closed" });
            void message.success(
              `已${dialog.kind === "edit" ? "保存" : "新增"}字典项 ${saved.key}`,
            );
            void list.refresh();
          }}
        />
      ) : null}
    </Flex>
  );
}
