//! 数据字典 (`sys_dict`): entries grouped by type, each key unique within its type.

use core_wasm::ops::dict::DictEntry;
use core_wasm::ops::dict::DictSaveParams;
use core_wasm::ops::reason::ReasonOption;
use rusqlite::types::Value as Sql;
use rusqlite::{Connection, OptionalExtension, Row};

use crate::error::AppError;

/// The table.
pub const TABLE: &str = "sys_dict";

/// The columns [`row`] reads.
pub const COLUMNS: &str =
    "id, dict_type, dict_key, label, value, sort, remark, status, version, created_at, updated_at";

/// Reads a row selected with [`COLUMNS`].
pub fn row(r: &Row<'_>) -> rusqlite::Result<DictEntry> {
    Ok(DictEntry {
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
pub fn get(conn: &Connection, id: i64) -> Result<Option<DictEntry>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM {TABLE} WHERE id = ?1");
    Ok(conn.query_row(&sql, [id], row).optional()?)
}

/// An entry's writable columns: the validated params with the resolved sort, remark and status.
pub fn columns(
    f: &DictSaveParams,
    sort: i64,
    remark: &str,
    status: &str,
) -> [(&'static str, Sql); 7] {
    let text = |s: &str| Sql::Text(s.to_owned());
    [
        ("dict_type", text(&f.r#type)),
        ("dict_key", text(&f.key)),
        ("label", text(&f.label)),
        ("value", text(&f.value)),
        ("sort", Sql::Integer(sort)),
        ("remark", text(remark)),
        ("status", text(status)),
    ]
}

/// The enabled entries of `dict_type` (a `reason_<type>`) as reason options, in the dictionary's
/// order.
pub fn reasons(conn: &Connection, dict_type: &str) -> Result<Vec<ReasonOption>, AppError> {
    Ok(conn
        .prepare_cached(
            "SELECT dict_key, label, value FROM sys_dict
             WHERE dict_type = ?1 AND status = 'enabled' ORDER BY sort, id",
        )?
        .query_map([dict_type], |r| {
            Ok(ReasonOption {
                key: r.get(0)?,
                label: r.get(1)?,
                value: r.get(2)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?)
}
