/**
 * 新增推荐商家 / 编辑推荐: the shop (picked among active shops: `recommend.candidates`), why it is
 * recommended, and its period; saved through `recommend.save` (with `id` and `version` when
 * editing). The core's `recommend` form marks and checks the fields (the end after the start); the
 * gateway's refusals (a shop no longer active, the shop already recommended in an overlapping
 * period, a stale version) show in the dialog, what was typed kept.
 */
import { ops, type RecommendRow } from "@/lib/generated/ops";
import { FormDialog } from "@/kit/FormDialog";
import { FormField } from "@/kit/FormField";
import { PickSelect } from "@/kit/PickSelect";
import { TimeField } from "@/kit/TimeField";
import { useWrite } from "@/kit/write";

interface RecommendFormValues {
  shopId?: number;
  reason: string;
  startAt?: number;
  endAt?: number;
}

const MINUTE = 60_000;
/** A new recommendation's period unless the operator changes it: from now, for 30 days. */
const DEFAULT_DAYS = 30;

export type RecommendDialog = { kind: "create" } | { kind: "edit"; row: RecommendRow };

export interface RecommendFormModalProps {
  dialog: RecommendDialog;
  /** After the save (its toast and the reads it makes stale are the write's). */
  onSaved: (saved: RecommendRow) => void;
  onCancel: () => void;
}

function initialOf(dialog: RecommendDialog): RecommendFormValues {
  if (dialog.kind === "edit") {
    const { shopId, reason, startAt, endAt } = dialog.row;
    return { shopId, reason, startAt, endAt };
  }
  const start = Math.floor(Date.now() / MINUTE) * MINUTE;
  return { reason: "", startAt: start, endAt: start + DEFAULT_DAYS * 24 * 60 * MINUTE };
}

export function RecommendFormModal({ dialog, onSaved, onCancel }: RecommendFormModalProps) {
  const row = dialog.kind === "edit" ? dialog.row : undefined;
  const save = useWrite(
    ops.recommend.save,
    (saved) => `已${row ? "保存" : "新增"}推荐「${saved.shopName}」`,
  );
  return (
    <FormDialog<RecommendFormValues, RecommendRow>
      title={row ? `编辑推荐「${row.shopName}」` : "新增推荐商家"}
      name="recommendForm"
      form="recommend"
      initialValues={initialOf(dialog)}
      submit={(v) =>
        save.send({
          ...(row ? { id: row.id, version: row.version } : {}),
          shopId: v.shopId ?? 0,
          reason: v.reason.trim(),
          startAt: v.startAt ?? 0,
          endAt: v.endAt ?? 0,
        })
      }
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <FormField name="shopId" hint="只能推荐营业中的店铺">
        <PickSelect
          op={ops.recommend.candidates}
          kind="shop"
          initial={row ? { id: row.shopId, name: row.shopName } : undefined}
          placeholder="搜索营业中的店铺"
        />
      </FormField>
      <FormField name="reason" />
      <FormField name="startAt">
        <TimeField />
      </FormField>
      <FormField name="endAt">
        <TimeField />
      </FormField>
    </FormDialog>
  );
}
