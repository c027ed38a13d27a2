//! 广告位管理 / 广告位详情: the places ads are shown, their size and capacity.

use serde::{Deserialize, Serialize};

use super::ad::AdRow;
use super::lenient;
use super::{DeleteParams, Deleted, Guard, IdParams, Page, StatusParams, list_params, operations};

/// The menu whose owners manage slots.
pub const MENU: &str = "operate/advertise/advertisePosition";
/// The slot detail page's menu.
pub const DETAIL_MENU: &str = "operate/advertise/advertisePositionDetail";

operations! { "adSlot";
    /// A page of slots.
    List "list" = Get "mtop.admin.adSlot.list", Guard::AnyMenu(&[MENU, super::ad::MENU]), AdSlotListParams => Page<AdSlotRow>;
    /// One slot with its ads in display order and its occupancy over the coming weeks.
    Detail "detail" = Get "mtop.admin.adSlot.detail", Guard::AnyMenu(&[DETAIL_MENU, MENU]), IdParams => AdSlotDetail;
    /// Creates (without `id`) or updates a slot.
    Save "save" = Post "mtop.admin.adSlot.save", Guard::Save(MENU), AdSlotSaveParams => AdSlotRow, "保存广告位", stale [List, Detail, super::ad::List, super::history::List];
    /// Enables or disables a slot.
    SetStatus "setStatus" = Post "mtop.admin.adSlot.setStatus", Guard::Act(MENU, super::Action::Status), StatusParams => AdSlotRow, "变更广告位状态", stale [List, Detail, super::ad::List, super::history::List];
    /// Deletes a slot that holds no ad (`data_in_use` counts and names them otherwise).
    Delete "delete" = Post "mtop.admin.adSlot.delete", Guard::Act(MENU, super::Action::Delete), DeleteParams => Deleted, "删除广告位", stale [List, Detail, super::ad::List, super::history::List];
}

/// A slot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AdSlotRow {
    /// Id.
    pub id: i64,
    /// Name (`首页顶部通栏`).
    pub name: String,
    /// Unique code read by the storefront (`home_banner`).
    pub code: String,
    /// The page it is on (`home`, `category`).
    pub page: String,
    /// Width, px.
    pub width: i64,
    /// Height, px.
    pub height: i64,
    /// How many enabled ads may run at once.
    pub max_ads: i64,
    /// Lifecycle `adSlot`: enabled or disabled.
    pub status: String,
    /// Ads in the slot.
    pub ad_count: i64,
    /// Of which running now.
    pub active_ad_count: i64,
    /// Creation, epoch ms.
    pub created_at: i64,
    /// Optimistic-lock version.
    pub version: i64,
}

list_params! {
    /// `adSlot.list`'s params; sortable: `id`, `code`, `maxAds`, `createdAt`.
    AdSlotListParams {
        /// Part of the name or code.
        text keyword,
        /// The storefront page it is on, exactly.
        text on_page,
        /// `enabled` or `disabled`.
        text status,
    }
}

/// A stretch of time with a constant number of enabled ads in a slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Occupancy {
    /// From, epoch ms.
    pub start: i64,
    /// To (exclusive), epoch ms.
    pub end: i64,
    /// Enabled ads running then.
    pub count: i64,
    /// More than the slot's capacity.
    pub over: bool,
}

/// `adSlot.detail`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AdSlotDetail {
    /// The slot.
    pub slot: AdSlotRow,
    /// Its ads in display order.
    pub ads: Vec<AdRow>,
    /// Its occupancy from today over the coming eight weeks (`schedule::occupancy`).
    pub occupancy: Vec<Occupancy>,
}

/// `adSlot.save`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AdSlotSaveParams {
    /// The slot to update; absent to create.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub id: Option<i64>,
    /// The version it was read at (updates).
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub version: Option<i64>,
    /// Name.
    #[serde(default)]
    pub name: String,
    /// Unique code.
    #[serde(default)]
    pub code: String,
    /// The page (`home`, `category`, `search`).
    #[serde(default)]
    pub page: String,
    /// Width, px.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub width: Option<i64>,
    /// Height, px.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub height: Option<i64>,
    /// Capacity.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub max_ads: Option<i64>,
}
