//! 操作日志: who did what.

use serde::{Deserialize, Serialize};

use super::lenient;
use super::{Guard, Page, operations};

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

/// `audit.list`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AuditListParams {
    /// Page from 1.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub page: Option<i64>,
    /// Rows per page.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub page_size: Option<i64>,
    /// Part of the operator's login name.
    #[serde(
        default,
        deserialize_with = "lenient::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string")]
    pub username: Option<String>,
    /// Part of the operation's name.
    #[serde(
        default,
        deserialize_with = "lenient::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string")]
    pub api: Option<String>,
    /// From, epoch ms.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub from: Option<i64>,
    /// To, epoch ms.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub to: Option<i64>,
}
