//! 首页: the dashboard's figures.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Guard, NoParams, ad, inquiry, operations, opportunity, shop};

/// The menu whose owners may read the figures.
pub const MENU: &str = "home";

operations! { "dashboard";
    /// The KPI cards' figures.
    Stats "stats" = Get "mtop.admin.dashboard.stats", Guard::Menu(MENU), NoParams => DashboardStats;
    /// The menu's badges: the queues of [`QUEUES`] with a badge whose screen the caller may open
    /// (any signed-in user may ask; the answer holds only theirs).
    Badges "badges" = Get "mtop.admin.dashboard.badges", Guard::Session, NoParams => Vec<MenuBadge>;
}

/// A menu entry's badge: how much work waits on its screen. The writes of shops' and
/// opportunities' states declare it stale (tests/gateway/stale.rs holds them to the tables).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct MenuBadge {
    /// The entry's page (its menu name: the web finds the entry wherever it is today).
    pub page: String,
    /// How many wait.
    pub count: i64,
    /// What waits, in words, as 首页's to-do says it: `待审核店铺 12 家` ([`Queue::words`]).
    pub label: String,
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
    /// 待办事项: the queues of [`QUEUES`] the caller may act on (owns the screen of), in order.
    pub todo: Vec<TodoItem>,
}

/// One queue of work waiting for the caller, as 首页's to-do lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct TodoItem {
    /// Which queue ([`Queue::key`]).
    pub key: String,
    /// What waits: 待审核店铺.
    pub title: String,
    /// The counting word: 家, 条, 个.
    pub unit: String,
    /// How many wait now.
    pub count: i64,
    /// What waits, in words: `待审核店铺 12 家` (the queue's [`Queue::words`]).
    pub label: String,
    /// The page that works the queue (its key: the web links to it wherever it is today).
    pub page: String,
    /// That page's filter showing just the queue, in the order to work it.
    pub query: BTreeMap<String, String>,
}

/// A queue of work 首页 offers to whoever may act on it: the owners of its screen, which is also
/// the menu guarding the operations that empty it (a shop's review: 店铺管理).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Queue {
    /// Its key in the answer.
    pub key: &'static str,
    /// What waits.
    pub title: &'static str,
    /// The counting word.
    pub unit: &'static str,
    /// The screen (page key and guarding menu) that works it.
    pub menu: &'static str,
    /// The screen's filter showing the queue, in working order.
    pub query: &'static [(&'static str, &'static str)],
    /// The screen's menu entry shows the count (a review queue: 店铺管理, 商机审核).
    pub badge: bool,
}

/// An ad ends "soon" within this much time: the operator renews or replaces it before its slot
/// goes empty.
pub const ENDING_SOON_MS: i64 = 3 * 86_400_000;

/// 首页's queues, in the order the to-do lists them.
pub const QUEUES: &[Queue] = &[
    Queue {
        key: "pendingShops",
        title: "待审核店铺",
        unit: "家",
        menu: shop::MENU,
        // Who registered first has waited longest.
        query: &[
            ("status", "pending"),
            ("sortField", "createdAt"),
            ("sortOrder", "ascend"),
        ],
        badge: true,
    },
    Queue {
        key: "pendingOpportunities",
        title: "待审核商机",
        unit: "条",
        menu: opportunity::REVIEW_MENU,
        query: &[],
        badge: true,
    },
    Queue {
        key: "pendingInquiries",
        title: "待报价询价单",
        unit: "条",
        menu: inquiry::MENU,
        query: &[
            ("state", "pending"),
            ("sortField", "createdAt"),
            ("sortOrder", "ascend"),
        ],
        badge: false,
    },
    Queue {
        key: "endingAds",
        title: "3 天内到期的广告",
        unit: "个",
        menu: ad::MENU,
        query: &[
            ("state", "active"),
            ("sortField", "endAt"),
            ("sortOrder", "ascend"),
        ],
        badge: false,
    },
];

impl Queue {
    /// `count` of this queue in words: `待审核店铺 12 家`.
    pub fn words(&self, count: i64) -> String {
        format!("{} {count} {}", self.title, self.unit)
    }

    /// The queue as its menu entry's badge, with `count` waiting.
    pub fn badge(&self, count: i64) -> MenuBadge {
        MenuBadge {
            page: self.menu.to_owned(),
            count,
            label: self.words(count),
        }
    }

    /// The queue as the to-do lists it, with `count` waiting.
    pub fn item(&self, count: i64) -> TodoItem {
        TodoItem {
            label: self.words(count),
            key: self.key.to_owned(),
            title: self.title.to_owned(),
            unit: self.unit.to_owned(),
            count,
            page: self.menu.to_owned(),
            query: self
                .query
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        }
    }
}
