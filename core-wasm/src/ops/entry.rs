//! 功能入口: the home page's shortcut entries.

use serde::{Deserialize, Serialize};

use super::lenient;
use super::{DeleteParams, Deleted, Guard, Page, SortParams, list_params, operations};

/// The menu whose owners manage entries.
pub const MENU: &str = "operate/abilityEntry";

operations! { "entry";
    /// The entries in display order.
    List "list" = Get "mtop.admin.entry.list", Guard::Menu(MENU), EntryListParams => Page<EntryRow>;
    /// Creates (without `id`) or updates an entry.
    Save "save" = Post "mtop.admin.entry.save", Guard::Save(MENU), EntrySaveParams => EntryRow, "保存功能入口", stale [List];
    /// Puts every entry in a new order.
    Sort "sort" = Post "mtop.admin.entry.sort", Guard::Act(MENU, super::Action::Sort), SortParams => Vec<EntryRow>, "调整功能入口顺序", stale [List];
    /// Deletes an entry (the others keep their order).
    Delete "delete" = Post "mtop.admin.entry.delete", Guard::Act(MENU, super::Action::Delete), DeleteParams => Deleted, "删除功能入口", stale [List];
}

/// A home-page entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct EntryRow {
    /// Id.
    pub id: i64,
    /// Name (`找工厂`).
    pub name: String,
    /// Icon name (one of the core's entry icons).
    pub icon: String,
    /// Where it leads: an app path (`/pages/factory`) or an http(s) URL.
    pub link: String,
    /// Display order.
    pub sort: i64,
    /// 1 shown, 0 hidden.
    pub visible: i64,
    /// Last change, epoch ms.
    pub updated_at: i64,
    /// Optimistic-lock version.
    pub version: i64,
}

list_params! {
    /// `entry.list`'s params; in display order unless sorted.
    EntryListParams {
        /// Part of the name.
        text name,
        /// 1 shown, 0 hidden.
        int visible,
    }
}

/// `entry.save`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct EntrySaveParams {
    /// The entry to update; absent to create.
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
    /// Icon name.
    #[serde(default)]
    pub icon: String,
    /// Link.
    #[serde(default)]
    pub link: String,
    /// 1 shown, 0 hidden (shown on create when absent).
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub visible: Option<i64>,
}
