//! Signing in and out, the current user, the password, and the caller's menu tree.

use serde::{Deserialize, Serialize};

use super::{Guard, NoParams, operations};
use crate::menu::MenuNode;
use crate::session::UserInfo;
use crate::validate::LoginForm;

operations! { "session";
    /// Signs in; `meta.mat` carries the new token.
    Login "login" = Post "mtop.admin.user.login", Guard::Public, LoginForm => UserInfo, "登录";
    /// The signed-in user.
    Current "current" = Get "mtop.admin.user.current", Guard::Session, NoParams => UserInfo;
    /// Ends the session (the token stops working).
    Logout "logout" = Post "mtop.admin.user.logout", Guard::Session, NoParams => (), "退出登录";
    /// Changes the caller's password; their other sessions end.
    ChangePassword "changePassword" = Post "mtop.admin.user.changePassword", Guard::Session, ChangePasswordParams => (), "修改密码", stale [Current, MenuTree, super::menu::QryMenuTree, super::sys_user::List];
    /// The caller's menu tree, fetched once at start.
    MenuTree "menuTree" = Get "mtop.admin.user.menuTree", Guard::Session, NoParams => Vec<MenuNode>;
}

/// `changePassword`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordParams {
    /// The current password.
    #[serde(default)]
    pub old_password: String,
    /// The new one (the password policy applies).
    #[serde(default)]
    pub new_password: String,
}
