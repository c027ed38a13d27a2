//! 店铺 (`shop`): the list row, the owner as other records show them, and the counters.
//!
//! Names of related records come from correlated sub-selects rather than joins: the list's
//! filters, sorts and counts then touch the `shop` table and its indexes alone, and the
//! sub-selects run for the page's rows only.

use core_wasm::format::mask_phone;
use core_wasm::ops::shop::{MemberBrief, ShopCounts, ShopRow};
use rusqlite::{Connection, OptionalExtension, Row};

use super::Sign;
use crate::error::AppError;

/// The table.
pub const TABLE: &str = "shop";

/// The columns [`row`] reads (select them `FROM shop`).
pub const COLUMNS: &str = "id, name, logo, owner_member_id,
    (SELECT nickname FROM member WHERE member.id = shop.owner_member_id),
    contact_name, contact_phone, province, city, belt_id,
    coalesce((SELECT name FROM belt WHERE belt.id = shop.belt_id), ''),
    level, status, product_count, inquiry_count, created_at, updated_at, version";

/// Reads a row selected with [`COLUMNS`]; the logo key becomes a signed URL, the phone is masked.
pub fn row(r: &Row<'_>, sign: Sign<'_>) -> rusqlite::Result<ShopRow> {
    let logo: Option<String> = r.get(2)?;
    let phone: String = r.get(6)?;
    Ok(ShopRow {
        id: r.get(0)?,
        name: r.get(1)?,
        logo_url: logo.filter(|k| !k.is_empty()).map(|k| sign(&k)),
        owner_member_id: r.get(3)?,
        owner_nickname: r.get::<_, Option<String>>(4)?.unwrap_or_default(),
        contact_name: r.get(5)?,
        contact_phone: mask_phone(&phone),
        province: r.get(7)?,
        city: r.get(8)?,
        belt_id: r.get(9)?,
        belt_name: r.get(10)?,
        level: r.get(11)?,
        status: r.get(12)?,
        product_count: r.get(13)?,
        inquiry_count: r.get(14)?,
        created_at: r.get(15)?,
        updated_at: r.get(16)?,
        version: r.get(17)?,
    })
}

/// A shop by id.
pub fn get(conn: &Connection, id: i64, sign: Sign<'_>) -> Result<Option<ShopRow>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM shop WHERE id = ?1");
    Ok(conn
        .prepare_cached(&sql)?
        .query_row([id], |r| row(r, sign))
        .optional()?)
}

/// A shop's state and version (what a write checks before moving it).
pub fn state_of(conn: &Connection, id: i64) -> Result<Option<(String, i64)>, AppError> {
    Ok(conn
        .prepare_cached("SELECT status, version FROM shop WHERE id = ?1")?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

/// The ids of a shop's main categories (a JSON array in the row).
pub fn main_category_ids(conn: &Connection, id: i64) -> Result<Vec<i64>, AppError> {
    let text: Option<String> = conn
        .prepare_cached("SELECT main_category_ids FROM shop WHERE id = ?1")?
        .query_row([id], |r| r.get(0))
        .optional()?;
    Ok(text
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default())
}

/// The columns [`member_brief`] reads (select them `FROM member`).
pub const BRIEF_COLUMNS: &str = "id, nickname, phone, member_type, status";

/// Reads a member selected with [`BRIEF_COLUMNS`], phone masked.
pub fn member_brief(r: &Row<'_>) -> rusqlite::Result<MemberBrief> {
    let phone: String = r.get(2)?;
    Ok(MemberBrief {
        id: r.get(0)?,
        nickname: r.get(1)?,
        phone: mask_phone(&phone),
        r#type: r.get(3)?,
        status: r.get(4)?,
    })
}

/// Adds one shop's status count to the tabs (`rejected` and `closed` count only in 全部).
pub fn add_count(counts: &mut ShopCounts, status: &str, n: i64) {
    counts.all += n;
    match status {
        "pending" => counts.pending += n,
        "active" => counts.active += n,
        "frozen" => counts.frozen += n,
        _ => {}
    }
}
