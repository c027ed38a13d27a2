/**
 * 产业带: industrial belts filtered by name and province (in the URL), with their city, shop count
 * and description; sortable by name and shop count; 导出 CSV of the filtered belts. The owners of
 * the 产业带 menu (see `useMayManageBelts`) open a belt's 详情 with its shops, add and edit belts,
 * and delete one (asked first; a belt with shops is refused by the gateway, which counts them);
 * anyone else sees the list only. 新增, 编辑 and 删除 show only to a user who may call them too
 * (按钮权限).
 */
import { Flex } from "antd";
import { useState } from "react";
import { ops, type BeltRow } from "@/lib/generated/ops";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { deleteAction } from "@/kit/RowActions";
import { useList } from "@/kit/useList";
import { useWrite } from "@/kit/write";
import { useMayManageBelts } from "@/features/belt/access";
import { useBeltColumns } from "@/features/belt/useBeltColumns";
import { BeltDetailModal } from "@/features/belt/BeltDetailModal";
import { BeltFormModal, type BeltDialog } from "@/features/belt/BeltFormModal";
import { CreateButton } from "@/kit/CreateButton";

export function BeltList() {
  const list = useList(ops.belt.list, useBeltColumns());
  const mayManage = useMayManageBelts();
  const [details, setDetails] = useState<BeltRow>();
  const [dialog, setDialog] = useState<BeltDialog>();
  const deleting = useWrite(ops.belt.delete);

  /** 删除 with the version read (a refusal: the catalogue's toast); the list is read again. */
  async function remove(belt: BeltRow) {
    const deleted = await deleting.run(
      { id: belt.id, version: belt.version },
      { success: `已删除产业带「${belt.name}」` },
    );
    if (deleted !== undefined) list.removed();
  }

  return (
    <Flex vertical gap={16}>
      <FilterForm name="beltFilter" fields={list.fields} table={list.table} />
      <ListTable<BeltRow>
        exportAs="产业带"
        toolbar={
          mayManage ? (
            <CreateButton
              label="新增产业带"
              op={ops.belt.save}
              onClick={() => setDialog({ kind: "create" })}
            />
          ) : null
        }
        noun="产业带"
        list={list}
        rowKey="id"
        rowActions={
          mayManage
            ? (belt) => [
                { key: "details", label: "详情", op: ops.belt.detail, run: () => setDetails(belt) },
                {
                  key: "edit",
                  label: "编辑",
                  op: ops.belt.save,
                  run: () => setDialog({ kind: "edit", belt }),
                },
                deleteAction(ops.belt.delete, `产业带「${belt.name}」`, () => remove(belt)),
              ]
            : undefined
        }
      />
      {details ? <BeltDetailModal belt={details} onClose={() => setDetails(undefined)} /> : null}
      {dialog ? (
        <BeltFormModal
          dialog={dialog}
          onCancel={() => setDialog(undefined)}
          onSaved={() => setDialog(undefined)}
        />
      ) : null}
    </Flex>
  );
}
