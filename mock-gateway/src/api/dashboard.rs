//! The home page's figures: the six KPI cards of 首页.

use core_wasm::ops;
use core_wasm::ops::NoParams;
use core_wasm::ops::dashboard::{Badges, DashboardStats, MenuBadge, QUEUES, Stats};

use crate::cache::Principal;
use crate::clock::{DAY_OFFSET_MS, start_of_day};
use crate::error::AppError;
use crate::kit::{Ctx, Operation};
use crate::state::AppState;
use crate::store::dashboard;

/// The menu that guards the dashboard.
pub const MENU: &str = ops::dashboard::MENU;

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<Stats>(stats),
        Operation::typed::<Badges>(badges),
    ]
}

/// Reads the figures at `now` ("today" is the UTC+8 day) with the to-do of `caller`: the queues
/// whose screen they own. Shop and product figures come from the tallies their triggers keep; the
/// others count an index range.
pub fn figures(state: &AppState, caller: &Principal, now: i64) -> Result<DashboardStats, AppError> {
    let today = start_of_day(now);
    let day = (today + DAY_OFFSET_MS) / 86_400_000;
    state.store.read(|c| {
        let mut stats = dashboard::figures(c, today, day)?;
        for queue in QUEUES.iter().filter(|q| caller.may(q.menu)) {
            let count = dashboard::queue(c, queue.key, now)?
                .ok_or_else(|| AppError::internal(format!("no count for queue {}", queue.key)))?;
            stats.todo.push(queue.item(count));
        }
        Ok(stats)
    })
}

/// `dashboard.stats {}` → `{shops, newShopsToday, productsOnSale, pendingShops,
/// pendingOpportunities, inquiriesToday, todo}`.
fn stats(ctx: &Ctx, _: NoParams) -> Result<DashboardStats, AppError> {
    figures(&ctx.state, ctx.caller()?, ctx.now)
}

/// `dashboard.badges {}` → `[{page, count}]`: the badged queues whose screen the caller may open.
fn badges(ctx: &Ctx, _: NoParams) -> Result<Vec<MenuBadge>, AppError> {
    let caller = ctx.caller()?;
    ctx.state.store.read(|c| {
        QUEUES
            .iter()
            .filter(|q| q.badge && caller.may(q.menu))
            .map(|queue| {
                let count = dashboard::queue(c, queue.key, ctx.now)?.ok_or_else(|| {
                    AppError::internal(format!("no count for queue {}", queue.key))
                })?;
                Ok(queue.badge(count))
            })
            .collect()
    })
}
