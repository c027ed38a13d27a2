/** The system screens' tree reads (lists read through the kit's `useList`). */
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { expectData, fetchSystemMenuTree } from "@/lib/core";
import { ops, type RoleMenus, type RoleNode, type SystemMenuNode } from "@/lib/generated/ops";
import { useOpQuery } from "@/kit/queries";

/**
 * The whole system menu tree (`/v1/qryMenuTree`) is outside the catalogue, so no write declares
 * it stale; it is `menu.qryMenuTree`'s `tree` without a role, so it is kept under that read's key:
 * what makes a role's menus stale (`saveMenu` among them) refreshes it too.
 */
const SYSTEM_MENU_TREE_KEY = [ops.menu.qryMenuTree.api, "system"] as const;

/** The role tree: `roleTree` on the role screens, `qryRoleTree` in the user form. */
export function useRoleTree(
  op: typeof ops.role.roleTree | typeof ops.sysUser.qryRoleTree,
): UseQueryResult<RoleNode[]> {
  return useOpQuery(op, {});
}

/** The whole system menu tree (`/v1/qryMenuTree`). */
export function useSystemMenuTree(): UseQueryResult<SystemMenuNode[]> {
  return useQuery({
    queryKey: SYSTEM_MENU_TREE_KEY,
    queryFn: async () => expectData(await fetchSystemMenuTree()) as SystemMenuNode[],
  });
}

/** A role's menus: the system tree and the ids the role owns. */
export function useRoleMenus(roleId: number | undefined): UseQueryResult<RoleMenus> {
  return useOpQuery(
    ops.menu.qryMenuTree,
    { roleId: roleId ?? 0 },
    { enabled: roleId !== undefined },
  );
}
