//! What the 运营 screens' writes share: a form checked with the core's rules (and `version` on an
//! update), a whole list put in a new order, a stored image, and periods told in people's time.

use core_wasm::format::format_timestamp;
use core_wasm::rules::{self, Form};
use core_wasm::validate::FieldError;
use rusqlite::Connection;
use serde::Serialize;

use crate::error::AppError;
pub use crate::kit::write::reorder;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minutes_are_told_in_utc8() {
        // 2026-03-02 10:00:00 UTC+8.
        assert_eq!(minute(1_772_416_800_000), "2026-03-02 10:00");
    }
}
