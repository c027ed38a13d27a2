//! 首页推荐商家: shops recommended on the home page, in order, for a period.

use serde::{Deserialize, Serialize};

use super::lenient;
use super::{
    DeleteParams, Deleted, Guard, Page, PickItem, PickParams, SortParams, list_params, operations,
};

/// The menu whose owners manage recommendations.
pub const MENU: &str = "operate/homeRecommend";

operations! { "recommend";
    /// The recommendations in display order, each flagged when its shop is frozen or closed.
    List "list" = Get "mtop.admin.recommend.list", Guard::Menu(MENU), RecommendListParams => Page<RecommendRow>;
    /// Creates (without `id`) or updates a recommendation (active shops only).
    Save "save" = Post "mtop.admin.recommend.save", Guard::Save(MENU), RecommendSaveParams => RecommendRow, "保存首页推荐", stale [List, super::shop::Impact];
    /// Removes a recommendation.
    Delete "delete" = Post "mtop.admin.recommend.delete", Guard::Act(MENU, super::Action::Delete), DeleteParams => Deleted, "删除首页推荐", stale [List, super::shop::Impact];
    /// Puts every recommendation in a new order.
    Sort "sort" = Post "mtop.admin.recommend.sort", Guard::Act(MENU, super::Action::Sort), SortParams => Vec<RecommendRow>, "调整首页推荐顺序", stale [List, super::shop::Impact];
    /// Active shops that may be recommended, by name.
    Candidates "candidates" = Get "mtop.admin.recommend.candidates", Guard::Menu(MENU), PickParams => Vec<PickItem>;
}

/// A recommended shop.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct RecommendRow {
    /// Id.
    pub id: i64,
    /// The shop.
    pub shop_id: i64,
    /// Its name.
    pub shop_name: String,
    /// Its state (lifecycle `shop`).
    pub shop_status: String,
    /// Why the recommendation is a problem now (`店铺已冻结`), null when fine.
    pub problem: Option<String>,
    /// Why it is recommended.
    pub reason: String,
    /// Display order.
    pub sort: i64,
    /// From, epoch ms.
    pub start_at: i64,
    /// To, epoch ms.
    pub end_at: i64,
    /// Lifecycle `adState`'s window: scheduled, active or expired.
    pub state: String,
    /// Optimistic-lock version.
    pub version: i64,
}

list_params! {
    /// `recommend.list`'s params; in display order unless sorted.
    RecommendListParams {
        /// Part of the shop's name.
        text shop_name,
        /// scheduled, active or expired.
        text state,
    }
}

/// `recommend.save`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct RecommendSaveParams {
    /// The recommendation to update; absent to create.
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
    /// The shop (active).
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub shop_id: Option<i64>,
    /// Why.
    #[serde(default)]
    pub reason: String,
    /// From, epoch ms.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub start_at: Option<i64>,
    /// To, epoch ms.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub end_at: Option<i64>,
}
