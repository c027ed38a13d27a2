//! The operations, one module per domain, built on [`crate::kit`]. Each module lists its typed
//! handlers; the dispatcher assembles the registry from [`operations`].

pub mod audit;
pub mod belt;
pub mod category;
pub mod dashboard;
pub mod dict;
pub mod file;
pub mod history;
pub mod invitation;
pub mod loader;
pub mod member;
pub mod menu;
pub mod product;
pub mod reason;
pub mod role;
pub mod shop;
pub mod user;

use crate::kit::Operation;

/// Every operation of the gateway.
pub fn operations() -> Vec<Operation> {
    let mut ops = Vec::new();
    ops.extend(user::operations());
    ops.extend(role::operations());
    ops.extend(menu::operations());
    ops.extend(dict::operations());
    ops.extend(audit::operations());
    ops.extend(dashboard::operations());
    ops.extend(shop::operations());
    ops.extend(member::operations());
    ops.extend(invitation::operations());
    ops.extend(history::operations());
    ops.extend(belt::operations());
    ops.extend(reason::operations());
    ops.extend(file::operations());
    ops.extend(product::operations());
    ops.extend(category::operations());
    ops
}

/// Reads an optional parent id: absent, null or 0 mean the top level.
pub fn parent(id: Option<i64>) -> Option<i64> {
    id.filter(|&id| id != 0)
}
