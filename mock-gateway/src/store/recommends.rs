//! 首页推荐商家 (`recommend`): recommended shops in display order, each for a period; flagged when
//! the shop is no longer active.

use core_wasm::ops::recommend::RecommendRow;
use core_wasm::schedule::ad_state;
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::targets::shop_problem;
use crate::error::AppError;

/// The table.
pub const TABLE: &str = "recommend";

/// The shop's name, as an expression over a `recommend` row (the list filters on it).
pub const SHOP_NAME: &str = "(SELECT name FROM shop WHERE shop.id = recommend.shop_id)";

/// The columns [`row`] reads (select them `FROM recommend`).
pub const COLUMNS: &str = "id, shop_id,
    (SELECT name FROM shop WHERE shop.id = recommend.shop_id),
    (SELECT status FROM shop WHERE shop.id = recommend.shop_id),
    reason, sort, start_at, end_at, version";

/// Reads a row selected with [`COLUMNS`], its period's state at `now`.
pub fn row(r: &Row<'_>, now: i64) -> rusqlite::Result<RecommendRow> {
    let status: Option<String> = r.get(3)?;
    let (start_at, end_at): (i64, i64) = (r.get(6)?, r.get(7)?);
    // A recommendation has no switch: its state is its period's.
    let state = ad_state(true, start_at, end_at, now);
    Ok(RecommendRow {
        id: r.get(0)?,
        shop_id: r.get(1)?,
        shop_name: r.get::<_, Option<String>>(2)?.unwrap_or_default(),
        problem: shop_problem(status.as_deref()),
        shop_status: status.unwrap_or_default(),
        reason: r.get(4)?,
        sort: r.get(5)?,
        start_at,
        end_at,
        state: state.to_owned(),
        version: r.get(8)?,
    })
}

/// A recommendation by id.
pub fn get(conn: &Connection, id: i64, now: i64) -> Result<Option<RecommendRow>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM recommend WHERE id = ?1");
    Ok(conn
        .prepare_cached(&sql)?
        .query_row([id], |r| row(r, now))
        .optional()?)
}

/// Every recommendation in display order.
pub fn all(conn: &Connection, now: i64) -> Result<Vec<RecommendRow>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM recommend ORDER BY sort, id");
    let rows = conn
        .prepare_cached(&sql)?
        .query_map([], |r| row(r, now))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Another recommendation of `shop_id` (not `except`) whose period overlaps `start`..`end`.
pub fn overlapping(
    conn: &Connection,
    shop_id: i64,
    except: Option<i64>,
    start: i64,
    end: i64,
) -> Result<Option<i64>, AppError> {
    Ok(conn
        .prepare_cached(
            "SELECT id FROM recommend WHERE shop_id = ?1 AND id != coalesce(?2, -1)
             AND start_at < ?4 AND end_at > ?3 LIMIT 1",
        )?
        .query_row(params![shop_id, except, start, end], |r| r.get(0))
        .optional()?)
}

/// The `sort` of a recommendation added last: after every other.
pub fn next_sort(conn: &Connection) -> Result<i64, AppError> {
    Ok(conn.query_row(
        "SELECT coalesce(max(sort), 0) + 10 FROM recommend",
        [],
        |r| r.get(0),
    )?)
}
