//! 询价单: buyers' inquiries to shops.

use serde::{Deserialize, Serialize};

use super::shop::MemberBrief;
use super::{Guard, IdParams, Page, StatusParams, list_params, operations};

/// The menu whose owners handle inquiries.
pub const MENU: &str = "operate/inquiryOrders";

operations! { "inquiry";
    /// A page of inquiries.
    List "list" = Get "mtop.admin.inquiry.list", Guard::Menu(MENU), InquiryListParams => Page<InquiryRow>;
    /// One inquiry with its buyer.
    Detail "detail" = Get "mtop.admin.inquiry.detail", Guard::Menu(MENU), IdParams => InquiryDetail;
    /// Closes an inquiry, with a reason (`status` is `closed`).
    Close "close" = Post "mtop.admin.inquiry.close", Guard::Menu(MENU), StatusParams => InquiryRow, "关闭询价单", stale [List, Detail, super::history::List, super::dashboard::Stats, super::member::Detail, super::shop::Detail, super::shop::Impact];
}

list_params! {
    /// `inquiry.list`'s params; sortable: `id`, `quantity`, `createdAt`.
    InquiryListParams {
        /// Part of the buyer's nickname.
        text buyer,
        /// The shop.
        int shop_id,
        /// pending, quoted or closed.
        text state,
        /// Sent from, epoch ms.
        int from,
        /// Sent before, epoch ms.
        int to,
    }
}

/// `inquiry.detail`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct InquiryDetail {
    /// The inquiry.
    pub inquiry: InquiryRow,
    /// The buyer.
    pub buyer: MemberBrief,
}

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
    /// Optimistic-lock version.
    pub version: i64,
}
