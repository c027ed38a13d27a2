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

export type ViewListParams = { 
/**
 * The list's page key (its menu path, `baseMgmt/shopMgmt`): one of [`crate::views::LISTS`].
 */
list: string, };

export type ViewContent = { 
/**
 * Filter values by their URL key (`status`, `name`, `province`).
 */
filters: { [key in string]: string }, 
/**
 * The sorted column's key, if any.
 */
sortField?: string, 
/**
 * `ascend` or `descend`, with `sortField`.
 */
sortOrder?: string, 
/**
 * Rows per page: one of the offered sizes.
 */
pageSize?: number, 
/**
 * The columns in their order, each shown or hidden; empty: the list's own layout.
 */
columns: Array<ViewColumn>, };

export type ViewColumn = { 
/**
 * The column's key.
 */
key: string, 
/**
 * Left out of the table.
 */
hidden: boolean, };

export type ViewSaveParams = { 
/**
 * The view to update; absent to create.
 */
id?: number, 
/**
 * The version it was read at (updates).
 */
version?: number, 
/**
 * The list's page key.
 */
list: string, 
/**
 * Its name, unique among the caller's views of the list.
 */
name: string, 
/**
 * Offered to everyone who may open the list.
 */
shared: boolean, 
/**
 * Opened when the caller opens the list without a view of their own in its address.
 */
isDefault: boolean, 
/**
 * What it holds.
 */
content: ViewContent, };

export type ViewRow = { 
/**
 * Id.
 */
id: number, 
/**
 * The list's page key.
 */
list: string, 
/**
 * Its name.
 */
name: string, 
/**
 * Whose it is: their nickname.
 */
owner: string, 
/**
 * The caller's own (they may change and delete it).
 */
mine: boolean, 
/**
 * Shared with everyone who may open the list.
 */
shared: boolean, 
/**
 * The caller's default on this list (never set on another's view).
 */
isDefault: boolean, 
/**
 * What it holds.
 */
content: ViewContent, 
/**
 * Optimistic-lock version.
 */
version: number, 
/**
 * Last saved, epoch ms.
 */
updatedAt: number, };

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
password: string, 
/**
 * This browser's device token for the account, from an earlier sign-in (the core adds it).
 */
device?: string, };

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
roles: Array<string>, 
/**
 * The actions held under pages, as codes (`baseMgmt/shopMgmt:audit`): the UI shows an
 * action to a holder only (`perms::may`).
 */
perms: Array<string>, };

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
access?: string, 
/**
 * The page module the node opens, kept when the node is moved or its name changes, so its
 * screen, its links and the operations it guards follow it; absent: the path, without its
 * leading slash.
 */
page?: string, };

export type MenuNode = { 
/**
 * The node's fields.
 */
data: MenuData, 
/**
 * Its children.
 */
children: Array<MenuNode>, };

export type SignedIn = { 
/**
 * The device token: the one the sign-in sent when it was the account's, else a new one.
 */
device: string, 
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
roles: Array<string>, 
/**
 * The actions held under pages, as codes (`baseMgmt/shopMgmt:audit`): the UI shows an
 * action to a holder only (`perms::may`).
 */
perms: Array<string>, };

export type ChangePasswordParams = { 
/**
 * The current password.
 */
oldPassword: string, 
/**
 * The new one (the password policy applies).
 */
newPassword: string, };

export type UpdateProfileParams = { 
/**
 * Display name (the system-user form's nickname rule).
 */
nickname: string, 
/**
 * The avatar image's key (`file.upload`), empty for the default avatar; absent keeps the
 * current one (the app holds only its signed URL).
 */
avatar?: string, };

export type OnlineListParams = { 
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
username?: string, };

export type OnlineSession = { 
/**
 * The sign-in's id (what `revoke` takes).
 */
id: number, 
/**
 * The signed-in system user.
 */
userId: number, 
/**
 * Their login name.
 */
username: string, 
/**
 * Their display name.
 */
nickname: string, 
/**
 * The address it signed in from.
 */
ip: string, 
/**
 * The browser it signed in with (`User-Agent`, at most 256 characters).
 */
userAgent: string, 
/**
 * When it signed in, epoch ms.
 */
createdAt: number, 
/**
 * Its last call, epoch ms.
 */
lastSeenAt: number, 
/**
 * Whether it is the caller's own.
 */
current: boolean, };

export type LoginLogListParams = { 
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
 * Part of the login name tried.
 */
username?: string, 
/**
 * `success`, `failed`, `locked` or `busy` (choices `loginResult`).
 */
result?: string, 
/**
 * From this time, epoch ms.
 */
from?: number, 
/**
 * Before this time, epoch ms.
 */
to?: number, };

export type LoginLogEntry = { 
/**
 * Id.
 */
id: number, 
/**
 * The login name tried (at most 64 characters, as the sign-in bounds it).
 */
username: string, 
/**
 * From which address.
 */
ip: string, 
/**
 * With which browser (`User-Agent`, at most 256 characters).
 */
userAgent: string, 
/**
 * `success`, `failed` (wrong name or password, or a disabled account), `locked` (refused by
 * the lockout) or `busy` (shed by a full hashing pool).
 */
result: string, 
/**
 * When, epoch ms.
 */
at: number, };

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
version: number, 
/**
 * Whether the anonymous count locks it now (sign-ins without a device token of the account
 * are refused): 已锁定, which 解锁 ends.
 */
locked: boolean, };

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
access?: string, 
/**
 * The page module the node opens, kept when the node is moved or its name changes, so its
 * screen, its links and the operations it guards follow it; absent: the path, without its
 * leading slash.
 */
page?: string, };

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
checkedIds: Array<number>, 
/**
 * Every page's actions (按钮权限), in the tree's order.
 */
actions: Array<PageAction>, 
/**
 * The codes the role holds.
 */
checkedActions: Array<string>, };

export type PageAction = { 
/**
 * The page's menu entry.
 */
menuId: number, 
/**
 * `{page}:{action}`.
 */
code: string, 
/**
 * What people read (审核).
 */
label: string, };

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
 * Every action code the role shall hold, each on a page of `menuIds`; absent: the role keeps
 * its codes on the pages it still owns.
 */
actions?: string[], 
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
 * The codes it now holds.
 */
checkedActions: Array<string>, 
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
 * Their nickname now (null when the user was deleted since).
 */
nickname: string | null, 
/**
 * The operation.
 */
api: string, 
/**
 * What people call the operation (审核店铺), or the lifecycle move it made (冻结店铺).
 */
label: string, 
/**
 * The record written, when one.
 */
targetId: number | null, 
/**
 * Its kind ([`Subject::code`], `shop`), when known.
 */
targetType: string | null, 
/**
 * What people call that kind (店铺).
 */
targetTypeLabel: string | null, 
/**
 * Its name at the time of the write (the shop's name), when it has one.
 */
targetName: string | null, 
/**
 * Its fields the write changed, before → after, as people read them.
 */
changes: Array<AuditChange>, 
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
 * The operator's id.
 */
operatorId?: number, 
/**
 * Part of the operation's name.
 */
api?: string, 
/**
 * One of [`labels`].
 */
label?: string, 
/**
 * A [`Subject::code`].
 */
targetType?: string, 
/**
 * Part of the target's name.
 */
targetName?: string, 
/**
 * From, epoch ms.
 */
from?: number, 
/**
 * To, epoch ms.
 */
to?: number, };

export type AuditChange = { 
/**
 * The field's wire name (`status`).
 */
field: string, 
/**
 * What people call it (状态).
 */
label: string, 
/**
 * Its value before, as people read it (营业中); null when the write created the record or
 * the value is not shown (a password).
 */
before?: string, 
/**
 * Its value after (已冻结).
 */
after: string, };

export type AuditOptions = { 
/**
 * Every label an entry can carry ([`labels`]), in the catalogue's order.
 */
labels: Array<string>, 
/**
 * The system users, by id.
 */
operators: Array<AuditOperator>, 
/**
 * The kinds of target ([`SUBJECTS`]).
 */
targetTypes: Array<AuditTargetType>, };

export type AuditOperator = { 
/**
 * Id (`operatorId`).
 */
id: number, 
/**
 * Login name.
 */
username: string, 
/**
 * Nickname.
 */
nickname: string, };

export type AuditTargetType = { 
/**
 * The code (`targetType`).
 */
value: string, 
/**
 * What people call it.
 */
label: string, };

export type DashboardStats = { 
/**
 * Shops, in any state.
 */
shops: number, 
/**
 * Shops registered today.
 */
newShopsToday: number, 
/**
 * Products on sale.
 */
productsOnSale: number, 
/**
 * Shops waiting for review (待审核).
 */
pendingShops: number, 
/**
 * Purchase opportunities waiting for review (待审核).
 */
pendingOpportunities: number, 
/**
 * Inquiries sent today.
 */
inquiriesToday: number, 
/**
 * 待办事项: the queues of [`QUEUES`] the caller may act on (owns the screen of), in order.
 */
todo: Array<TodoItem>, };

export type TodoItem = { 
/**
 * Which queue ([`Queue::key`]).
 */
key: string, 
/**
 * What waits: 待审核店铺.
 */
title: string, 
/**
 * The counting word: 家, 条, 个.
 */
unit: string, 
/**
 * How many wait now.
 */
count: number, 
/**
 * What waits, in words: `待审核店铺 12 家` (the queue's [`Queue::words`]).
 */
label: string, 
/**
 * The page that works the queue (its key: the web links to it wherever it is today).
 */
page: string, 
/**
 * That page's filter showing just the queue, in the order to work it.
 */
query: { [key in string]: string }, };

export type MenuBadge = { 
/**
 * The entry's page (its menu name: the web finds the entry wherever it is today).
 */
page: string, 
/**
 * How many wait.
 */
count: number, 
/**
 * What waits, in words, as 首页's to-do says it: `待审核店铺 12 家` ([`Queue::words`]).
 */
label: string, };

export type IdParams = { 
/**
 * The record.
 */
id: number, };

export type StatusParams = { 
/**
 * The record.
 */
id: number, 
/**
 * The version it was read at.
 */
version: number, 
/**
 * The state to move to.
 */
status: string, 
/**
 * The reason's code (数据字典 `reason_<reasonType>` of the transition).
 */
reasonCode?: string, 
/**
 * The reason's text (required for 其他).
 */
reason?: string, };

export type BulkItem = { 
/**
 * The record.
 */
id: number, 
/**
 * Done, or skipped because it was already so (no error).
 */
ok: boolean, 
/**
 * Nothing was done: the record already was in the asked-for state.
 */
skipped: boolean, 
/**
 * The business code when not done (`state_invalid`, `data_not_found`, …).
 */
code?: string, 
/**
 * Why, for people, when skipped or not done.
 */
msg?: string, };

export type BulkResults = { 
/**
 * Per record.
 */
results: Array<BulkItem>, };

export type ShopRow = { 
/**
 * Id.
 */
id: number, 
/**
 * Name.
 */
name: string, 
/**
 * The logo as a short-lived signed URL, null when none.
 */
logoUrl: string | null, 
/**
 * The owning member.
 */
ownerMemberId: number, 
/**
 * Their nickname.
 */
ownerNickname: string, 
/**
 * Contact person.
 */
contactName: string, 
/**
 * Contact phone, masked (`138****0000`).
 */
contactPhone: string, 
/**
 * Province.
 */
province: string, 
/**
 * City.
 */
city: string, 
/**
 * Industrial belt, if any.
 */
beltId: number | null, 
/**
 * Its name, empty when none.
 */
beltName: string, 
/**
 * Level 1–5.
 */
level: number, 
/**
 * Lifecycle `shop`: pending, active, rejected, frozen, closed.
 */
status: string, 
/**
 * Products of the shop.
 */
productCount: number, 
/**
 * Inquiries to the shop.
 */
inquiryCount: number, 
/**
 * Registration (the review queue waits from here), epoch ms.
 */
createdAt: number, 
/**
 * Last change, epoch ms.
 */
updatedAt: number, 
/**
 * Optimistic-lock version.
 */
version: number, };

export type ShopCounts = { 
/**
 * 全部.
 */
all: number, 
/**
 * 待审核.
 */
pending: number, 
/**
 * 营业中.
 */
active: number, 
/**
 * 已冻结.
 */
frozen: number, };

export type ShopPage = { 
/**
 * The rows of this page.
 */
list: Array<ShopRow>, 
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
pageSize: number, 
/**
 * The tabs' counts.
 */
counts: ShopCounts, };

export type ShopListParams = { 
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
 * Part of the name.
 */
name?: string, 
/**
 * The province, exactly (a choice of `shop.regions`).
 */
province?: string, 
/**
 * The city, exactly (with `province`: that province's city of the name).
 */
city?: string, 
/**
 * The industrial belt.
 */
beltId?: number, 
/**
 * The level, 1–5.
 */
level?: number, 
/**
 * One state of the lifecycle `shop`.
 */
status?: string, };

export type ShopStatsParams = { 
/**
 * 7, 30 or 90.
 */
days: number, };

export type ShopDay = { 
/**
 * `YYYY-MM-DD` (UTC+8).
 */
date: string, 
/**
 * Shops registered that day.
 */
newShops: number, 
/**
 * Shops active at the end of that day.
 */
activeShops: number, };

export type ShopStats = { 
/**
 * One entry per day, oldest first, ending today.
 */
series: Array<ShopDay>, 
/**
 * The tab counts, unfiltered.
 */
counts: ShopCounts, };

export type MemberBrief = { 
/**
 * Id.
 */
id: number, 
/**
 * Nickname.
 */
nickname: string, 
/**
 * Phone, masked.
 */
phone: string, 
/**
 * `buyer` or `seller`.
 */
type: string, 
/**
 * Lifecycle `member`.
 */
status: string, };

export type ShopDetail = { 
/**
 * The shop.
 */
shop: ShopRow, 
/**
 * Its owner.
 */
owner: MemberBrief, 
/**
 * Names of its main categories.
 */
mainCategories: Array<string>, 
/**
 * Its latest products (at most 10; `shop.productCount` counts them all).
 */
products: Array<ProductRow>, 
/**
 * Its latest inquiries (at most 10; `shop.inquiryCount` counts them all).
 */
inquiries: Array<InquiryRow>, };

export type AuditParams = { 
/**
 * The record under review.
 */
id: number, 
/**
 * The version it was read at.
 */
version: number, 
/**
 * true: approve (pending → active / approved); false: reject (a reason is required).
 */
approve: boolean, 
/**
 * The reason's code (数据字典 `reason_<reasonType>` of the reject transition).
 */
reasonCode?: string, 
/**
 * The reason's text (required for 其他).
 */
reason?: string, };

export type ProductRow = { 
/**
 * Id.
 */
id: number, 
/**
 * Title.
 */
title: string, 
/**
 * The selling shop.
 */
shopId: number, 
/**
 * Its name.
 */
shopName: string, 
/**
 * Its state (lifecycle `shop`): a frozen or closed shop holds the product
 * (`Lifecycle::held_by`).
 */
shopStatus: string, 
/**
 * The (leaf) category.
 */
categoryId: number, 
/**
 * Its name.
 */
categoryName: string, 
/**
 * The first image as a short-lived signed URL, null when none.
 */
coverUrl: string | null, 
/**
 * Lowest price, fen.
 */
priceMin: number, 
/**
 * Highest price, fen.
 */
priceMax: number, 
/**
 * Unit (件, 箱, 米 …).
 */
unit: string, 
/**
 * Minimum order quantity.
 */
moq: number, 
/**
 * Stock.
 */
stock: number, 
/**
 * Lifecycle `product`: draft, onSale, offSale, violation.
 */
status: string, 
/**
 * Creation, epoch ms.
 */
createdAt: number, 
/**
 * Last change, epoch ms.
 */
updatedAt: number, 
/**
 * Optimistic-lock version.
 */
version: number, };

export type ProductCounts = { 
/**
 * 全部.
 */
all: number, 
/**
 * 在售.
 */
onSale: number, 
/**
 * 已下架.
 */
offSale: number, 
/**
 * 违规下架.
 */
violation: number, 
/**
 * 草稿.
 */
draft: number, };

export type ProductPage = { 
/**
 * The rows of this page.
 */
list: Array<ProductRow>, 
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
pageSize: number, 
/**
 * The tabs' counts.
 */
counts: ProductCounts, };

export type ProductListParams = { 
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
 * Part of the title.
 */
title?: string, 
/**
 * The shop.
 */
shopId?: number, 
/**
 * A category: the product's or one of its ancestors'.
 */
categoryId?: number, 
/**
 * One state of the lifecycle `product`.
 */
status?: string, 
/**
 * Lowest price at least, fen.
 */
priceMin?: number, 
/**
 * Lowest price at most, fen.
 */
priceMax?: number, };

export type ProductDetail = { 
/**
 * The product.
 */
product: ProductRow, 
/**
 * Every image as a short-lived signed URL, in order.
 */
images: Array<string>, 
/**
 * Free text.
 */
description: string, 
/**
 * The category's names from the root (`纺织服装 / 女装 / 连衣裙`).
 */
categoryPath: Array<string>, };

export type ProductStatusParams = { 
/**
 * The products, at most 100.
 */
ids: number[], 
/**
 * The state to move to.
 */
status: string, 
/**
 * The reason's code (数据字典 `reason_product_violation`).
 */
reasonCode?: string, 
/**
 * The reason's text (required for 其他).
 */
reason?: string, };

export type CategoryNode = { 
/**
 * Id.
 */
id: number, 
/**
 * The parent, null at the top level.
 */
parentId: number | null, 
/**
 * Name, unique among siblings.
 */
name: string, 
/**
 * Order among siblings.
 */
sort: number, 
/**
 * Icon name, empty when none.
 */
icon: string, 
/**
 * 1 shown, 0 hidden.
 */
visible: number, 
/**
 * 1, 2 or 3.
 */
level: number, 
/**
 * Products in it and its descendants.
 */
productCount: number, 
/**
 * Whether a child may be added (the tree's depth rule, `tree::fits_depth`).
 */
mayAddChild: boolean, 
/**
 * Optimistic-lock version.
 */
version: number, 
/**
 * Its children (empty for a leaf).
 */
children: Array<CategoryNode>, };

export type CategorySaveParams = { 
/**
 * The category to update; absent to create.
 */
id?: number, 
/**
 * The version it was read at (updates).
 */
version?: number, 
/**
 * The parent; absent or null for the top level.
 */
parentId?: number, 
/**
 * Name.
 */
name: string, 
/**
 * Order among siblings (last when absent on create, kept on update).
 */
sort?: number, 
/**
 * Icon name.
 */
icon?: string, 
/**
 * 1 shown, 0 hidden (shown on create when absent, kept on update).
 */
visible?: number, };

export type CategorySortParams = { 
/**
 * The parent whose children these are; absent for the top level.
 */
parentId?: number, 
/**
 * Every child of that parent, in the new order.
 */
ids: number[], };

export type MemberRow = { 
/**
 * Id.
 */
id: number, 
/**
 * Nickname.
 */
nickname: string, 
/**
 * Phone, masked (`138****0000`).
 */
phone: string, 
/**
 * Avatar as a signed URL, null for the default.
 */
avatarUrl: string | null, 
/**
 * `buyer` or `seller`.
 */
type: string, 
/**
 * Their shop (sellers), if any.
 */
shopId: number | null, 
/**
 * Its name, empty when none.
 */
shopName: string, 
/**
 * Who invited them, if anyone.
 */
inviterId: number | null, 
/**
 * Their nickname, empty when none.
 */
inviterNickname: string, 
/**
 * Lifecycle `member`: normal or banned.
 */
status: string, 
/**
 * Last sign-in, epoch ms, null when never.
 */
lastLoginAt: number | null, 
/**
 * Registration, epoch ms.
 */
createdAt: number, 
/**
 * Optimistic-lock version.
 */
version: number, };

export type MemberListParams = { 
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
 * Part of the nickname.
 */
nickname?: string, 
/**
 * Part of the phone number (digits).
 */
phone?: string, 
/**
 * `buyer` or `seller`.
 */
type?: string, 
/**
 * `normal` or `banned`.
 */
status?: string, };

export type MemberDetail = { 
/**
 * The member.
 */
member: MemberRow, 
/**
 * A page of their inquiries, newest first.
 */
inquiries: Page<InquiryRow>, 
/**
 * A page of their purchase opportunities, newest first.
 */
opportunities: Page<OpportunityRow>, 
/**
 * A page of the invitations they sent, newest first.
 */
invitations: Page<InvitationRow>, };

export type MemberDetailParams = { 
/**
 * The member.
 */
id: number, 
/**
 * The page of their inquiries.
 */
inquiryPage?: number, 
/**
 * The page of their purchase opportunities.
 */
opportunityPage?: number, 
/**
 * The page of the invitations they sent.
 */
invitationPage?: number, 
/**
 * Rows per page of each.
 */
pageSize?: number, };

export type RevealParams = { 
/**
 * `shop` or `member`.
 */
entity: string, 
/**
 * The record.
 */
id: number, };

export type RevealedPhone = { 
/**
 * The number as stored, unmasked (empty when the record has none).
 */
phone: string, };

export type InvitationRow = { 
/**
 * Id.
 */
id: number, 
/**
 * The inviting member.
 */
inviterId: number, 
/**
 * Their nickname.
 */
inviterNickname: string, 
/**
 * The invited member.
 */
inviteeId: number, 
/**
 * Their nickname.
 */
inviteeNickname: string, 
/**
 * The invitation code used.
 */
code: string, 
/**
 * Lifecycle `invitation`: registered or shopOpened.
 */
state: string, 
/**
 * The inviter's reward, fen.
 */
rewardFen: number, 
/**
 * When the invitee registered, epoch ms.
 */
createdAt: number, };

export type InvitationTotals = { 
/**
 * Invitations.
 */
count: number, 
/**
 * Of which the invitee opened a shop.
 */
shopOpened: number, 
/**
 * Rewards, fen.
 */
rewardFen: number, };

export type InvitationPage = { 
/**
 * The rows of this page.
 */
list: Array<InvitationRow>, 
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
pageSize: number, 
/**
 * Totals under the filters.
 */
totals: InvitationTotals, };

export type InvitationListParams = { 
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
 * The inviting member.
 */
inviterId?: number, 
/**
 * Part of the inviter's or invitee's nickname.
 */
keyword?: string, 
/**
 * Part of the code.
 */
code?: string, 
/**
 * `registered` or `shopOpened`.
 */
state?: string, 
/**
 * Registered from, epoch ms.
 */
from?: number, 
/**
 * Registered before, epoch ms.
 */
to?: number, };

export type HistoryParams = { 
/**
 * `shop`, `product` or `member` (a lifecycle entity).
 */
entity: string, 
/**
 * The record.
 */
id: number, };

export type HistoryEntry = { 
/**
 * Id.
 */
id: number, 
/**
 * The state before; null for the record's creation.
 */
fromState: string | null, 
/**
 * The state after.
 */
toState: string, 
/**
 * The action's name (`冻结`).
 */
action: string, 
/**
 * The reason's code, empty when none.
 */
reasonCode: string, 
/**
 * The reason code's label (`售假`), empty when none.
 */
reasonLabel: string, 
/**
 * The reason's text, empty when none.
 */
reason: string, 
/**
 * Who: the system user's nickname, or `系统` for seeded history.
 */
operator: string, 
/**
 * When, epoch ms.
 */
at: number, };

export type UploadParams = { 
/**
 * The file's name as picked (kept for the audit log only).
 */
name: string, 
/**
 * The bytes, base64 (standard alphabet, padded).
 */
content: string, };

export type Uploaded = { 
/**
 * The stored image's key, saved with the record (`logo`, `image`).
 */
key: string, 
/**
 * A short-lived signed URL to show it now.
 */
url: string, };

export type ReasonListParams = { 
/**
 * A transition's `reasonType`, e.g. `shop_freeze` (the dictionary type `reason_shop_freeze`).
 */
type: string, };

export type ReasonOption = { 
/**
 * The code (`counterfeit`; `other` needs a text).
 */
key: string, 
/**
 * What people read (`售假`).
 */
label: string, 
/**
 * A suggested wording.
 */
value: string, };

export type BeltRow = { 
/**
 * Id.
 */
id: number, 
/**
 * Name (`义乌小商品产业带`).
 */
name: string, 
/**
 * Province.
 */
province: string, 
/**
 * City.
 */
city: string, 
/**
 * Free text.
 */
description: string, 
/**
 * Shops in the belt.
 */
shopCount: number, 
/**
 * Optimistic-lock version.
 */
version: number, };

export type BeltListParams = { 
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
 * Part of the name.
 */
name?: string, 
/**
 * The province, exactly (a choice of `belt.regions`).
 */
province?: string, };

export type InquiryRow = { 
/**
 * Id.
 */
id: number, 
/**
 * The asking member.
 */
buyerMemberId: number, 
/**
 * Their nickname.
 */
buyerNickname: string, 
/**
 * The shop asked.
 */
shopId: number, 
/**
 * Its name.
 */
shopName: string, 
/**
 * The product asked about, if any.
 */
productId: number | null, 
/**
 * Its title, empty when none.
 */
productTitle: string, 
/**
 * Quantity.
 */
quantity: number, 
/**
 * Expected unit price, fen.
 */
expectPrice: number, 
/**
 * The buyer's message.
 */
message: string, 
/**
 * Lifecycle `inquiry`: pending, quoted, closed.
 */
state: string, 
/**
 * Sent, epoch ms.
 */
createdAt: number, 
/**
 * Optimistic-lock version.
 */
version: number, 
/**
 * The shop's quote: present once the inquiry was quoted (it stays when closed after).
 */
quote: InquiryQuote | null, };

export type InquiryQuote = { 
/**
 * Unit price offered, fen.
 */
unitPrice: number, 
/**
 * Quantity offered.
 */
quantity: number, 
/**
 * Lead time, days from the order.
 */
leadDays: number, 
/**
 * Quoted, epoch ms.
 */
quotedAt: number, };

export type OpportunityRow = { 
/**
 * Id.
 */
id: number, 
/**
 * The buying member.
 */
buyerMemberId: number, 
/**
 * Their nickname.
 */
buyerNickname: string, 
/**
 * Title.
 */
title: string, 
/**
 * The category sought.
 */
categoryId: number, 
/**
 * Its name.
 */
categoryName: string, 
/**
 * Quantity.
 */
quantity: number, 
/**
 * Unit.
 */
unit: string, 
/**
 * Budget, fen.
 */
budget: number, 
/**
 * Deadline, epoch ms.
 */
deadline: number, 
/**
 * Lifecycle `opportunity`: pending, approved, rejected, closed.
 */
state: string, 
/**
 * Replies so far.
 */
replyCount: number, 
/**
 * Submitted (the review queue waits from here), epoch ms.
 */
createdAt: number, 
/**
 * Optimistic-lock version.
 */
version: number, };

export type SortParams = { 
/**
 * Every record, in the new order.
 */
ids: number[], };

export type PickParams = { 
/**
 * `shop`, `product` or `member`.
 */
kind: string, 
/**
 * Part of the name or title; blank for the first ones.
 */
keyword?: string, };

export type PickItem = { 
/**
 * `shop`, `product` or `member`.
 */
kind: string, 
/**
 * Id.
 */
id: number, 
/**
 * Name, title or nickname.
 */
name: string, 
/**
 * For a product, its shop's name; for a shop, its city; for a member, the masked phone.
 */
extra: string, 
/**
 * Its state (lifecycle `shop`, `product` or `member`).
 */
status: string, };

export type ShopImpact = { 
/**
 * Its products on sale.
 */
productsOnSale: number, 
/**
 * Enabled ads, not expired, linking to it or its products.
 */
liveAds: number, 
/**
 * Home-page recommendations of it, not expired.
 */
recommendations: number, 
/**
 * Items of activities (not offline) that are it or its products.
 */
activityItems: number, 
/**
 * Its inquiries still open (pending or quoted).
 */
openInquiries: number, };

export type AdSlotRow = { 
/**
 * Id.
 */
id: number, 
/**
 * Name (`首页顶部通栏`).
 */
name: string, 
/**
 * Unique code read by the storefront (`home_banner`).
 */
code: string, 
/**
 * The page it is on (`home`, `category`).
 */
page: string, 
/**
 * Width, px.
 */
width: number, 
/**
 * Height, px.
 */
height: number, 
/**
 * How many enabled ads may run at once.
 */
maxAds: number, 
/**
 * Lifecycle `adSlot`: enabled or disabled.
 */
status: string, 
/**
 * Ads in the slot.
 */
adCount: number, 
/**
 * Of which running now.
 */
activeAdCount: number, 
/**
 * Creation, epoch ms.
 */
createdAt: number, 
/**
 * Optimistic-lock version.
 */
version: number, };

export type AdSlotListParams = { 
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
 * Part of the name or code.
 */
keyword?: string, 
/**
 * The storefront page it is on, exactly.
 */
onPage?: string, 
/**
 * `enabled` or `disabled`.
 */
status?: string, };

export type Occupancy = { 
/**
 * From, epoch ms.
 */
start: number, 
/**
 * To (exclusive), epoch ms.
 */
end: number, 
/**
 * Enabled ads running then.
 */
count: number, 
/**
 * More than the slot's capacity.
 */
over: boolean, };

export type AdSlotDetail = { 
/**
 * The slot.
 */
slot: AdSlotRow, 
/**
 * Its ads in display order.
 */
ads: Array<AdRow>, 
/**
 * Its occupancy from today over the coming eight weeks (`schedule::occupancy`).
 */
occupancy: Array<Occupancy>, };

export type AdSlotSaveParams = { 
/**
 * The slot to update; absent to create.
 */
id?: number, 
/**
 * The version it was read at (updates).
 */
version?: number, 
/**
 * Name.
 */
name: string, 
/**
 * Unique code.
 */
code: string, 
/**
 * The page (`home`, `category`, `search`).
 */
page: string, 
/**
 * Width, px.
 */
width: number, 
/**
 * Height, px.
 */
height: number, 
/**
 * Capacity.
 */
maxAds: number, };

export type AdRow = { 
/**
 * Id.
 */
id: number, 
/**
 * The slot.
 */
slotId: number, 
/**
 * Its name.
 */
slotName: string, 
/**
 * Title.
 */
title: string, 
/**
 * The image's key.
 */
image: string, 
/**
 * The image as a short-lived signed URL.
 */
imageUrl: string | null, 
/**
 * `url`, `shop` or `product`.
 */
linkType: string, 
/**
 * The URL, or the shop's or product's id.
 */
linkTarget: string, 
/**
 * What it links to, for people (the URL, or the shop's or product's name).
 */
linkLabel: string, 
/**
 * Why the link is a problem now (`店铺已冻结`, `商品已下架`), null when fine.
 */
linkProblem: string | null, 
/**
 * From, epoch ms.
 */
startAt: number, 
/**
 * To (exclusive), epoch ms.
 */
endAt: number, 
/**
 * Display order within the slot.
 */
sort: number, 
/**
 * Lifecycle `ad`: the switch, enabled or disabled.
 */
status: string, 
/**
 * Lifecycle `adState`: scheduled, active or expired (from time, when enabled) or disabled.
 */
state: string, 
/**
 * Last change, epoch ms.
 */
updatedAt: number, 
/**
 * Optimistic-lock version.
 */
version: number, };

export type Region = { 
/**
 * The province (`浙江`).
 */
province: string, 
/**
 * Its cities, by name.
 */
cities: Array<string>, };

export type AdListParams = { 
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
 * The slot.
 */
slotId?: number, 
/**
 * Part of the title.
 */
title?: string, 
/**
 * One state of `adState`.
 */
state?: string, 
/**
 * Runs at some time after, epoch ms.
 */
from?: number, 
/**
 * Runs at some time before, epoch ms.
 */
to?: number, };

export type AdSaveParams = { 
/**
 * The ad to update; absent to create.
 */
id?: number, 
/**
 * The version it was read at (updates).
 */
version?: number, 
/**
 * The slot.
 */
slotId: number, 
/**
 * Title.
 */
title: string, 
/**
 * The uploaded image's key (`file.upload`).
 */
image: string, 
/**
 * `url`, `shop` or `product`.
 */
linkType: string, 
/**
 * The URL, or the shop's or product's id.
 */
linkTarget: string, 
/**
 * From, epoch ms.
 */
startAt: number, 
/**
 * To (exclusive), epoch ms.
 */
endAt: number, };

export type AdSortParams = { 
/**
 * The slot.
 */
slotId: number, 
/**
 * Every ad of the slot, in the new order.
 */
ids: number[], };

export type ActivityRow = { 
/**
 * Id.
 */
id: number, 
/**
 * Title.
 */
title: string, 
/**
 * The banner's key, empty when none.
 */
banner: string, 
/**
 * The banner as a signed URL.
 */
bannerUrl: string | null, 
/**
 * Free text.
 */
description: string, 
/**
 * From, epoch ms.
 */
startAt: number, 
/**
 * To, epoch ms.
 */
endAt: number, 
/**
 * Lifecycle `activity`: draft, online, offline.
 */
status: string, 
/**
 * Items.
 */
itemCount: number, 
/**
 * Last change, epoch ms.
 */
updatedAt: number, 
/**
 * Optimistic-lock version.
 */
version: number, };

export type ActivityListParams = { 
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
 * Part of the title.
 */
title?: string, 
/**
 * `draft`, `online` or `offline`.
 */
status?: string, 
/**
 * Runs at some time after, epoch ms.
 */
from?: number, 
/**
 * Runs at some time before, epoch ms.
 */
to?: number, };

export type ActivityItem = { 
/**
 * `shop` or `product`.
 */
kind: string, 
/**
 * The shop's or product's id.
 */
targetId: number, 
/**
 * Its name or title.
 */
name: string, 
/**
 * Its logo or cover as a signed URL.
 */
imageUrl: string | null, 
/**
 * Its state (lifecycle `shop` or `product`).
 */
status: string, 
/**
 * Why it is a problem now (`店铺已冻结`, `商品已下架`), null when fine.
 */
problem: string | null, 
/**
 * Extra facts for the details modal (`¥12.00 – ¥18.50`, `浙江 义乌`).
 */
extra: string, };

export type ActivityDetail = { 
/**
 * The activity.
 */
activity: ActivityRow, 
/**
 * Its items in order.
 */
items: Array<ActivityItem>, };

export type ActivitySaveParams = { 
/**
 * The activity to update; absent to create.
 */
id?: number, 
/**
 * The version it was read at (updates).
 */
version?: number, 
/**
 * Title.
 */
title: string, 
/**
 * The banner's key (`file.upload`), empty for none.
 */
banner: string, 
/**
 * Free text.
 */
description: string, 
/**
 * From, epoch ms.
 */
startAt: number, 
/**
 * To, epoch ms.
 */
endAt: number, };

export type ItemRef = { 
/**
 * `shop` or `product`.
 */
kind: string, 
/**
 * The shop's or product's id.
 */
targetId: number, };

export type ActivityItemsParams = { 
/**
 * The activity.
 */
id: number, 
/**
 * The version it was read at.
 */
version: number, 
/**
 * Every item, in order (at most 100).
 */
items: Array<ItemRef>, };

export type EntryRow = { 
/**
 * Id.
 */
id: number, 
/**
 * Name (`找工厂`).
 */
name: string, 
/**
 * Icon name (one of the core's entry icons).
 */
icon: string, 
/**
 * Where it leads: an app path (`/pages/factory`) or an http(s) URL.
 */
link: string, 
/**
 * Display order.
 */
sort: number, 
/**
 * 1 shown, 0 hidden.
 */
visible: number, 
/**
 * Last change, epoch ms.
 */
updatedAt: number, 
/**
 * Optimistic-lock version.
 */
version: number, };

export type EntryListParams = { 
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
 * Part of the name.
 */
name?: string, 
/**
 * 1 shown, 0 hidden.
 */
visible?: number, };

export type EntrySaveParams = { 
/**
 * The entry to update; absent to create.
 */
id?: number, 
/**
 * The version it was read at (updates).
 */
version?: number, 
/**
 * Name.
 */
name: string, 
/**
 * Icon name.
 */
icon: string, 
/**
 * Link.
 */
link: string, 
/**
 * 1 shown, 0 hidden (shown on create when absent).
 */
visible?: number, };

export type RecommendRow = { 
/**
 * Id.
 */
id: number, 
/**
 * The shop.
 */
shopId: number, 
/**
 * Its name.
 */
shopName: string, 
/**
 * Its state (lifecycle `shop`).
 */
shopStatus: string, 
/**
 * Why the recommendation is a problem now (`店铺已冻结`), null when fine.
 */
problem: string | null, 
/**
 * Why it is recommended.
 */
reason: string, 
/**
 * Display order.
 */
sort: number, 
/**
 * From, epoch ms.
 */
startAt: number, 
/**
 * To, epoch ms.
 */
endAt: number, 
/**
 * Lifecycle `adState`'s window: scheduled, active or expired.
 */
state: string, 
/**
 * Optimistic-lock version.
 */
version: number, };

export type RecommendListParams = { 
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
 * Part of the shop's name.
 */
shopName?: string, 
/**
 * scheduled, active or expired.
 */
state?: string, };

export type RecommendSaveParams = { 
/**
 * The recommendation to update; absent to create.
 */
id?: number, 
/**
 * The version it was read at (updates).
 */
version?: number, 
/**
 * The shop (active).
 */
shopId: number, 
/**
 * Why.
 */
reason: string, 
/**
 * From, epoch ms.
 */
startAt: number, 
/**
 * To, epoch ms.
 */
endAt: number, };

export type InquiryListParams = { 
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
 * Part of the buyer's nickname.
 */
buyer?: string, 
/**
 * The shop.
 */
shopId?: number, 
/**
 * pending, quoted or closed.
 */
state?: string, 
/**
 * Sent from, epoch ms.
 */
from?: number, 
/**
 * Sent before, epoch ms.
 */
to?: number, };

export type InquiryDetail = { 
/**
 * The inquiry.
 */
inquiry: InquiryRow, 
/**
 * The buyer.
 */
buyer: MemberBrief, };

export type OpportunityListParams = { 
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
 * Part of the title.
 */
title?: string, 
/**
 * pending, approved, rejected or closed.
 */
state?: string, 
/**
 * A category: the opportunity's or one of its ancestors'.
 */
categoryId?: number, 
/**
 * Submitted from, epoch ms.
 */
from?: number, 
/**
 * Submitted before, epoch ms.
 */
to?: number, };

export type OpportunityReply = { 
/**
 * Id.
 */
id: number, 
/**
 * `shop` or `operator`.
 */
authorKind: string, 
/**
 * The shop's name or the operator's nickname.
 */
author: string, 
/**
 * The shop, for a shop's reply.
 */
shopId: number | null, 
/**
 * What was said.
 */
content: string, 
/**
 * When, epoch ms.
 */
at: number, };

export type OpportunityDetail = { 
/**
 * The opportunity.
 */
opportunity: OpportunityRow, 
/**
 * Its description.
 */
description: string, 
/**
 * The buyer.
 */
buyer: MemberBrief, 
/**
 * The thread, oldest first.
 */
replies: Array<OpportunityReply>, };

export type ReplyParams = { 
/**
 * The opportunity.
 */
id: number, 
/**
 * What to say.
 */
content: string, };

export type BeltDetail = { 
/**
 * The belt.
 */
belt: BeltRow, 
/**
 * Its shops (at most 50, most products first).
 */
shops: Array<ShopRow>, };

export type BeltSaveParams = { 
/**
 * The belt to update; absent to create.
 */
id?: number, 
/**
 * The version it was read at (updates).
 */
version?: number, 
/**
 * Name, unique.
 */
name: string, 
/**
 * Province.
 */
province: string, 
/**
 * City.
 */
city: string, 
/**
 * Free text.
 */
description: string, };

/** Every operation: its params and its answer (`result.data`). */
export interface Operations {
  "mtop.admin.user.login": { params: LoginForm; answer: SignedIn };
  "mtop.admin.user.current": { params: NoParams; answer: UserInfo };
  "mtop.admin.user.logout": { params: NoParams; answer: null };
  "mtop.admin.user.updateProfile": { params: UpdateProfileParams; answer: UserInfo };
  "mtop.admin.user.changePassword": { params: ChangePasswordParams; answer: null };
  "mtop.admin.user.menuTree": { params: NoParams; answer: MenuNode[] };
  "mtop.admin.session.list": { params: OnlineListParams; answer: Page<OnlineSession> };
  "mtop.admin.session.revoke": { params: IdParams; answer: Deleted };
  "mtop.admin.loginLog.list": { params: LoginLogListParams; answer: Page<LoginLogEntry> };
  "mtop.admin.user.list": { params: SysUserListParams; answer: Page<SysUser> };
  "mtop.admin.user.create": { params: SysUserCreateParams; answer: SysUser };
  "mtop.admin.user.update": { params: SysUserUpdateParams; answer: SysUser };
  "mtop.admin.user.delete": { params: DeleteParams; answer: Deleted };
  "mtop.admin.user.unlock": { params: IdParams; answer: SysUser };
  "mtop.admin.user.qryRoleTree": { params: NoParams; answer: RoleNode[] };
  "mtop.admin.user.roleTree": { params: NoParams; answer: RoleNode[] };
  "mtop.admin.user.saveRole": { params: SaveRoleParams; answer: RoleNode };
  "mtop.admin.user.deleteRole": { params: DeleteParams; answer: Deleted };
  "mtop.admin.user.qryMenuTree": { params: RoleMenusParams; answer: RoleMenus };
  "mtop.admin.user.updateMenuRole": { params: UpdateMenuRoleParams; answer: RoleMenusSaved };
  "mtop.admin.user.saveMenu": { params: SaveMenuParams; answer: SystemMenuNode };
  "mtop.admin.user.deleteMenu": { params: DeleteParams; answer: Deleted };
  "mtop.admin.dict.list": { params: DictListParams; answer: Page<DictEntry> };
  "mtop.admin.dict.save": { params: DictSaveParams; answer: DictEntry };
  "mtop.admin.dict.delete": { params: DeleteParams; answer: Deleted };
  "mtop.admin.audit.list": { params: AuditListParams; answer: Page<AuditEntry> };
  "mtop.admin.audit.options": { params: NoParams; answer: AuditOptions };
  "mtop.admin.dashboard.stats": { params: NoParams; answer: DashboardStats };
  "mtop.admin.dashboard.badges": { params: NoParams; answer: MenuBadge[] };
  "mtop.admin.shop.list": { params: ShopListParams; answer: ShopPage };
  "mtop.admin.shop.stats": { params: ShopStatsParams; answer: ShopStats };
  "mtop.admin.shop.detail": { params: IdParams; answer: ShopDetail };
  "mtop.admin.shop.audit": { params: AuditParams; answer: ShopRow };
  "mtop.admin.shop.setStatus": { params: StatusParams; answer: ShopRow };
  "mtop.admin.shop.impact": { params: IdParams; answer: ShopImpact };
  "mtop.admin.shop.regions": { params: NoParams; answer: Region[] };
  "mtop.admin.product.list": { params: ProductListParams; answer: ProductPage };
  "mtop.admin.product.detail": { params: IdParams; answer: ProductDetail };
  "mtop.admin.product.setStatus": { params: ProductStatusParams; answer: BulkResults };
  "mtop.admin.category.tree": { params: NoParams; answer: CategoryNode[] };
  "mtop.admin.category.save": { params: CategorySaveParams; answer: CategoryNode };
  "mtop.admin.category.sort": { params: CategorySortParams; answer: CategoryNode[] };
  "mtop.admin.category.delete": { params: DeleteParams; answer: Deleted };
  "mtop.admin.member.list": { params: MemberListParams; answer: Page<MemberRow> };
  "mtop.admin.member.detail": { params: MemberDetailParams; answer: MemberDetail };
  "mtop.admin.member.setStatus": { params: StatusParams; answer: MemberRow };
  "mtop.admin.contact.reveal": { params: RevealParams; answer: RevealedPhone };
  "mtop.admin.invitation.list": { params: InvitationListParams; answer: InvitationPage };
  "mtop.admin.invitation.inviters": { params: PickParams; answer: PickItem[] };
  "mtop.admin.history.list": { params: HistoryParams; answer: HistoryEntry[] };
  "mtop.admin.belt.list": { params: BeltListParams; answer: Page<BeltRow> };
  "mtop.admin.belt.detail": { params: IdParams; answer: BeltDetail };
  "mtop.admin.belt.regions": { params: NoParams; answer: Region[] };
  "mtop.admin.belt.save": { params: BeltSaveParams; answer: BeltRow };
  "mtop.admin.belt.delete": { params: DeleteParams; answer: Deleted };
  "mtop.admin.reason.list": { params: ReasonListParams; answer: ReasonOption[] };
  "mtop.admin.file.upload": { params: UploadParams; answer: Uploaded };
  "mtop.admin.adSlot.list": { params: AdSlotListParams; answer: Page<AdSlotRow> };
  "mtop.admin.adSlot.detail": { params: IdParams; answer: AdSlotDetail };
  "mtop.admin.adSlot.save": { params: AdSlotSaveParams; answer: AdSlotRow };
  "mtop.admin.adSlot.setStatus": { params: StatusParams; answer: AdSlotRow };
  "mtop.admin.adSlot.delete": { params: DeleteParams; answer: Deleted };
  "mtop.admin.ad.list": { params: AdListParams; answer: Page<AdRow> };
  "mtop.admin.ad.save": { params: AdSaveParams; answer: AdRow };
  "mtop.admin.ad.setStatus": { params: StatusParams; answer: AdRow };
  "mtop.admin.ad.sort": { params: AdSortParams; answer: AdRow[] };
  "mtop.admin.ad.delete": { params: DeleteParams; answer: Deleted };
  "mtop.admin.ad.targets": { params: PickParams; answer: PickItem[] };
  "mtop.admin.activity.list": { params: ActivityListParams; answer: Page<ActivityRow> };
  "mtop.admin.activity.detail": { params: IdParams; answer: ActivityDetail };
  "mtop.admin.activity.save": { params: ActivitySaveParams; answer: ActivityRow };
  "mtop.admin.activity.setStatus": { params: StatusParams; answer: ActivityRow };
  "mtop.admin.activity.saveItems": { params: ActivityItemsParams; answer: ActivityDetail };
  "mtop.admin.activity.candidates": { params: PickParams; answer: PickItem[] };
  "mtop.admin.entry.list": { params: EntryListParams; answer: Page<EntryRow> };
  "mtop.admin.entry.save": { params: EntrySaveParams; answer: EntryRow };
  "mtop.admin.entry.sort": { params: SortParams; answer: EntryRow[] };
  "mtop.admin.entry.delete": { params: DeleteParams; answer: Deleted };
  "mtop.admin.recommend.list": { params: RecommendListParams; answer: Page<RecommendRow> };
  "mtop.admin.recommend.save": { params: RecommendSaveParams; answer: RecommendRow };
  "mtop.admin.recommend.delete": { params: DeleteParams; answer: Deleted };
  "mtop.admin.recommend.sort": { params: SortParams; answer: RecommendRow[] };
  "mtop.admin.recommend.candidates": { params: PickParams; answer: PickItem[] };
  "mtop.admin.inquiry.list": { params: InquiryListParams; answer: Page<InquiryRow> };
  "mtop.admin.inquiry.detail": { params: IdParams; answer: InquiryDetail };
  "mtop.admin.inquiry.shops": { params: PickParams; answer: PickItem[] };
  "mtop.admin.inquiry.close": { params: StatusParams; answer: InquiryRow };
  "mtop.admin.opportunity.list": { params: OpportunityListParams; answer: Page<OpportunityRow> };
  "mtop.admin.opportunity.detail": { params: IdParams; answer: OpportunityDetail };
  "mtop.admin.opportunity.audit": { params: AuditParams; answer: OpportunityRow };
  "mtop.admin.opportunity.reply": { params: ReplyParams; answer: OpportunityDetail };
  "mtop.admin.opportunity.close": { params: StatusParams; answer: OpportunityRow };
  "mtop.admin.view.list": { params: ViewListParams; answer: ViewRow[] };
  "mtop.admin.view.save": { params: ViewSaveParams; answer: ViewRow };
  "mtop.admin.view.delete": { params: DeleteParams; answer: Deleted };
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
    updateProfile: { api: "mtop.admin.user.updateProfile", method: "POST" },
    changePassword: { api: "mtop.admin.user.changePassword", method: "POST" },
    menuTree: { api: "mtop.admin.user.menuTree", method: "GET" },
    list: { api: "mtop.admin.session.list", method: "GET" },
    revoke: { api: "mtop.admin.session.revoke", method: "POST" },
  },
  loginLog: {
    list: { api: "mtop.admin.loginLog.list", method: "GET" },
  },
  sysUser: {
    list: { api: "mtop.admin.user.list", method: "GET" },
    create: { api: "mtop.admin.user.create", method: "POST" },
    update: { api: "mtop.admin.user.update", method: "POST" },
    delete: { api: "mtop.admin.user.delete", method: "POST" },
    unlock: { api: "mtop.admin.user.unlock", method: "POST" },
    qryRoleTree: { api: "mtop.admin.user.qryRoleTree", method: "GET" },
  },
  role: {
    roleTree: { api: "mtop.admin.user.roleTree", method: "GET" },
    saveRole: { api: "mtop.admin.user.saveRole", method: "POST" },
    deleteRole: { api: "mtop.admin.user.deleteRole", method: "POST" },
  },
  menu: {
    qryMenuTree: { api: "mtop.admin.user.qryMenuTree", method: "GET" },
    updateMenuRole: { api: "mtop.admin.user.updateMenuRole", method: "POST" },
    saveMenu: { api: "mtop.admin.user.saveMenu", method: "POST" },
    deleteMenu: { api: "mtop.admin.user.deleteMenu", method: "POST" },
  },
  dict: {
    list: { api: "mtop.admin.dict.list", method: "GET" },
    save: { api: "mtop.admin.dict.save", method: "POST" },
    delete: { api: "mtop.admin.dict.delete", method: "POST" },
  },
  audit: {
    list: { api: "mtop.admin.audit.list", method: "GET" },
    options: { api: "mtop.admin.audit.options", method: "GET" },
  },
  dashboard: {
    stats: { api: "mtop.admin.dashboard.stats", method: "GET" },
    badges: { api: "mtop.admin.dashboard.badges", method: "GET" },
  },
  shop: {
    list: { api: "mtop.admin.shop.list", method: "GET" },
    stats: { api: "mtop.admin.shop.stats", method: "GET" },
    detail: { api: "mtop.admin.shop.detail", method: "GET" },
    audit: { api: "mtop.admin.shop.audit", method: "POST" },
    setStatus: { api: "mtop.admin.shop.setStatus", method: "POST" },
    impact: { api: "mtop.admin.shop.impact", method: "GET" },
    regions: { api: "mtop.admin.shop.regions", method: "GET" },
  },
  product: {
    list: { api: "mtop.admin.product.list", method: "GET" },
    detail: { api: "mtop.admin.product.detail", method: "GET" },
    setStatus: { api: "mtop.admin.product.setStatus", method: "POST" },
  },
  category: {
    tree: { api: "mtop.admin.category.tree", method: "GET" },
    save: { api: "mtop.admin.category.save", method: "POST" },
    sort: { api: "mtop.admin.category.sort", method: "POST" },
    delete: { api: "mtop.admin.category.delete", method: "POST" },
  },
  member: {
    list: { api: "mtop.admin.member.list", method: "GET" },
    detail: { api: "mtop.admin.member.detail", method: "GET" },
    setStatus: { api: "mtop.admin.member.setStatus", method: "POST" },
  },
  contact: {
    reveal: { api: "mtop.admin.contact.reveal", method: "POST" },
  },
  invitation: {
    list: { api: "mtop.admin.invitation.list", method: "GET" },
    inviters: { api: "mtop.admin.invitation.inviters", method: "GET" },
  },
  history: {
    list: { api: "mtop.admin.history.list", method: "GET" },
  },
  belt: {
    list: { api: "mtop.admin.belt.list", method: "GET" },
    detail: { api: "mtop.admin.belt.detail", method: "GET" },
    regions: { api: "mtop.admin.belt.regions", method: "GET" },
    save: { api: "mtop.admin.belt.save", method: "POST" },
    delete: { api: "mtop.admin.belt.delete", method: "POST" },
  },
  reason: {
    list: { api: "mtop.admin.reason.list", method: "GET" },
  },
  file: {
    upload: { api: "mtop.admin.file.upload", method: "POST" },
  },
  adSlot: {
    list: { api: "mtop.admin.adSlot.list", method: "GET" },
    detail: { api: "mtop.admin.adSlot.detail", method: "GET" },
    save: { api: "mtop.admin.adSlot.save", method: "POST" },
    setStatus: { api: "mtop.admin.adSlot.setStatus", method: "POST" },
    delete: { api: "mtop.admin.adSlot.delete", method: "POST" },
  },
  ad: {
    list: { api: "mtop.admin.ad.list", method: "GET" },
    save: { api: "mtop.admin.ad.save", method: "POST" },
    setStatus: { api: "mtop.admin.ad.setStatus", method: "POST" },
    sort: { api: "mtop.admin.ad.sort", method: "POST" },
    delete: { api: "mtop.admin.ad.delete", method: "POST" },
    targets: { api: "mtop.admin.ad.targets", method: "GET" },
  },
  activity: {
    list: { api: "mtop.admin.activity.list", method: "GET" },
    detail: { api: "mtop.admin.activity.detail", method: "GET" },
    save: { api: "mtop.admin.activity.save", method: "POST" },
    setStatus: { api: "mtop.admin.activity.setStatus", method: "POST" },
    saveItems: { api: "mtop.admin.activity.saveItems", method: "POST" },
    candidates: { api: "mtop.admin.activity.candidates", method: "GET" },
  },
  entry: {
    list: { api: "mtop.admin.entry.list", method: "GET" },
    save: { api: "mtop.admin.entry.save", method: "POST" },
    sort: { api: "mtop.admin.entry.sort", method: "POST" },
    delete: { api: "mtop.admin.entry.delete", method: "POST" },
  },
  recommend: {
    list: { api: "mtop.admin.recommend.list", method: "GET" },
    save: { api: "mtop.admin.recommend.save", method: "POST" },
    delete: { api: "mtop.admin.recommend.delete", method: "POST" },
    sort: { api: "mtop.admin.recommend.sort", method: "POST" },
    candidates: { api: "mtop.admin.recommend.candidates", method: "GET" },
  },
  inquiry: {
    list: { api: "mtop.admin.inquiry.list", method: "GET" },
    detail: { api: "mtop.admin.inquiry.detail", method: "GET" },
    shops: { api: "mtop.admin.inquiry.shops", method: "GET" },
    close: { api: "mtop.admin.inquiry.close", method: "POST" },
  },
  opportunity: {
    list: { api: "mtop.admin.opportunity.list", method: "GET" },
    detail: { api: "mtop.admin.opportunity.detail", method: "GET" },
    audit: { api: "mtop.admin.opportunity.audit", method: "POST" },
    reply: { api: "mtop.admin.opportunity.reply", method: "POST" },
    close: { api: "mtop.admin.opportunity.close", method: "POST" },
  },
  view: {
    list: { api: "mtop.admin.view.list", method: "GET" },
    save: { api: "mtop.admin.view.save", method: "POST" },
    delete: { api: "mtop.admin.view.delete", method: "POST" },
  },
} as const;
