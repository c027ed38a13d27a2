// Generated from core-wasm's operation catalogue (core-wasm/src/ops) by
// `UPDATE_GENERATED=1 cargo test -p core-wasm --test generated`. Do not edit: `make test`
// fails when this file differs from what the catalogue generates.
/* eslint-disable */

export type Page<T> = { 
/**
 * The rows of this page.
 */
list: Array<T>, 
/**
 * Rows under the filters, over all pages.
 */
total: number, 
/**
 * The page, from 1.
 */
page: number, 
/**
 * Rows per page.
 */
pageSize: number, };

export type NoParams = Record<symbol, never>;

export type Deleted = { 
/**
 * The deleted record's id.
 */
id: number, };

export type DeleteParams = { 
/**
 * The record.
 */
id: number, 
/**
 * The version the row was read at; stale answers `data_conflict`.
 */
version?: number, };

export type LoginForm = { 
/**
 * 用户名.
 */
username: string, 
/**
 * 密码.
 */
password: string, };

export type UserInfo = { 
/**
 * System user id.
 */
id: number, 
/**
 * Login name.
 */
name: string, 
/**
 * Display name.
 */
nickname: string, 
/**
 * Avatar URL, empty for the default avatar.
 */
avatar: string, 
/**
 * Role names.
 */
roles: Array<string>, };

export type MenuData = { 
/**
 * The node's id in the system menu table (absent in hand-written trees).
 */
id?: number, 
/**
 * The label.
 */
alias: string, 
/**
 * The route path without its leading slash; relative names join the parent's path.
 */
name: string, 
/**
 * Shown in the menu only when `1`; hidden nodes are still routable.
 */
visible: number, 
/**
 * An icon name.
 */
icon?: string, 
/**
 * Order among siblings, ascending; absent sorts as 0 and keeps server order.
 */
sort?: number, 
/**
 * The access flag that guards this route.
 */
access?: string, };

export type MenuNode = { 
/**
 * The node's fields.
 */
data: MenuData, 
/**
 * Its children.
 */
children: Array<MenuNode>, };

export type ChangePasswordParams = { 
/**
 * The current password.
 */
oldPassword: string, 
/**
 * The new one (the password policy applies).
 */
newPassword: string, };

export type SysUser = { 
/**
 * Id.
 */
id: number, 
/**
 * Login name.
 */
username: string, 
/**
 * Display name.
 */
nickname: string, 
/**
 * Avatar URL, empty for the default.
 */
avatar: string, 
/**
 * Role ids.
 */
roleIds: Array<number>, 
/**
 * Role names, in the order of `role_ids`.
 */
roleNames: Array<string>, 
/**
 * `enabled` or `disabled` (lifecycle `sysUser`).
 */
status: string, 
/**
 * Creation time, epoch ms.
 */
createdAt: number, 
/**
 * Optimistic-lock version.
 */
version: number, };

export type SysUserListParams = { 
/**
 * Page from 1.
 */
page?: number, 
/**
 * Rows per page.
 */
pageSize?: number, 
/**
 * The column to sort by (one of the list's sortable columns).
 */
sortField?: string, 
/**
 * `asc`/`ascend` or `desc`/`descend`.
 */
sortOrder?: string, 
/**
 * Part of the login name.
 */
username?: string, 
/**
 * Part of the nickname.
 */
nickname?: string, 
/**
 * `enabled` or `disabled`.
 */
status?: string, };

export type SysUserCreateParams = { 
/**
 * Login name.
 */
username: string, 
/**
 * Display name.
 */
nickname: string, 
/**
 * Password (the policy applies).
 */
password: string, 
/**
 * At least one role.
 */
roleIds: number[], 
/**
 * `enabled` (default) or `disabled`.
 */
status?: string, };

export type SysUserUpdateParams = { 
/**
 * The user.
 */
id: number, 
/**
 * The version the user was read at.
 */
version: number, 
/**
 * New display name.
 */
nickname?: string, 
/**
 * New roles.
 */
roleIds?: number[], 
/**
 * New status.
 */
status?: string, 
/**
 * New password; empty or absent keeps the old one.
 */
password?: string, };

export type RoleNode = { 
/**
 * Id.
 */
id: number, 
/**
 * Name.
 */
name: string, 
/**
 * Remark, empty when none.
 */
remark: string, 
/**
 * Parent id, null at the top.
 */
parentId: number | null, 
/**
 * Optimistic-lock version.
 */
version: number, 
/**
 * Child roles, by id.
 */
children: Array<RoleNode>, };

export type SaveRoleParams = { 
/**
 * The role to update; absent to create.
 */
id?: number, 
/**
 * The version the role was read at (updates).
 */
version?: number, 
/**
 * Name, unique.
 */
name: string, 
/**
 * Parent role; absent, null or 0 for the top level.
 */
parentId?: number | null, 
/**
 * Remark.
 */
remark?: string, };

export type SystemMenuData = { 
/**
 * The parent's id, null at the top.
 */
parentId: number | null, 
/**
 * Optimistic-lock version for `saveMenu`.
 */
version: number, 
/**
 * The node's id in the system menu table (absent in hand-written trees).
 */
id?: number, 
/**
 * The label.
 */
alias: string, 
/**
 * The route path without its leading slash; relative names join the parent's path.
 */
name: string, 
/**
 * Shown in the menu only when `1`; hidden nodes are still routable.
 */
visible: number, 
/**
 * An icon name.
 */
icon?: string, 
/**
 * Order among siblings, ascending; absent sorts as 0 and keeps server order.
 */
sort?: number, 
/**
 * The access flag that guards this route.
 */
access?: string, };

export type SystemMenuNode = { 
/**
 * The node's fields.
 */
data: SystemMenuData, 
/**
 * Its children (none in `saveMenu`'s answer).
 */
children: Array<SystemMenuNode>, };

export type RoleMenusParams = { 
/**
 * The role.
 */
roleId: number, };

export type RoleMenus = { 
/**
 * The whole system tree.
 */
tree: Array<SystemMenuNode>, 
/**
 * The menus the role owns.
 */
checkedIds: Array<number>, };

export type UpdateMenuRoleParams = { 
/**
 * The role.
 */
roleId: number, 
/**
 * Every menu the role shall own (groups included).
 */
menuIds: number[], 
/**
 * The role's version when its menus were read.
 */
version?: number, };

export type RoleMenusSaved = { 
/**
 * The role.
 */
roleId: number, 
/**
 * The menus it now owns.
 */
checkedIds: Array<number>, 
/**
 * The role's new version.
 */
version: number, };

export type SaveMenuParams = { 
/**
 * The entry to update; absent to create.
 */
id?: number, 
/**
 * The version the entry was read at (updates).
 */
version?: number, 
/**
 * The parent; absent, null or 0 for the top level.
 */
parentId?: number | null, 
/**
 * The label.
 */
alias: string, 
/**
 * The route name.
 */
name: string, 
/**
 * An icon name.
 */
icon?: string, 
/**
 * 1 to show in the menu, 0 to hide.
 */
visible?: number, 
/**
 * Order among siblings.
 */
sort?: number, 
/**
 * The access flag guarding the route.
 */
access?: string, };

export type DictEntry = { 
/**
 * Id.
 */
id: number, 
/**
 * The group, e.g. `shop_level`.
 */
type: string, 
/**
 * The key, unique within the type.
 */
key: string, 
/**
 * What people read.
 */
label: string, 
/**
 * What code reads.
 */
value: string, 
/**
 * Order within the type.
 */
sort: number, 
/**
 * Free text, empty when none.
 */
remark: string, 
/**
 * `enabled` or `disabled` (lifecycle `dict`).
 */
status: string, 
/**
 * Optimistic-lock version.
 */
version: number, 
/**
 * Creation time, epoch ms.
 */
createdAt: number, 
/**
 * Last change, epoch ms.
 */
updatedAt: number, };

export type DictListParams = { 
/**
 * Page from 1.
 */
page?: number, 
/**
 * Rows per page.
 */
pageSize?: number, 
/**
 * The column to sort by (one of the list's sortable columns).
 */
sortField?: string, 
/**
 * `asc`/`ascend` or `desc`/`descend`.
 */
sortOrder?: string, 
/**
 * Part of the type.
 */
type?: string, 
/**
 * Part of the key, label or value.
 */
keyword?: string, 
/**
 * `enabled` or `disabled`.
 */
status?: string, };

export type DictSaveParams = { 
/**
 * The entry to update; absent to create.
 */
id?: number, 
/**
 * The version the entry was read at (updates).
 */
version?: number, 
/**
 * The group.
 */
type: string, 
/**
 * The key.
 */
key: string, 
/**
 * What people read.
 */
label: string, 
/**
 * What code reads.
 */
value: string, 
/**
 * Order within the type (kept on update when absent; 0 on create).
 */
sort?: number, 
/**
 * Free text (kept on update when absent).
 */
remark?: string, 
/**
 * `enabled` or `disabled` (kept on update when absent; enabled on create).
 */
status?: string, };

export type AuditEntry = { 
/**
 * Id.
 */
id: number, 
/**
 * Who (null when the user was deleted since).
 */
sysUserId: number | null, 
/**
 * Their login name at the time.
 */
username: string, 
/**
 * The operation.
 */
api: string, 
/**
 * The record written, when one.
 */
targetId: number | null, 
/**
 * What changed, for people.
 */
summary: string, 
/**
 * When, epoch ms.
 */
at: number, 
/**
 * From which address.
 */
ip: string, };

export type AuditListParams = { 
/**
 * Page from 1.
 */
page?: number, 
/**
 * Rows per page.
 */
pageSize?: number, 
/**
 * The column to sort by (one of the list's sortable columns).
 */
sortField?: string, 
/**
 * `asc`/`ascend` or `desc`/`descend`.
 */
sortOrder?: string, 
/**
 * Part of the operator's login name.
 */
username?: string, 
/**
 * Part of the operation's name.
 */
api?: string, 
/**
 * From, epoch ms.
 */
from?: number, 
/**
 * To, epoch ms.
 */
to?: number, };

export type DashboardStats = { 
/**
 * System users.
 */
sysUsers: number, 
/**
 * Roles.
 */
roles: number, 
/**
 * Menu entries.
 */
menus: number, 
/**
 * Audit rows since midnight (UTC+8).
 */
auditToday: number, 
/**
 * Successful sign-ins since midnight (UTC+8).
 */
loginsToday: number, };

/** Every operation: its params and its answer (`result.data`). */
export interface Operations {
  "mtop.admin.user.login": { params: LoginForm; answer: UserInfo };
  "mtop.admin.user.current": { params: NoParams; answer: UserInfo };
  "mtop.admin.user.logout": { params: NoParams; answer: null };
  "mtop.admin.user.changePassword": { params: ChangePasswordParams; answer: null };
  "mtop.admin.user.menuTree": { params: NoParams; answer: MenuNode[] };
  "mtop.admin.user.list": { params: SysUserListParams; answer: Page<SysUser> };
  "mtop.admin.user.create": { params: SysUserCreateParams; answer: SysUser };
  "mtop.admin.user.update": { params: SysUserUpdateParams; answer: SysUser };
  "mtop.admin.user.delete": { params: DeleteParams; answer: Deleted };
  "mtop.admin.user.qryRoleTree": { params: NoParams; answer: RoleNode[] };
  "mtop.admin.user.roleTree": { params: NoParams; answer: RoleNode[] };
  "mtop.admin.user.saveRole": { params: SaveRoleParams; answer: RoleNode };
  "mtop.admin.user.qryMenuTree": { params: RoleMenusParams; answer: RoleMenus };
  "mtop.admin.user.updateMenuRole": { params: UpdateMenuRoleParams; answer: RoleMenusSaved };
  "mtop.admin.user.saveMenu": { params: SaveMenuParams; answer: SystemMenuNode };
  "mtop.admin.dict.list": { params: DictListParams; answer: Page<DictEntry> };
  "mtop.admin.dict.save": { params: DictSaveParams; answer: DictEntry };
  "mtop.admin.dict.delete": { params: DeleteParams; answer: Deleted };
  "mtop.admin.audit.list": { params: AuditListParams; answer: Page<AuditEntry> };
  "mtop.admin.dashboard.stats": { params: NoParams; answer: DashboardStats };
}

/** One operation of the catalogue: what `call` needs to send it. */
export interface Op<A extends keyof Operations = keyof Operations> {
  readonly api: A;
  readonly method: "GET" | "POST";
}

/** The catalogue, by domain: `call(ops.dict.list, params)`. */
export const ops = {
  session: {
    login: { api: "mtop.admin.user.login", method: "POST" },
    current: { api: "mtop.admin.user.current", method: "GET" },
    logout: { api: "mtop.admin.user.logout", method: "POST" },
    changePassword: { api: "mtop.admin.user.changePassword", method: "POST" },
    menuTree: { api: "mtop.admin.user.menuTree", method: "GET" },
  },
  sysUser: {
    list: { api: "mtop.admin.user.list", method: "GET" },
    create: { api: "mtop.admin.user.create", method: "POST" },
    update: { api: "mtop.admin.user.update", method: "POST" },
    delete: { api: "mtop.admin.user.delete", method: "POST" },
    qryRoleTree: { api: "mtop.admin.user.qryRoleTree", method: "GET" },
  },
  role: {
    roleTree: { api: "mtop.admin.user.roleTree", method: "GET" },
    saveRole: { api: "mtop.admin.user.saveRole", method: "POST" },
  },
  menu: {
    qryMenuTree: { api: "mtop.admin.user.qryMenuTree", method: "GET" },
    updateMenuRole: { api: "mtop.admin.user.updateMenuRole", method: "POST" },
    saveMenu: { api: "mtop.admin.user.saveMenu", method: "POST" },
  },
  dict: {
    list: { api: "mtop.admin.dict.list", method: "GET" },
    save: { api: "mtop.admin.dict.save", method: "POST" },
    delete: { api: "mtop.admin.dict.delete", method: "POST" },
  },
  audit: {
    list: { api: "mtop.admin.audit.list", method: "GET" },
  },
  dashboard: {
    stats: { api: "mtop.admin.dashboard.stats", method: "GET" },
  },
} as const;
