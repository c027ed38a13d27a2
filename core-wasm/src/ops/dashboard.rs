//! 首页: the dashboard's figures.

use serde::{Deserialize, Serialize};

use super::{Guard, NoParams, operations};

/// The menu whose owners may read the figures.
pub const MENU: &str = "home";

operations! { "dashboard";
    /// The KPI cards' figures.
    Stats "stats" = Get "mtop.admin.dashboard.stats", Guard::Menu(MENU), NoParams => DashboardStats;
}

/// The dashboard's figures: the KPI cards of 首页 ("today" is since midnight UTC+8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct DashboardStats {
    /// Shops, in any state.
    pub shops: i64,
    /// Shops registered today.
    pub new_shops_today: i64,
    /// Products on sale.
    pub products_on_sale: i64,
    /// Shops waiting for review (待审核).
    pub pending_shops: i64,
    /// Purchase opportunities waiting for review (待审核).
    pub pending_opportunities: i64,
    /// Inquiries sent today.
    pub inquiries_today: i64,
}
