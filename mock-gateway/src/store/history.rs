//! 操作记录 (`state_history`): every change of state of a lifecycle record, written in the same
//! transaction as the change.

use core_wasm::ops::history::HistoryEntry;
use rusqlite::{Connection, Row, params};

use crate::error::AppError;

/// Who the seeded history (and any move nobody made by hand) names.
pub const SYSTEM_OPERATOR: &str = "系统";

/// A change of state to record.
#[derive(Debug, Clone)]
pub struct NewHistory<'a> {
    /// The lifecycle's wire name (`shop`, `product`, `member`, …).
    pub entity: &'a str,
    /// The record.
    pub record_id: i64,
    /// The state before; None for the record's creation.
    pub from_state: Option<&'a str>,
    /// The state after.
    pub to_state: &'a str,
    /// The action's name (`冻结`).
    pub action: &'a str,
    /// The reason's code, empty when none.
    pub reason_code: &'a str,
    /// The code's label at the time, empty when none.
    pub reason_label: &'a str,
    /// The reason's text, empty when none.
    pub reason: &'a str,
    /// The system user who made it; None for 系统.
    pub operator_id: Option<i64>,
    /// Their nickname at the time (`系统` when none).
    pub operator_name: &'a str,
    /// When, epoch ms.
    pub at: i64,
}

/// The insert [`insert`] runs (the seed prepares it once for its bulk writes).
pub const INSERT: &str = "INSERT INTO state_history (entity, record_id, from_state, to_state,
    action, reason_code, reason_label, reason, operator_id, operator_name, at)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)";

/// Records a change of state.
pub fn insert(conn: &Connection, h: &NewHistory<'_>) -> Result<(), AppError> {
    conn.prepare_cached(INSERT)?.execute(params![
        h.entity,
        h.record_id,
        h.from_state,
        h.to_state,
        h.action,
        h.reason_code,
        h.reason_label,
        h.reason,
        h.operator_id,
        h.operator_name,
        h.at
    ])?;
    Ok(())
}

/// The columns [`row`] reads.
pub const COLUMNS: &str =
    "id, from_state, to_state, action, reason_code, reason_label, reason, operator_name, at";

/// Reads a row selected with [`COLUMNS`].
pub fn row(r: &Row<'_>) -> rusqlite::Result<HistoryEntry> {
    Ok(HistoryEntry {
        id: r.get(0)?,
        from_state: r.get(1)?,
        to_state: r.get(2)?,
        action: r.get(3)?,
        reason_code: r.get(4)?,
        reason_label: r.get(5)?,
        reason: r.get(6)?,
        operator: r.get(7)?,
        at: r.get(8)?,
    })
}

/// A record's timeline, newest first.
pub fn of(conn: &Connection, entity: &str, record_id: i64) -> Result<Vec<HistoryEntry>, AppError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM state_history WHERE entity = ?1 AND record_id = ?2
         ORDER BY at DESC, id DESC"
    );
    let rows = conn
        .prepare_cached(&sql)?
        .query_map(params![entity, record_id], row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Whether record `id` of `table` (a lifecycle's table, named by the caller's constant) exists.
pub fn record_exists(conn: &Connection, table: &str, id: i64) -> Result<bool, AppError> {
    Ok(conn.query_row(
        &format!("SELECT EXISTS (SELECT 1 FROM {table} WHERE id = ?1)"),
        [id],
        |r| r.get(0),
    )?)
}
