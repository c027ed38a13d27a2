//! 广告位 (`ad_slot`): where ads are shown, with their size and capacity.

use core_wasm::ops::ad_slot::AdSlotRow;
use rusqlite::{Connection, OptionalExtension, Row};

use super::uses::{Uses, named};
use crate::error::AppError;

/// The table.
pub const TABLE: &str = "ad_slot";

/// The columns [`row`] reads (select them `FROM ad_slot`); the count of running ads depends on
/// the time and is filled in by [`add_active_counts`].
pub const COLUMNS: &str = "id, name, code, page, width, height, max_ads, status,
    (SELECT count(*) FROM ad WHERE ad.slot_id = ad_slot.id), created_at, version";

/// Reads a row selected with [`COLUMNS`].
pub fn row(r: &Row<'_>) -> rusqlite::Result<AdSlotRow> {
    Ok(AdSlotRow {
        id: r.get(0)?,
        name: r.get(1)?,
        code: r.get(2)?,
        page: r.get(3)?,
        width: r.get(4)?,
        height: r.get(5)?,
        max_ads: r.get(6)?,
        status: r.get(7)?,
        ad_count: r.get(8)?,
        active_ad_count: 0,
        created_at: r.get(9)?,
        version: r.get(10)?,
    })
}

/// Fills in each slot's enabled ads running at `now`.
pub fn add_active_counts(
    conn: &Connection,
    slots: &mut [AdSlotRow],
    now: i64,
) -> Result<(), AppError> {
    let mut stmt = conn.prepare_cached(
        "SELECT count(*) FROM ad
         WHERE slot_id = ?1 AND status = 'enabled' AND start_at <= ?2 AND end_at > ?2",
    )?;
    for slot in slots {
        slot.active_ad_count = stmt.query_row([slot.id, now], |r| r.get(0))?;
    }
    Ok(())
}

/// A slot by id (its running count at `now`).
pub fn get(conn: &Connection, id: i64, now: i64) -> Result<Option<AdSlotRow>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM ad_slot WHERE id = ?1");
    let found = conn.prepare_cached(&sql)?.query_row([id], row).optional()?;
    Ok(match found {
        Some(slot) => {
            let mut one = [slot];
            add_active_counts(conn, &mut one, now)?;
            let [slot] = one;
            Some(slot)
        }
        None => None,
    })
}

/// The periods (`[start, end)`) of a slot's enabled ads, but `except`.
pub fn enabled_periods(
    conn: &Connection,
    slot_id: i64,
    except: Option<i64>,
) -> Result<Vec<(i64, i64)>, AppError> {
    let periods = conn
        .prepare_cached(
            "SELECT start_at, end_at FROM ad
             WHERE slot_id = ?1 AND status = 'enabled' AND id != coalesce(?2, -1)",
        )?
        .query_map(rusqlite::params![slot_id, except], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(periods)
}

/// The ads in slot `id` (by title, in display order): a slot holding ads cannot go.
pub fn ads_in(conn: &Connection, id: i64) -> Result<Uses, AppError> {
    named(
        conn,
        "SELECT title FROM ad WHERE slot_id = ?1 ORDER BY sort, id",
        id,
    )
}

/// Deletes slot `id`'s timeline, with the slot (see `ads::forget_timeline`: a later slot may get
/// its id).
pub fn forget_timeline(conn: &Connection, id: i64) -> Result<(), AppError> {
    conn.prepare_cached("DELETE FROM state_history WHERE entity = 'adSlot' AND record_id = ?1")?
        .execute([id])?;
    Ok(())
}
