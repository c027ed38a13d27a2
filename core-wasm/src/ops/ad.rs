//! 广告管理: ads in slots, scheduled by period, linking to a URL, a shop or a product.

use serde::{Deserialize, Serialize};

use super::lenient;
use super::{
    DeleteParams, Deleted, Guard, Page, PickItem, PickParams, StatusParams, list_params, operations,
};

/// The menu whose owners manage ads.
pub const MENU: &str = "operate/advertise";

operations! { "ad";
    /// A page of ads with their derived state.
    List "list" = Get "mtop.admin.ad.list", Guard::Menu(MENU), AdListParams => Page<AdRow>;
    /// Creates (without `id`) or updates an ad (disabled on create).
    Save "save" = Post "mtop.admin.ad.save", Guard::Save(MENU), AdSaveParams => AdRow, "保存广告", stale [super::dashboard::Stats, List, super::ad_slot::List, super::ad_slot::Detail, super::history::List, super::shop::Impact];
    /// Enables (refused past the slot's capacity in any overlapping period) or disables an ad.
    SetStatus "setStatus" = Post "mtop.admin.ad.setStatus", Guard::Act(MENU, super::Action::Status), StatusParams => AdRow, "变更广告状态", stale [super::dashboard::Stats, List, super::ad_slot::List, super::ad_slot::Detail, super::history::List, super::shop::Impact];
    /// Puts a slot's ads in a new display order.
    Sort "sort" = Post "mtop.admin.ad.sort", Guard::Act(MENU, super::Action::Sort), AdSortParams => Vec<AdRow>, "调整广告顺序", stale [super::dashboard::Stats, List, super::ad_slot::Detail, super::ad_slot::List, super::history::List, super::shop::Impact];
    /// Deletes an ad (whatever its state: a running one leaves its slot at once).
    Delete "delete" = Post "mtop.admin.ad.delete", Guard::Act(MENU, super::Action::Delete), DeleteParams => Deleted, "删除广告", stale [super::dashboard::Stats, List, super::ad_slot::List, super::ad_slot::Detail, super::history::List, super::shop::Impact];
    /// Shops (active) or products (on sale) an ad may link to, by name.
    Targets "targets" = Get "mtop.admin.ad.targets", Guard::Menu(MENU), PickParams => Vec<PickItem>;
}

/// An ad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AdRow {
    /// Id.
    pub id: i64,
    /// The slot.
    pub slot_id: i64,
    /// Its name.
    pub slot_name: String,
    /// Title.
    pub title: String,
    /// The image's key.
    pub image: String,
    /// The image as a short-lived signed URL.
    pub image_url: Option<String>,
    /// `url`, `shop` or `product`.
    pub link_type: String,
    /// The URL, or the shop's or product's id.
    pub link_target: String,
    /// What it links to, for people (the URL, or the shop's or product's name).
    pub link_label: String,
    /// Why the link is a problem now (`店铺已冻结`, `商品已下架`), null when fine.
    pub link_problem: Option<String>,
    /// From, epoch ms.
    pub start_at: i64,
    /// To (exclusive), epoch ms.
    pub end_at: i64,
    /// Display order within the slot.
    pub sort: i64,
    /// Lifecycle `ad`: the switch, enabled or disabled.
    pub status: String,
    /// Lifecycle `adState`: scheduled, active or expired (from time, when enabled) or disabled.
    pub state: String,
    /// Last change, epoch ms.
    pub updated_at: i64,
    /// Optimistic-lock version.
    pub version: i64,
}

list_params! {
    /// `ad.list`'s params; sortable: `id`, `sort`, `startAt`, `endAt`.
    AdListParams {
        /// The slot.
        int slot_id,
        /// Part of the title.
        text title,
        /// One state of `adState`.
        text state,
        /// Runs at some time after, epoch ms.
        int from,
        /// Runs at some time before, epoch ms.
        int to,
    }
}

/// `ad.save`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AdSaveParams {
    /// The ad to update; absent to create.
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
    /// The slot.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub slot_id: Option<i64>,
    /// Title.
    #[serde(default)]
    pub title: String,
    /// The uploaded image's key (`file.upload`).
    #[serde(default)]
    pub image: String,
    /// `url`, `shop` or `product`.
    #[serde(default)]
    pub link_type: String,
    /// The URL, or the shop's or product's id.
    #[serde(default)]
    pub link_target: String,
    /// From, epoch ms.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub start_at: Option<i64>,
    /// To (exclusive), epoch ms.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub end_at: Option<i64>,
}

/// `ad.sort`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AdSortParams {
    /// The slot.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub slot_id: Option<i64>,
    /// Every ad of the slot, in the new order.
    #[serde(default, deserialize_with = "lenient::opt_ids")]
    #[ts(type = "number[]")]
    pub ids: Option<Vec<i64>>,
}
