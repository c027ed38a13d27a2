//! What the 运营 screens' writes share: a form checked with the core's rules (and `version` on an
//! update), a whole list put in a new order, a stored image, and periods told in people's time.

use std::collections::HashSet;

use core_wasm::format::format_timestamp;
use core_wasm::rules::{self, Form};
use core_wasm::validate::FieldError;
use rusqlite::types::Value as Sql;
use rusqlite::{Connection, params_from_iter};
use serde::Serialize;

use crate::error::AppError;
use crate::store::files;

/// UTC+8, the platform's time zone.
const UTC8_MINUTES: i32 = 8 * 60;

/// `params` checked against `form`; an update (`id` given) also needs `version`. Every problem at
/// once, each naming its field.
pub fn check_form<P: Serialize>(
    form: Form,
    params: &P,
    id: Option<i64>,
    version: Option<i64>,
) -> Result<(), AppError> {
    let mut errors = rules::validate(form, &rules::values_of(params));
    if id.is_some() && version.is_none() {
        errors.push(FieldError::new("version", "缺少参数 version"));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(AppError::Invalid(errors))
    }
}

/// A moment as people read it here: `2026-12-01 00:00` (UTC+8).
pub fn minute(ms: i64) -> String {
    let mut text = format_timestamp(ms as f64, UTC8_MINUTES);
    text.truncate(16);
    text
}

/// `key` (trimmed) names a stored image, else a field error of `field`. Empty passes when
/// `optional`.
pub fn stored_image(
    conn: &Connection,
    field: &str,
    label: &str,
    key: &str,
    optional: bool,
) -> Result<(), AppError> {
    let key = key.trim();
    if key.is_empty() && optional {
        return Ok(());
    }
    if files::is_key(key) && files::get(conn, key)?.is_some() {
        return Ok(());
    }
    Err(AppError::field(field, format!("{label}不存在，请重新上传")))
}

/// Puts the rows of `table` in `scope` (a column and its value; None: the whole table) in the
/// order of `ids`, which must name each of them once: `sort` becomes 10, 20, …; a row whose place
/// changes gets a new version. Anything else is a field error of `ids`, and nothing changes.
pub fn reorder(
    conn: &Connection,
    table: &str,
    scope: Option<(&str, i64)>,
    ids: &[i64],
    now: i64,
) -> Result<(), AppError> {
    let (wher, args) = match scope {
        Some((column, value)) => (format!(" WHERE {column} = ?"), vec![Sql::Integer(value)]),
        None => (String::new(), Vec::new()),
    };
    let sql = format!("SELECT id, sort FROM {table}{wher}");
    let current: Vec<(i64, i64)> = conn
        .prepare_cached(&sql)?
        .query_map(params_from_iter(args.iter()), |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?
        .collect::<Result<_, _>>()?;
    let given: HashSet<i64> = ids.iter().copied().collect();
    let all: HashSet<i64> = current.iter().map(|(id, _)| *id).collect();
    if given.len() != ids.len() {
        return Err(AppError::field("ids", "排序中有重复的记录"));
    }
    if given != all {
        return Err(AppError::field(
            "ids",
            format!(
                "排序须恰好包含全部 {} 条记录（收到 {} 条，或有记录已被他人增删，请刷新后重试）",
                all.len(),
                ids.len()
            ),
        ));
    }
    let sql = format!(
        "UPDATE {table} SET sort = ?1, version = version + 1, updated_at = ?2
         WHERE id = ?3 AND sort != ?1"
    );
    let mut update = conn.prepare_cached(&sql)?;
    for (i, id) in ids.iter().enumerate() {
        update.execute(rusqlite::params![(i as i64 + 1) * 10, now, id])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minutes_are_told_in_utc8() {
        // 2026-03-02 10:00:00 UTC+8.
        assert_eq!(minute(1_772_416_800_000), "2026-03-02 10:00");
    }
}
