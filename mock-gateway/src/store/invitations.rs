//! 邀请 (`invitation`): who invited whom with which code, and the reward.

use core_wasm::format::mask_phone;
use core_wasm::ops::PickItem;
use core_wasm::ops::invitation::{InvitationRow, InvitationTotals};
use core_wasm::rules;
use rusqlite::types::Value as Sql;
use rusqlite::{Connection, Row, params};

use super::targets::PICK_LIMIT;
use super::{like_contains, search};
use crate::error::AppError;

/// The table.
pub const TABLE: &str = "invitation";

/// The inviter's nickname, as an expression over an `invitation` row (the keyword filter).
pub const INVITER_NICKNAME: &str =
    "(SELECT nickname FROM member WHERE member.id = invitation.inviter_id)";

/// The invitee's nickname, likewise.
pub const INVITEE_NICKNAME: &str =
    "(SELECT nickname FROM member WHERE member.id = invitation.invitee_id)";

/// The columns [`row`] reads (select them `FROM invitation`).
pub const COLUMNS: &str = "id, inviter_id,
    coalesce((SELECT nickname FROM member WHERE member.id = invitation.inviter_id), ''),
    invitee_id,
    coalesce((SELECT nickname FROM member WHERE member.id = invitation.invitee_id), ''),
    code, state, reward_fen, created_at";

/// Reads a row selected with [`COLUMNS`].
pub fn row(r: &Row<'_>) -> rusqlite::Result<InvitationRow> {
    Ok(InvitationRow {
        id: r.get(0)?,
        inviter_id: r.get(1)?,
        inviter_nickname: r.get(2)?,
        invitee_id: r.get(3)?,
        invitee_nickname: r.get(4)?,
        code: r.get(5)?,
        state: r.get(6)?,
        reward_fen: r.get(7)?,
        created_at: r.get(8)?,
    })
}

/// The totals under a list's filters: invitations, shops opened, rewards (select it over
/// `invitation`; read by [`totals`]).
pub const TOTALS: &str =
    "count(*), count(*) FILTER (WHERE state = 'shopOpened'), coalesce(sum(reward_fen), 0)";

/// Reads [`TOTALS`].
pub fn totals(r: &Row<'_>) -> rusqlite::Result<InvitationTotals> {
    Ok(InvitationTotals {
        count: r.get(0)?,
        shop_opened: r.get(1)?,
        reward_fen: r.get(2)?,
    })
}

/// Members who invited someone, by part of the nickname or, when the keyword reads as a phone
/// (the core's `rules::phone_digits`), by the whole number or a part of the digits its mask shows
/// (never the hidden middle: [`search::PHONE_SHOWN`]); blank: the first ones. At most
/// [`PICK_LIMIT`], by id; `extra` is the masked phone and how many they invited.
pub fn inviters(conn: &Connection, keyword: Option<&str>) -> Result<Vec<PickItem>, AppError> {
    let keyword = keyword.map(str::trim).filter(|k| !k.is_empty());
    let name = keyword.map_or(Sql::Null, |k| Sql::Text(like_contains(k)));
    let digits = keyword.and_then(rules::phone_digits);
    let whole = digits
        .clone()
        .filter(|d| d.len() == rules::PHONE_DIGITS)
        .map_or(Sql::Null, Sql::Text);
    let shown = digits
        .filter(|d| d.len() < rules::PHONE_DIGITS)
        .map_or(Sql::Null, |d| Sql::Text(like_contains(&d)));
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT m.id, m.nickname, m.phone, m.status,
             (SELECT count(*) FROM invitation i WHERE i.inviter_id = m.id)
         FROM member m
         WHERE EXISTS (SELECT 1 FROM invitation i WHERE i.inviter_id = m.id)
             AND (?1 IS NULL OR m.nickname LIKE ?1 ESCAPE '\\' OR m.phone = ?2
                  OR {} LIKE ?3 ESCAPE '\\')
         ORDER BY m.id LIMIT ?4",
        search::PHONE_SHOWN
    ))?;
    let rows = stmt.query_map(params![name, whole, shown, PICK_LIMIT], |r| {
        let phone: String = r.get(2)?;
        let invited: i64 = r.get(4)?;
        Ok(PickItem {
            kind: "member".to_owned(),
            id: r.get(0)?,
            name: r.get(1)?,
            extra: format!("{} · 邀请 {invited} 人", mask_phone(&phone)),
            status: r.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<Vec<_>, _>>()?)
}
