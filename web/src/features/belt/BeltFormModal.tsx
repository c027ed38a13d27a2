/**
 * 新增产业带 / 编辑产业带: name, province, city, description; saved through `belt.save` (with `id`
 * and `version` when editing). The core's `belt` form marks and checks the fields; the gateway's
 * refusals (a name taken, a stale version) show in the dialog; a save says so
 * (已新增产业带「…」 / 已保存产业带「…」) and what it makes stale is read again.
 */
import { ops, type BeltRow } from "@/lib/generated/ops";
import { FormDialog } from "@/kit/FormDialog";
import { FormField } from "@/kit/FormField";
import { useWrite } from "@/kit/write";

interface BeltFormValues {
  name: string;
  province: string;
  city: string;
  description: string;
}

export type BeltDialog = { kind: "create" } | { kind: "edit"; belt: BeltRow };

export interface BeltFormModalProps {
  dialog: BeltDialog;
  onSaved: (saved: BeltRow) => void;
  onCancel: () => void;
}

export function BeltFormModal({ dialog, onSaved, onCancel }: BeltFormModalProps) {
  const belt = dialog.kind === "edit" ? dialog.belt : undefined;
  const save = useWrite(
    ops.belt.save,
    (saved) => `已${belt ? "保存" : "新增"}产业带「${saved.name}」`,
  );
  return (
    <FormDialog<BeltFormValues, BeltRow>
      title={belt ? `编辑产业带「${belt.name}」` : "新增产业带"}
      name="beltForm"
      form="belt"
      initialValues={{
        name: belt?.name ?? "",
        province: belt?.province ?? "",
        city: belt?.city ?? "",
        description: belt?.description ?? "",
      }}
      submit={(v) =>
        save.send({
          ...(belt ? { id: belt.id, version: belt.version } : {}),
          name: v.name,
          province: v.province,
          city: v.city,
          description: v.description,
        })
      }
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <FormField name="name" />
      <FormField name="province" placeholder="如 浙江" />
      <FormField name="city" placeholder="如 义乌" />
      <FormField name="description" input="textarea" />
    </FormDialog>
  );
}
