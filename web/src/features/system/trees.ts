/**
 * The gateway's role and menu trees shaped for antd's Tree, TreeSelect and tree Table. Shapes
 * only: which role or menu may go where is the core's rule (`blockedParents`), which the gateway
 * enforces too.
 */
import type { RoleNode, SystemMenuNode } from "@/features/system/types";

/** A node of antd's Tree / TreeSelect. */
export interface TreeOption {
  key: number;
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

/** The role tree as options; `disabled` ids cannot be picked (a role's own subtree as its parent). */
export function roleOptions(
  nodes: readonly RoleNode[],
  disabled: ReadonlySet<number> = new Set(),
): TreeOption[] {
  return nodes.map((node) => ({
    key: node.id,
    value: node.id,
    title: node.name,
    disabled: disabled.has(node.id),
    children: node.children.length ? roleOptions(node.children, disabled) : undefined,
  }));
}

/** The role ids of a role tree, depth first. */
export function roleIds(nodes: readonly RoleNode[]): number[] {
  return nodes.flatMap((node) => [node.id, ...roleIds(node.children)]);
}

/** Finds a role by id. */
export function findRole(nodes: readonly RoleNode[], id: number): RoleNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const below = findRole(node.children, id);
    if (below) return below;
  }
  return undefined;
}

/** A role tree for antd's tree Table: empty `children` removed (no expander on leaves). */
export type RoleRow = Omit<RoleNode, "children"> & { children?: RoleRow[] };
export function roleRows(nodes: readonly RoleNode[]): RoleRow[] {
  return nodes.map(({ children, ...role }) =>
    children.length ? { ...role, children: roleRows(children) } : role,
  );
}

/** The menu tree as options (title = alias); hidden entries are marked. */
export function menuOptions(
  nodes: readonly SystemMenuNode[],
  disabled: ReadonlySet<number> = new Set(),
): TreeOption[] {
  return nodes.map((node) => ({
    key: node.data.id,
    value: node.data.id,
    title: node.data.visible === 1 ? (node.data.alias ?? "") : `${node.data.alias ?? ""}（隐藏）`,
    disabled: disabled.has(node.data.id),
    children: node.children?.length ? menuOptions(node.children, disabled) : undefined,
  }));
}

/** Finds a menu node by id. */
export function findMenu(nodes: readonly SystemMenuNode[], id: number): SystemMenuNode | undefined {
  for (const node of nodes) {
    if (node.data.id === id) return node;
    const below = findMenu(node.children ?? [], id);
    if (below) return below;
  }
  return undefined;
}

/** A menu tree for antd's tree Table: one row per node, `children` only where there are some. */
export type MenuRow = SystemMenuNode["data"] & { children?: MenuRow[] };
export function menuRows(nodes: readonly SystemMenuNode[]): MenuRow[] {
  return nodes.map((node) =>
    node.children?.length ? { ...node.data, children: menuRows(node.children) } : { ...node.data },
  );
}

/**
 * The keys to hand a conducted (parent–child linked) checkable Tree for a role's `checkedIds`:
 * its leaves only. The role also owns the groups that connect them (saved as half-checked); were
 * they passed, the Tree would tick every child of those groups.
 */
export function checkedLeaves(
  nodes: readonly SystemMenuNode[],
  checkedIds: readonly number[],
): number[] {
  const owned = new Set(checkedIds);
  const leaves: number[] = [];
  const walk = (list: readonly SystemMenuNode[]) => {
    for (const node of list) {
      const children = node.children ?? [];
      if (children.length) walk(children);
      else if (owned.has(node.data.id)) leaves.push(node.data.id);
    }
  };
  walk(nodes);
  return leaves;
}

/** The ids of a menu tree's leaves: the pages a role can be given, which 已选 counts. */
export function menuLeafIds(nodes: readonly SystemMenuNode[]): number[] {
  return nodes.flatMap((node) =>
    node.children?.length ? menuLeafIds(node.children) : [node.data.id],
  );
}

/** Every id of a menu tree, depth first (for 全选 and to expand all). */
export function menuIds(nodes: readonly SystemMenuNode[]): number[] {
  return nodes.flatMap((node) => [node.data.id, ...menuIds(node.children ?? [])]);
}
