/**
 * The role and menu trees through the kit's tree helpers, and the one rule of a checkable menu
 * tree (`checkedLeaves`).
 */
import type { RoleNode, SystemMenuNode } from "@/lib/generated/ops";
import { leafIds, treeOptions, type TreeOption, type TreeShape } from "@/kit/trees";

export const ROLE_TREE: TreeShape<RoleNode> = { id: (r) => r.id, children: (r) => r.children };

/** A menu node without an id does not come from the system table; the gateway always sends it. */
export const MENU_TREE: TreeShape<SystemMenuNode> = {
  id: (m) => m.data.id ?? 0,
  children: (m) => m.children,
};

/** The role tree as options; `disabled` ids cannot be picked (a role's own subtree as its parent). */
export function roleOptions(
  nodes: readonly RoleNode[],
  disabled?: ReadonlySet<number>,
): TreeOption[] {
  return treeOptions(nodes, ROLE_TREE, (r) => r.name, disabled);
}

/** The menu tree as options (title = alias); hidden entries are marked. */
export function menuOptions(
  nodes: readonly SystemMenuNode[],
  disabled?: ReadonlySet<number>,
): TreeOption[] {
  return treeOptions(
    nodes,
    MENU_TREE,
    (m) => (m.data.visible === 1 ? m.data.alias : `${m.data.alias}（隐藏）`),
    disabled,
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
  return leafIds(nodes, MENU_TREE).filter((id) => owned.has(id));
}
