/**
 * 新增 / 编辑菜单: parent (moving an entry; not under itself or its descendants), label (alias),
 * route name, icon, visibility, order and access flag. Checked with the core's `validateMenu`,
 * saved through `saveMenu` with the entry's `version`.
 */
import { Form, Input, InputNumber, Select, Switch, TreeSelect } from "antd";
import { useMemo } from "react";
import { MenuIcon } from "@/components/MenuIcon";
import { accessFlags, blockedParents, fieldLimits, validateMenu } from "@/lib/core";
import { FormModal } from "@/features/system/FormModal";
import { saveForm } from "@/features/system/queries";
import { menuOptions } from "@/features/system/trees";
import { API, type SystemMenuNode } from "@/features/system/types";

interface MenuFormValues {
  parentId: number | undefined;
  alias: string;
  name: string;
  icon: string;
  visible: boolean;
  sort: number | null;
  access: string;
}

const FIELDS = ["parentId", "alias", "name", "icon", "visible", "sort", "access"] as const;

/** What each access flag means to an operator; the flags themselves are the core's. */
const FLAG_LABELS: Readonly<Record<string, string>> = { canSeeAdmin: "管理后台用户" };
const ACCESS_OPTIONS = [
  { value: "", label: "无（登录即可访问）" },
  ...accessFlags().map((flag) => ({
    value: flag,
    label: FLAG_LABELS[flag] ? `${flag}（${FLAG_LABELS[flag]}）` : flag,
  })),
];
const LIMITS = fieldLimits();

export interface MenuFormModalProps {
  /** The whole system tree (the parent picker). */
  tree: readonly SystemMenuNode[];
  /** The entry being edited; absent to create one. */
  menu?: SystemMenuNode;
  /** Where a new entry starts: its parent. */
  parent?: SystemMenuNode;
  onSaved: (node: SystemMenuNode) => void;
  onCancel: () => void;
}

function nextSort(siblings: readonly SystemMenuNode[]): number {
  return siblings.reduce((max, node) => Math.max(max, node.data.sort ?? 0), 0) + 10;
}

export function MenuFormModal({ tree, menu, parent, onSaved, onCancel }: MenuFormModalProps) {
  const editing = menu !== undefined;
  const treeData = useMemo(
    () =>
      menuOptions(
        tree,
        // The core's rule: not under itself or its own descendants.
        menu ? new Set(blockedParents(tree, menu.data.id)) : undefined,
      ),
    [tree, menu],
  );

  const initialValues: MenuFormValues = menu
    ? {
        parentId: menu.data.parentId ?? undefined,
        alias: menu.data.alias ?? "",
        name: menu.data.name ?? "",
        icon: menu.data.icon ?? "",
        visible: menu.data.visible === 1,
        sort: menu.data.sort ?? 0,
        access: menu.data.access ?? "",
      }
    : {
        parentId: parent?.data.id,
        alias: "",
        name: parent?.data.name ? `${parent.data.name}/` : "",
        icon: "",
        visible: true,
        sort: nextSort(parent ? (parent.children ?? []) : tree),
        access: "canSeeAdmin",
      };

  return (
    <FormModal<MenuFormValues, SystemMenuNode>
      title={editing ? `编辑菜单 ${menu.data.alias ?? ""}` : "新增菜单"}
      name="menuForm"
      fieldNames={FIELDS}
      initialValues={initialValues}
      validate={(v) =>
        validateMenu({ alias: v.alias, name: v.name, access: v.access || undefined })
      }
      submit={(v) =>
        saveForm<SystemMenuNode>(API.saveMenu, {
          ...(menu ? { id: menu.data.id, version: menu.data.version } : {}),
          parentId: v.parentId ?? 0,
          alias: v.alias,
          name: v.name,
          icon: v.icon || undefined,
          visible: v.visible ? 1 : 0,
          sort: v.sort ?? 0,
          access: v.access || undefined,
        })
      }
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <Form.Item name="parentId" label="上级菜单" extra="不选则为顶级菜单">
        <TreeSelect<number>
          allowClear
          treeData={treeData}
          placeholder="顶级菜单"
          showSearch={{ treeNodeFilterProp: "title" }}
        />
      </Form.Item>
      <Form.Item name="alias" label="菜单名称" required>
        <Input autoComplete="off" count={{ show: true, max: LIMITS.label.max }} />
      </Form.Item>
      <Form.Item
        name="name"
        label="路由名称"
        required
        extra="路由路径（不含开头的 /），如 baseMgmt/shopMgmt；只能包含字母、数字、_ 和 -"
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a: MenuFormValues, b: MenuFormValues) => a.icon !== b.icon}>
        {({ getFieldValue }) => (
          <Form.Item name="icon" label="图标" extra="antd 图标名，如 ShopOutlined；可留空">
            <Input
              autoComplete="off"
              prefix={<MenuIcon name={String(getFieldValue("icon") ?? "")} />}
            />
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item name="visible" label="在菜单中显示" valuePropName="checked">
        <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
      </Form.Item>
      <Form.Item name="sort" label="排序" extra="同级菜单按数值从小到大排列">
        <InputNumber
          min={LIMITS.sort.min}
          max={LIMITS.sort.max}
          precision={0}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Form.Item name="access" label="权限标识">
        <Select options={ACCESS_OPTIONS} />
      </Form.Item>
    </FormModal>
  );
}
