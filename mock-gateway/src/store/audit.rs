//! The audit log (`audit_log`): one row per write, inside the write's own transaction.

use core_wasm::ops::audit::AuditEntry;
use rusqlite::{Connection, Row, params};

use crate::error::AppError;

/// A row to record.
#[derive(Debug, Clone)]
pub struct NewAudit<'a> {
    /// Who.
    pub sys_user_id: Option<i64>,
    /// Their login name.
    pub username: &'a str,
    /// The operation.
    pub api: &'a str,
    /// The record written.
    pub target_id: Option<i64>,
    /// What changed.
    pub summary: &'a str,
    /// When.
    pub at: i64,
    /// From where.
    pub ip: &'a str,
}

/// Records a write.
pub fn insert(conn: &Connection, row: &NewAudit<'_>) -> Result<(), AppError> {
    conn.prepare_cached(
        "INSERT INTO audit_log (sys_user_id, username, api, target_id, summary, at, ip)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        row.sys_user_id,
        row.username,
        row.api,
        row.target_id,
        row.summary,
        row.at,
        row.ip
    ])?;
    Ok(())
}

/// The columns [`row`] reads.
pub const COLUMNS: &str = "id, sys_user_id, username, api, target_id, summary, at, ip";

/// Reads a row selected with [`COLUMNS`].
pub fn row(r: &Row<'_>) -> rusqlite::Result<AuditEntry> {
    Ok(AuditEntry {
        id: r.get(0)?,
        sys_user_id: r.get(1)?,
        username: r.get(2)?,
        api: r.get(3)?,
        target_id: r.get(4)?,
        summary: r.get(5)?,
        at: r.get(6)?,
        ip: r.get(7)?,
    })
}

/// Rows since `since`, optionally of one operation only.
pub fn count_since(conn: &Connection, since: i64, api: Option<&str>) -> Result<i64, AppError> {
    Ok(conn.query_row(
        "SELECT count(*) FROM audit_log WHERE at >= ?1 AND (?2 IS NULL OR api = ?2)",
        params![since, api],
        |r| r.get(0),
    )?)
}
