//! 询价单: buyers' inquiries to shops (read by the shop and member details; the screen and its
//! writes come with 运营管理).

use serde::{Deserialize, Serialize};

/// One inquiry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct InquiryRow {
    /// Id.
    pub id: i64,
    /// The asking member.
    pub buyer_member_id: i64,
    /// Their nickname.
    pub buyer_nickname: String,
    /// The shop asked.
    pub shop_id: i64,
    /// Its name.
    pub shop_name: String,
    /// The product asked about, if any.
    pub product_id: Option<i64>,
    /// Its title, empty when none.
    pub product_title: String,
    /// Quantity.
    pub quantity: i64,
    /// Expected unit price, fen.
    pub expect_price: i64,
    /// The buyer's message.
    pub message: String,
    /// Lifecycle `inquiry`: pending, quoted, closed.
    pub state: String,
    /// Sent, epoch ms.
    pub created_at: i64,
}
