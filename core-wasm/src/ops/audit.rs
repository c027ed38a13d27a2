//! 操作日志: who did what.

use serde::{Deserialize, Serialize};

use super::{Guard, Page, list_params, operations};

/// The menu whose owners may read the log.
pub const MENU: &str = "system/audit";

operations! { "audit";
    /// A page of the log, newest first.
    List "list" = Get "mtop.admin.audit.list", Guard::Menu(MENU), AuditListParams => Page<AuditEntry>;
}

/// One audited write.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    /// Id.
    pub id: i64,
    /// Who (null when the user was deleted since).
    pub sys_user_id: Option<i64>,
    /// Their login name at the time.
    pub username: String,
    /// The operation.
    pub api: String,
    /// The record written, when one.
    pub target_id: Option<i64>,
    /// What changed, for people.
    pub summary: String,
    /// When, epoch ms.
    pub at: i64,
    /// From which address.
    pub ip: String,
}

list_params! {
    /// `audit.list`'s params (newest first; no other order).
    AuditListParams {
        /// Part of the operator's login name.
        text username,
        /// Part of the operation's name.
        text api,
        /// From, epoch ms.
        int from,
        /// To, epoch ms.
        int to,
    }
}
