//! 登录日志: every sign-in attempt, unknown names too, and how it ended.

use serde::{Deserialize, Serialize};

use super::{Guard, Page, list_params, operations};

/// The menu of 登录日志.
pub const MENU: &str = "system/loginLog";

operations! { "loginLog";
    /// A page of attempts, newest first.
    List "list" = Get "mtop.admin.loginLog.list", Guard::Menu(MENU), LoginLogListParams => Page<LoginLogEntry>;
}

list_params! {
    /// `loginLog.list`'s filters.
    LoginLogListParams {
        /// Part of the login name tried.
        text username,
        /// `success`, `failed`, `locked` or `busy` (choices `loginResult`).
        text result,
        /// From this time, epoch ms.
        int from,
        /// Before this time, epoch ms.
        int to,
    }
}

/// One sign-in attempt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct LoginLogEntry {
    /// Id.
    pub id: i64,
    /// The login name tried (at most 64 characters, as the sign-in bounds it).
    pub username: String,
    /// From which address.
    pub ip: String,
    /// With which browser (`User-Agent`, at most 256 characters).
    pub user_agent: String,
    /// `success`, `failed` (wrong name or password, or a disabled account), `locked` (refused by
    /// the lockout) or `busy` (shed by a full hashing pool).
    pub result: String,
    /// When, epoch ms.
    pub at: i64,
}
