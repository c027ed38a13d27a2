//! 数据字典: the generic table screen's operations and records.

use serde::{Deserialize, Serialize};

use super::lenient;
use super::{DeleteParams, Deleted, Guard, Page, list_params, operations};

/// The menu whose owners may call these operations.
pub const MENU: &str = "system/dict";

operations! { "dict";
    /// A page of entries.
    List "list" = Get "mtop.admin.dict.list", Guard::Menu(MENU), DictListParams => Page<DictEntry>;
    /// Creates (without `id`) or updates an entry.
    Save "save" = Post "mtop.admin.dict.save", Guard::Save(MENU), DictSaveParams => DictEntry, "保存字典项", stale [List, super::reason::List];
    /// Deletes an entry.
    Delete "delete" = Post "mtop.admin.dict.delete", Guard::Act(MENU, super::Action::Delete), DeleteParams => Deleted, "删除字典项", stale [List, super::reason::List];
}

/// An entry as the list and the writes answer it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct DictEntry {
    /// Id.
    pub id: i64,
    /// The group, e.g. `shop_level`.
    pub r#type: String,
    /// The key, unique within the type.
    pub key: String,
    /// What people read.
    pub label: String,
    /// What code reads.
    pub value: String,
    /// Order within the type.
    pub sort: i64,
    /// Free text, empty when none.
    pub remark: String,
    /// `enabled` or `disabled` (lifecycle `dict`).
    pub status: String,
    /// Optimistic-lock version.
    pub version: i64,
    /// Creation time, epoch ms.
    pub created_at: i64,
    /// Last change, epoch ms.
    pub updated_at: i64,
}

list_params! {
    /// `dict.list`'s params; sortable: `id`, `type`, `key`, `sort`, `createdAt`.
    DictListParams {
        /// Part of the type.
        text r#type,
        /// Part of the key, label or value.
        text keyword,
        /// `enabled` or `disabled`.
        text status,
    }
}

/// `dict.save`'s params: without `id` it creates; with `id` it needs `version`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct DictSaveParams {
    /// The entry to update; absent to create.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub id: Option<i64>,
    /// The version the entry was read at (updates).
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub version: Option<i64>,
    /// The group.
    #[serde(default)]
    pub r#type: String,
    /// The key.
    #[serde(default)]
    pub key: String,
    /// What people read.
    #[serde(default)]
    pub label: String,
    /// What code reads.
    #[serde(default)]
    pub value: String,
    /// Order within the type (kept on update when absent; 0 on create).
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub sort: Option<i64>,
    /// Free text (kept on update when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "string")]
    pub remark: Option<String>,
    /// `enabled` or `disabled` (kept on update when absent; enabled on create).
    #[serde(
        default,
        deserialize_with = "lenient::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string")]
    pub status: Option<String>,
}
