/**
 * 新建 / 编辑角色: parent (optional; a role cannot sit under itself or its own sub-roles), name,
 * remark. Saved through `saveRole` with the role's `version`; the parent is always sent, as the
 * gateway reads a missing one as "top level". A save says so (已新建角色 X, 已保存角色 X) and
 * refreshes what its declaration makes stale.
 */
import { TreeSelect } from "antd";
import { useMemo } from "react";
import { blockedParents } from "@/lib/core";
import { ops, type RoleNode } from "@/lib/generated/ops";
import { FormDialog } from "@/kit/FormDialog";
import { FormField } from "@/kit/FormField";
import { useWrite } from "@/kit/write";
import { roleOptions } from "@/features/system/trees";

interface RoleFormValues {
  parentId: number | undefined;
  name: string;
  remark: string;
}

export interface RoleFormModalProps {
  /** Every role (the parent picker). */
  roles: readonly RoleNode[];
  /** The role being edited; absent to create one. */
  role?: RoleNode;
  /** The parent a new role starts under. */
  parentId?: number;
  /** After a save (toasted and refreshed already): close. */
  onSaved: (role: RoleNode) => void;
  onCancel: () => void;
}

const created = (saved: RoleNode) => `已新建角色 ${saved.name}`;
const edited = (saved: RoleNode) => `已保存角色 ${saved.name}`;

export function RoleFormModal({ roles, role, parentId, onSaved, onCancel }: RoleFormModalProps) {
  const save = useWrite(ops.role.saveRole, role ? edited : created);
  const treeData = useMemo(
    () =>
      roleOptions(
        roles,
        // The core's rule: not under itself or its own descendants.
        role ? new Set(blockedParents(roles, role.id)) : undefined,
      ),
    [roles, role],
  );

  return (
    <FormDialog<RoleFormValues, RoleNode>
      title={role ? `编辑角色 ${role.name}` : "新建角色"}
      name="roleForm"
      form="role"
      initialValues={{
        parentId: (role ? role.parentId : parentId) ?? undefined,
        name: role?.name ?? "",
        remark: role?.remark ?? "",
      }}
      submit={(v) =>
        save.send({
          ...(role ? { id: role.id, version: role.version } : {}),
          name: v.name,
          remark: v.remark,
          parentId: v.parentId ?? 0,
        })
      }
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <FormField name="parentId" label="上级角色" hint="不选则为顶级角色">
        <TreeSelect<number>
          allowClear
          treeData={treeData}
          treeDefaultExpandAll
          placeholder="顶级角色"
        />
      </FormField>
      <FormField name="name" />
      <FormField name="remark" input="textarea" />
    </FormDialog>
  );
}
