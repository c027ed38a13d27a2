//! The operation catalogue: every gateway operation declared once — its `api` name, method, the
//! menu its guard needs, and the Rust types of its params and answer.
//!
//! The gateway builds its registry from [`CATALOGUE`] (a test fails when an entry has no handler or
//! a handler no entry); the web's operation table and wire types are generated from it
//! (`web/src/lib/generated/ops.ts`, written by `cargo test` with `UPDATE_GENERATED=1`, checked
//! against the committed file otherwise).

pub mod activity;
pub mod ad;
pub mod ad_slot;
pub mod audit;
pub mod belt;
pub mod category;
pub mod contact;
pub mod dashboard;
pub mod dict;
pub mod entry;
pub mod file;
pub mod history;
pub mod inquiry;
pub mod invitation;
pub mod lenient;
pub mod login_log;
pub mod member;
pub mod menu;
pub mod opportunity;
pub mod product;
pub mod reason;
pub mod recommend;
pub mod role;
pub mod session;
pub mod shop;
pub mod sys_user;
#[cfg(not(target_arch = "wasm32"))]
pub mod typescript;
pub mod view;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

pub use crate::perms::Action;
pub use crate::protocol::Method;

/// Who may call an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guard {
    /// Anyone (sign-in).
    Public,
    /// Any signed-in user.
    Session,
    /// A signed-in user one of whose roles owns this menu path (and who passes its access flag).
    Menu(&'static str),
    /// As `Menu`, for any one of these paths (a read several screens share).
    AnyMenu(&'static [&'static str]),
    /// A write: as `Menu`, and the caller holds this action on the page (`{page}:{action}`).
    Act(&'static str, Action),
    /// As `Act`, on any one of these pages.
    AnyAct(&'static [&'static str], Action),
    /// A save: as `Act`, with `create` when the params carry no `id` and `edit` when they do.
    Save(&'static str),
}

impl Guard {
    /// The menu paths of which the caller must own one; empty for a public or session guard.
    pub const fn menus(&self) -> &[&'static str] {
        match self {
            Guard::Menu(path) | Guard::Act(path, _) | Guard::Save(path) => {
                std::slice::from_ref(path)
            }
            Guard::AnyMenu(paths) | Guard::AnyAct(paths, _) => paths,
            Guard::Public | Guard::Session => &[],
        }
    }

    /// The action a call needs besides the page: a save's depends on whether it `creates`.
    pub const fn action(&self, creates: bool) -> Option<Action> {
        match self {
            Guard::Act(_, action) | Guard::AnyAct(_, action) => Some(*action),
            Guard::Save(_) if creates => Some(Action::Create),
            Guard::Save(_) => Some(Action::Edit),
            Guard::Public | Guard::Session | Guard::Menu(_) | Guard::AnyMenu(_) => None,
        }
    }

    /// Whether some call under this guard needs `action`.
    pub fn can_need(&self, action: Action) -> bool {
        self.action(true) == Some(action) || self.action(false) == Some(action)
    }
}

/// One operation, as a type: the gateway's typed handlers and the generated TypeScript read it.
pub trait Operation {
    /// The `api` name, e.g. `mtop.admin.dict.list`.
    const API: &'static str;
    /// GET for reads, POST for writes.
    const METHOD: Method;
    /// Who may call it.
    const GUARD: Guard;
    /// The `data` object it takes.
    type Params: Serialize + DeserializeOwned;
    /// The `result.data` it answers.
    type Answer: Serialize + DeserializeOwned;
}

/// One catalogue entry, as data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpInfo {
    /// `domain.verb`, the key of the web's `ops` table (`ops.dict.list`).
    pub key: &'static str,
    /// The `api` name.
    pub api: &'static str,
    /// GET or POST.
    pub method: Method,
    /// Who may call it.
    pub guard: Guard,
    /// The params type as written in Rust (the generator turns it into TypeScript).
    pub params: &'static str,
    /// The answer type as written in Rust.
    pub answer: &'static str,
    /// What people read for it (审核店铺): the write's toasts and the audit log name it. Every
    /// write declares one; a read may leave it empty.
    pub label: &'static str,
    /// The reads (their `api`) a success of this write makes stale: the web refreshes exactly these
    /// (and the audit log, which every write feeds), and the gateway's tests hold the list against
    /// the tables each side touches. Empty for reads.
    pub stale: &'static [&'static str],
}

impl OpInfo {
    /// Whether it changes something (a POST).
    pub fn is_write(&self) -> bool {
        self.method == Method::Post
    }
}

/// Declares a domain's operations: a unit type per operation implementing [`Operation`], and the
/// domain's `OPS` entries. A write ends with its label and the reads it makes stale:
/// `… => ShopRow, "审核店铺", stale [List, Detail, super::history::List];`.
macro_rules! operations {
    ($domain:literal; $( $(#[$doc:meta])* $name:ident $verb:literal = $method:ident $api:literal, $guard:expr, $params:ty => $answer:ty $(, $label:literal $(, stale [$($stale:ty),* $(,)?])?)?; )*) => {
        $(
            $(#[$doc])*
            #[derive(Debug, Clone, Copy)]
            pub struct $name;
            impl $crate::ops::Operation for $name {
                const API: &'static str = $api;
                const METHOD: $crate::ops::Method = $crate::ops::Method::$method;
                const GUARD: $crate::ops::Guard = $guard;
                type Params = $params;
                type Answer = $answer;
            }
        )*
        /// This domain's entries of the catalogue.
        pub const OPS: &[$crate::ops::OpInfo] = &[
            $( $crate::ops::OpInfo {
                key: concat!($domain, ".", $verb),
                api: $api,
                method: $crate::ops::Method::$method,
                guard: $guard,
                params: stringify!($params),
                answer: stringify!($answer),
                label: $crate::ops::operations!(@label $($label)?),
                stale: &[$($($(<$stale as $crate::ops::Operation>::API),*)?)?],
            }, )*
        ];
    };
    (@label $label:literal) => { $label };
    (@label) => { "" };
}
pub(crate) use operations;

/// Declares a list operation's params: the paging and sorting every list takes (`page`, `pageSize`,
/// `sortField`, `sortOrder`) and the list's own filters, each an optional `int` (a number or a
/// numeric string) or `text` (blank counts as absent). A list declares only its filters.
macro_rules! list_params {
    ($(#[$doc:meta])* $name:ident { $($body:tt)* }) => {
        $crate::ops::list_params!(@munch [$(#[$doc])*] $name [] $($body)*);
    };
    (@munch $docs:tt $name:ident [$($out:tt)*] $(#[$fdoc:meta])* int $field:ident $(, $($rest:tt)*)?) => {
        $crate::ops::list_params!(@munch $docs $name [$($out)*
            $(#[$fdoc])*
            #[serde(default, deserialize_with = "crate::ops::lenient::opt_i64", skip_serializing_if = "Option::is_none")]
            #[ts(optional, type = "number")]
            pub $field: Option<i64>,
        ] $($($rest)*)?);
    };
    (@munch $docs:tt $name:ident [$($out:tt)*] $(#[$fdoc:meta])* text $field:ident $(, $($rest:tt)*)?) => {
        $crate::ops::list_params!(@munch $docs $name [$($out)*
            $(#[$fdoc])*
            #[serde(default, deserialize_with = "crate::ops::lenient::opt_text", skip_serializing_if = "Option::is_none")]
            #[ts(optional, type = "string")]
            pub $field: Option<String>,
        ] $($($rest)*)?);
    };
    (@munch [$(#[$doc:meta])*] $name:ident [$($out:tt)*]) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            /// Page from 1.
            #[serde(default, deserialize_with = "crate::ops::lenient::opt_i64", skip_serializing_if = "Option::is_none")]
            #[ts(optional, type = "number")]
            pub page: Option<i64>,
            /// Rows per page.
            #[serde(default, deserialize_with = "crate::ops::lenient::opt_i64", skip_serializing_if = "Option::is_none")]
            #[ts(optional, type = "number")]
            pub page_size: Option<i64>,
            /// The column to sort by (one of the list's sortable columns).
            #[serde(default, deserialize_with = "crate::ops::lenient::opt_text", skip_serializing_if = "Option::is_none")]
            #[ts(optional, type = "string")]
            pub sort_field: Option<String>,
            /// `asc`/`ascend` or `desc`/`descend`.
            #[serde(default, deserialize_with = "crate::ops::lenient::opt_text", skip_serializing_if = "Option::is_none")]
            #[ts(optional, type = "string")]
            pub sort_order: Option<String>,
            $($out)*
        }
    };
}
pub(crate) use list_params;

/// Every domain's entries.
pub const DOMAINS: &[&[OpInfo]] = &[
    session::OPS,
    login_log::OPS,
    sys_user::OPS,
    role::OPS,
    menu::OPS,
    dict::OPS,
    audit::OPS,
    dashboard::OPS,
    shop::OPS,
    product::OPS,
    category::OPS,
    member::OPS,
    contact::OPS,
    invitation::OPS,
    history::OPS,
    belt::OPS,
    reason::OPS,
    file::OPS,
    ad_slot::OPS,
    ad::OPS,
    activity::OPS,
    entry::OPS,
    recommend::OPS,
    inquiry::OPS,
    opportunity::OPS,
    view::OPS,
];

/// Every operation of the gateway, domain by domain.
pub fn catalogue() -> impl Iterator<Item = &'static OpInfo> {
    DOMAINS.iter().flat_map(|d| d.iter())
}

/// The entry of an `api` name.
pub fn find(api: &str) -> Option<&'static OpInfo> {
    catalogue().find(|op| op.api == api)
}

/// `{list, total, page, pageSize}`: every list operation's answer (product.md, "Conventions").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    /// The rows of this page.
    pub list: Vec<T>,
    /// Rows under the filters, over all pages.
    pub total: i64,
    /// The page, from 1.
    pub page: i64,
    /// Rows per page.
    pub page_size: i64,
}

/// The params of an operation that takes none (`{}`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct NoParams {}

/// `{id}`: what a delete answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Deleted {
    /// The deleted record's id.
    pub id: i64,
}

/// `{id, version?}`: a delete's params (the version the row was read at, when known).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct DeleteParams {
    /// The record.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub id: Option<i64>,
    /// The version the row was read at; stale answers `data_conflict`.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub version: Option<i64>,
}

/// A status change of one record with an optional reason: `shop.setStatus`, `member.setStatus` and the like.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct StatusParams {
    /// The record.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub id: Option<i64>,
    /// The version it was read at.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub version: Option<i64>,
    /// The state to move to.
    #[serde(default, deserialize_with = "lenient::opt_text")]
    #[ts(type = "string")]
    pub status: Option<String>,
    /// The reason's code (数据字典 `reason_<reasonType>` of the transition).
    #[serde(
        default,
        deserialize_with = "lenient::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string")]
    pub reason_code: Option<String>,
    /// The reason's text (required for 其他).
    #[serde(
        default,
        deserialize_with = "lenient::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string")]
    pub reason: Option<String>,
}

/// `{ids}`: a whole list's new order (`entry.sort`, `recommend.sort`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct SortParams {
    /// Every record, in the new order.
    #[serde(default, deserialize_with = "lenient::opt_ids")]
    #[ts(type = "number[]")]
    pub ids: Option<Vec<i64>>,
}

/// A picker's search: shops or products by name (`ad.targets`, `activity.candidates`,
/// `recommend.candidates`), members by nickname or phone (`invitation.inviters`); each guarded by
/// its own screen's menu, so the 运营 role can search without 基础信息.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct PickParams {
    /// `shop`, `product` or `member`.
    #[serde(default, deserialize_with = "lenient::opt_text")]
    #[ts(type = "string")]
    pub kind: Option<String>,
    /// Part of the name or title; blank for the first ones.
    #[serde(
        default,
        deserialize_with = "lenient::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string")]
    pub keyword: Option<String>,
}

/// One pickable shop or product (at most 20 per search).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct PickItem {
    /// `shop`, `product` or `member`.
    pub kind: String,
    /// Id.
    pub id: i64,
    /// Name, title or nickname.
    pub name: String,
    /// For a product, its shop's name; for a shop, its city; for a member, the masked phone.
    pub extra: String,
    /// Its state (lifecycle `shop`, `product` or `member`).
    pub status: String,
}

/// A review's params (`shop.audit`, `opportunity.audit`): approve, or reject with a reason.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AuditParams {
    /// The record under review.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub id: Option<i64>,
    /// The version it was read at.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub version: Option<i64>,
    /// true: approve (pending → active / approved); false: reject (a reason is required).
    #[serde(default)]
    #[ts(type = "boolean")]
    pub approve: Option<bool>,
    /// The reason's code (数据字典 `reason_<reasonType>` of the reject transition).
    #[serde(
        default,
        deserialize_with = "lenient::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string")]
    pub reason_code: Option<String>,
    /// The reason's text (required for 其他).
    #[serde(
        default,
        deserialize_with = "lenient::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string")]
    pub reason: Option<String>,
}

/// `{id}`: a detail's params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct IdParams {
    /// The record.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub id: Option<i64>,
}

/// One row's outcome in a bulk write: done, skipped (already there, not an error) or failed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct BulkItem {
    /// The record.
    pub id: i64,
    /// Done, or skipped because it was already so (no error).
    pub ok: bool,
    /// Nothing was done: the record already was in the asked-for state.
    pub skipped: bool,
    /// The business code when not done (`state_invalid`, `data_not_found`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub code: Option<String>,
    /// Why, for people, when skipped or not done.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub msg: Option<String>,
}

/// `{results}`: a bulk write's answer, one entry per id in the order given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct BulkResults {
    /// Per record.
    pub results: Vec<BulkItem>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn names_and_keys_are_unique_and_follow_the_convention() {
        let mut apis = HashSet::new();
        let mut keys = HashSet::new();
        for op in catalogue() {
            assert!(apis.insert(op.api), "{} twice", op.api);
            assert!(keys.insert(op.key), "{} twice", op.key);
            assert!(op.api.starts_with("mtop.admin."), "{}", op.api);
            let verb = op.api.rsplit('.').next().unwrap_or_default();
            assert!(
                op.key.ends_with(verb),
                "{} should end with the api's verb {verb}",
                op.key
            );
        }
    }

    #[test]
    fn every_write_declares_its_label_and_names_only_reads_as_stale() {
        for op in catalogue() {
            if !op.is_write() {
                assert!(
                    op.stale.is_empty(),
                    "{}: a read makes nothing stale",
                    op.api
                );
                continue;
            }
            assert!(!op.label.is_empty(), "{} has no label", op.api);
            assert!(
                op.label.chars().all(|c| !c.is_ascii()),
                "{}: the label is for people ({})",
                op.api,
                op.label
            );
            let mut seen = HashSet::new();
            for stale in op.stale {
                assert!(seen.insert(stale), "{}: {stale} twice", op.api);
                let read = find(stale).map(|r| r.method);
                assert_eq!(read, Some(Method::Get), "{}: {stale} is not a read", op.api);
            }
        }
    }

    #[test]
    fn the_writes_that_change_ones_own_menus_make_the_tree_stale() {
        use super::session::{MenuTree, OWN_MENUS};
        let tree = <MenuTree as Operation>::API;
        for (api, _) in OWN_MENUS {
            let op = find(api).unwrap_or_else(|| panic!("{api} is not in the catalogue"));
            assert!(op.is_write(), "{api} is not a write");
            assert!(
                op.stale.contains(&tree),
                "{api} does not declare {tree} stale"
            );
        }
    }

    #[test]
    fn reads_are_get_and_writes_post() {
        for op in catalogue() {
            let verb = op.api.rsplit('.').next().unwrap_or_default();
            let reads = [
                "list",
                "menuTree",
                "qryMenuTree",
                "roleTree",
                "qryRoleTree",
                "current",
                "stats",
                "detail",
                "tree",
                "impact",
                "targets",
                "candidates",
                "options",
                // Pickers and selects' choices (issue 18: no filter asks for an id).
                "regions",
                "inviters",
                "shops",
                // The menu's badges.
                "badges",
            ];
            let expected = if reads.contains(&verb) {
                Method::Get
            } else {
                Method::Post
            };
            assert_eq!(op.method, expected, "{}", op.api);
        }
    }

    /// 按钮权限: a write behind a page names the action it needs there; a read needs the page alone.
    #[test]
    fn every_write_behind_a_page_names_its_action_and_no_read_does() {
        for op in catalogue() {
            let paged = !op.guard.menus().is_empty();
            let acts = op.guard.action(true).is_some() || op.guard.action(false).is_some();
            assert_eq!(acts, op.is_write() && paged, "{}: {:?}", op.api, op.guard);
        }
    }

    #[test]
    fn only_sign_in_is_public() {
        let public: Vec<_> = catalogue()
            .filter(|op| op.guard == Guard::Public)
            .map(|op| op.api)
            .collect();
        assert_eq!(public, ["mtop.admin.user.login"]);
    }

    #[test]
    fn find_reads_the_catalogue() {
        assert_eq!(
            find(<dict::List as Operation>::API).map(|op| op.key),
            Some("dict.list")
        );
        assert!(find("mtop.admin.nothing.here").is_none());
    }
}
