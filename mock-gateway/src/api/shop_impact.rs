//! `shop.impact`: what freezing or closing a shop touches, shown before the operator confirms —
//! its products on sale, the live ads and recommendations pointing at it, the items of running
//! activities that are it or its products, and its open inquiries.

use core_wasm::ops::IdParams;
use core_wasm::ops::shop::{Impact, ShopImpact};
use rusqlite::{Connection, params};

use crate::error::AppError;
use crate::kit::{Ctx, Operation, required};

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![Operation::typed::<Impact>(impact)]
}

/// The counts for shop `id` at `now` (ads and recommendations not yet expired count).
pub fn of(conn: &Connection, id: i64, now: i64) -> Result<ShopImpact, AppError> {
    // Counts of the shop (`?1`); those that expire also take the time (`?2`).
    let count = |sql: &str| -> Result<i64, AppError> {
        Ok(conn.prepare_cached(sql)?.query_row([id], |r| r.get(0))?)
    };
    let count_at = |sql: &str| -> Result<i64, AppError> {
        Ok(conn
            .prepare_cached(sql)?
            .query_row(params![id, now], |r| r.get(0))?)
    };
    Ok(ShopImpact {
        products_on_sale: count(
            "SELECT count(*) FROM product WHERE shop_id = ?1 AND status = 'onSale'",
        )?,
        live_ads: count_at(
            "SELECT count(*) FROM ad WHERE status = 'enabled' AND end_at > ?2 AND (
                (link_type = 'shop' AND link_target = CAST(?1 AS TEXT))
                OR (link_type = 'product' AND CAST(link_target AS INTEGER) IN
                    (SELECT id FROM product WHERE shop_id = ?1)))",
        )?,
        recommendations: count_at(
            "SELECT count(*) FROM recommend WHERE shop_id = ?1 AND end_at > ?2",
        )?,
        activity_items: count(
            "SELECT count(*) FROM activity_item i JOIN activity a ON a.id = i.activity_id
             WHERE a.status != 'offline' AND (
                (i.kind = 'shop' AND i.target_id = ?1)
                OR (i.kind = 'product' AND i.target_id IN (SELECT id FROM product WHERE shop_id = ?1)))",
        )?,
        open_inquiries: count(
            "SELECT count(*) FROM inquiry
             WHERE shop_id = ?1 AND state IN ('pending', 'quoted')",
        )?,
    })
}

/// `shop.impact {id}`.
fn impact(ctx: &Ctx, p: IdParams) -> Result<ShopImpact, AppError> {
    let id = required(p.id, "id")?;
    ctx.state.store.read(|c| {
        let exists: bool = c
            .prepare_cached("SELECT EXISTS (SELECT 1 FROM shop WHERE id = ?1)")?
            .query_row([id], |r| r.get(0))?;
        if !exists {
            return Err(AppError::NotFound);
        }
        of(c, id, ctx.now)
    })
}
