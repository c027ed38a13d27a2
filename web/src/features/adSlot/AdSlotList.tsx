/**
 * 广告位管理: slots filtered by name or code, page and state; the paged and sortable table (its
 * view in the URL) with each slot's size, capacity and ads; 新增广告位 and 编辑 in a dialog;
 * 启用 / 停用 as the `adSlot` lifecycle allows; 删除 (asked first; a slot holding ads is refused
 * by the gateway, which names them); each name opens 广告位详情; 导出 CSV of the filtered slots.
 */
import { Flex } from "antd";
import { useState } from "react";
import { ops, type AdSlotRow } from "@/lib/generated/ops";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { useMoves } from "@/kit/moves";
import { useList } from "@/kit/useList";
import { AD_SLOT_COLUMNS, SLOT_MOVES } from "@/features/adSlot/columns";
import { SlotFormModal } from "@/features/adSlot/SlotFormModal";
import { useSlotDelete } from "@/features/adSlot/useSlotDelete";
import { CreateButton } from "@/kit/CreateButton";

/** The dialog open: a new slot, or the one being edited. */
interface Dialog {
  slot?: AdSlotRow;
}

export function AdSlotList() {
  const list = useList(ops.adSlot.list, AD_SLOT_COLUMNS);
  const moves = useMoves(SLOT_MOVES);
  const deleteSlot = useSlotDelete(list.removed);
  const [dialog, setDialog] = useState<Dialog>();

  return (
    <Flex vertical gap={16}>
      <FilterForm name="adSlotFilter" fields={list.fields} table={list.table} />
      <ListTable<AdSlotRow>
        exportAs="广告位"
        toolbar={
          <CreateButton label="新增广告位" op={ops.adSlot.save} onClick={() => setDialog({})} />
        }
        noun="广告位"
        list={list}
        rowKey="id"
        rowActions={(slot) => [
          { key: "edit", label: "编辑", op: ops.adSlot.save, run: () => setDialog({ slot }) },
          ...moves.actions(slot),
          deleteSlot(slot),
        ]}
      />
      {dialog ? (
        <SlotFormModal
          slot={dialog.slot}
          onCancel={() => setDialog(undefined)}
          onSaved={() => setDialog(undefined)}
        />
      ) : null}
    </Flex>
  );
}
