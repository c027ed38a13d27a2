/**
 * One role's menus: the system menu tree with the role's entries ticked. Ticking a group ticks
 * its children; saving sends the ticked and the half-ticked entries (the groups that connect
 * them), so the role's menu tree stays connected. A save says so and refreshes what its
 * declaration makes stale (the role, its menus: this editor comes back with them); a refusal
 * shows above the tree, the ticks kept.
 */
import { Alert, Button, Empty, Flex, Space, Tree, Typography, theme } from "antd";
import { useEffect, useMemo, useState, type Key } from "react";
import { errorInfo } from "@/lib/core";
import { ops, type RoleMenus, type RoleNode } from "@/lib/generated/ops";
import { leafIds as treeLeafIds, treeIds } from "@/kit/trees";
import { useWrite } from "@/kit/write";
import { checkedLeaves, MENU_TREE, menuOptions } from "@/features/system/trees";
import { useUnsavedIn } from "@/stores/unsaved";

export interface RoleMenuEditorProps {
  role: RoleNode;
  roleMenus: RoleMenus;
  /** Whether the ticks differ from what is saved (the screen asks before a switch drops them). */
  onDirty?: (dirty: boolean) => void;
}

/** Under the sticky header (64 px) and the workspace's tab bar (48 px). */
const STICKY_TOP = 112;

export function RoleMenuEditor({ role, roleMenus, onDirty }: RoleMenuEditorProps) {
  const update = useWrite(ops.menu.updateMenuRole, `已保存角色「${role.name}」的菜单权限`);
  const treeData = useMemo(() => menuOptions(roleMenus.tree), [roleMenus.tree]);
  const allIds = useMemo(() => treeIds(roleMenus.tree, MENU_TREE), [roleMenus.tree]);
  const leafIds = useMemo(() => new Set(treeLeafIds(roleMenus.tree, MENU_TREE)), [roleMenus.tree]);
  const initial = useMemo(() => checkedLeaves(roleMenus.tree, roleMenus.checkedIds), [roleMenus]);
  const [checked, setChecked] = useState<Key[]>(initial);
  const [halfChecked, setHalfChecked] = useState<Key[]>([]);
  const [dirty, setDirty] = useState(false);
  const [problem, setProblem] = useState<{ conflict: boolean; message: string }>();
  const { token } = theme.useToken();
  useUnsavedIn(dirty);
  useEffect(() => {
    onDirty?.(dirty);
  }, [dirty, onDirty]);
  useEffect(() => () => onDirty?.(false), [onDirty]);
  // Pages only: the Tree's checked keys hold fully ticked groups after some actions and not
  // after others, so counting them made the figure jump for the same selection.
  const pageCount = checked.filter((key) => leafIds.has(Number(key))).length;

  async function save() {
    setProblem(undefined);
    const menuIdsToSave = Array.from(new Set([...checked, ...halfChecked].map(Number)));
    try {
      await update.send({ roleId: role.id, menuIds: menuIdsToSave, version: role.version });
    } catch (error) {
      const info = errorInfo(error);
      setProblem({ conflict: info.conflict, message: info.message });
      return;
    }
    setDirty(false);
  }

  if (treeData.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无菜单" />;
  }

  return (
    <Flex vertical gap={16}>
      {problem ? (
        <Alert showIcon type={problem.conflict ? "warning" : "error"} title={problem.message} />
      ) : null}
      {/* 保存 stays in view down the long tree. */}
      <Flex
        justify="space-between"
        align="center"
        wrap
        gap={8}
        style={{
          position: "sticky",
          top: STICKY_TOP,
          zIndex: 2,
          paddingBlock: 8,
          background: token.colorBgContainer,
        }}
      >
        <Typography.Text type="secondary">
          已选 {pageCount} / {leafIds.size} 个页面；勾选上级菜单会同时勾选其下全部菜单
        </Typography.Text>
        <Space>
          <Button
            onClick={() => {
              setChecked(allIds);
              setHalfChecked([]);
              setDirty(true);
            }}
          >
            全选
          </Button>
          <Button
            onClick={() => {
              setChecked([]);
              setHalfChecked([]);
              setDirty(true);
            }}
          >
            清空
          </Button>
          <Button
            disabled={!dirty}
            onClick={() => {
              setChecked(initial);
              setHalfChecked([]);
              setDirty(false);
              setProblem(undefined);
            }}
          >
            还原
          </Button>
          <Button
            type="primary"
            loading={update.pending}
            disabled={!dirty}
            onClick={() => void save()}
          >
            保存
          </Button>
        </Space>
      </Flex>
      <Tree
        aria-label={`角色「${role.name}」的菜单`}
        checkable
        selectable={false}
        defaultExpandAll
        treeData={treeData}
        checkedKeys={checked}
        onCheck={(keys, info) => {
          setChecked(Array.isArray(keys) ? keys : keys.checked);
          setHalfChecked(info.halfCheckedKeys ?? []);
          setDirty(true);
        }}
      />
    </Flex>
  );
}
