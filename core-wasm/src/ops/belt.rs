//! 产业带: industrial belts (the shop filters read them; the screen comes with 运营管理).

use serde::{Deserialize, Serialize};

use super::NoParams;
use super::lenient;
use super::shop::{Region, ShopRow};
use super::{DeleteParams, Deleted, Guard, IdParams, Page, list_params, operations};

/// The menu whose owners manage belts.
pub const MENU: &str = "operate/industrialBelt";

operations! { "belt";
    /// A page of belts with their shop counts (reference data: any signed-in user may read it).
    List "list" = Get "mtop.admin.belt.list", Guard::Session, BeltListParams => Page<BeltRow>;
    /// One belt with its shops.
    Detail "detail" = Get "mtop.admin.belt.detail", Guard::Menu(MENU), IdParams => BeltDetail;
    /// The provinces (with their cities) that belts are in: the list's province filter, a
    /// choice of what exists rather than a name typed exactly.
    Regions "regions" = Get "mtop.admin.belt.regions", Guard::Menu(MENU), NoParams => Vec<Region>;
    /// Creates (without `id`) or updates a belt.
    Save "save" = Post "mtop.admin.belt.save", Guard::Save(MENU), BeltSaveParams => BeltRow, "保存产业带", stale [List, Detail, Regions, super::shop::List, super::shop::Detail];
    /// Deletes a belt no shop belongs to (`data_in_use` counts and names them otherwise).
    Delete "delete" = Post "mtop.admin.belt.delete", Guard::Act(MENU, super::Action::Delete), DeleteParams => Deleted, "删除产业带", stale [List, Detail, Regions, super::shop::List, super::shop::Detail];
}

/// `belt.detail`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct BeltDetail {
    /// The belt.
    pub belt: BeltRow,
    /// Its shops (at most 50, most products first).
    pub shops: Vec<ShopRow>,
}

/// `belt.save`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct BeltSaveParams {
    /// The belt to update; absent to create.
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
    /// Name, unique.
    #[serde(default)]
    pub name: String,
    /// Province.
    #[serde(default)]
    pub province: String,
    /// City.
    #[serde(default)]
    pub city: String,
    /// Free text.
    #[serde(default)]
    pub description: String,
}

/// One industrial belt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct BeltRow {
    /// Id.
    pub id: i64,
    /// Name (`义乌小商品产业带`).
    pub name: String,
    /// Province.
    pub province: String,
    /// City.
    pub city: String,
    /// Free text.
    pub description: String,
    /// Shops in the belt.
    pub shop_count: i64,
    /// Optimistic-lock version.
    pub version: i64,
}

list_params! {
    /// `belt.list`'s params; sortable: `id`, `name`, `shopCount`.
    BeltListParams {
        /// Part of the name.
        text name,
        /// The province, exactly (a choice of `belt.regions`).
        text province,
    }
}
