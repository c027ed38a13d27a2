/**
 * 菜单管理: the system menu tree as a tree table; create top-level or child entries, edit (and
 * move), hide and show. The navigation of signed-in users follows at their next load.
 */
import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Skeleton,
  Space,
  Table,
  Tag,
  type TableProps,
} from "antd";
import { useMemo, useState } from "react";
import { MenuIcon } from "@/components/MenuIcon";
import { ListError } from "@/features/system/ListError";
import { MenuFormModal } from "@/features/system/menu/MenuFormModal";
import { useRefresh, useSystemMenuTree, writeRow } from "@/features/system/queries";
import { orDash } from "@/features/system/text";
import { findMenu, menuIds, menuRows, type MenuRow } from "@/features/system/trees";
import { API, SYSTEM_MENU_TREE_KEY, type SystemMenuNode } from "@/features/system/types";

type Dialog =
  | { kind: "closed" }
  | { kind: "create"; parent?: SystemMenuNode }
  | { kind: "edit"; menu: SystemMenuNode };

const TREE_KEY = SYSTEM_MENU_TREE_KEY[0];

export function MenuTable() {
  const { message } = App.useApp();
  const query = useSystemMenuTree();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<Dialog>({ kind: "closed" });
  const [busyId, setBusyId] = useState<number>();
  const tree = useMemo(() => query.data ?? [], [query.data]);
  const rows = useMemo(() => menuRows(tree), [tree]);
  const allIds = useMemo(() => menuIds(tree), [tree]);

  async function toggleVisible(row: MenuRow) {
    setBusyId(row.id);
    const visible = row.visible === 1 ? 0 : 1;
    const saved = await writeRow<SystemMenuNode>(API.saveMenu, {
      id: row.id,
      version: row.version,
      parentId: row.parentId ?? 0,
      alias: row.alias,
      name: row.name,
      icon: row.icon,
      visible,
      sort: row.sort ?? 0,
      access: row.access,
    });
    setBusyId(undefined);
    if (saved) void message.success(`已${visible ? "显示" : "隐藏"}菜单「${row.alias ?? ""}」`);
    await refresh(TREE_KEY);
  }

  const columns: NonNullable<TableProps<MenuRow>["columns"]> = [
    {
      title: "菜单名称",
      dataIndex: "alias",
      key: "alias",
      render: (alias: string | undefined, row) => (
        <Space size={6}>
          <MenuIcon name={row.icon} />
          {alias}
        </Space>
      ),
    },
    { title: "路由名称", dataIndex: "name", key: "name" },
    {
      title: "图标",
      dataIndex: "icon",
      key: "icon",
      render: (icon: string | undefined) => orDash(icon),
    },
    {
      title: "显示",
      dataIndex: "visible",
      key: "visible",
      render: (visible: number | undefined) =>
        visible === 1 ? <Tag color="success">显示</Tag> : <Tag>隐藏</Tag>,
    },
    { title: "排序", dataIndex: "sort", key: "sort" },
    {
      title: "权限标识",
      dataIndex: "access",
      key: "access",
      render: (access: string | undefined) => orDash(access),
    },
    {
      title: "操作",
      key: "actions",
      fixed: "right",
      render: (_: unknown, row: MenuRow) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => {
              const menu = findMenu(tree, row.id);
              if (menu) setDialog({ kind: "edit", menu });
            }}
          >
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => setDialog({ kind: "create", parent: findMenu(tree, row.id) })}
          >
            新增下级
          </Button>
          <Button
            type="link"
            size="small"
            loading={busyId === row.id}
            onClick={() => void toggleVisible(row)}
          >
            {row.visible === 1 ? "隐藏" : "显示"}
          </Button>
        </Space>
      ),
    },
  ];

  let body;
  if (query.isPending) {
    body = <Skeleton active title={false} paragraph={{ rows: 10 }} />;
  } else if (query.isError) {
    body = (
      <ListError title="菜单加载失败" error={query.error} onRetry={() => void query.refetch()} />
    );
  } else {
    body = (
      <Table<MenuRow>
        key={allIds.join(",")}
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={query.isFetching}
        pagination={false}
        size="middle"
        scroll={{ x: "max-content" }}
        expandable={{ defaultExpandAllRows: true }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无菜单" />,
        }}
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      <Alert
        type="info"
        showIcon
        title="菜单的增改在用户下次加载页面时生效；新菜单需在「权限管理」中授予角色后才会出现在其导航中。"
      />
      <Flex justify="space-between">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ kind: "create" })}
        >
          新增顶级菜单
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
          刷新
        </Button>
      </Flex>
      {body}
      {dialog.kind !== "closed" ? (
        <MenuFormModal
          tree={tree}
          menu={dialog.kind === "edit" ? dialog.menu : undefined}
          parent={dialog.kind === "create" ? dialog.parent : undefined}
          onCancel={() => setDialog({ kind: "closed" })}
          onSaved={(saved) => {
            setDialog({ kind: "closed" });
            void message.success(
              `已${dialog.kind === "edit" ? "保存" : "新增"}菜单「${saved.data.alias ?? ""}」`,
            );
            void refresh(TREE_KEY, API.roleMenus);
          }}
        />
      ) : null}
    </Flex>
  );
}
