//! The home page's figures. Only what the database really holds: the business domains (shops,
//! products, ...) arrive in later issues.

use core_wasm::ops;
use serde::Serialize;
use serde_json::Value;

use crate::clock::start_of_day;
use crate::dispatch::{Ctx, Operation, Reply};
use crate::error::AppError;
use crate::state::AppState;
use crate::store::{audit, menus, roles, users};

/// The menu that guards the dashboard.
pub const MENU: &str = ops::dashboard::MENU;

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![Operation::of::<ops::dashboard::Stats>(stats)]
}

/// The dashboard's figures.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// System users.
    pub sys_users: i64,
    /// Roles.
    pub roles: i64,
    /// Menu entries.
    pub menus: i64,
    /// Audit rows since midnight (UTC+8).
    pub audit_today: i64,
    /// Successful logins since midnight (UTC+8).
    pub logins_today: i64,
}

/// Reads the figures at `now`.
pub fn figures(state: &AppState, now: i64) -> Result<Stats, AppError> {
    let today = start_of_day(now);
    state.store.read(|c| {
        Ok(Stats {
            sys_users: users::count(c)?,
            roles: roles::count(c)?,
            menus: menus::count(c)?,
            audit_today: audit::count_since(c, today, None)?,
            logins_today: audit::count_since(c, today, Some("mtop.admin.user.login"))?,
        })
    })
}

/// `mtop.admin.dashboard.stats {}` → `{sysUsers, roles, menus, auditToday, loginsToday}`.
fn stats(ctx: &Ctx, _: Value) -> Result<Reply, AppError> {
    Reply::json(figures(&ctx.state, ctx.now)?)
}
