/**
 * 新增 / 编辑字典项: type, key, label, value, sort, remark, status; saved through `dict.save` (with
 * `id` and `version` when editing). The core's `dict` rules are the
 * very ones the gateway applies. A save says so (已新增字典项 X, 已保存字典项 X) and refreshes what
 * its declaration makes stale.
 */
import { Radio } from "antd";
import { lifecycle } from "@/lib/core";
import { ops, type DictEntry } from "@/lib/generated/ops";
import { FormDialog } from "@/kit/FormDialog";
import { FormField } from "@/kit/FormField";
import { useWrite } from "@/kit/write";

interface DictFormValues {
  type: string;
  key: string;
  label: string;
  value: string;
  sort: number | null;
  remark: string;
  status: string;
}

const STATUS_OPTIONS = lifecycle("dict").states.map((s) => ({ value: s.code, label: s.label }));

export interface DictFormModalProps {
  entry?: DictEntry;
  /** A new entry's type (the current type filter). */
  type?: string;
  /** After a save (toasted and refreshed already): close. */
  onSaved: (entry: DictEntry) => void;
  onCancel: () => void;
}

const created = (saved: DictEntry) => `已新增字典项 ${saved.key}`;
const edited = (saved: DictEntry) => `已保存字典项 ${saved.key}`;

export function DictFormModal({ entry, type, onSaved, onCancel }: DictFormModalProps) {
  const save = useWrite(ops.dict.save, entry ? edited : created);
  return (
    <FormDialog<DictFormValues, DictEntry>
      title={entry ? `编辑字典项 ${entry.type} / ${entry.key}` : "新增字典项"}
      name="dictForm"
      form="dict"
      initialValues={{
        type: entry?.type ?? type ?? "",
        key: entry?.key ?? "",
        label: entry?.label ?? "",
        value: entry?.value ?? "",
        sort: entry?.sort ?? 0,
        remark: entry?.remark ?? "",
        status: entry?.status ?? "enabled",
      }}
      submit={(v) =>
        save.send({
          ...(entry ? { id: entry.id, version: entry.version } : {}),
          ...v,
          sort: v.sort ?? 0,
          remark: v.remark || undefined,
        })
      }
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <FormField name="type" />
      <FormField name="key" />
      <FormField name="label" />
      <FormField name="value" />
      <FormField name="sort" input="number" />
      <FormField name="remark" input="textarea" />
      <FormField name="status">
        <Radio.Group options={STATUS_OPTIONS} />
      </FormField>
    </FormDialog>
  );
}
