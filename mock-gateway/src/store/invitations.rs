//! 邀请 (`invitation`): who invited whom with which code, and the reward.

use core_wasm::ops::invitation::{InvitationRow, InvitationTotals};
use rusqlite::{Connection, Row};

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

/// The newest `limit` invitations a member sent.
pub fn latest_of_inviter(
    conn: &Connection,
    member_id: i64,
    limit: i64,
) -> Result<Vec<InvitationRow>, AppError> {
    super::latest(conn, (TABLE, COLUMNS, "inviter_id"), member_id, limit, row)
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
