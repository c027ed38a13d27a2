/**
 * One role's menus: the system menu tree with the role's entries ticked. Ticking a group ticks
 * its children; saving sends the ticked entries and the groups that connect them (what the Tree
 * shows half-ticked), so the role's menu tree stays connected. Under each page its actions
 * (按钮权限: 新增, 审核…, from `qryMenuTree`'s `actions`) are ticked beside its name; they mean
 * nothing without the page, so a page the role does not own has its actions cleared and disabled,
 * and a save sends the ticked codes of owned pages. A save says so and refreshes what its
 * declaration makes stale (the role, its menus: this editor comes back with them); a refusal
 * shows above the tree, the ticks kept. Without 编辑 on 权限管理 the ticks are only shown.
 */
import { Alert, Button, Checkbox, Empty, Flex, Space, Tree, Typography, theme } from "antd";
import { useEffect, useMemo, useState, type Key, type KeyboardEvent, type MouseEvent } from "react";
import { errorInfo } from "@/lib/core";
import { ops, type PageAction, type RoleMenus, type RoleNode } from "@/lib/generated/ops";
import { useMay } from "@/kit/access";
import { leafIds as treeLeafIds, treeIds, type TreeOption } from "@/kit/trees";
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

/** A page's action checkboxes are its own controls: the Tree's clicks and keys must not see them. */
const keepFromTree = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

export function RoleMenuEditor({ role, roleMenus, onDirty }: RoleMenuEditorProps) {
  const update = useWrite(ops.menu.updateMenuRole, `已保存角色「${role.name}」的菜单权限`);
  const editable = useMay()(ops.menu.updateMenuRole);
  const treeData = useMemo(() => menuOptions(roleMenus.tree), [roleMenus.tree]);
  const allIds = useMemo(() => treeIds(roleMenus.tree, MENU_TREE), [roleMenus.tree]);
  const leafIds = useMemo(() => new Set(treeLeafIds(roleMenus.tree, MENU_TREE)), [roleMenus.tree]);
  const { parentOf, aliasOf } = useMemo(() => {
    const parents = new Map<number, number>();
    const aliases = new Map<number, string>();
    const walk = (nodes: RoleMenus["tree"], parent?: number) => {
      for (const node of nodes) {
        const id = MENU_TREE.id(node);
        if (parent !== undefined) parents.set(id, parent);
        aliases.set(id, node.data.alias);
        walk(node.children, id);
      }
    };
    walk(roleMenus.tree);
    return { parentOf: parents, aliasOf: aliases };
  }, [roleMenus.tree]);
  const actionsOf = useMemo(() => {
    const byPage = new Map<number, PageAction[]>();
    for (const action of roleMenus.actions) {
      byPage.set(action.menuId, [...(byPage.get(action.menuId) ?? []), action]);
    }
    return byPage;
  }, [roleMenus.actions]);
  const initial = useMemo(() => checkedLeaves(roleMenus.tree, roleMenus.checkedIds), [roleMenus]);
  const initialCodes = useMemo(() => new Set(roleMenus.checkedActions), [roleMenus.checkedActions]);
  const [checked, setChecked] = useState<Key[]>(initial);
  const [codes, setCodes] = useState<ReadonlySet<string>>(initialCodes);
  const [dirty, setDirty] = useState(false);
  const [problem, setProblem] = useState<{ conflict: boolean; message: string }>();
  const { token } = theme.useToken();
  useUnsavedIn(dirty);
  useEffect(() => {
    onDirty?.(dirty);
  }, [dirty, onDirty]);
  useEffect(() => () => onDirty?.(false), [onDirty]);

  /** The entries the role would own with `keys` ticked: those and every group above them. */
  const ownedWith = (keys: readonly Key[]): Set<number> => {
    const owned = new Set<number>();
    for (const key of keys) {
      for (let id: number | undefined = Number(key); id !== undefined; id = parentOf.get(id)) {
        if (owned.has(id)) break;
        owned.add(id);
      }
    }
    return owned;
  };
  const owned = ownedWith(checked);
  // Pages only: the Tree's checked keys hold fully ticked groups after some actions and not
  // after others, so counting them made the figure jump for the same selection.
  const pageCount = checked.filter((key) => leafIds.has(Number(key))).length;

  /** Ticks `keys`; the actions of a page no longer owned are cleared with it. */
  function tickPages(keys: Key[], nextCodes: ReadonlySet<string> = codes) {
    const nextOwned = ownedWith(keys);
    setChecked(keys);
    setCodes(
      new Set(
        roleMenus.actions
          .filter((action) => nextCodes.has(action.code) && nextOwned.has(action.menuId))
          .map((action) => action.code),
      ),
    );
    setDirty(true);
  }

  function tickAction(code: string, on: boolean) {
    const next = new Set(codes);
    if (on) next.add(code);
    else next.delete(code);
    setCodes(next);
    setDirty(true);
  }

  async function save() {
    setProblem(undefined);
    const menuIds = allIds.filter((id) => owned.has(id));
    const actions = roleMenus.actions
      .filter((action) => codes.has(action.code) && owned.has(action.menuId))
      .map((action) => action.code);
    try {
      await update.send({ roleId: role.id, menuIds, actions, version: role.version });
    } catch (error) {
      const info = errorInfo(error);
      setProblem({ conflict: info.conflict, message: info.message });
      return;
    }
    setDirty(false);
  }

  /** A node's title: its name, then its page's actions (if any) as small checkboxes. */
  function title(node: TreeOption) {
    const actions = actionsOf.get(node.key);
    if (!actions) return node.title;
    const page = aliasOf.get(node.key) ?? node.title;
    const pageOwned = owned.has(node.key);
    return (
      <Flex component="span" wrap align="center" style={{ columnGap: 12 }}>
        <span>{node.title}</span>
        {/* The page's tick is labelled by its treeitem, whose content this is: a named group adds
            its name (按钮权限) to it, not every checkbox's, so `店铺管理 · 审核` names one control. */}
        <Flex
          component="span"
          role="group"
          aria-label="按钮权限"
          wrap
          align="center"
          style={{ columnGap: 8 }}
          onClick={keepFromTree}
          onKeyDown={keepFromTree}
        >
          {actions.map((action) => (
            <Checkbox
              key={action.code}
              aria-label={`${page} · ${action.label}`}
              checked={codes.has(action.code)}
              disabled={!editable || !pageOwned}
              style={{ fontSize: token.fontSizeSM, marginInlineEnd: 0 }}
              onChange={(event) => tickAction(action.code, event.target.checked)}
            >
              {action.label}
            </Checkbox>
          ))}
        </Flex>
      </Flex>
    );
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
          已选 {pageCount} / {leafIds.size} 个页面
          {editable ? "；勾选上级菜单会同时勾选其下全部菜单" : ""}
        </Typography.Text>
        {editable ? (
          <Space>
            <Button
              onClick={() =>
                tickPages(allIds, new Set(roleMenus.actions.map((action) => action.code)))
              }
            >
              全选
            </Button>
            <Button onClick={() => tickPages([])}>清空</Button>
            <Button
              disabled={!dirty}
              onClick={() => {
                setChecked(initial);
                setCodes(initialCodes);
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
        ) : null}
      </Flex>
      <Tree<TreeOption>
        aria-label={`角色「${role.name}」的菜单`}
        checkable
        disabled={!editable}
        selectable={false}
        defaultExpandAll
        treeData={treeData}
        titleRender={title}
        checkedKeys={checked}
        onCheck={(keys) => tickPages(Array.isArray(keys) ? keys : keys.checked)}
      />
    </Flex>
  );
}
