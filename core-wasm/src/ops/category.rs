//! 类目管理: the category tree (three levels at most).

use serde::{Deserialize, Serialize};

use super::lenient;
use super::{DeleteParams, Deleted, Guard, NoParams, operations};

/// The menu whose owners may change the tree.
pub const MENU: &str = "baseMgmt/classifyMgmt";

operations! { "category";
    /// The whole tree with product counts (reference data: any signed-in user may read it, for
    /// the product filters and pickers of other screens).
    Tree "tree" = Get "mtop.admin.category.tree", Guard::Session, NoParams => Vec<CategoryNode>;
    /// Creates (without `id`) or updates a category.
    Save "save" = Post "mtop.admin.category.save", Guard::Save(MENU), CategorySaveParams => CategoryNode, "保存类目", stale [Tree, super::product::List, super::member::Detail, super::opportunity::Detail, super::opportunity::List, super::product::Detail, super::shop::Detail];
    /// Puts siblings in a new order.
    Sort "sort" = Post "mtop.admin.category.sort", Guard::Act(MENU, super::Action::Sort), CategorySortParams => Vec<CategoryNode>, "调整类目顺序", stale [Tree, super::member::Detail, super::opportunity::Detail, super::opportunity::List, super::product::Detail, super::product::List, super::shop::Detail];
    /// Deletes a category no product and no child uses (`data_in_use` names them otherwise).
    Delete "delete" = Post "mtop.admin.category.delete", Guard::Act(MENU, super::Action::Delete), DeleteParams => Deleted, "删除类目", stale [Tree, super::member::Detail, super::opportunity::Detail, super::opportunity::List, super::product::Detail, super::product::List, super::shop::Detail];
}

/// One category with its children, in `sort` order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CategoryNode {
    /// Id.
    pub id: i64,
    /// The parent, null at the top level.
    pub parent_id: Option<i64>,
    /// Name, unique among siblings.
    pub name: String,
    /// Order among siblings.
    pub sort: i64,
    /// Icon name, empty when none.
    pub icon: String,
    /// 1 shown, 0 hidden.
    pub visible: i64,
    /// 1, 2 or 3.
    pub level: i64,
    /// Products in it and its descendants.
    pub product_count: i64,
    /// Whether a child may be added (the tree's depth rule, `tree::fits_depth`).
    pub may_add_child: bool,
    /// Optimistic-lock version.
    pub version: i64,
    /// Its children (empty for a leaf).
    pub children: Vec<CategoryNode>,
}

/// `category.save`'s params: without `id` it creates; with `id` it needs `version`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CategorySaveParams {
    /// The category to update; absent to create.
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
    /// The parent; absent or null for the top level.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub parent_id: Option<i64>,
    /// Name.
    #[serde(default)]
    pub name: String,
    /// Order among siblings (last when absent on create, kept on update).
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub sort: Option<i64>,
    /// Icon name.
    #[serde(
        default,
        deserialize_with = "lenient::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string")]
    pub icon: Option<String>,
    /// 1 shown, 0 hidden (shown on create when absent, kept on update).
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub visible: Option<i64>,
}

/// `category.sort`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CategorySortParams {
    /// The parent whose children these are; absent for the top level.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub parent_id: Option<i64>,
    /// Every child of that parent, in the new order.
    #[serde(default, deserialize_with = "lenient::opt_ids")]
    #[ts(type = "number[]")]
    pub ids: Option<Vec<i64>>,
}
