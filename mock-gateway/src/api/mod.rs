//! The operations, one module per domain, built on [`crate::kit`]. Each module lists its typed
//! handlers; the dispatcher assembles the registry from [`operations`].

pub mod activity;
pub mod ad;
pub mod ad_slot;
pub mod audit;
pub mod belt;
pub mod category;
pub mod contact;
pub mod dashboard;
pub mod dict;
pub mod editing;
pub mod entry;
pub mod file;
pub mod history;
pub mod inquiry;
pub mod invitation;
pub mod loader;
pub mod login_log;
pub mod member;
pub mod menu;
pub mod online;
pub mod opportunity;
pub mod product;
pub mod reason;
pub mod recommend;
pub mod role;
pub mod shop;
pub mod shop_impact;
pub mod user;
pub mod view;

use crate::kit::Operation;

/// Every operation of the gateway.
pub fn operations() -> Vec<Operation> {
    let mut ops = Vec::new();
    ops.extend(user::operations());
    ops.extend(online::operations());
    ops.extend(login_log::operations());
    ops.extend(role::operations());
    ops.extend(menu::operations());
    ops.extend(dict::operations());
    ops.extend(audit::operations());
    ops.extend(dashboard::operations());
    ops.extend(shop::operations());
    ops.extend(member::operations());
    ops.extend(contact::operations());
    ops.extend(invitation::operations());
    ops.extend(history::operations());
    ops.extend(belt::operations());
    ops.extend(reason::operations());
    ops.extend(file::operations());
    ops.extend(ad_slot::operations());
    ops.extend(ad::operations());
    ops.extend(activity::operations());
    ops.extend(entry::operations());
    ops.extend(recommend::operations());
    ops.extend(inquiry::operations());
    ops.extend(opportunity::operations());
    ops.extend(shop_impact::operations());
    ops.extend(product::operations());
    ops.extend(category::operations());
    ops.extend(view::operations());
    ops
}

/// Reads an optional parent id: absent, null or 0 mean the top level.
pub fn parent(id: Option<i64>) -> Option<i64> {
    id.filter(|&id| id != 0)
}
