//! System users (`sys_user`) and their roles (`sys_user_role`).

use std::collections::HashMap;

use core_wasm::ops::sys_user::SysUser;
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::Sign;
use crate::error::AppError;

/// A stored system user, with the secrets the login needs.
#[derive(Debug, Clone)]
pub struct UserRow {
    /// Id.
    pub id: i64,
    /// Login name.
    pub username: String,
    /// Display name.
    pub nickname: String,
    /// The avatar image's key (`file.upload`), empty for the default; answered as a signed URL.
    pub avatar: String,
    /// The argon2id PHC string.
    pub password_hash: String,
    /// `enabled` or `disabled`.
    pub status: String,
    /// Optimistic-lock version.
    pub version: i64,
    /// Creation time, epoch ms.
    pub created_at: i64,
}

impl UserRow {
    /// Whether the account may sign in.
    pub fn enabled(&self) -> bool {
        self.status == STATUS_ENABLED
    }
}

/// The table.
pub const TABLE: &str = "sys_user";

/// The enabled status.
pub const STATUS_ENABLED: &str = "enabled";
/// The disabled status.
pub const STATUS_DISABLED: &str = "disabled";

/// The columns [`user_row`] reads.
pub const USER_COLUMNS: &str =
    "id, username, nickname, avatar, password_hash, status, version, created_at";

/// Reads a row selected with [`USER_COLUMNS`].
pub fn user_row(r: &Row<'_>) -> rusqlite::Result<UserRow> {
    Ok(UserRow {
        id: r.get(0)?,
        username: r.get(1)?,
        nickname: r.get(2)?,
        avatar: r.get(3)?,
        password_hash: r.get(4)?,
        status: r.get(5)?,
        version: r.get(6)?,
        created_at: r.get(7)?,
    })
}

/// A user by login name (case-insensitive).
pub fn by_username(conn: &Connection, username: &str) -> Result<Option<UserRow>, AppError> {
    Ok(conn
        .query_row(
            &format!("SELECT {USER_COLUMNS} FROM sys_user WHERE username = ?1"),
            [username],
            user_row,
        )
        .optional()?)
}

/// A user by id.
pub fn get(conn: &Connection, id: i64) -> Result<Option<UserRow>, AppError> {
    Ok(conn
        .query_row(
            &format!("SELECT {USER_COLUMNS} FROM sys_user WHERE id = ?1"),
            [id],
            user_row,
        )
        .optional()?)
}

/// The user's roles as (id, name), by id.
pub fn roles_of(conn: &Connection, user_id: i64) -> Result<Vec<(i64, String)>, AppError> {
    let mut stmt = conn.prepare_cached(
        "SELECT r.id, r.name FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id
         WHERE ur.user_id = ?1 ORDER BY r.id",
    )?;
    let rows = stmt
        .query_map([user_id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// The roles of each of `user_ids` as (id, name), by id, in one query (a list page's worth).
pub fn roles_of_users(
    conn: &Connection,
    user_ids: &[i64],
) -> Result<HashMap<i64, Vec<(i64, String)>>, AppError> {
    // One JSON array parameter keeps the statement text fixed, so it is prepared once.
    let ids = serde_json::to_string(user_ids).map_err(AppError::internal)?;
    let mut stmt = conn.prepare_cached(
        "SELECT ur.user_id, r.id, r.name FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id
         WHERE ur.user_id IN (SELECT value FROM json_each(?1)) ORDER BY ur.user_id, r.id",
    )?;
    let mut out: HashMap<i64, Vec<(i64, String)>> = HashMap::new();
    let rows = stmt.query_map([ids], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    for row in rows {
        let (user_id, role_id, name): (i64, i64, String) = row?;
        out.entry(user_id).or_default().push((role_id, name));
    }
    Ok(out)
}

/// The item of one user (the avatar key signed by `sign`).
pub fn item(conn: &Connection, id: i64, sign: Sign<'_>) -> Result<Option<SysUser>, AppError> {
    let Some(row) = get(conn, id)? else {
        return Ok(None);
    };
    Ok(Some(to_item(conn, row, sign)?))
}

fn to_item(conn: &Connection, row: UserRow, sign: Sign<'_>) -> Result<SysUser, AppError> {
    let roles = roles_of(conn, row.id)?;
    Ok(with_roles(row, roles, sign))
}

/// The avatar as answered: the stored key as a signed URL, empty for the default.
pub fn avatar_url(key: &str, sign: Sign<'_>) -> String {
    if key.is_empty() {
        String::new()
    } else {
        sign(key)
    }
}

fn with_roles(row: UserRow, roles: Vec<(i64, String)>, sign: Sign<'_>) -> SysUser {
    SysUser {
        id: row.id,
        username: row.username,
        nickname: row.nickname,
        avatar: avatar_url(&row.avatar, sign),
        role_ids: roles.iter().map(|(id, _)| *id).collect(),
        role_names: roles.into_iter().map(|(_, name)| name).collect(),
        status: row.status,
        created_at: row.created_at,
        version: row.version,
        locked: false,
    }
}

/// The users of `rows` with their roles (one query for all of them: a list page's worth), their
/// avatar keys signed by `sign`.
pub fn with_roles_of(
    conn: &Connection,
    rows: Vec<UserRow>,
    sign: Sign<'_>,
) -> Result<Vec<SysUser>, AppError> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut roles = roles_of_users(conn, &ids)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let of_row = roles.remove(&row.id).unwrap_or_default();
            with_roles(row, of_row, sign)
        })
        .collect())
}

/// A new user.
pub struct NewUser<'a> {
    /// Login name.
    pub username: &'a str,
    /// Display name.
    pub nickname: &'a str,
    /// The argon2id PHC string.
    pub password_hash: &'a str,
    /// `enabled` or `disabled`.
    pub status: &'a str,
}

/// Inserts a user; the caller checked the name is free.
pub fn insert(conn: &Connection, user: &NewUser<'_>, now: i64) -> Result<i64, rusqlite::Error> {
    conn.execute(
        "INSERT INTO sys_user (username, nickname, password_hash, status, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
        params![
            user.username,
            user.nickname,
            user.password_hash,
            user.status,
            now
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

/// Replaces the user's roles.
pub fn set_roles(conn: &Connection, user_id: i64, role_ids: &[i64]) -> Result<(), AppError> {
    conn.execute("DELETE FROM sys_user_role WHERE user_id = ?1", [user_id])?;
    let mut stmt = conn
        .prepare_cached("INSERT OR IGNORE INTO sys_user_role (user_id, role_id) VALUES (?1, ?2)")?;
    for role_id in role_ids {
        stmt.execute(params![user_id, role_id])?;
    }
    Ok(())
}

/// Sets a user's password hash regardless of version (the user's own password change), bumping
/// it, provided the stored hash is still `checked` (the one the old password was verified
/// against). False when it is not: another change of the password came first.
pub fn set_password(
    conn: &Connection,
    id: i64,
    checked: &str,
    hash: &str,
    now: i64,
) -> Result<bool, AppError> {
    let n = conn.execute(
        "UPDATE sys_user SET password_hash = ?3, version = version + 1, updated_at = ?4
         WHERE id = ?1 AND password_hash = ?2",
        params![id, checked, hash, now],
    )?;
    Ok(n == 1)
}

/// Whether user `id` is enabled and their password hash is still `checked`: a sign-in stores its
/// session only then, inside the write that stores it, so a password change or a disabling
/// that committed after the password was checked leaves no session signed in with the old state.
pub fn still_signs_in(conn: &Connection, id: i64, checked: &str) -> Result<bool, AppError> {
    Ok(conn
        .query_row(
            "SELECT 1 FROM sys_user WHERE id = ?1 AND password_hash = ?2 AND status = ?3",
            params![id, checked, STATUS_ENABLED],
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}

/// Sets a user's own nickname and avatar key (`None` keeps the avatar) regardless of version
/// (the user's profile), bumping it. False when the user is gone.
pub fn set_profile(
    conn: &Connection,
    id: i64,
    nickname: &str,
    avatar: Option<&str>,
    now: i64,
) -> Result<bool, AppError> {
    let n = conn.execute(
        "UPDATE sys_user SET nickname = ?2, avatar = coalesce(?3, avatar), version = version + 1,
         updated_at = ?4 WHERE id = ?1",
        params![id, nickname, avatar, now],
    )?;
    Ok(n == 1)
}

/// Deletes a user (their roles and sessions go with them). False when there was none.
pub fn delete(conn: &Connection, id: i64) -> Result<bool, AppError> {
    Ok(conn.execute("DELETE FROM sys_user WHERE id = ?1", [id])? == 1)
}

/// How many system users exist.
pub fn count(conn: &Connection) -> Result<i64, AppError> {
    Ok(conn.query_row("SELECT count(*) FROM sys_user", [], |r| r.get(0))?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::HashCost;

    #[test]
    fn one_query_answers_the_roles_of_a_page_of_users() -> Result<(), AppError> {
        let mut conn = Connection::open_in_memory()?;
        crate::store::migrations::migrate(&mut conn)?;
        crate::store::seed::load(&mut conn, HashCost::TEST, 1)?;
        let new = |name: &'static str| NewUser {
            username: name,
            nickname: name,
            password_hash: "x",
            status: STATUS_ENABLED,
        };
        let none = insert(&conn, &new("nobody"), 1)?;
        let two = insert(&conn, &new("twohats"), 1)?;
        set_roles(&conn, two, &[3, 2])?;
        let roles = roles_of_users(&conn, &[1, 2, none, two, 999])?;
        assert_eq!(roles.get(&1), Some(&vec![(1, "超级管理员".to_owned())]));
        assert_eq!(roles.get(&2), Some(&vec![(2, "运营".to_owned())]));
        assert_eq!(roles.get(&none), None);
        assert_eq!(
            roles.get(&two),
            Some(&vec![(2, "运营".to_owned()), (3, "访客".to_owned())])
        );
        assert!(roles_of_users(&conn, &[])?.is_empty());
        // The list answers the same as one item at a time.
        let rows: Vec<UserRow> = conn
            .prepare(&format!("SELECT {USER_COLUMNS} FROM sys_user ORDER BY id"))?
            .query_map([], user_row)?
            .collect::<Result<_, _>>()?;
        assert_eq!(rows.len(), 6);
        let sign = |key: &str| format!("/files/{key}?signed");
        for listed in with_roles_of(&conn, rows, &sign)? {
            assert_eq!(Some(&listed), item(&conn, listed.id, &sign)?.as_ref());
        }
        Ok(())
    }
}
