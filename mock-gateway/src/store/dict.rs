//! 数据字典 (`sys_dict`): entries grouped by type, each key unique within its type.

use rusqlite::{Connection, OptionalExtension, Row, params, params_from_iter, types::Value};
use serde::Serialize;

use crate::error::AppError;

/// An entry as the list and the writes answer it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DictItem {
    /// Id.
    pub id: i64,
    /// The group, e.g. `shop_level`.
    pub r#type: String,
    /// The key, unique within the type.
    pub key: String,
    /// What people read.
    pub label: String,
    /// What code reads.
    pub value: String,
    /// Order within the type.
    pub sort: i64,
    /// Free text, empty when none.
    pub remark: String,
    /// `enabled` or `disabled`.
    pub status: String,
    /// Optimistic-lock version.
    pub version: i64,
    /// Creation time, epoch ms.
    pub created_at: i64,
    /// Last change, epoch ms.
    pub updated_at: i64,
}

const COLUMNS: &str =
    "id, dict_type, dict_key, label, value, sort, remark, status, version, created_at, updated_at";

fn dict_row(r: &Row<'_>) -> rusqlite::Result<DictItem> {
    Ok(DictItem {
        id: r.get(0)?,
        r#type: r.get(1)?,
        key: r.get(2)?,
        label: r.get(3)?,
        value: r.get(4)?,
        sort: r.get(5)?,
        remark: r.get(6)?,
        status: r.get(7)?,
        version: r.get(8)?,
        created_at: r.get(9)?,
        updated_at: r.get(10)?,
    })
}

/// An entry by id.
pub fn get(conn: &Connection, id: i64) -> Result<Option<DictItem>, AppError> {
    Ok(conn
        .query_row(
            &format!("SELECT {COLUMNS} FROM sys_dict WHERE id = ?1"),
            [id],
            dict_row,
        )
        .optional()?)
}

/// Whether an entry other than `except` already has `key` in `type` (case-insensitive).
pub fn key_taken(
    conn: &Connection,
    r#type: &str,
    key: &str,
    except: Option<i64>,
) -> Result<bool, AppError> {
    Ok(conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sys_dict
            WHERE dict_type = ?1 AND dict_key = ?2 AND id != coalesce(?3, -1))",
        params![r#type, key, except],
        |r| r.get(0),
    )?)
}

/// The sortable fields: wire name and column.
pub const SORT_FIELDS: [(&str, &str); 5] = [
    ("id", "id"),
    ("type", "dict_type"),
    ("key", "dict_key"),
    ("sort", "sort"),
    ("createdAt", "created_at"),
];

/// The list's filters, paging and order (already validated).
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    /// Substring of the type.
    pub r#type: Option<String>,
    /// Substring of the key, the label or the value.
    pub keyword: Option<String>,
    /// Exact status.
    pub status: Option<String>,
    /// A column from [`SORT_FIELDS`]; `None` is the natural order (type, sort, id).
    pub sort_column: Option<&'static str>,
    /// Descending order (with a sort column).
    pub descending: bool,
    /// Page from 1.
    pub page: i64,
    /// Rows per page.
    pub page_size: i64,
}

/// One page of entries and the total matching the filters.
pub fn list(conn: &Connection, q: &ListQuery) -> Result<(Vec<DictItem>, i64), AppError> {
    let mut wher = Vec::new();
    let mut args: Vec<Value> = Vec::new();
    if let Some(t) = &q.r#type {
        wher.push("dict_type LIKE ? ESCAPE '\\'");
        args.push(Value::Text(super::like_contains(t)));
    }
    if let Some(k) = &q.keyword {
        wher.push(
            "(dict_key LIKE ? ESCAPE '\\' OR label LIKE ? ESCAPE '\\' OR value LIKE ? ESCAPE '\\')",
        );
        let pattern = super::like_contains(k);
        for _ in 0..3 {
            args.push(Value::Text(pattern.clone()));
        }
    }
    if let Some(s) = &q.status {
        wher.push("status = ?");
        args.push(Value::Text(s.clone()));
    }
    let where_sql = if wher.is_empty() {
        String::new()
    } else {
        format!("WHERE {}", wher.join(" AND "))
    };
    let total: i64 = conn.query_row(
        &format!("SELECT count(*) FROM sys_dict {where_sql}"),
        params_from_iter(args.iter()),
        |r| r.get(0),
    )?;
    let order = match q.sort_column {
        None => "dict_type ASC, sort ASC, id ASC".to_owned(),
        Some(column) => {
            let dir = if q.descending { "DESC" } else { "ASC" };
            format!("{column} {dir}, id {dir}")
        }
    };
    let sql =
        format!("SELECT {COLUMNS} FROM sys_dict {where_sql} ORDER BY {order} LIMIT ? OFFSET ?");
    args.push(Value::Integer(q.page_size));
    args.push(Value::Integer((q.page - 1).saturating_mul(q.page_size)));
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt
        .query_map(params_from_iter(args.iter()), dict_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok((rows, total))
}

/// A new or changed entry (already validated and trimmed).
#[derive(Debug, Clone)]
pub struct DictFields<'a> {
    /// The group.
    pub r#type: &'a str,
    /// The key.
    pub key: &'a str,
    /// The label.
    pub label: &'a str,
    /// The value.
    pub value: &'a str,
    /// Order within the type.
    pub sort: i64,
    /// Remark, empty when none.
    pub remark: &'a str,
    /// `enabled` or `disabled`.
    pub status: &'a str,
}

/// Inserts an entry; a taken (type, key) is a UNIQUE violation the caller maps.
pub fn insert(conn: &Connection, f: &DictFields<'_>, now: i64) -> Result<i64, rusqlite::Error> {
    conn.prepare_cached(
        "INSERT INTO sys_dict (dict_type, dict_key, label, value, sort, remark, status,
            created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
    )?
    .execute(params![
        f.r#type, f.key, f.label, f.value, f.sort, f.remark, f.status, now
    ])?;
    Ok(conn.last_insert_rowid())
}

/// Replaces an entry's fields when its version is `version`, bumping it; false when stale or gone.
pub fn update(
    conn: &Connection,
    id: i64,
    version: i64,
    f: &DictFields<'_>,
    now: i64,
) -> Result<bool, rusqlite::Error> {
    let n = conn.execute(
        "UPDATE sys_dict SET dict_type = ?3, dict_key = ?4, label = ?5, value = ?6, sort = ?7,
            remark = ?8, status = ?9, version = version + 1, updated_at = ?10
         WHERE id = ?1 AND version = ?2",
        params![
            id, version, f.r#type, f.key, f.label, f.value, f.sort, f.remark, f.status, now
        ],
    )?;
    Ok(n == 1)
}

/// Deletes an entry; false when there was none.
pub fn delete(conn: &Connection, id: i64) -> Result<bool, AppError> {
    Ok(conn.execute("DELETE FROM sys_dict WHERE id = ?1", [id])? == 1)
}
