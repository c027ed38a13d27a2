//! 广告 (`ad`): ads in slots. A row shows its derived state at a moment and what is wrong with its
//! link now (a frozen shop, a product off sale), so rows are read with the time and a signer.

use core_wasm::ops::ad::AdRow;
use core_wasm::schedule::ad_state;
use rusqlite::{Connection, OptionalExtension, Row};

use super::Sign;
use super::targets::problem;
use crate::error::AppError;

/// The table.
pub const TABLE: &str = "ad";

/// The columns [`row`] reads (select them `FROM ad`): the link's name and state (and a product's
/// shop's state) come from correlated sub-selects, for the page's rows only.
pub const COLUMNS: &str = "id, slot_id,
    coalesce((SELECT name FROM ad_slot s WHERE s.id = ad.slot_id), ''),
    title, image, link_type, link_target,
    CASE link_type
        WHEN 'shop' THEN (SELECT name FROM shop WHERE shop.id = CAST(ad.link_target AS INTEGER))
        WHEN 'product' THEN (SELECT title FROM product p WHERE p.id = CAST(ad.link_target AS INTEGER))
    END,
    CASE link_type
        WHEN 'shop' THEN (SELECT status FROM shop WHERE shop.id = CAST(ad.link_target AS INTEGER))
        WHEN 'product' THEN (SELECT status FROM product p WHERE p.id = CAST(ad.link_target AS INTEGER))
    END,
    CASE link_type
        WHEN 'product' THEN (SELECT s.status FROM product p JOIN shop s ON s.id = p.shop_id
                             WHERE p.id = CAST(ad.link_target AS INTEGER))
    END,
    start_at, end_at, sort, status, updated_at, version";

/// Reads a row selected with [`COLUMNS`]: its state at `now`, the image as a signed URL.
pub fn row(r: &Row<'_>, now: i64, sign: Sign<'_>) -> rusqlite::Result<AdRow> {
    let image: String = r.get(4)?;
    let link_type: String = r.get(5)?;
    let link_target: String = r.get(6)?;
    let name: Option<String> = r.get(7)?;
    let status: Option<String> = r.get(8)?;
    let shop_status: Option<String> = r.get(9)?;
    let (start_at, end_at): (i64, i64) = (r.get(10)?, r.get(11)?);
    let switch: String = r.get(13)?;
    let link_label = match (link_type.as_str(), name) {
        ("url", _) => link_target.clone(),
        (_, Some(name)) => name,
        (_, None) => format!("#{link_target}"),
    };
    Ok(AdRow {
        id: r.get(0)?,
        slot_id: r.get(1)?,
        slot_name: r.get(2)?,
        title: r.get(3)?,
        image_url: (!image.is_empty()).then(|| sign(&image)),
        image,
        link_problem: problem(&link_type, status.as_deref(), shop_status.as_deref()),
        link_type,
        link_target,
        link_label,
        start_at,
        end_at,
        sort: r.get(12)?,
        state: ad_state(switch == "enabled", start_at, end_at, now).to_owned(),
        status: switch,
        updated_at: r.get(14)?,
        version: r.get(15)?,
    })
}

/// An ad by id.
pub fn get(
    conn: &Connection,
    id: i64,
    now: i64,
    sign: Sign<'_>,
) -> Result<Option<AdRow>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM ad WHERE id = ?1");
    Ok(conn
        .prepare_cached(&sql)?
        .query_row([id], |r| row(r, now, sign))
        .optional()?)
}

/// A slot's ads in display order.
pub fn of_slot(
    conn: &Connection,
    slot_id: i64,
    now: i64,
    sign: Sign<'_>,
) -> Result<Vec<AdRow>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM ad WHERE slot_id = ?1 ORDER BY sort, id");
    let rows = conn
        .prepare_cached(&sql)?
        .query_map([slot_id], |r| row(r, now, sign))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// The display order a new ad of the slot gets: after every other.
pub fn next_sort(conn: &Connection, slot_id: i64) -> Result<i64, AppError> {
    Ok(conn
        .prepare_cached("SELECT coalesce(max(sort), 0) + 10 FROM ad WHERE slot_id = ?1")?
        .query_row([slot_id], |r| r.get(0))?)
}

/// Deletes ad `id`'s timeline, with the ad: SQLite gives the next ad the largest id plus one, so
/// an ad made after the newest one went would otherwise inherit its history. The audit log keeps
/// what happened.
pub fn forget_timeline(conn: &Connection, id: i64) -> Result<(), AppError> {
    conn.prepare_cached("DELETE FROM state_history WHERE entity = 'ad' AND record_id = ?1")?
        .execute([id])?;
    Ok(())
}
