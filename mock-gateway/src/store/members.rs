//! 用户 (`member`): the platform's buyers and sellers.

use core_wasm::format::mask_phone;
use core_wasm::ops::member::MemberRow;
use rusqlite::{Connection, OptionalExtension, Row, params_from_iter};

use super::{Sign, Where};
use crate::error::AppError;

/// The table.
pub const TABLE: &str = "member";

/// The columns [`row`] reads (select them `FROM member`).
pub const COLUMNS: &str = "id, nickname, phone, avatar, member_type, shop_id,
    coalesce((SELECT name FROM shop WHERE shop.id = member.shop_id), ''),
    inviter_id,
    coalesce((SELECT nickname FROM member AS inviter WHERE inviter.id = member.inviter_id), ''),
    status, last_login_at, created_at, version";

/// Reads a row selected with [`COLUMNS`]; the phone is masked, the avatar key signed.
pub fn row(r: &Row<'_>, sign: Sign<'_>) -> rusqlite::Result<MemberRow> {
    let phone: String = r.get(2)?;
    let avatar: Option<String> = r.get(3)?;
    Ok(MemberRow {
        id: r.get(0)?,
        nickname: r.get(1)?,
        phone: mask_phone(&phone),
        avatar_url: avatar.filter(|k| !k.is_empty()).map(|k| sign(&k)),
        r#type: r.get(4)?,
        shop_id: r.get(5)?,
        shop_name: r.get(6)?,
        inviter_id: r.get(7)?,
        inviter_nickname: r.get(8)?,
        status: r.get(9)?,
        last_login_at: r.get(10)?,
        created_at: r.get(11)?,
        version: r.get(12)?,
    })
}

/// A member by id.
pub fn get(conn: &Connection, id: i64, sign: Sign<'_>) -> Result<Option<MemberRow>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM member WHERE id = ?1");
    Ok(conn
        .prepare_cached(&sql)?
        .query_row([id], |r| row(r, sign))
        .optional()?)
}

/// A member's state and version.
pub fn state_of(conn: &Connection, id: i64) -> Result<Option<(String, i64)>, AppError> {
    Ok(conn
        .prepare_cached("SELECT status, version FROM member WHERE id = ?1")?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

/// Members under `wher`.
pub fn count(conn: &Connection, wher: &Where) -> Result<i64, AppError> {
    let sql = format!("SELECT count(*) FROM member {}", wher.sql());
    Ok(conn
        .prepare_cached(&sql)?
        .query_row(params_from_iter(wher.args.iter()), |r| r.get(0))?)
}

/// About how many members there are (the highest id: ids are handed out in order), without
/// counting them: what a search reckons its walk's odds on.
pub fn count_estimate(conn: &Connection) -> Result<i64, AppError> {
    Ok(conn
        .prepare_cached("SELECT coalesce(max(id), 0) FROM member")?
        .query_row([], |r| r.get(0))?)
}
