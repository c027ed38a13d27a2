/**
 * 新增广告位 / 编辑广告位: name, code, page (the core's `slotPage` choices), width, height and
 * capacity; saved through `adSlot.save` (with `id` and `version` when editing). The core's `adSlot`
 * form marks and checks the fields; the gateway's refusals (a code already taken, a stale version)
 * show in the dialog, what was typed kept; a save says so (`已新增广告位「…」`).
 */
import { Select } from "antd";
import { ops, type AdSlotRow } from "@/lib/generated/ops";
import { FormDialog } from "@/kit/FormDialog";
import { FormField } from "@/kit/FormField";
import { useWrite } from "@/kit/write";
import { SLOT_PAGES } from "@/features/adSlot/columns";

interface SlotFormValues {
  name: string;
  code: string;
  page: string | undefined;
  width: number | null;
  height: number | null;
  maxAds: number | null;
}

const PAGE_OPTIONS = SLOT_PAGES.map((choice) => ({ value: choice.value, label: choice.label }));

export interface SlotFormModalProps {
  /** The slot to edit; none to create one. */
  slot?: AdSlotRow;
  /** After the save (its toast and the reads it makes stale are the write's). */
  onSaved: (saved: AdSlotRow) => void;
  onCancel: () => void;
}

export function SlotFormModal({ slot, onSaved, onCancel }: SlotFormModalProps) {
  const save = useWrite(
    ops.adSlot.save,
    (saved) => `已${slot ? "保存" : "新增"}广告位「${saved.name}」`,
  );
  return (
    <FormDialog<SlotFormValues, AdSlotRow>
      title={slot ? `编辑广告位「${slot.name}」` : "新增广告位"}
      name="adSlotForm"
      form="adSlot"
      initialValues={{
        name: slot?.name ?? "",
        code: slot?.code ?? "",
        page: slot?.page,
        width: slot?.width ?? null,
        height: slot?.height ?? null,
        maxAds: slot?.maxAds ?? null,
      }}
      submit={(v) =>
        save.send({
          ...(slot ? { id: slot.id, version: slot.version } : {}),
          name: v.name,
          code: v.code,
          page: v.page ?? "",
          width: v.width ?? 0,
          height: v.height ?? 0,
          maxAds: v.maxAds ?? 0,
        })
      }
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <FormField name="name" placeholder="如：首页轮播" />
      <FormField name="code" placeholder="如：home_banner" />
      <FormField name="page">
        <Select options={PAGE_OPTIONS} placeholder="请选择" />
      </FormField>
      <FormField name="width" input="number" />
      <FormField name="height" input="number" />
      <FormField name="maxAds" input="number" />
    </FormDialog>
  );
}
