//! 店铺管理: shops, their review and their status.

use serde::{Deserialize, Serialize};

use super::inquiry::InquiryRow;
use super::lenient;
use super::product::ProductRow;
use super::{AuditParams, Guard, IdParams, NoParams, StatusParams, list_params, operations};

/// The menu whose owners may call these operations (店铺详情 is a page under it).
pub const MENU: &str = "baseMgmt/shopMgmt";

operations! { "shop";
    /// A page of shops with the tab counts.
    List "list" = Get "mtop.admin.shop.list", Guard::Menu(MENU), ShopListParams => ShopPage;
    /// The line chart's series and the tab counts.
    Stats "stats" = Get "mtop.admin.shop.stats", Guard::Menu(MENU), ShopStatsParams => ShopStats;
    /// One shop with its owner, logo, products and inquiries.
    Detail "detail" = Get "mtop.admin.shop.detail", Guard::Menu(MENU), IdParams => ShopDetail;
    /// Approves or rejects a pending shop.
    Audit "audit" = Post "mtop.admin.shop.audit", Guard::Act(MENU, super::Action::Audit), AuditParams => ShopRow, "审核店铺", stale [List, Stats, Detail, Impact, Regions, super::history::List, super::dashboard::Stats, super::dashboard::Badges, super::activity::Candidates, super::activity::Detail, super::ad::List, super::ad::Targets, super::ad_slot::Detail, super::belt::Detail, super::belt::List, super::inquiry::Detail, super::inquiry::List, super::inquiry::Shops, super::member::Detail, super::member::List, super::opportunity::Detail, super::product::Detail, super::product::List, super::recommend::Candidates, super::recommend::List];
    /// Freezes, unfreezes or closes a shop.
    SetStatus "setStatus" = Post "mtop.admin.shop.setStatus", Guard::Act(MENU, super::Action::Status), StatusParams => ShopRow, "变更店铺状态", stale [List, Stats, Detail, Impact, Regions, super::history::List, super::dashboard::Stats, super::dashboard::Badges, super::activity::Candidates, super::activity::Detail, super::ad::List, super::ad::Targets, super::ad_slot::Detail, super::belt::Detail, super::belt::List, super::category::Tree, super::inquiry::Detail, super::inquiry::List, super::inquiry::Shops, super::member::Detail, super::member::List, super::opportunity::Detail, super::product::Detail, super::product::List, super::recommend::Candidates, super::recommend::List];
    /// What freezing or closing the shop touches, for the operator to confirm knowing it.
    Impact "impact" = Get "mtop.admin.shop.impact", Guard::Menu(MENU), IdParams => ShopImpact;
    /// The provinces and their cities that shops are in: the list's region filter (a cascader
    /// of what exists, not a name typed exactly).
    Regions "regions" = Get "mtop.admin.shop.regions", Guard::Menu(MENU), NoParams => Vec<Region>;
}

/// A province and the cities in it that records are in (`shop.regions`, `belt.regions`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Region {
    /// The province (`浙江`).
    pub province: String,
    /// Its cities, by name.
    pub cities: Vec<String>,
}

/// What a freeze or close of a shop touches.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ShopImpact {
    /// Its products on sale.
    pub products_on_sale: i64,
    /// Enabled ads, not expired, linking to it or its products.
    pub live_ads: i64,
    /// Home-page recommendations of it, not expired.
    pub recommendations: i64,
    /// Items of activities (not offline) that are it or its products.
    pub activity_items: i64,
    /// Its inquiries still open (pending or quoted).
    pub open_inquiries: i64,
}

/// A shop as the list and the writes answer it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ShopRow {
    /// Id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// The logo as a short-lived signed URL, null when none.
    pub logo_url: Option<String>,
    /// The owning member.
    pub owner_member_id: i64,
    /// Their nickname.
    pub owner_nickname: String,
    /// Contact person.
    pub contact_name: String,
    /// Contact phone, masked (`138****0000`).
    pub contact_phone: String,
    /// Province.
    pub province: String,
    /// City.
    pub city: String,
    /// Industrial belt, if any.
    pub belt_id: Option<i64>,
    /// Its name, empty when none.
    pub belt_name: String,
    /// Level 1–5.
    pub level: i64,
    /// Lifecycle `shop`: pending, active, rejected, frozen, closed.
    pub status: String,
    /// Products of the shop.
    pub product_count: i64,
    /// Inquiries to the shop.
    pub inquiry_count: i64,
    /// Registration (the review queue waits from here), epoch ms.
    pub created_at: i64,
    /// Last change, epoch ms.
    pub updated_at: i64,
    /// Optimistic-lock version.
    pub version: i64,
}

/// The tab counts: under the list's filters except the status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ShopCounts {
    /// 全部.
    pub all: i64,
    /// 待审核.
    pub pending: i64,
    /// 营业中.
    pub active: i64,
    /// 已冻结.
    pub frozen: i64,
}

/// `shop.list`'s answer: a page and the tab counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ShopPage {
    /// The rows of this page.
    pub list: Vec<ShopRow>,
    /// Rows under the filters, over all pages.
    pub total: i64,
    /// The page, from 1.
    pub page: i64,
    /// Rows per page.
    pub page_size: i64,
    /// The tabs' counts.
    pub counts: ShopCounts,
}

list_params! {
    /// `shop.list`'s params; sortable: `id`, `name`, `level`, `productCount`, `createdAt`.
    ShopListParams {
        /// Part of the name.
        text name,
        /// The province, exactly (a choice of `shop.regions`).
        text province,
        /// The city, exactly (with `province`: that province's city of the name).
        text city,
        /// The industrial belt.
        int belt_id,
        /// The level, 1–5.
        int level,
        /// One state of the lifecycle `shop`.
        text status,
    }
}

/// `shop.stats`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct ShopStatsParams {
    /// 7, 30 or 90.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub days: Option<i64>,
}

/// One day of the line chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ShopDay {
    /// `YYYY-MM-DD` (UTC+8).
    pub date: String,
    /// Shops registered that day.
    pub new_shops: i64,
    /// Shops active at the end of that day.
    pub active_shops: i64,
}

/// `shop.stats`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct ShopStats {
    /// One entry per day, oldest first, ending today.
    pub series: Vec<ShopDay>,
    /// The tab counts, unfiltered.
    pub counts: ShopCounts,
}

/// A member as another record shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct MemberBrief {
    /// Id.
    pub id: i64,
    /// Nickname.
    pub nickname: String,
    /// Phone, masked.
    pub phone: String,
    /// `buyer` or `seller`.
    pub r#type: String,
    /// Lifecycle `member`.
    pub status: String,
}

/// `shop.detail`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ShopDetail {
    /// The shop.
    pub shop: ShopRow,
    /// Its owner.
    pub owner: MemberBrief,
    /// Names of its main categories.
    pub main_categories: Vec<String>,
    /// Its latest products (at most 10; `shop.productCount` counts them all).
    pub products: Vec<ProductRow>,
    /// Its latest inquiries (at most 10; `shop.inquiryCount` counts them all).
    pub inquiries: Vec<InquiryRow>,
}
