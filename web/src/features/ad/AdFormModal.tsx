/**
 * 新增广告 / 编辑广告: the slot, the title, the image (cropped in the browser to the slot's
 * proportions, then uploaded), what it links to — a web address, or a shop or product picked by
 * name — and the period. Saved through `ad.save` (with `id` and `version` when editing); the link's
 * shop or product goes as its id in text (`linkTarget`). The core's `ad` form marks and checks the
 * fields, its cross rules included (the address's shape for a web link, the end after the start);
 * the gateway's refusals show in the dialog. A new ad starts disabled.
 */
import { Form, Radio, Select } from "antd";
import { validate } from "@/lib/core";
import { ops, type AdRow, type AdSaveParams, type AdSlotRow } from "@/lib/generated/ops";
import { FormDialog } from "@/kit/FormDialog";
import { FormField } from "@/kit/FormField";
import { ImageUpload } from "@/kit/ImageUpload";
import { PickSelect } from "@/kit/PickSelect";
import { TimeField } from "@/kit/TimeField";
import { useWrite } from "@/kit/write";
import { LINK_TYPES, slotLabel } from "@/features/ad/columns";

/** The form's values: the picked shop or product is a number until it is sent. */
export interface AdFormValues {
  slotId?: number;
  title: string;
  image: string;
  linkType: string;
  linkTarget?: string | number | null;
  startAt?: number | null;
  endAt?: number | null;
}

export type AdDialog = { kind: "create" } | { kind: "edit"; ad: AdRow };

/** The link types as radio options, as the core labels them. */
const LINK_OPTIONS = LINK_TYPES.map((choice) => ({ value: choice.value, label: choice.label }));

/** What a picker of `linkType` is called (`链接店铺`). */
function pickerLabel(linkType: string): string {
  return `链接${LINK_TYPES.find((choice) => choice.value === linkType)?.label ?? ""}`;
}

/** The values as `ad.save` takes them (what is missing left out, for the core to name). */
export function adSaveParams(values: AdFormValues, ad?: AdRow): Partial<AdSaveParams> {
  const { linkTarget, startAt, endAt, slotId } = values;
  return {
    ...(ad ? { id: ad.id, version: ad.version } : {}),
    ...(slotId !== undefined ? { slotId } : {}),
    title: values.title,
    image: values.image,
    linkType: values.linkType,
    linkTarget: linkTarget === undefined || linkTarget === null ? "" : String(linkTarget),
    ...(startAt !== undefined && startAt !== null ? { startAt } : {}),
    ...(endAt !== undefined && endAt !== null ? { endAt } : {}),
  };
}

export interface AdFormModalProps {
  dialog: AdDialog;
  /** The slots to choose from (their sizes give the image's proportions). */
  slots: readonly AdSlotRow[];
  /** After the save (its toast and the reads it makes stale are the write's). */
  onSaved: (saved: AdRow) => void;
  onCancel: () => void;
}

export function AdFormModal({ dialog, slots, onSaved, onCancel }: AdFormModalProps) {
  const ad = dialog.kind === "edit" ? dialog.ad : undefined;
  const save = useWrite(ops.ad.save, (saved) => {
    // A new ad starts switched off (lifecycle `ad`): say how it will show.
    const off = saved.status === "disabled" ? "，启用后按投放时间展示" : "";
    return `${ad ? "已保存" : "已新增"}广告「${saved.title}」${off}`;
  });
  return (
    <FormDialog<AdFormValues, AdRow>
      title={ad ? `编辑广告「${ad.title}」` : "新增广告"}
      name="adForm"
      form="ad"
      width={640}
      initialValues={{
        slotId: ad?.slotId,
        title: ad?.title ?? "",
        image: ad?.image ?? "",
        linkType: ad?.linkType ?? "url",
        linkTarget: ad
          ? ad.linkType === "url"
            ? ad.linkTarget
            : Number(ad.linkTarget)
          : undefined,
        startAt: ad?.startAt ?? null,
        endAt: ad?.endAt ?? null,
      }}
      validate={(values) => validate("ad", adSaveParams(values, ad))}
      // Checked by the core just before: every field is there.
      submit={(values) => save.send(adSaveParams(values, ad) as AdSaveParams)}
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <AdFields ad={ad} slots={slots} />
    </FormDialog>
  );
}

/** The fields, inside the dialog's form: the image follows the slot, the target the link type. */
function AdFields({ ad, slots }: { ad: AdRow | undefined; slots: readonly AdSlotRow[] }) {
  const form = Form.useFormInstance<AdFormValues>();
  const slotId = Form.useWatch("slotId", form) ?? ad?.slotId;
  // Undefined until the form has registered its fields (the first render).
  const watched = Form.useWatch<string | undefined>("linkType", form);
  const linkType = watched ?? ad?.linkType ?? "url";
  const slot = slots.find((s) => s.id === slotId);
  const aspect = slot ? slot.width / slot.height : undefined;
  // The ad's own target, named, while its link type is the one chosen.
  const initial =
    ad?.linkType === linkType && linkType !== "url"
      ? { id: Number(ad.linkTarget), name: ad.linkLabel }
      : undefined;

  return (
    <>
      <FormField name="slotId">
        <Select
          showSearch={{ optionFilterProp: "label" }}
          placeholder="选择广告位"
          options={slots.map((s) => ({ value: s.id, label: slotLabel(s) }))}
        />
      </FormField>
      <FormField name="title" placeholder="如：双11 家居节" />
      <FormField name="image" hint={slot ? undefined : "先选择广告位，按其比例裁剪"}>
        <ImageUpload label="广告图片" aspect={aspect} url={ad?.imageUrl ?? null} />
      </FormField>
      <FormField name="linkType">
        <Radio.Group
          options={LINK_OPTIONS}
          // Another kind of target: the one picked or typed for the last kind does not carry over.
          onChange={() => form.setFieldValue("linkTarget", undefined)}
        />
      </FormField>
      {linkType !== "shop" && linkType !== "product" ? (
        <FormField key="url" name="linkTarget" label="链接网址" placeholder="https://" />
      ) : (
        <FormField key={linkType} name="linkTarget" label={pickerLabel(linkType)}>
          <PickSelect
            op={ops.ad.targets}
            kind={linkType}
            initial={initial}
            aria-label={pickerLabel(linkType)}
          />
        </FormField>
      )}
      <FormField name="startAt">
        <TimeField />
      </FormField>
      <FormField name="endAt">
        <TimeField />
      </FormField>
    </>
  );
}
