/**
 * The system screens' reads and writes through the core's client. Reads use the catalogue
 * (toast, or the login redirect) and become query errors; form writes skip it so the form can
 * show the refusal at its fields.
 */
import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from "@tanstack/react-query";
import { useCallback } from "react";
import { expectData, fetchSystemMenuTree, get, post } from "@/lib/core";
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
  return useQuery({
    queryKey: [api, params],
    queryFn: async () => expectData(await get(api, params)) as Page<T>,
    placeholderData: keepPreviousData,
  });
}

/** The role tree: `roleTree` on the role screens, `qryRoleTree` in the user form. */
export function useRoleTree(
  api: typeof API.roleTree | typeof API.userRoleTree,
  enabled = true,
): UseQueryResult<RoleNode[]> {
  return useQuery({
    queryKey: [api],
    queryFn: async () => expectData(await get(api, {})) as RoleNode[],
    enabled,
  });
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
  return useQuery({
    queryKey: [API.roleMenus, { roleId }],
    queryFn: async () => expectData(await get(API.roleMenus, { roleId })) as RoleMenus,
    enabled: roleId !== undefined,
  });
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
