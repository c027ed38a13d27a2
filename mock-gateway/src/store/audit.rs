//! The audit log (`audit_log`): one row per write, inside the write's own transaction.

use rusqlite::{Connection, Row, params, params_from_iter, types::Value};
use serde::Serialize;

use crate::error::AppError;

/// One audit row as `mtop.admin.audit.list` answers it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct AuditRow {
    /// Id.
    pub id: i64,
    /// Who (kept after the account is deleted; null only for rows without a signed-in user).
    pub sys_user_id: Option<i64>,
    /// Their login name at the time.
    pub username: String,
    /// The operation.
    pub api: String,
    /// The record written, when there is one.
    pub target_id: Option<i64>,
    /// What changed, for people.
    pub summary: String,
    /// When, epoch ms.
    pub at: i64,
    /// The caller's address.
    pub ip: String,
}

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

/// The list's filters and paging (already validated).
#[derive(Debug, Clone, Default)]
pub struct AuditQuery {
    /// Substring of the login name.
    pub username: Option<String>,
    /// Substring of the operation.
    pub api: Option<String>,
    /// From this time, inclusive.
    pub from: Option<i64>,
    /// Up to this time, inclusive.
    pub to: Option<i64>,
    /// Page from 1.
    pub page: i64,
    /// Rows per page.
    pub page_size: i64,
}

fn audit_row(r: &Row<'_>) -> rusqlite::Result<AuditRow> {
    Ok(AuditRow {
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

/// One page of rows, newest first, and the total matching.
pub fn list(conn: &Connection, q: &AuditQuery) -> Result<(Vec<AuditRow>, i64), AppError> {
    let mut wher = Vec::new();
    let mut args: Vec<Value> = Vec::new();
    if let Some(u) = &q.username {
        wher.push("username LIKE ? ESCAPE '\\'");
        args.push(Value::Text(super::like_contains(u)));
    }
    if let Some(a) = &q.api {
        wher.push("api LIKE ? ESCAPE '\\'");
        args.push(Value::Text(super::like_contains(a)));
    }
    if let Some(from) = q.from {
        wher.push("at >= ?");
        args.push(Value::Integer(from));
    }
    if let Some(to) = q.to {
        wher.push("at <= ?");
        args.push(Value::Integer(to));
    }
    let where_sql = if wher.is_empty() {
        String::new()
    } else {
        format!("WHERE {}", wher.join(" AND "))
    };
    let total: i64 = conn.query_row(
        &format!("SELECT count(*) FROM audit_log {where_sql}"),
        params_from_iter(args.iter()),
        |r| r.get(0),
    )?;
    args.push(Value::Integer(q.page_size));
    args.push(Value::Integer((q.page - 1).saturating_mul(q.page_size)));
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT id, sys_user_id, username, api, target_id, summary, at, ip FROM audit_log
         {where_sql} ORDER BY at DESC, id DESC LIMIT ? OFFSET ?"
    ))?;
    let rows = stmt
        .query_map(params_from_iter(args.iter()), audit_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok((rows, total))
}

/// Rows since `since`, optionally of one operation only.
pub fn count_since(conn: &Connection, since: i64, api: Option<&str>) -> Result<i64, AppError> {
    Ok(conn.query_row(
        "SELECT count(*) FROM audit_log WHERE at >= ?1 AND (?2 IS NULL OR api = ?2)",
        params![since, api],
        |r| r.get(0),
    )?)
}
