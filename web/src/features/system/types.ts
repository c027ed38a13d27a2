/**
 * The system screens' records as the gateway answers them (mock-gateway/README.md, "Operations"),
 * and the names of the operations they call.
 */
import type { MenuData } from "@/lib/core";

export const API = {
  userList: "mtop.admin.user.list",
  userCreate: "mtop.admin.user.create",
  userUpdate: "mtop.admin.user.update",
  userDelete: "mtop.admin.user.delete",
  /** The user form's role picker (guarded by system/user). */
  userRoleTree: "mtop.admin.user.qryRoleTree",
  /** The role screen's tree (guarded by system/role). */
  roleTree: "mtop.admin.user.roleTree",
  saveRole: "mtop.admin.user.saveRole",
  roleMenus: "mtop.admin.user.qryMenuTree",
  updateRoleMenus: "mtop.admin.user.updateMenuRole",
  saveMenu: "mtop.admin.user.saveMenu",
  auditList: "mtop.admin.audit.list",
  dictList: "mtop.admin.dict.list",
  dictSave: "mtop.admin.dict.save",
  dictDelete: "mtop.admin.dict.delete",
} as const;

/** The query key of the whole system menu tree (`/v1/qryMenuTree`). */
export const SYSTEM_MENU_TREE_KEY = ["systemMenuTree"] as const;

/** `{list, total, page, pageSize}`: every list operation's answer. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type EnabledStatus = "enabled" | "disabled";

/** `mtop.admin.user.list` items. */
export interface SysUser {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  roleIds: number[];
  roleNames: string[];
  status: EnabledStatus;
  createdAt: number;
  version: number;
}

/** `roleTree` / `qryRoleTree` nodes. */
export interface RoleNode {
  id: number;
  name: string;
  remark: string;
  parentId: number | null;
  version: number;
  children: RoleNode[];
}

/** A node of the system menu tree: the menu fields plus what the menu screen edits with. */
export interface SystemMenuNode {
  data: MenuData & { id: number; parentId: number | null; version: number };
  children?: SystemMenuNode[];
}

/** `qryMenuTree {roleId}`. */
export interface RoleMenus {
  tree: SystemMenuNode[];
  checkedIds: number[];
}

/** `mtop.admin.audit.list` items. */
export interface AuditLog {
  id: number;
  sysUserId: number | null;
  username: string;
  api: string;
  targetId: number | null;
  summary: string;
  at: number;
  ip: string;
}

/** `mtop.admin.dict.list` items (product.md: Dict). */
export interface DictEntry {
  id: number;
  type: string;
  key: string;
  label: string;
  value: string;
  sort: number;
  remark: string;
  status: EnabledStatus;
  version: number;
  createdAt?: number;
  updatedAt?: number;
}

/** Labels of the enabled/disabled states. */
export const STATUS_LABEL: Readonly<Record<EnabledStatus, string>> = {
  enabled: "启用",
  disabled: "停用",
};
