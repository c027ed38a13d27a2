/** 角色管理: the role tree as a tree table; create (top level or under a role) and edit. */
import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { App, Button, Empty, Flex, Skeleton, Space, Table, type TableProps } from "antd";
import { useMemo, useState } from "react";
import { ListError } from "@/features/system/ListError";
import { useRefresh, useRoleTree } from "@/features/system/queries";
import { RoleFormModal } from "@/features/system/role/RoleFormModal";
import { orDash } from "@/features/system/text";
import { findRole, roleIds, roleRows, type RoleRow } from "@/features/system/trees";
import { API, type RoleNode } from "@/features/system/types";

type Dialog =
  { kind: "closed" } | { kind: "create"; parentId?: number } | { kind: "edit"; role: RoleNode };

export function RoleTree() {
  const { message } = App.useApp();
  const tree = useRoleTree(API.roleTree);
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<Dialog>({ kind: "closed" });
  const roles = useMemo(() => tree.data ?? [], [tree.data]);
  const rows = useMemo(() => roleRows(roles), [roles]);
  const allIds = useMemo(() => roleIds(roles), [roles]);

  const columns: NonNullable<TableProps<RoleRow>["columns"]> = [
    { title: "角色名称", dataIndex: "name", key: "name" },
    {
      title: "备注",
      dataIndex: "remark",
      key: "remark",
      render: (remark: string) => orDash(remark),
    },
    {
      title: "操作",
      key: "actions",
      width: 200,
      render: (_: unknown, row: RoleRow) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => {
              const role = findRole(roles, row.id);
              if (role) setDialog({ kind: "edit", role });
            }}
          >
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => setDialog({ kind: "create", parentId: row.id })}
          >
            新增下级
          </Button>
        </Space>
      ),
    },
  ];

  let body;
  if (tree.isPending) {
    body = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  } else if (tree.isError) {
    body = (
      <ListError title="角色加载失败" error={tree.error} onRetry={() => void tree.refetch()} />
    );
  } else {
    body = (
      <Table<RoleRow>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={tree.isFetching}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        key={allIds.join(",")}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无角色" />,
        }}
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ kind: "create" })}
        >
          新建角色
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void tree.refetch()}>
          刷新
        </Button>
      </Flex>
      {body}
      {dialog.kind !== "closed" ? (
        <RoleFormModal
          roles={roles}
          role={dialog.kind === "edit" ? dialog.role : undefined}
          parentId={dialog.kind === "create" ? dialog.parentId : undefined}
          onCancel={() => setDialog({ kind: "closed" })}
          onSaved={(saved) => {
            setDialog({ kind: "closed" });
            void message.success(
              dialog.kind === "edit" ? `已保存角色 ${saved.name}` : `已新建角色 ${saved.name}`,
            );
            void refresh(API.roleTree, API.userRoleTree);
          }}
        />
      ) : null}
    </Flex>
  );
}
