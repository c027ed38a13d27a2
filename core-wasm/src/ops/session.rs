//! Signing in and out, the current user, their own profile and password, and the caller's menu
//! tree.

use serde::{Deserialize, Serialize};

use super::{Deleted, Guard, IdParams, NoParams, Page, list_params, operations};
use crate::menu::MenuNode;
use crate::session::UserInfo;
use crate::validate::LoginForm;

operations! { "session";
    /// Signs in; `meta.mat` carries the new token.
    Login "login" = Post "mtop.admin.user.login", Guard::Public, LoginForm => SignedIn, "登录", stale [List, super::login_log::List];
    /// The signed-in user.
    Current "current" = Get "mtop.admin.user.current", Guard::Session, NoParams => UserInfo;
    /// Ends the session (the token stops working).
    Logout "logout" = Post "mtop.admin.user.logout", Guard::Session, NoParams => (), "退出登录", stale [List];
    /// Changes the caller's own nickname and avatar (the header shows them); answers the user as
    /// `current` does.
    UpdateProfile "updateProfile" = Post "mtop.admin.user.updateProfile", Guard::Session, UpdateProfileParams => UserInfo, "修改个人资料", stale [List, Current, MenuTree, super::menu::QryMenuTree, super::sys_user::List, super::audit::Options, super::view::List];
    /// Changes the caller's password; their other sessions end. A wrong old password counts toward
    /// the sign-in lockout: the failure that locks the account answers `user_login_locked` and ends
    /// this session too.
    ChangePassword "changePassword" = Post "mtop.admin.user.changePassword", Guard::Session, ChangePasswordParams => (), "修改密码", stale [List, Current, MenuTree, super::menu::QryMenuTree, super::sys_user::List, super::audit::Options, super::view::List];
    /// The caller's menu tree, fetched once at start.
    MenuTree "menuTree" = Get "mtop.admin.user.menuTree", Guard::Session, NoParams => Vec<MenuNode>;
    /// 在线用户: the live sign-ins, the latest used first.
    List "list" = Get "mtop.admin.session.list", Guard::Menu(ONLINE_MENU), OnlineListParams => Page<OnlineSession>;
    /// 强制下线: ends a sign-in; its next call answers `user_need_login_token_invalid`.
    Revoke "revoke" = Post "mtop.admin.session.revoke", Guard::Act(ONLINE_MENU, super::Action::Revoke), IdParams => Deleted, "强制下线", stale [List];
}

/// The menu of 在线用户.
pub const ONLINE_MENU: &str = "system/online";

list_params! {
    /// `session.list`'s filters.
    OnlineListParams {
        /// Part of the login name.
        text username,
    }
}

/// One live sign-in (every token of its rotation chain).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct OnlineSession {
    /// The sign-in's id (what `revoke` takes).
    pub id: i64,
    /// The signed-in system user.
    pub user_id: i64,
    /// Their login name.
    pub username: String,
    /// Their display name.
    pub nickname: String,
    /// The address it signed in from.
    pub ip: String,
    /// The browser it signed in with (`User-Agent`, at most 256 characters).
    pub user_agent: String,
    /// When it signed in, epoch ms.
    pub created_at: i64,
    /// Its last call, epoch ms.
    pub last_seen_at: i64,
    /// Whether it is the caller's own.
    pub current: bool,
}

/// `login`'s answer: the user as `current` answers them, and this browser's device token for the
/// account, which the core keeps under `session::device_key` (never in `userInfo`) and sends with
/// the account's later sign-ins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct SignedIn {
    /// The signed-in user.
    #[serde(flatten)]
    pub user: UserInfo,
    /// The device token: the one the sign-in sent when it was the account's, else a new one.
    pub device: String,
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

/// `updateProfile`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct UpdateProfileParams {
    /// Display name (the system-user form's nickname rule).
    #[serde(default)]
    pub nickname: String,
    /// The avatar image's key (`file.upload`), empty for the default avatar; absent keeps the
    /// current one (the app holds only its signed URL).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub avatar: Option<String>,
}

/// When a write changes the signed-in user's own menus, so the shell fetches their tree again
/// (`menuTree`, otherwise fetched once at start). Many writes touch the tables the tree is read
/// from (a nickname lives beside the roles), but only these change what the user may open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnMenus {
    /// Any success may change them: a menu's edit or delete, a role's, a role's menus.
    Always,
    /// A success on the signed-in user's own record (its `id`): their roles. (Deleting oneself
    /// is refused, so a system user's delete never changes them.)
    WhenSelf,
}

/// The writes that change the signed-in user's own menus (the web's `writes.ts` carries them).
pub const OWN_MENUS: &[(&str, OwnMenus)] = {
    use super::{menu, role, sys_user};
    use OwnMenus::{Always, WhenSelf};
    &[
        own::<menu::SaveMenu>(Always),
        own::<menu::DeleteMenu>(Always),
        own::<menu::UpdateMenuRole>(Always),
        own::<role::SaveRole>(Always),
        own::<role::DeleteRole>(Always),
        own::<sys_user::Update>(WhenSelf),
    ]
};

/// An [`OWN_MENUS`] entry: the write's `api` and when it changes one's menus.
const fn own<O: super::Operation>(when: OwnMenus) -> (&'static str, OwnMenus) {
    (O::API, when)
}
