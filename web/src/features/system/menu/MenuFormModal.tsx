/**
 * 新增 / 编辑菜单: parent (moving an entry; not under itself or its descendants), label (alias),
 * route name, icon, visibility, order and access flag. Checked with the core's `menu` rules,
 * saved through `saveMenu` with the entry's `version`. A save says so (已新增菜单「X」,
 * 已保存菜单「X」) and refreshes what its declaration makes stale.
 */
import { Select, Switch, TreeSelect } from "antd";
import { useMemo } from "react";
import { MenuIcon } from "@/components/MenuIcon";
import { accessFlags, blockedParents, rules, validate } from "@/lib/core";
import { ops, type SystemMenuNode } from "@/lib/generated/ops";
import { FormDialog } from "@/kit/FormDialog";
import { FormField } from "@/kit/FormField";
import { useWrite } from "@/kit/write";
import { menuOptions } from "@/features/system/trees";

interface MenuFormValues {
  parentId: number | undefined;
  alias: string;
  name: string;
  icon: string | undefined;
  visible: boolean;
  sort: number | null;
  access: string;
}

/** What each access flag means to an operator; the flags themselves are the core's. */
const FLAG_LABELS: Readonly<Record<string, string>> = { canSeeAdmin: "管理后台用户" };
const ACCESS_OPTIONS = [
  { value: "", label: "无（登录即可访问）" },
  ...accessFlags().map((flag) => ({
    value: flag,
    label: FLAG_LABELS[flag] ? `${flag}（${FLAG_LABELS[flag]}）` : flag,
  })),
];

/** The icons a menu may name: the core's menu rules list them; each option shows its icon. */
const ICON_OPTIONS = (rules("menu").fields.find((f) => f.field === "icon")?.options ?? []).map(
  (name) => ({
    value: name,
    label: (
      <span>
        <MenuIcon name={name} /> {name}
      </span>
    ),
  }),
);

export interface MenuFormModalProps {
  /** The whole system tree (the parent picker). */
  tree: readonly SystemMenuNode[];
  /** The entry being edited; absent to create one. */
  menu?: SystemMenuNode;
  /** Where a new entry starts: its parent. */
  parent?: SystemMenuNode;
  /** After a save (toasted and refreshed already): close. */
  onSaved: (node: SystemMenuNode) => void;
  onCancel: () => void;
}

/** The values as the core's rules and the gateway read them (empty icon or access: none). */
function toWire(v: MenuFormValues) {
  return {
    parentId: v.parentId ?? 0,
    alias: v.alias,
    name: v.name,
    icon: v.icon,
    visible: v.visible ? 1 : 0,
    sort: v.sort ?? 0,
    access: v.access || undefined,
  };
}

function nextSort(siblings: readonly SystemMenuNode[]): number {
  return siblings.reduce((max, node) => Math.max(max, node.data.sort ?? 0), 0) + 10;
}

const created = (saved: SystemMenuNode) => `已新增菜单「${saved.data.alias}」`;
const edited = (saved: SystemMenuNode) => `已保存菜单「${saved.data.alias}」`;

export function MenuFormModal({ tree, menu, parent, onSaved, onCancel }: MenuFormModalProps) {
  const save = useWrite(ops.menu.saveMenu, menu ? edited : created);
  const id = menu?.data.id;
  const treeData = useMemo(
    () =>
      // The core's rule: not under itself or its own descendants.
      menuOptions(tree, id !== undefined ? new Set(blockedParents(tree, id)) : undefined),
    [tree, id],
  );

  const initialValues: MenuFormValues = menu
    ? {
        parentId: menu.data.parentId ?? undefined,
        alias: menu.data.alias,
        name: menu.data.name,
        icon: menu.data.icon,
        visible: menu.data.visible === 1,
        sort: menu.data.sort ?? 0,
        access: menu.data.access ?? "",
      }
    : {
        parentId: parent?.data.id,
        alias: "",
        name: parent?.data.name ? `${parent.data.name}/` : "",
        icon: undefined,
        visible: true,
        sort: nextSort(parent ? parent.children : tree),
        access: "canSeeAdmin",
      };

  return (
    <FormDialog<MenuFormValues, SystemMenuNode>
      title={menu ? `编辑菜单 ${menu.data.alias}` : "新增菜单"}
      name="menuForm"
      form="menu"
      initialValues={initialValues}
      validate={(v) => validate("menu", toWire(v))}
      submit={(v) =>
        save.send({
          ...(menu ? { id: menu.data.id, version: menu.data.version } : {}),
          ...toWire(v),
        })
      }
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <FormField name="parentId" label="上级菜单" hint="不选则为顶级菜单">
        <TreeSelect<number>
          allowClear
          treeData={treeData}
          placeholder="顶级菜单"
          showSearch={{ treeNodeFilterProp: "title" }}
        />
      </FormField>
      <FormField name="alias" />
      <FormField name="name" />
      <FormField name="icon">
        <Select allowClear options={ICON_OPTIONS} placeholder="无图标" />
      </FormField>
      <FormField name="visible" label="在菜单中显示" valuePropName="checked">
        <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
      </FormField>
      <FormField name="sort" input="number" />
      <FormField name="access">
        <Select options={ACCESS_OPTIONS} />
      </FormField>
    </FormDialog>
  );
}
