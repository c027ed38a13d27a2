//! The home page's figures. Only what the database really holds: the business domains (shops,
//! products, ...) arrive in later issues.

use core_wasm::ops;
use core_wasm::ops::NoParams;
use core_wasm::ops::dashboard::{DashboardStats, Stats};

use crate::clock::start_of_day;
use crate::error::AppError;
use crate::kit::{Ctx, Operation};
use crate::state::AppState;
use crate::store::{audit, menus, roles, users};

/// The menu that guards the dashboard.
pub const MENU: &str = ops::dashboard::MENU;

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![Operation::typed::<Stats>(stats)]
}

/// Reads the figures at `now`.
pub fn figures(state: &AppState, now: i64) -> Result<DashboardStats, AppError> {
    let today = start_of_day(now);
    state.store.read(|c| {
        Ok(DashboardStats {
            sys_users: users::count(c)?,
            roles: roles::count(c)?,
            menus: menus::count(c)?,
            audit_today: audit::count_since(c, today, None)?,
            logins_today: audit::count_since(
                c,
                today,
                Some(<ops::session::Login as ops::Operation>::API),
            )?,
        })
    })
}

/// `dashboard.stats {}` → `{sysUsers, roles, menus, auditToday, loginsToday}`.
fn stats(ctx: &Ctx, _: NoParams) -> Result<DashboardStats, AppError> {
    figures(&ctx.state, ctx.now)
}
