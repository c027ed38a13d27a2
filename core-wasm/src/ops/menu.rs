//! 权限管理 and 菜单管理: the system menu tree, a role's menus, and menu entries.

use serde::{Deserialize, Serialize};

use super::lenient;
use super::{DeleteParams, Deleted, Guard, operations};
use crate::menu::MenuData;

/// The menu whose owners may read and set a role's menus.
pub const PERMISSION_MENU: &str = "system/permission";
/// The menu whose owners may edit menu entries.
pub const MENU_MENU: &str = "system/menu";

operations! { "menu";
    /// A role's menus: the whole system tree and the ids the role owns.
    QryMenuTree "qryMenuTree" = Get "mtop.admin.user.qryMenuTree", Guard::Menu(PERMISSION_MENU), RoleMenusParams => RoleMenus;
    /// Replaces a role's menus.
    UpdateMenuRole "updateMenuRole" = Post "mtop.admin.user.updateMenuRole", Guard::Act(PERMISSION_MENU, super::Action::Edit), UpdateMenuRoleParams => RoleMenusSaved, "保存角色权限", stale [QryMenuTree, super::session::MenuTree, super::role::RoleTree, super::session::Current, super::sys_user::List, super::sys_user::QryRoleTree];
    /// Creates (without `id`) or updates a menu entry, including moving it.
    SaveMenu "saveMenu" = Post "mtop.admin.user.saveMenu", Guard::Save(MENU_MENU), SaveMenuParams => SystemMenuNode, "保存菜单", stale [QryMenuTree, super::session::MenuTree, super::session::Current];
    /// Deletes a menu entry without children that no role owns and no operation is guarded by
    /// (`data_in_use` names them otherwise). `/v1/qryMenuTree` lives under `qryMenuTree`'s key.
    DeleteMenu "deleteMenu" = Post "mtop.admin.user.deleteMenu", Guard::Act(MENU_MENU, super::Action::Delete), DeleteParams => Deleted, "删除菜单", stale [QryMenuTree, super::session::MenuTree, super::session::Current];
}

/// A system menu node's fields: the menu's, plus what the menu screen edits with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct SystemMenuData {
    /// The menu fields.
    #[serde(flatten)]
    pub base: MenuData,
    /// The parent's id, null at the top.
    #[serde(rename = "parentId")]
    pub parent_id: Option<i64>,
    /// Optimistic-lock version for `saveMenu`.
    pub version: i64,
}

/// A node of the system menu tree (`/v1/qryMenuTree`, `qryMenuTree`, `saveMenu`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct SystemMenuNode {
    /// The node's fields.
    pub data: SystemMenuData,
    /// Its children (none in `saveMenu`'s answer).
    #[serde(default)]
    pub children: Vec<SystemMenuNode>,
}

/// `qryMenuTree`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct RoleMenusParams {
    /// The role.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub role_id: Option<i64>,
}

/// `qryMenuTree`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct RoleMenus {
    /// The whole system tree.
    pub tree: Vec<SystemMenuNode>,
    /// The menus the role owns.
    pub checked_ids: Vec<i64>,
    /// Every page's actions (按钮权限), in the tree's order.
    pub actions: Vec<PageAction>,
    /// The codes the role holds.
    pub checked_actions: Vec<String>,
}

/// One action of one page, as 权限管理 offers it under the page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct PageAction {
    /// The page's menu entry.
    pub menu_id: i64,
    /// `{page}:{action}`.
    pub code: String,
    /// What people read (审核).
    pub label: String,
}

/// `updateMenuRole`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct UpdateMenuRoleParams {
    /// The role.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub role_id: Option<i64>,
    /// Every menu the role shall own (groups included).
    #[serde(default)]
    #[ts(type = "number[]")]
    pub menu_ids: Option<Vec<i64>>,
    /// Every action code the role shall hold, each on a page of `menuIds`; absent: the role keeps
    /// its codes on the pages it still owns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "string[]")]
    pub actions: Option<Vec<String>>,
    /// The role's version when its menus were read.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub version: Option<i64>,
}

/// `updateMenuRole`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct RoleMenusSaved {
    /// The role.
    pub role_id: i64,
    /// The menus it now owns.
    pub checked_ids: Vec<i64>,
    /// The codes it now holds.
    pub checked_actions: Vec<String>,
    /// The role's new version.
    pub version: i64,
}

/// `saveMenu`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct SaveMenuParams {
    /// The entry to update; absent to create.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub id: Option<i64>,
    /// The version the entry was read at (updates).
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub version: Option<i64>,
    /// The parent; absent, null or 0 for the top level.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(optional, type = "number | null")]
    pub parent_id: Option<i64>,
    /// The label.
    #[serde(default)]
    pub alias: String,
    /// The route name.
    #[serde(default)]
    pub name: String,
    /// An icon name.
    #[serde(
        default,
        deserialize_with = "lenient::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string")]
    pub icon: Option<String>,
    /// 1 to show in the menu, 0 to hide.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub visible: Option<i64>,
    /// Order among siblings.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub sort: Option<i64>,
    /// The access flag guarding the route.
    #[serde(
        default,
        deserialize_with = "lenient::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string")]
    pub access: Option<String>,
}
