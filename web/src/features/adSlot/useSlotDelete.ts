/**
 * 删除 of an ad slot, on the list and on its detail page: asked first, naming the slot; a slot
 * still holding ads is refused by the gateway, which counts and names them (the catalogue toasts
 * its words). The declared reads are read again; `onDeleted` is what the screen does besides.
 */
import { useCallback } from "react";
import { ops, type AdSlotRow } from "@/lib/generated/ops";
import { deleteAction, type RowAction } from "@/kit/RowActions";
import { useWrite } from "@/kit/write";

export function useSlotDelete(onDeleted?: () => void): (slot: AdSlotRow) => RowAction {
  const { run } = useWrite(ops.adSlot.delete);
  return useCallback(
    (slot: AdSlotRow) =>
      deleteAction(ops.adSlot.delete, `广告位「${slot.name}」`, async () => {
        const deleted = await run(
          { id: slot.id, version: slot.version },
          { success: `已删除广告位「${slot.name}」` },
        );
        if (deleted !== undefined) onDeleted?.();
      }),
    [run, onDeleted],
  );
}
