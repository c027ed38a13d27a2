//! 角色管理: the role tree's operations and records.

use serde::{Deserialize, Serialize};

use super::lenient;
use super::{DeleteParams, Deleted, Guard, NoParams, operations};

/// The menu whose owners may call these operations.
pub const MENU: &str = "system/role";

operations! { "role";
    /// The role tree.
    RoleTree "roleTree" = Get "mtop.admin.user.roleTree", Guard::Menu(MENU), NoParams => Vec<RoleNode>;
    /// Creates (without `id`) or updates a role, including moving it under another.
    SaveRole "saveRole" = Post "mtop.admin.user.saveRole", Guard::Save(MENU), SaveRoleParams => RoleNode, "保存角色", stale [RoleTree, super::sys_user::QryRoleTree, super::sys_user::List, super::menu::QryMenuTree, super::session::Current, super::session::MenuTree];
    /// Deletes a role no user holds and no role sits under (`data_in_use` names them otherwise);
    /// its menus go with it, so its holders' menus (none, by then) and the signed-in user's tree
    /// are read again.
    DeleteRole "deleteRole" = Post "mtop.admin.user.deleteRole", Guard::Act(MENU, super::Action::Delete), DeleteParams => Deleted, "删除角色", stale [RoleTree, super::sys_user::QryRoleTree, super::sys_user::List, super::menu::QryMenuTree, super::session::Current, super::session::MenuTree];
}

/// A node of the role tree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct RoleNode {
    /// Id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Remark, empty when none.
    pub remark: String,
    /// Parent id, null at the top.
    pub parent_id: Option<i64>,
    /// Optimistic-lock version.
    pub version: i64,
    /// Child roles, by id.
    pub children: Vec<RoleNode>,
}

/// `saveRole`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct SaveRoleParams {
    /// The role to update; absent to create.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub id: Option<i64>,
    /// The version the role was read at (updates).
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub version: Option<i64>,
    /// Name, unique.
    #[serde(default)]
    pub name: String,
    /// Parent role; absent, null or 0 for the top level.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(optional, type = "number | null")]
    pub parent_id: Option<i64>,
    /// Remark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "string")]
    pub remark: Option<String>,
}
