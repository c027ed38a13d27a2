//! 系统用户: the system users' operations and records.

use serde::{Deserialize, Serialize};

use super::lenient;
use super::{DeleteParams, Deleted, Guard, IdParams, NoParams, Page, list_params, operations};
use crate::ops::role::RoleNode;

/// The menu whose owners may call these operations.
pub const MENU: &str = "system/user";

operations! { "sysUser";
    /// A page of system users.
    List "list" = Get "mtop.admin.user.list", Guard::Menu(MENU), SysUserListParams => Page<SysUser>;
    /// Creates a system user.
    Create "create" = Post "mtop.admin.user.create", Guard::Act(MENU, super::Action::Create), SysUserCreateParams => SysUser, "新建系统用户", stale [List, super::session::List, super::menu::QryMenuTree, super::session::Current, super::session::MenuTree, super::audit::Options, super::view::List];
    /// Updates a system user (nickname, roles, status, password).
    Update "update" = Post "mtop.admin.user.update", Guard::Act(MENU, super::Action::Edit), SysUserUpdateParams => SysUser, "编辑系统用户", stale [List, super::session::List, super::menu::QryMenuTree, super::session::Current, super::session::MenuTree, super::audit::Options, super::view::List];
    /// Deletes a system user (not oneself).
    Delete "delete" = Post "mtop.admin.user.delete", Guard::Act(MENU, super::Action::Delete), DeleteParams => Deleted, "删除系统用户", stale [List, super::session::List, super::menu::QryMenuTree, super::session::Current, super::session::MenuTree, super::audit::Options, super::view::List];
    /// 解锁: forgets the account's failed sign-ins, anonymous and per device.
    Unlock "unlock" = Post "mtop.admin.user.unlock", Guard::Act(MENU, super::Action::Unlock), IdParams => SysUser, "解锁系统用户", stale [List];
    /// The role tree for the user form's role picker (guarded by 系统用户, not 角色管理).
    QryRoleTree "qryRoleTree" = Get "mtop.admin.user.qryRoleTree", Guard::Menu(MENU), NoParams => Vec<RoleNode>;
}

/// A system user as the list and the writes answer it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct SysUser {
    /// Id.
    pub id: i64,
    /// Login name.
    pub username: String,
    /// Display name.
    pub nickname: String,
    /// Avatar URL, empty for the default.
    pub avatar: String,
    /// Role ids.
    pub role_ids: Vec<i64>,
    /// Role names, in the order of `role_ids`.
    pub role_names: Vec<String>,
    /// `enabled` or `disabled` (lifecycle `sysUser`).
    pub status: String,
    /// Creation time, epoch ms.
    pub created_at: i64,
    /// Optimistic-lock version.
    pub version: i64,
    /// Whether the anonymous count locks it now (sign-ins without a device token of the account
    /// are refused): 已锁定, which 解锁 ends.
    #[serde(default)]
    pub locked: bool,
}

list_params! {
    /// `user.list`'s params; sortable: `id`, `username`, `nickname`, `status`, `createdAt`.
    SysUserListParams {
        /// Part of the login name.
        text username,
        /// Part of the nickname.
        text nickname,
        /// `enabled` or `disabled`.
        text status,
    }
}

/// `user.create`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct SysUserCreateParams {
    /// Login name.
    #[serde(default)]
    #[ts(type = "string")]
    pub username: Option<String>,
    /// Display name.
    #[serde(default)]
    #[ts(type = "string")]
    pub nickname: Option<String>,
    /// Password (the policy applies).
    #[serde(default)]
    #[ts(type = "string")]
    pub password: Option<String>,
    /// At least one role.
    #[serde(default)]
    #[ts(type = "number[]")]
    pub role_ids: Option<Vec<i64>>,
    /// `enabled` (default) or `disabled`.
    #[serde(
        default,
        deserialize_with = "lenient::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string")]
    pub status: Option<String>,
}

/// `user.update`'s params: absent fields stay as they are.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct SysUserUpdateParams {
    /// The user.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub id: Option<i64>,
    /// The version the user was read at.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub version: Option<i64>,
    /// New display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "string")]
    pub nickname: Option<String>,
    /// New roles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number[]")]
    pub role_ids: Option<Vec<i64>>,
    /// New status.
    #[serde(
        default,
        deserialize_with = "lenient::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string")]
    pub status: Option<String>,
    /// New password; empty or absent keeps the old one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "string")]
    pub password: Option<String>,
}
