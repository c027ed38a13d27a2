//! The home page's figures: the six KPI cards of 首页.

use core_wasm::ops;
use core_wasm::ops::NoParams;
use core_wasm::ops::dashboard::{DashboardStats, Stats};

use rusqlite::Connection;

use crate::clock::{DAY_OFFSET_MS, start_of_day};
use crate::error::AppError;
use crate::kit::{Ctx, Operation};
use crate::state::AppState;

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
    state.store.read(|c| {
        Ok(DashboardStats {
            shops: count(c, "SELECT coalesce(sum(n), 0) FROM shop_tally", [])?,
            new_shops_today: count(
                c,
                "SELECT coalesce(sum(new_shops), 0) FROM shop_day WHERE day = ?1",
                [day],
            )?,
            products_on_sale: count(
                c,
                "SELECT coalesce(sum(n), 0) FROM product_tally WHERE status = 'onSale'",
                [],
            )?,
            pending_shops: count(
                c,
                "SELECT coalesce(sum(n), 0) FROM shop_tally WHERE status = 'pending'",
                [],
            )?,
            pending_opportunities: count(
                c,
                "SELECT count(*) FROM opportunity WHERE state = 'pending'",
                [],
            )?,
            inquiries_today: count(
                c,
                "SELECT count(*) FROM inquiry WHERE created_at >= ?1",
                [today],
            )?,
        })
    })
}

fn count<P: rusqlite::Params>(c: &Connection, sql: &str, args: P) -> Result<i64, AppError> {
    Ok(c.prepare_cached(sql)?.query_row(args, |r| r.get(0))?)
}

/// `dashboard.stats {}` → `{shops, newShopsToday, productsOnSale, pendingShops,
/// pendingOpportunities, inquiriesToday}`.
fn stats(ctx: &Ctx, _: NoParams) -> Result<DashboardStats, AppError> {
    figures(&ctx.state, ctx.now)
}
