//! 首页: the dashboard's figures.

use serde::{Deserialize, Serialize};

use super::{Guard, NoParams, operations};

/// The menu whose owners may read the figures.
pub const MENU: &str = "home";

operations! { "dashboard";
    /// The KPI cards' figures.
    Stats "stats" = Get "mtop.admin.dashboard.stats", Guard::Menu(MENU), NoParams => DashboardStats;
}

/// The dashboard's figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct DashboardStats {
    /// System users.
    pub sys_users: i64,
    /// Roles.
    pub roles: i64,
    /// Menu entries.
    pub menus: i64,
    /// Audit rows since midnight (UTC+8).
    pub audit_today: i64,
    /// Successful sign-ins since midnight (UTC+8).
    pub logins_today: i64,
}
