//! 询价单: buyers' inquiries to shops.

use serde::{Deserialize, Serialize};

use super::shop::MemberBrief;
use super::{Guard, IdParams, Page, PickItem, PickParams, StatusParams, list_params, operations};

/// The menu whose owners handle inquiries.
pub const MENU: &str = "operate/inquiryOrders";

operations! { "inquiry";
    /// A page of inquiries.
    List "list" = Get "mtop.admin.inquiry.list", Guard::Menu(MENU), InquiryListParams => Page<InquiryRow>;
    /// One inquiry with its buyer (and its quote once quoted).
    Detail "detail" = Get "mtop.admin.inquiry.detail", Guard::Menu(MENU), IdParams => InquiryDetail;
    /// The shop picker of the list's filter: shops that were asked (any state) by name, or by id
    /// when the keyword is digits; at most 20. Guarded by this menu, so an operator without
    /// 店铺管理 can still pick a shop.
    Shops "shops" = Get "mtop.admin.inquiry.shops", Guard::Menu(MENU), PickParams => Vec<PickItem>;
    /// Closes an inquiry, with a reason (`status` is `closed`).
    Close "close" = Post "mtop.admin.inquiry.close", Guard::Act(MENU, super::Action::Status), StatusParams => InquiryRow, "关闭询价单", stale [List, Detail, Shops, super::history::List, super::dashboard::Stats, super::member::Detail, super::shop::Detail, super::shop::Impact];
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
    /// The shop's quote: present once the inquiry was quoted (it stays when closed after).
    pub quote: Option<InquiryQuote>,
}

/// A shop's answer to an inquiry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct InquiryQuote {
    /// Unit price offered, fen.
    pub unit_price: i64,
    /// Quantity offered.
    pub quantity: i64,
    /// Lead time, days from the order.
    pub lead_days: i64,
    /// Quoted, epoch ms.
    pub quoted_at: i64,
}
