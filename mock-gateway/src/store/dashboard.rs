//! 首页's figures: counts across tables, from the tallies their triggers keep where there is one
//! and an index range otherwise.

use core_wasm::ops::dashboard::{DashboardStats, ENDING_SOON_MS};
use rusqlite::Connection;

use crate::error::AppError;

/// The figures for the day starting at `today` (ms), whose number is `day` (UTC+8 days).
pub fn figures(c: &Connection, today: i64, day: i64) -> Result<DashboardStats, AppError> {
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
        // Filled per caller (`queue`): which queues one may act on depends on who asks.
        todo: Vec::new(),
    })
}

/// How many wait at `now` in 首页's queue `key` (`core_wasm::ops::dashboard::QUEUES`); `None` for
/// a key this store does not know.
pub fn queue(c: &Connection, key: &str, now: i64) -> Result<Option<i64>, AppError> {
    let n = match key {
        "pendingShops" => count(
            c,
            "SELECT coalesce(sum(n), 0) FROM shop_tally WHERE status = 'pending'",
            [],
        )?,
        "pendingOpportunities" => count(
            c,
            "SELECT count(*) FROM opportunity WHERE state = 'pending'",
            [],
        )?,
        "pendingInquiries" => count(
            c,
            "SELECT count(*) FROM inquiry WHERE state = 'pending'",
            [],
        )?,
        // Enabled and running now, and over within the window.
        "endingAds" => count(
            c,
            "SELECT count(*) FROM ad WHERE status = 'enabled' AND start_at <= ?1 AND end_at > ?1
             AND end_at <= ?2",
            [now, now + ENDING_SOON_MS],
        )?,
        _ => return Ok(None),
    };
    Ok(Some(n))
}

fn count<P: rusqlite::Params>(c: &Connection, sql: &str, args: P) -> Result<i64, AppError> {
    Ok(c.prepare_cached(sql)?.query_row(args, |r| r.get(0))?)
}
