//! Sessions (`session`, keyed by the SHA-256 of the token, never the token itself), the sign-ins
//! they belong to (`sign_in`: where from, with what), login failures (`login_failure`) for the
//! lockout, and every sign-in attempt (`login_log`, 登录日志).

use rusqlite::{Connection, params};

use crate::error::AppError;

/// A stored session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRow {
    /// Hex SHA-256 of the token.
    pub token_hash: String,
    /// The signed-in user.
    pub user_id: i64,
    /// When the user signed in (the absolute expiry counts from here), epoch ms.
    pub login_at: i64,
    /// When this token was issued (rotation counts from here), epoch ms.
    pub issued_at: i64,
    /// Last use, persisted at most once a minute, epoch ms.
    pub last_seen: i64,
    /// When a successor replaced this token (it then lives for the grace period only).
    pub replaced_at: Option<i64>,
    /// The chain of rotated tokens of one sign-in: the hash of its first token.
    pub family: String,
}

/// Every stored session.
pub fn all(conn: &Connection) -> Result<Vec<SessionRow>, AppError> {
    let mut stmt = conn.prepare(
        "SELECT token_hash, user_id, login_at, issued_at, last_seen, replaced_at, family
         FROM session",
    )?;
    let rows = stmt
        .query_map([], |r| {
            Ok(SessionRow {
                token_hash: r.get(0)?,
                user_id: r.get(1)?,
                login_at: r.get(2)?,
                issued_at: r.get(3)?,
                last_seen: r.get(4)?,
                replaced_at: r.get(5)?,
                family: r.get(6)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Stores a new session.
pub fn insert(conn: &Connection, row: &SessionRow) -> Result<(), AppError> {
    conn.execute(
        "INSERT INTO session (token_hash, user_id, login_at, issued_at, last_seen, replaced_at, family)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            row.token_hash,
            row.user_id,
            row.login_at,
            row.issued_at,
            row.last_seen,
            row.replaced_at,
            row.family
        ],
    )?;
    Ok(())
}

/// Marks a session as replaced by a successor; false when it is gone (ended by a logout or a
/// password change that committed first: then no successor may be stored).
pub fn mark_replaced(conn: &Connection, token_hash: &str, at: i64) -> Result<bool, AppError> {
    let n = conn.execute(
        "UPDATE session SET replaced_at = ?2, last_seen = max(last_seen, ?2) WHERE token_hash = ?1",
        params![token_hash, at],
    )?;
    Ok(n == 1)
}

/// Records last-use times.
pub fn touch_many(conn: &Connection, seen: &[(String, i64)]) -> Result<(), AppError> {
    let mut stmt = conn.prepare_cached(
        "UPDATE session SET last_seen = max(last_seen, ?2) WHERE token_hash = ?1",
    )?;
    for (hash, at) in seen {
        stmt.execute(params![hash, at])?;
    }
    Ok(())
}

/// Removes sessions by hash.
pub fn delete_many(conn: &Connection, hashes: &[String]) -> Result<(), AppError> {
    let mut stmt = conn.prepare_cached("DELETE FROM session WHERE token_hash = ?1")?;
    for hash in hashes {
        stmt.execute([hash])?;
    }
    Ok(())
}

/// Removes every session of a user except the sign-in (chain of rotated tokens) `keep`.
pub fn delete_for_user(
    conn: &Connection,
    user_id: i64,
    keep: Option<&str>,
) -> Result<(), AppError> {
    conn.execute(
        "DELETE FROM session WHERE user_id = ?1 AND (?2 IS NULL OR family != ?2)",
        params![user_id, keep],
    )?;
    Ok(())
}

/// Removes one sign-in (logout, 强制下线): every token of its chain, and its row.
pub fn delete_family(conn: &Connection, family: &str) -> Result<(), AppError> {
    conn.execute("DELETE FROM session WHERE family = ?1", [family])?;
    conn.execute("DELETE FROM sign_in WHERE family = ?1", [family])?;
    Ok(())
}

/// A sign-in: where from and with what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignIn {
    /// Id (`session.revoke`'s).
    pub id: i64,
    /// Its chain of rotated tokens.
    pub family: String,
    /// Whose.
    pub user_id: i64,
    /// The address.
    pub ip: String,
    /// The browser.
    pub user_agent: String,
}

/// Records a new sign-in.
pub fn insert_sign_in(
    conn: &Connection,
    family: &str,
    user_id: i64,
    ip: &str,
    user_agent: &str,
    at: i64,
) -> Result<(), AppError> {
    conn.execute(
        "INSERT OR REPLACE INTO sign_in (family, user_id, ip, user_agent, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![family, user_id, ip, user_agent, at],
    )?;
    Ok(())
}

fn sign_in_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<SignIn> {
    Ok(SignIn {
        id: r.get(0)?,
        family: r.get(1)?,
        user_id: r.get(2)?,
        ip: r.get(3)?,
        user_agent: r.get(4)?,
    })
}

/// Every sign-in row (the live ones are told apart in memory).
pub fn sign_ins(conn: &Connection) -> Result<Vec<SignIn>, AppError> {
    let mut stmt =
        conn.prepare_cached("SELECT id, family, user_id, ip, user_agent FROM sign_in")?;
    let rows = stmt
        .query_map([], sign_in_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// A sign-in by id.
pub fn sign_in(conn: &Connection, id: i64) -> Result<Option<SignIn>, AppError> {
    use rusqlite::OptionalExtension;
    Ok(conn
        .query_row(
            "SELECT id, family, user_id, ip, user_agent FROM sign_in WHERE id = ?1",
            [id],
            sign_in_row,
        )
        .optional()?)
}

/// Drops the rows of sign-ins none of whose tokens is left (expired, or ended by a password
/// change).
pub fn drop_ended_sign_ins(conn: &Connection) -> Result<(), AppError> {
    conn.execute(
        "DELETE FROM sign_in WHERE NOT EXISTS (SELECT 1 FROM session s WHERE s.family = sign_in.family)",
        [],
    )?;
    Ok(())
}

/// One sign-in attempt for 登录日志.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    /// The login name tried.
    pub username: String,
    /// The address.
    pub ip: String,
    /// The browser.
    pub user_agent: String,
    /// `success`, `failed`, `locked` or `busy`.
    pub result: &'static str,
    /// When.
    pub at: i64,
}

/// Records sign-in attempts.
pub fn log_attempts(conn: &Connection, attempts: &[Attempt]) -> Result<(), AppError> {
    let mut stmt = conn.prepare_cached(
        "INSERT INTO login_log (username, ip, user_agent, result, at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for a in attempts {
        stmt.execute(params![a.username, a.ip, a.user_agent, a.result, a.at])?;
    }
    Ok(())
}

/// Whether a sign-in (chain of rotated tokens) still has a token: a logout, a lock or another
/// session's password change deletes it.
pub fn family_alive(conn: &Connection, family: &str) -> Result<bool, AppError> {
    Ok(conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM session WHERE family = ?1)",
        [family],
        |r| r.get(0),
    )?)
}

/// Whose failures a sign-in attempt counts among: an account's, and within it either the
/// anonymous count (`device` None: attempts without a valid device token of the account) or one
/// device token's (its hash), or one session's (`session:{family}`, a password change's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counter<'a> {
    /// The login name.
    pub username: &'a str,
    /// None for the anonymous count.
    pub device: Option<&'a str>,
}

impl Counter<'_> {
    /// The key of its attempts in flight (`session::LoginAttempts`).
    pub fn key(&self) -> String {
        format!("{}\u{1f}{}", self.username, self.device.unwrap_or(""))
    }
}

/// Failures counted by `counter` since `since`.
pub fn failures_since(
    conn: &Connection,
    counter: Counter<'_>,
    since: i64,
) -> Result<i64, AppError> {
    Ok(conn.query_row(
        "SELECT count(*) FROM login_failure WHERE username = ?1 AND device IS ?2 AND at > ?3",
        params![counter.username, counter.device, since],
        |r| r.get(0),
    )?)
}

/// Records a wrong password counted by `counter` at `at` and answers its failures since
/// `window_start`, this one included. Only attempts whose password was checked are recorded:
/// [`crate::session::LoginAttempts`] bounds how many are checked at once. Failures older than the
/// window are dropped on the way.
pub fn record_failure(
    conn: &Connection,
    counter: Counter<'_>,
    at: i64,
    window_start: i64,
) -> Result<i64, AppError> {
    conn.execute(
        "DELETE FROM login_failure WHERE at <= ?1",
        params![window_start],
    )?;
    conn.execute(
        "INSERT INTO login_failure (username, device, at) VALUES (?1, ?2, ?3)",
        params![counter.username, counter.device, at],
    )?;
    failures_since(conn, counter, window_start)
}

/// Forgets the failures `counter` counts (after a successful sign-in or password check).
pub fn clear_failures(conn: &Connection, counter: Counter<'_>) -> Result<(), AppError> {
    conn.execute(
        "DELETE FROM login_failure WHERE username = ?1 AND device IS ?2",
        params![counter.username, counter.device],
    )?;
    Ok(())
}

/// Forgets every failure of `username`, anonymous and per device (解锁).
pub fn clear_all_failures(conn: &Connection, username: &str) -> Result<(), AppError> {
    conn.execute("DELETE FROM login_failure WHERE username = ?1", [username])?;
    Ok(())
}

/// Which of `usernames` the anonymous count locks now (`threshold` failures since `since`).
pub fn anonymously_locked(
    conn: &Connection,
    usernames: &[&str],
    since: i64,
    threshold: i64,
) -> Result<std::collections::HashSet<String>, AppError> {
    let mut stmt = conn.prepare_cached(
        "SELECT count(*) FROM login_failure WHERE username = ?1 AND device IS NULL AND at > ?2",
    )?;
    let mut locked = std::collections::HashSet::new();
    for name in usernames {
        let n: i64 = stmt.query_row(params![name, since], |r| r.get(0))?;
        if n >= threshold {
            locked.insert((*name).to_owned());
        }
    }
    Ok(locked)
}

/// The account a device token (its hash) belongs to, if it is one.
pub fn device_owner(conn: &Connection, token_hash: &str) -> Result<Option<i64>, AppError> {
    use rusqlite::OptionalExtension;
    Ok(conn
        .query_row(
            "SELECT user_id FROM login_device WHERE token_hash = ?1",
            [token_hash],
            |r| r.get(0),
        )
        .optional()?)
}

/// Records a device token (its hash) of `user_id` used at `at`, new or known; tokens unused for
/// `stale_ms` are dropped on the way.
pub fn keep_device(
    conn: &Connection,
    token_hash: &str,
    user_id: i64,
    at: i64,
    stale_ms: i64,
) -> Result<(), AppError> {
    conn.execute(
        "DELETE FROM login_device WHERE last_used_at < ?1",
        [at - stale_ms],
    )?;
    conn.execute(
        "INSERT INTO login_device (token_hash, user_id, created_at, last_used_at)
         VALUES (?1, ?2, ?3, ?3)
         ON CONFLICT (token_hash) DO UPDATE SET last_used_at = excluded.last_used_at",
        params![token_hash, user_id, at],
    )?;
    Ok(())
}
