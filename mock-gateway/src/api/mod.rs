//! The operations, one module per domain. Each module lists its operations; the registry merges them.

pub mod audit;
pub mod dashboard;
pub mod dict;
pub mod list;
pub mod loader;
pub mod menu;
pub mod role;
pub mod user;

use rusqlite::Connection;

use crate::dispatch::{Ctx, Operation};
use crate::error::AppError;
use crate::store;

/// Every operation of the gateway.
pub fn operations() -> Vec<Operation> {
    let mut ops = Vec::new();
    ops.extend(user::operations());
    ops.extend(role::operations());
    ops.extend(menu::operations());
    ops.extend(dict::operations());
    ops.extend(audit::operations());
    ops.extend(dashboard::operations());
    ops
}

/// Records the caller's write in the audit log (inside the write's transaction).
pub fn audit(
    conn: &Connection,
    ctx: &Ctx,
    target_id: Option<i64>,
    summary: &str,
) -> Result<(), AppError> {
    let caller = ctx.caller()?;
    store::audit::insert(
        conn,
        &store::audit::NewAudit {
            sys_user_id: Some(caller.id),
            username: &caller.username,
            api: ctx.api,
            target_id,
            summary,
            at: ctx.now,
            ip: &ctx.ip,
        },
    )
}

/// Reads an optional parent id: absent, null or 0 mean the top level.
pub fn parent(id: Option<i64>) -> Option<i64> {
    id.filter(|&id| id != 0)
}
