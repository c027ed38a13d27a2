/**
 * 广告管理: ads filtered by title, slot, the state they show (已排期 / 投放中 / 已过期 / 已停用,
 * lifecycle `adState`) and the period they run in, paged and sorted by the server, all of it in
 * the URL; 导出 CSV of the filtered ads; 新增广告 and 编辑 in a dialog; 启用 / 停用 as lifecycle
 * `ad` allows; 删除 (asked first, naming the ad). Enabling past the slot's capacity is refused by
 * the gateway with the period it would overfill: that refusal is shown in a dialog, and the ad
 * stays disabled.
 */
import { Flex } from "antd";
import { useMemo, useState } from "react";
import { ops, type AdRow } from "@/lib/generated/ops";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { useMoves, type MoveSpec } from "@/kit/moves";
import { useOpQuery } from "@/kit/queries";
import { deleteAction } from "@/kit/RowActions";
import { useList } from "@/kit/useList";
import { useWrite } from "@/kit/write";
import { AdFormModal, type AdDialog } from "@/features/ad/AdFormModal";
import { adColumns } from "@/features/ad/columns";
import { CreateButton } from "@/kit/CreateButton";

/** Every slot, for the slot filter and the dialog's slot picker (a page of the most there are). */
const ALL_SLOTS = { page: 1, pageSize: 100 } as const;

/**
 * An ad's switch (lifecycle `ad`): `已启用广告「…」`; 停用 says what it means (the core's words). A
 * refusal — past the slot's capacity, the gateway names the period — stays readable in a dialog.
 */
const AD_MOVES: MoveSpec<AdRow> = {
  entity: "ad",
  subject: (ad) => `广告「${ad.title}」`,
  refusal: "dialog",
};

export function AdList() {
  const slots = useOpQuery(ops.adSlot.list, ALL_SLOTS);
  const slotRows = useMemo(() => slots.data?.list ?? [], [slots.data]);
  const columns = useMemo(() => adColumns(slotRows), [slotRows]);
  const list = useList(ops.ad.list, columns);
  const moves = useMoves(AD_MOVES);
  const deleting = useWrite(ops.ad.delete);
  const [dialog, setDialog] = useState<AdDialog>();

  /** 删除 with the version read (a refusal: the catalogue's toast); the list is read again. */
  async function remove(ad: AdRow) {
    const deleted = await deleting.run(
      { id: ad.id, version: ad.version },
      { success: `已删除广告「${ad.title}」` },
    );
    if (deleted !== undefined) list.removed();
  }

  return (
    <Flex vertical gap={16}>
      <FilterForm name="adFilter" fields={list.fields} table={list.table} />
      <ListTable<AdRow>
        exportAs="广告"
        toolbar={
          <CreateButton
            label="新增广告"
            op={ops.ad.save}
            onClick={() => setDialog({ kind: "create" })}
          />
        }
        noun="广告"
        list={list}
        rowKey="id"
        rowActions={(ad) => [
          {
            key: "edit",
            label: "编辑",
            op: ops.ad.save,
            run: () => setDialog({ kind: "edit", ad }),
          },
          ...moves.actions(ad),
          deleteAction(ops.ad.delete, `广告「${ad.title}」`, () => remove(ad)),
        ]}
      />
      {dialog ? (
        <AdFormModal
          dialog={dialog}
          slots={slotRows}
          onCancel={() => setDialog(undefined)}
          onSaved={() => setDialog(undefined)}
        />
      ) : null}
    </Flex>
  );
}
