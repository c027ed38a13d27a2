/**
 * 数据字典: the generic CRUD table — filter by type, keyword and status; create, edit, enable or
 * disable (the core's `dict` lifecycle), delete, one at a time or over the selected rows; an
 * entry's details; 导出 CSV.
 */
import { Flex } from "antd";
import { useMemo, useState } from "react";
import { ops, type DictEntry } from "@/lib/generated/ops";
import { useAllowed } from "@/kit/access";
import { BulkBar, type BulkAction } from "@/kit/BulkBar";
import { DetailDrawer } from "@/kit/DetailDrawer";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { bulkMove, useMoves } from "@/kit/moves";
import { deleteAction } from "@/kit/RowActions";
import { useList } from "@/kit/useList";
import { useWrite } from "@/kit/write";
import { DICT_COLUMNS } from "@/features/system/dict/columns";
import { DictFormModal } from "@/features/system/dict/DictFormModal";
import { CreateButton } from "@/kit/CreateButton";

type Dialog = { kind: "closed" } | { kind: "create" } | { kind: "edit"; entry: DictEntry };

/** `字典项 reason_shop_reject`: how titles and toasts name an entry (已停用字典项 X). */
const subject = (entry: DictEntry) => `字典项 ${entry.key}`;
const removal = ({ id, version }: DictEntry) => ({ id, version });

export function DictList() {
  const list = useList(ops.dict.list, DICT_COLUMNS);
  const moves = useMoves({ entity: "dict", subject });
  const remove = useWrite(ops.dict.delete);
  const [dialog, setDialog] = useState<Dialog>({ kind: "closed" });
  const [detail, setDetail] = useState<DictEntry>();
  const count = list.selected.length;

  const bulk = useMemo(
    (): BulkAction<DictEntry>[] => [
      bulkMove(moves, "dict", "启用"),
      bulkMove(moves, "dict", "停用"),
      {
        key: "delete",
        label: "批量删除",
        op: ops.dict.delete,
        danger: true,
        confirm: `删除选中的 ${count} 个字典项？删除后不可恢复。`,
        run: async (entry) => {
          await remove.send(removal(entry), { quiet: true });
          return undefined;
        },
        refresh: remove.refresh,
      },
    ],
    [moves, remove, count],
  );
  // Rows are picked for the bulk actions: not without them (按钮权限).
  const selectable = useAllowed(bulk).length > 0;

  async function removeOne(entry: DictEntry) {
    const done = await remove.run(removal(entry), { success: `已删除${subject(entry)}` });
    if (done) list.removed();
  }

  return (
    <Flex vertical gap={16}>
      <FilterForm name="dictFilter" fields={list.fields} table={list.table} />
      <ListTable<DictEntry>
        exportAs="数据字典"
        toolbar={
          <>
            <CreateButton
              label="新增字典项"
              op={ops.dict.save}
              onClick={() => setDialog({ kind: "create" })}
            />
            <BulkBar<DictEntry>
              selected={list.selected}
              rowLabel={(d) => `${d.type} / ${d.key}`}
              actions={bulk}
              onDone={() => {
                list.removed(count);
                list.setSelected([]);
              }}
              onClear={() => list.setSelected([])}
            />
          </>
        }
        noun="字典项"
        list={list}
        rowKey="id"
        selectable={selectable}
        rowActions={(entry) => [
          { key: "detail", label: "详情", op: ops.dict.list, run: () => setDetail(entry) },
          {
            key: "edit",
            label: "编辑",
            op: ops.dict.save,
            run: () => setDialog({ kind: "edit", entry }),
          },
          ...moves.actions(entry),
          deleteAction(ops.dict.delete, subject(entry), () => removeOne(entry)),
        ]}
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
          onSaved={() => setDialog({ kind: "closed" })}
        />
      ) : null}
    </Flex>
  );
}
