/**
 * 新建 / 编辑角色: parent (optional; a role cannot sit under itself or its own sub-roles), name,
 * remark. Saved through `saveRole` with the role's `version`; the parent is always sent, as the
 * gateway reads a missing one as "top level".
 */
import { Form, Input, TreeSelect } from "antd";
import { useMemo } from "react";
import { blockedParents, fieldLimits, validateRole } from "@/lib/core";
import { FormModal } from "@/features/system/FormModal";
import { saveForm } from "@/features/system/queries";
import { roleOptions } from "@/features/system/trees";
import { API, type RoleNode } from "@/features/system/types";

const LIMITS = fieldLimits();

interface RoleFormValues {
  parentId: number | undefined;
  name: string;
  remark: string;
}

const FIELDS = ["parentId", "name", "remark"] as const;

export interface RoleFormModalProps {
  /** Every role (the parent picker). */
  roles: readonly RoleNode[];
  /** The role being edited; absent to create one. */
  role?: RoleNode;
  /** The parent a new role starts under. */
  parentId?: number;
  onSaved: (role: RoleNode) => void;
  onCancel: () => void;
}

export function RoleFormModal({ roles, role, parentId, onSaved, onCancel }: RoleFormModalProps) {
  const editing = role !== undefined;
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
    <FormModal<RoleFormValues, RoleNode>
      title={editing ? `编辑角色 ${role.name}` : "新建角色"}
      name="roleForm"
      fieldNames={FIELDS}
      initialValues={{
        parentId: (role ? role.parentId : parentId) ?? undefined,
        name: role?.name ?? "",
        remark: role?.remark ?? "",
      }}
      validate={(v) => validateRole({ name: v.name, remark: v.remark })}
      submit={(v) =>
        saveForm<RoleNode>(API.saveRole, {
          ...(role ? { id: role.id, version: role.version } : {}),
          name: v.name,
          remark: v.remark,
          parentId: v.parentId ?? 0,
        })
      }
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <Form.Item name="parentId" label="上级角色" extra="不选则为顶级角色">
        <TreeSelect<number>
          allowClear
          treeData={treeData}
          treeDefaultExpandAll
          placeholder="顶级角色"
        />
      </Form.Item>
      <Form.Item name="name" label="角色名称" required>
        <Input autoComplete="off" count={{ show: true, max: LIMITS.label.max }} />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={3} count={{ show: true, max: LIMITS.remark.max }} />
      </Form.Item>
    </FormModal>
  );
}
