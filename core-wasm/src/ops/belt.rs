//! 产业带: industrial belts (the shop filters read them; the screen comes with 运营管理).

use serde::{Deserialize, Serialize};

use super::{Guard, Page, list_params, operations};

operations! { "belt";
    /// A page of belts with their shop counts (reference data: any signed-in user may read it).
    List "list" = Get "mtop.admin.belt.list", Guard::Session, BeltListParams => Page<BeltRow>;
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
        /// The province, exactly.
        text province,
    }
}
