//! 采购商机: buyers' purchase opportunities (read by the member detail; the screens and their
//! writes come with 运营管理).

use serde::{Deserialize, Serialize};

/// One purchase opportunity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct OpportunityRow {
    /// Id.
    pub id: i64,
    /// The buying member.
    pub buyer_member_id: i64,
    /// Their nickname.
    pub buyer_nickname: String,
    /// Title.
    pub title: String,
    /// The category sought.
    pub category_id: i64,
    /// Its name.
    pub category_name: String,
    /// Quantity.
    pub quantity: i64,
    /// Unit.
    pub unit: String,
    /// Budget, fen.
    pub budget: i64,
    /// Deadline, epoch ms.
    pub deadline: i64,
    /// Lifecycle `opportunity`: pending, approved, rejected, closed.
    pub state: String,
    /// Replies so far.
    pub reply_count: i64,
    /// Submitted (the review queue waits from here), epoch ms.
    pub created_at: i64,
}
