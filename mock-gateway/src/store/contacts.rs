//! Phones in full, for `contact.reveal`: a shop's contact phone, a member's phone. Everything else
//! reads them masked.

use rusqlite::{Connection, OptionalExtension};

use crate::error::AppError;

/// The name and the unmasked phone of the `entity` (`shop`, `member`) record `id`; None when it
/// does not exist (or the entity has no phone).
pub fn phone_of(
    conn: &Connection,
    entity: &str,
    id: i64,
) -> Result<Option<(String, String)>, AppError> {
    let sql = match entity {
        "shop" => "SELECT name, contact_phone FROM shop WHERE id = ?1",
        "member" => "SELECT nickname, phone FROM member WHERE id = ?1",
        _ => return Ok(None),
    };
    Ok(conn
        .prepare_cached(sql)?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}
