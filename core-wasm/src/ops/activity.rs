//! 专题活动 / 专题详情: themed activities and their shops or products.

use serde::{Deserialize, Serialize};

use super::lenient;
use super::{Guard, IdParams, Page, PickItem, PickParams, StatusParams, list_params, operations};

/// The menu whose owners manage activities.
pub const MENU: &str = "operate/thematicActivity";
/// The activity detail page's menu (its items).
pub const DETAIL_MENU: &str = "operate/thematicDetails";

operations! { "activity";
    /// A page of activities.
    List "list" = Get "mtop.admin.activity.list", Guard::Menu(MENU), ActivityListParams => Page<ActivityRow>;
    /// One activity with its items in order.
    Detail "detail" = Get "mtop.admin.activity.detail", Guard::AnyMenu(&[DETAIL_MENU, MENU]), IdParams => ActivityDetail;
    /// Creates (a draft, without `id`) or updates an activity.
    Save "save" = Post "mtop.admin.activity.save", Guard::Save(MENU), ActivitySaveParams => ActivityRow, "保存专题活动", stale [List, Detail, super::history::List, super::shop::Impact];
    /// Puts an activity online (at least one item, an end in the future) or offline.
    SetStatus "setStatus" = Post "mtop.admin.activity.setStatus", Guard::AnyAct(&[MENU, DETAIL_MENU], super::Action::Status), StatusParams => ActivityRow, "变更专题活动状态", stale [List, Detail, super::history::List, super::shop::Impact];
    /// Replaces the activity's items (added, removed, reordered).
    SaveItems "saveItems" = Post "mtop.admin.activity.saveItems", Guard::Act(DETAIL_MENU, super::Action::Edit), ActivityItemsParams => ActivityDetail, "保存专题活动商品", stale [List, Detail, super::history::List, super::shop::Impact];
    /// Shops (active) or products (on sale) that may be added, by name.
    Candidates "candidates" = Get "mtop.admin.activity.candidates", Guard::Menu(DETAIL_MENU), PickParams => Vec<PickItem>;
}

/// An activity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ActivityRow {
    /// Id.
    pub id: i64,
    /// Title.
    pub title: String,
    /// The banner's key, empty when none.
    pub banner: String,
    /// The banner as a signed URL.
    pub banner_url: Option<String>,
    /// Free text.
    pub description: String,
    /// From, epoch ms.
    pub start_at: i64,
    /// To, epoch ms.
    pub end_at: i64,
    /// Lifecycle `activity`: draft, online, offline.
    pub status: String,
    /// Items.
    pub item_count: i64,
    /// Last change, epoch ms.
    pub updated_at: i64,
    /// Optimistic-lock version.
    pub version: i64,
}

list_params! {
    /// `activity.list`'s params; sortable: `id`, `startAt`, `endAt`, `updatedAt`.
    ActivityListParams {
        /// Part of the title.
        text title,
        /// `draft`, `online` or `offline`.
        text status,
        /// Runs at some time after, epoch ms.
        int from,
        /// Runs at some time before, epoch ms.
        int to,
    }
}

/// One shop or product of an activity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ActivityItem {
    /// `shop` or `product`.
    pub kind: String,
    /// The shop's or product's id.
    pub target_id: i64,
    /// Its name or title.
    pub name: String,
    /// Its logo or cover as a signed URL.
    pub image_url: Option<String>,
    /// Its state (lifecycle `shop` or `product`).
    pub status: String,
    /// Why it is a problem now (`店铺已冻结`, `商品已下架`), null when fine.
    pub problem: Option<String>,
    /// Extra facts for the details modal (`¥12.00 – ¥18.50`, `浙江 义乌`).
    pub extra: String,
}

/// `activity.detail`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct ActivityDetail {
    /// The activity.
    pub activity: ActivityRow,
    /// Its items in order.
    pub items: Vec<ActivityItem>,
}

/// `activity.save`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ActivitySaveParams {
    /// The activity to update; absent to create.
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
    /// Title.
    #[serde(default)]
    pub title: String,
    /// The banner's key (`file.upload`), empty for none.
    #[serde(default)]
    pub banner: String,
    /// Free text.
    #[serde(default)]
    pub description: String,
    /// From, epoch ms.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub start_at: Option<i64>,
    /// To, epoch ms.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub end_at: Option<i64>,
}

/// One item as `activity.saveItems` takes it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ItemRef {
    /// `shop` or `product`.
    #[serde(default)]
    pub kind: String,
    /// The shop's or product's id.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub target_id: Option<i64>,
}

/// `activity.saveItems`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ActivityItemsParams {
    /// The activity.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub id: Option<i64>,
    /// The version it was read at.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub version: Option<i64>,
    /// Every item, in order (at most 100).
    #[serde(default)]
    pub items: Vec<ItemRef>,
}
