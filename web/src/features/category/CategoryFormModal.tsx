/**
 * 新增类目 / 添加子类目 / 编辑类目: name, sort number, icon, shown or hidden; saved through
 * `category.save` (with `id` and `version` when editing). The core's `category` form marks and
 * checks the fields; the gateway's refusals (a name taken among the siblings, a fourth level, a
 * stale version) show in the dialog; a save says so (已新增类目「…」 / 已保存类目「…」) and what it
 * makes stale is read again.
 */
import { Radio } from "antd";
import { ops, type CategoryNode } from "@/lib/generated/ops";
import { FormDialog } from "@/kit/FormDialog";
import { FormField } from "@/kit/FormField";
import { useWrite } from "@/kit/write";
import type { CategoryRow } from "@/features/category/columns";

interface CategoryFormValues {
  name: string;
  sort: number | null;
  icon: string;
  visible: number;
}

const VISIBLE_OPTIONS = [
  { value: 1, label: "显示" },
  { value: 0, label: "隐藏" },
];

export type CategoryDialog =
  { kind: "create"; parent?: CategoryRow } | { kind: "edit"; category: CategoryRow };

export interface CategoryFormModalProps {
  dialog: CategoryDialog;
  onSaved: (saved: CategoryNode) => void;
  onCancel: () => void;
}

function titleOf(dialog: CategoryDialog): string {
  if (dialog.kind === "edit") return `编辑类目「${dialog.category.name}」`;
  return dialog.parent ? `添加子类目（上级：${dialog.parent.name}）` : "新增一级类目";
}

export function CategoryFormModal({ dialog, onSaved, onCancel }: CategoryFormModalProps) {
  const category = dialog.kind === "edit" ? dialog.category : undefined;
  const save = useWrite(
    ops.category.save,
    (saved) => `已${category ? "保存" : "新增"}类目「${saved.name}」`,
  );
  const parentId = category
    ? category.parentId
    : dialog.kind === "create"
      ? dialog.parent?.id
      : undefined;
  return (
    <FormDialog<CategoryFormValues, CategoryNode>
      title={titleOf(dialog)}
      name="categoryForm"
      form="category"
      initialValues={{
        name: category?.name ?? "",
        sort: category?.sort ?? null,
        icon: category?.icon ?? "",
        visible: category?.visible ?? 1,
      }}
      submit={(v) =>
        save.send({
          ...(category ? { id: category.id, version: category.version } : {}),
          ...(parentId !== null && parentId !== undefined ? { parentId } : {}),
          name: v.name,
          ...(v.sort !== null ? { sort: v.sort } : {}),
          icon: v.icon || undefined,
          visible: v.visible,
        })
      }
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <FormField name="name" />
      <FormField name="sort" input="number" />
      <FormField name="icon" placeholder="图标名称，可不填" />
      <FormField name="visible">
        <Radio.Group options={VISIBLE_OPTIONS} />
      </FormField>
    </FormDialog>
  );
}
