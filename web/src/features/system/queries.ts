/**
 * The system screens' reads and writes through the core's client. Reads use the catalogue
 * (toast, or the login redirect) and become query errors; form writes skip it so the form can
 * show the refusal at its fields.
 */
import { useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useCallback } from "react";
import { expectData, fetchSystemMenuTree, post } from "@/lib/core";
import { useApiQuery } from "@/lib/query";
import {
  API,
  SYSTEM_MENU_TREE_KEY,
  type Page,
  type RoleMenus,
  type RoleNode,
  type SystemMenuNode,
} from "@/features/system/types";

/** One page of a list operation; the previous page stays on screen while the next loads. */
export function useListQuery<T>(
  api: string,
  params: Record<string, unknown>,
): UseQueryResult<Page<T>> {
  return useApiQuery<Page<T>>(api, params, { keepPrevious: true });
}

/** The role tree: `roleTree` on the role screens, `qryRoleTree` in the user form. */
export function useRoleTree(
  api: typeof API.roleTree | typeof API.userRoleTree,
  enabled = true,
): UseQueryResult<RoleNode[]> {
  return useApiQuery<RoleNode[]>(api, {}, { enabled });
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
  return useApiQuery<RoleMenus>(API.roleMenus, { roleId }, { enabled: roleId !== undefined });
}

/** A write for a form: no toast, failures reject with the gateway's error. */
export async function saveForm<T>(api: string, params: Record<string, unknown>): Promise<T> {
  return expectData(await post(api, params, { skipErrorHandler: true })) as T;
}

/**
 * A write from a table row (toggle, delete): the catalogue toasts any failure (business or
 * transport); resolves with the data on success, `undefined` otherwise.
 */
export async function writeRow<T>(
  api: string,
  params: Record<string, unknown>,
): Promise<T | undefined> {
  try {
    const result = await post(api, params);
    return result.success ? (result.data as T) : undefined;
  } catch {
    // Already shown by the catalogue.
    return undefined;
  }
}

/** Refetches every cached read of the given operations (or query keys' first part). */
export function useRefresh(): (...keys: readonly string[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (...keys: readonly string[]) => {
      await Promise.all(keys.map((key) => client.invalidateQueries({ queryKey: [key] })));
    },
    [client],
  );
}
