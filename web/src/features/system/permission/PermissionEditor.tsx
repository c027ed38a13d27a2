/**
 * 权限管理: pick a role on the left (kept in the URL as `?roleId=`), tick its menus on the right,
 * save with `updateMenuRole` (which refreshes the role and its menus: the editor comes back with
 * them).
 */
import { Card, Col, Empty, Row, Skeleton, Tree } from "antd";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { ops } from "@/lib/generated/ops";
import { useDiscardGuard } from "@/kit/discard";
import { ListError } from "@/kit/ListError";
import { findNode, treeIds } from "@/kit/trees";
import { RoleMenuEditor } from "@/features/system/permission/RoleMenuEditor";
import { useRoleMenus, useRoleTree } from "@/features/system/queries";
import { ROLE_TREE, roleOptions } from "@/features/system/trees";

const ROLE_PARAM = "roleId";

export function PermissionEditor() {
  const [searchParams, setSearchParams] = useSearchParams();
  const roles = useRoleTree(ops.role.roleTree);
  const raw = Number(searchParams.get(ROLE_PARAM));
  const role = useMemo(
    () =>
      Number.isInteger(raw) && raw > 0 ? findNode(roles.data ?? [], ROLE_TREE, raw) : undefined,
    [roles.data, raw],
  );
  const roleMenus = useRoleMenus(role?.id);
  const options = useMemo(() => roleOptions(roles.data ?? []), [roles.data]);
  const expanded = useMemo(() => treeIds(roles.data ?? [], ROLE_TREE), [roles.data]);

  // Ticks not yet saved are not dropped by a click on another role without a word.
  const [dirty, setDirty] = useState(false);
  const askDiscard = useDiscardGuard();
  function pick(id: number) {
    if (id === role?.id) return;
    askDiscard(dirty, () =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set(ROLE_PARAM, String(id));
        return next;
      }),
    );
  }

  let roleList;
  if (roles.isPending) roleList = <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  else if (roles.isError)
    roleList = (
      <ListError title="角色加载失败" error={roles.error} onRetry={() => void roles.refetch()} />
    );
  else if (options.length === 0)
    roleList = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无角色" />;
  else
    roleList = (
      <Tree
        aria-label="角色"
        blockNode
        treeData={options}
        expandedKeys={expanded}
        selectedKeys={role ? [role.id] : []}
        onSelect={(keys) => {
          const [first] = keys;
          if (first !== undefined) pick(Number(first));
        }}
      />
    );

  let menus;
  if (!role) {
    menus = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={roles.isPending ? "加载中" : "请在左侧选择一个角色"}
      />
    );
  } else if (roleMenus.isPending) {
    menus = <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  } else if (roleMenus.isError) {
    menus = (
      <ListError
        title="菜单权限加载失败"
        error={roleMenus.error}
        onRetry={() => void roleMenus.refetch()}
      />
    );
  } else {
    menus = (
      <RoleMenuEditor
        key={`${role.id}:${role.version}:${roleMenus.dataUpdatedAt}`}
        role={role}
        roleMenus={roleMenus.data}
        onDirty={setDirty}
      />
    );
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={8} xl={6}>
        <Card title="角色" size="small">
          {roleList}
        </Card>
      </Col>
      <Col xs={24} md={16} xl={18}>
        <Card title={role ? `菜单权限：${role.name}` : "菜单权限"} size="small">
          {menus}
        </Card>
      </Col>
    </Row>
  );
}
