//! 操作记录: a record's timeline of state changes.

use serde::{Deserialize, Serialize};

use super::lenient;
use super::{Guard, operations};

operations! { "history";
    /// A record's timeline, newest first. Guarded by the session here and by the entity's own menu
    /// in the gateway (a shop's timeline needs 店铺管理).
    List "list" = Get "mtop.admin.history.list", Guard::Session, HistoryParams => Vec<HistoryEntry>;
}

/// `history.list`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct HistoryParams {
    /// `shop`, `product` or `member` (a lifecycle entity).
    #[serde(default, deserialize_with = "lenient::opt_text")]
    #[ts(type = "string")]
    pub entity: Option<String>,
    /// The record.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub id: Option<i64>,
}

/// One change of state: who, when, from → to, why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    /// Id.
    pub id: i64,
    /// The state before; null for the record's creation.
    pub from_state: Option<String>,
    /// The state after.
    pub to_state: String,
    /// The action's name (`冻结`).
    pub action: String,
    /// The reason's code, empty when none.
    pub reason_code: String,
    /// The reason code's label (`售假`), empty when none.
    pub reason_label: String,
    /// The reason's text, empty when none.
    pub reason: String,
    /// Who: the system user's nickname, or `系统` for seeded history.
    pub operator: String,
    /// When, epoch ms.
    pub at: i64,
}
