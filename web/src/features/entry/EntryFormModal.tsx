/**
 * 新增功能入口 / 编辑功能入口: name, icon, link, shown or hidden; saved through `entry.save` (with
 * `id` and `version` when editing). The core's `entry` form marks and checks the fields — the
 * icon is one of the icons it allows (offered as a Select, each drawn), the link an app path or
 * an http(s) address; the gateway's refusals (a name taken, a stale version) show in the dialog.
 */
import { Radio, Select } from "antd";
import { useMemo } from "react";
import { rules } from "@/lib/core";
import { ops, type EntryRow } from "@/lib/generated/ops";
import { FormDialog } from "@/kit/FormDialog";
import { FormField } from "@/kit/FormField";
import { useWrite } from "@/kit/write";
import { IconName, VISIBLE_OPTIONS } from "@/features/entry/columns";

interface EntryFormValues {
  name: string;
  icon: string | undefined;
  link: string;
  visible: number;
}

export type EntryDialog = { kind: "create" } | { kind: "edit"; entry: EntryRow };

export interface EntryFormModalProps {
  dialog: EntryDialog;
  /** After the save (its toast and the reads it makes stale are the write's). */
  onSaved: (saved: EntryRow) => void;
  onCancel: () => void;
}

/** The icons the core's `entry` form allows. */
export function entryIcons(): string[] {
  return rules("entry").fields.find((f) => f.field === "icon")?.options ?? [];
}

export function EntryFormModal({ dialog, onSaved, onCancel }: EntryFormModalProps) {
  const entry = dialog.kind === "edit" ? dialog.entry : undefined;
  const save = useWrite(
    ops.entry.save,
    (saved) => `已${entry ? "保存" : "新增"}功能入口「${saved.name}」`,
  );
  const icons = useMemo(
    () =>
      entryIcons().map((icon) => ({ value: icon, title: icon, label: <IconName icon={icon} /> })),
    [],
  );
  return (
    <FormDialog<EntryFormValues, EntryRow>
      title={entry ? `编辑功能入口「${entry.name}」` : "新增功能入口"}
      name="entryForm"
      form="entry"
      initialValues={{
        name: entry?.name ?? "",
        icon: entry?.icon,
        link: entry?.link ?? "",
        visible: entry?.visible ?? 1,
      }}
      submit={(v) =>
        save.send({
          ...(entry ? { id: entry.id, version: entry.version } : {}),
          name: v.name,
          icon: v.icon ?? "",
          link: v.link,
          visible: v.visible,
        })
      }
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <FormField name="name" />
      <FormField name="icon">
        <Select
          aria-label="图标"
          placeholder="选择图标"
          showSearch={{ optionFilterProp: "value" }}
          options={icons}
        />
      </FormField>
      <FormField name="link" placeholder="/pages/factory 或 https://…" />
      <FormField name="visible">
        <Radio.Group options={[...VISIBLE_OPTIONS]} />
      </FormField>
    </FormDialog>
  );
}
