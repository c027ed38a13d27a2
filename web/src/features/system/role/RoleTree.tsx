/**
 * 角色管理: the role tree as a tree table; create (top level or under a role), edit, and delete
 * (asked first; a role held by users or with roles under it is refused by the gateway, which
 * names them). A delete declares the signed-in user's menu stale, so the navigation follows.
 */
import { ReloadOutlined } from "@ant-design/icons";
import { Button, Flex } from "antd";
import { useMemo, useState } from "react";
import { ops, type RoleNode } from "@/lib/generated/ops";
import { useMay } from "@/kit/access";
import type { ColumnSpec } from "@/kit/columns";
import { deleteAction, RowActions } from "@/kit/RowActions";
import { findNode, treeRows } from "@/kit/trees";
import { TreeTable } from "@/kit/TreeTable";
import { useWrite } from "@/kit/write";
import { useRoleTree } from "@/features/system/queries";
import { RoleFormModal } from "@/features/system/role/RoleFormModal";
import { ROLE_TREE } from "@/features/system/trees";
import { CreateButton } from "@/kit/CreateButton";

type RoleRow = Omit<RoleNode, "children">;
type Dialog =
  { kind: "closed" } | { kind: "create"; parentId?: number } | { kind: "edit"; role: RoleNode };

const COLUMNS: readonly ColumnSpec<RoleRow>[] = [
  { key: "name", title: "角色名称" },
  { key: "remark", title: "备注" },
];

export function RoleTree() {
  const tree = useRoleTree(ops.role.roleTree);
  const [dialog, setDialog] = useState<Dialog>({ kind: "closed" });
  const deleting = useWrite(ops.role.deleteRole);
  const may = useMay();
  // No 操作 column for a user with none of its actions.
  const anyAction =
    may(ops.role.saveRole) || may(ops.role.saveRole, true) || may(ops.role.deleteRole);
  const roles = useMemo(() => tree.data ?? [], [tree.data]);
  const rows = useMemo(
    () => treeRows(roles, ROLE_TREE, ({ children: _, ...role }): RoleRow => role),
    [roles],
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between">
        <CreateButton
          label="新建角色"
          op={ops.role.saveRole}
          onClick={() => setDialog({ kind: "create" })}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void tree.refetch()}>
          刷新
        </Button>
      </Flex>
      <TreeTable<RoleRow>
        noun="角色"
        result={tree}
        rows={rows}
        columns={COLUMNS}
        actionsWidth={240}
        actions={
          anyAction
            ? (row) => (
                <RowActions
                  actions={[
                    {
                      key: "edit",
                      label: "编辑",
                      op: ops.role.saveRole,
                      run: () => {
                        const role = findNode(roles, ROLE_TREE, row.id);
                        if (role) setDialog({ kind: "edit", role });
                      },
                    },
                    {
                      key: "child",
                      label: "新增下级",
                      op: ops.role.saveRole,
                      creates: true,
                      run: () => setDialog({ kind: "create", parentId: row.id }),
                    },
                    deleteAction(ops.role.deleteRole, `角色「${row.name}」`, () =>
                      deleting.run(
                        { id: row.id, version: row.version },
                        { success: `已删除角色「${row.name}」` },
                      ),
                    ),
                  ]}
                />
              )
            : undefined
        }
      />
      {dialog.kind !== "closed" ? (
        <RoleFormModal
          roles={roles}
          role={dialog.kind === "edit" ? dialog.role : undefined}
          parentId={dialog.kind === "create" ? dialog.parentId : undefined}
          onCancel={() => setDialog({ kind: "closed" })}
          onSaved={() => setDialog({ kind: "closed" })}
        />
      ) : null}
    </Flex>
  );
}
