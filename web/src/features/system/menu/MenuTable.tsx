/**
 * 菜单管理: the system menu tree as a tree table; create top-level or child entries, edit (and
 * move), hide and show, delete (asked first; an entry with children, owned by roles or guarding
 * operations is refused by the gateway, which names them). The navigation of signed-in users
 * follows at their next load.
 */
import { ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Space, Tag } from "antd";
import { useMemo, useState } from "react";
import { MenuIcon } from "@/components/MenuIcon";
import { ops, type SystemMenuData, type SystemMenuNode } from "@/lib/generated/ops";
import { useMay } from "@/kit/access";
import type { ColumnSpec } from "@/kit/columns";
import { deleteAction, RowActions } from "@/kit/RowActions";
import { findNode, treeRows } from "@/kit/trees";
import { TreeTable } from "@/kit/TreeTable";
import { useWrite } from "@/kit/write";
import { useSystemMenuTree } from "@/features/system/queries";
import { MenuFormModal } from "@/features/system/menu/MenuFormModal";
import { MENU_TREE } from "@/features/system/trees";
import { CreateButton } from "@/kit/CreateButton";

/** A row: the node's data; the gateway's system tree always carries the id. */
type MenuRow = SystemMenuData & { id: number };
type Dialog =
  | { kind: "closed" }
  | { kind: "create"; parent?: SystemMenuNode }
  | { kind: "edit"; menu: SystemMenuNode };

const COLUMNS: readonly ColumnSpec<MenuRow>[] = [
  {
    key: "alias",
    title: "菜单名称",
    render: (row) => (
      <Space size={6}>
        <MenuIcon name={row.icon} />
        {row.alias}
      </Space>
    ),
  },
  { key: "name", title: "路由名称" },
  { key: "icon", title: "图标" },
  {
    key: "visible",
    title: "显示",
    render: (row) => (row.visible === 1 ? <Tag color="success">显示</Tag> : <Tag>隐藏</Tag>),
  },
  { key: "sort", title: "排序" },
  { key: "access", title: "权限标识" },
];

export function MenuTable() {
  const query = useSystemMenuTree();
  const save = useWrite(ops.menu.saveMenu);
  const deleting = useWrite(ops.menu.deleteMenu);
  const may = useMay();
  // No 操作 column for a user with none of its actions.
  const anyAction =
    may(ops.menu.saveMenu) || may(ops.menu.saveMenu, true) || may(ops.menu.deleteMenu);
  const [dialog, setDialog] = useState<Dialog>({ kind: "closed" });
  const tree = useMemo(() => query.data ?? [], [query.data]);
  const rows = useMemo(
    () => treeRows(tree, MENU_TREE, (node): MenuRow => ({ ...node.data, id: MENU_TREE.id(node) })),
    [tree],
  );

  function toggleVisible(row: MenuRow) {
    const visible = row.visible === 1 ? 0 : 1;
    const { id, version, parentId, alias, name, icon, sort, access } = row;
    return save.run(
      {
        ...{ id, version, alias, name, icon, access },
        parentId: parentId ?? 0,
        visible,
        sort: sort ?? 0,
      },
      { success: `已${visible ? "显示" : "隐藏"}菜单「${alias}」` },
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
        <CreateButton
          label="新增顶级菜单"
          op={ops.menu.saveMenu}
          onClick={() => setDialog({ kind: "create" })}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
          刷新
        </Button>
      </Flex>
      <TreeTable<MenuRow>
        noun="菜单"
        result={query}
        rows={rows}
        columns={COLUMNS}
        actions={
          anyAction
            ? (row) => (
                <RowActions
                  actions={[
                    {
                      key: "edit",
                      label: "编辑",
                      op: ops.menu.saveMenu,
                      run: () => {
                        const menu = findNode(tree, MENU_TREE, row.id);
                        if (menu) setDialog({ kind: "edit", menu });
                      },
                    },
                    {
                      key: "child",
                      label: "新增下级",
                      op: ops.menu.saveMenu,
                      creates: true,
                      run: () =>
                        setDialog({ kind: "create", parent: findNode(tree, MENU_TREE, row.id) }),
                    },
                    {
                      key: "visible",
                      label: row.visible === 1 ? "隐藏" : "显示",
                      op: ops.menu.saveMenu,
                      run: () => toggleVisible(row),
                    },
                    deleteAction(ops.menu.deleteMenu, `菜单「${row.alias}」`, () =>
                      deleting.run(
                        { id: row.id, version: row.version },
                        { success: `已删除菜单「${row.alias}」` },
                      ),
                    ),
                  ]}
                />
              )
            : undefined
        }
      />
      {dialog.kind !== "closed" ? (
        <MenuFormModal
          tree={tree}
          menu={dialog.kind === "edit" ? dialog.menu : undefined}
          parent={dialog.kind === "create" ? dialog.parent : undefined}
          onCancel={() => setDialog({ kind: "closed" })}
          onSaved={() => setDialog({ kind: "closed" })}
        />
      ) : null}
    </Flex>
  );
}
