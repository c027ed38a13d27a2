//! The home page's figures: the six KPI cards of 首页.

use core_wasm::ops;
use core_wasm::ops::NoParams;
use core_wasm::ops::dashboard::{DashboardStats, Stats};

use crate::clock::{DAY_OFFSET_MS, start_of_day};
use crate::error::AppError;
use crate::kit::{Ctx, Operation};
use crate::state::AppState;
use crate::store::dashboard;

/// The menu that guards the dashboard.
pub const MENU: &str = ops::dashboard::MENU;

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![Operation::typed::<Stats>(stats)]
}

/// Reads the figures at `now` ("today" is the UTC+8 day). Shop and product figures come from the
/// tallies their triggers keep; the others count an index range.
pub fn figures(state: &AppState, now: i64) -> Result<DashboardStats, AppError> {
    let today = start_of_day(now);
    let day = (today + DAY_OFFSET_MS) / 86_400_000;
    state.store.read(|c| dashboard::figures(c, today, day))
}

/// `dashboard.stats {}` → `{shops, newShopsToday, productsOnSale, pendingShops,
/// pendingOpportunities, inquiriesToday}`.
fn stats(ctx: &Ctx, _: NoParams) -> Result<DashboardStats, AppError> {
    figures(&ctx.state, ctx.now)
}
