//! 专题活动 (`activity`, `activity_item`): themed activities and their shops or products, in order.

use core_wasm::format::format_fen;
use core_wasm::ops::activity::{ActivityItem, ActivityRow};
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::Sign;
use super::targets;
use crate::error::AppError;

/// The table.
pub const TABLE: &str = "activity";

/// The columns [`row`] reads (select them `FROM activity`).
pub const COLUMNS: &str = "id, title, banner, description, start_at, end_at, status,
    (SELECT count(*) FROM activity_item i WHERE i.activity_id = activity.id), updated_at, version";

/// Reads a row selected with [`COLUMNS`]; the banner's key becomes a signed URL.
pub fn row(r: &Row<'_>, sign: Sign<'_>) -> rusqlite::Result<ActivityRow> {
    let banner: String = r.get(2)?;
    Ok(ActivityRow {
        id: r.get(0)?,
        title: r.get(1)?,
        banner_url: (!banner.is_empty()).then(|| sign(&banner)),
        banner,
        description: r.get(3)?,
        start_at: r.get(4)?,
        end_at: r.get(5)?,
        status: r.get(6)?,
        item_count: r.get(7)?,
        updated_at: r.get(8)?,
        version: r.get(9)?,
    })
}

/// An activity by id.
pub fn get(conn: &Connection, id: i64, sign: Sign<'_>) -> Result<Option<ActivityRow>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM activity WHERE id = ?1");
    Ok(conn
        .prepare_cached(&sql)?
        .query_row([id], |r| row(r, sign))
        .optional()?)
}

/// An activity's items as `(kind, target id)`, in order.
pub fn item_refs(conn: &Connection, id: i64) -> Result<Vec<(String, i64)>, AppError> {
    let rows = conn
        .prepare_cached(
            "SELECT kind, target_id FROM activity_item WHERE activity_id = ?1 ORDER BY sort",
        )?
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// An activity's items in order, each with its name, picture, state and what is wrong with it.
pub fn items(conn: &Connection, id: i64, sign: Sign<'_>) -> Result<Vec<ActivityItem>, AppError> {
    let mut out = Vec::new();
    for (kind, target_id) in item_refs(conn, id)? {
        let found = targets::get(conn, &kind, target_id)?;
        let item = match found {
            Some(t) => ActivityItem {
                problem: t.problem(&kind),
                image_url: t.image.as_deref().map(sign),
                extra: match t.prices {
                    Some((lo, hi)) if lo == hi => format!("{} · {}", format_fen(lo), t.extra),
                    Some((lo, hi)) => {
                        format!("{} – {} · {}", format_fen(lo), format_fen(hi), t.extra)
                    }
                    None => t.extra,
                },
                name: t.name,
                status: t.status,
                kind,
                target_id,
            },
            None => ActivityItem {
                problem: targets::problem(&kind, None, None),
                name: format!("#{target_id}"),
                image_url: None,
                status: String::new(),
                extra: String::new(),
                kind,
                target_id,
            },
        };
        out.push(item);
    }
    Ok(out)
}

/// Replaces an activity's items with `items`, in that order.
pub fn replace_items(conn: &Connection, id: i64, items: &[(String, i64)]) -> Result<(), AppError> {
    conn.prepare_cached("DELETE FROM activity_item WHERE activity_id = ?1")?
        .execute([id])?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO activity_item (activity_id, kind, target_id, sort) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for (i, (kind, target)) in items.iter().enumerate() {
        insert.execute(params![id, kind, target, (i as i64 + 1) * 10])?;
    }
    Ok(())
}
