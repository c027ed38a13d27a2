//! 功能入口 (`entry`): the home page's shortcut entries, in display order.

use core_wasm::ops::entry::EntryRow;
use rusqlite::{Connection, OptionalExtension, Row};

use crate::error::AppError;

/// The table.
pub const TABLE: &str = "entry";

/// The columns [`row`] reads.
pub const COLUMNS: &str = "id, name, icon, link, sort, visible, updated_at, version";

/// Reads a row selected with [`COLUMNS`].
pub fn row(r: &Row<'_>) -> rusqlite::Result<EntryRow> {
    Ok(EntryRow {
        id: r.get(0)?,
        name: r.get(1)?,
        icon: r.get(2)?,
        link: r.get(3)?,
        sort: r.get(4)?,
        visible: r.get(5)?,
        updated_at: r.get(6)?,
        version: r.get(7)?,
    })
}

/// An entry by id.
pub fn get(conn: &Connection, id: i64) -> Result<Option<EntryRow>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM entry WHERE id = ?1");
    Ok(conn.prepare_cached(&sql)?.query_row([id], row).optional()?)
}

/// Every entry in display order.
pub fn all(conn: &Connection) -> Result<Vec<EntryRow>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM entry ORDER BY sort, id");
    let rows = conn
        .prepare_cached(&sql)?
        .query_map([], row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// The `sort` of an entry added last: after every other.
pub fn next_sort(conn: &Connection) -> Result<i64, AppError> {
    Ok(
        conn.query_row("SELECT coalesce(max(sort), 0) + 10 FROM entry", [], |r| {
            r.get(0)
        })?,
    )
}
