//! Sessions and passwords.
//!
//! - Tokens are 256 random bits, hex-encoded. The database stores only their SHA-256, so a copy of
//!   the database signs nobody in.
//! - Live sessions are an in-memory map backed by SQLite: written through on create, rotate and
//!   logout; `last_seen` moves in memory and reaches the database at most once a minute
//!   ([`SessionManager::flush`]) or on rotation.
//! - Expiry: idle 30 min, absolute 12 h after login. A token older than 10 min is rotated: the
//!   answer carries the successor in `meta.mat`, and the old token keeps working for a short grace
//!   so requests already in flight do not fail. Only one request wins the rotation.
//! - Passwords (argon2id) live in [`crate::password`], below the store that seeds with them.
//! - Sign-ins in flight are tracked per account ([`LoginAttempts`]) so the lockout can bound how
//!   many passwords are checked at once without counting an unchecked attempt as a failure.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError, RwLock};

use sha2::{Digest, Sha256};

use crate::config::SessionTimes;
use crate::error::AppError;
use crate::password::{hex, random_bytes};
use crate::store::Store;
use crate::store::sessions::{self, SessionRow};

/// The SHA-256 of a token: the session's key in memory and (hex) in the database.
pub type TokenHash = [u8; 32];

/// A new token: 32 random bytes as 64 hex digits.
pub fn new_token() -> Result<String, AppError> {
    let mut bytes = [0u8; 32];
    random_bytes(&mut bytes)?;
    Ok(hex(&bytes))
}

/// The SHA-256 of a token.
pub fn token_hash(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

/// The `mat` cookie of a request, if any (core's cookie reader).
pub fn cookie_mat(headers: &axum::http::HeaderMap) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(core_wasm::session::mat_from_cookie_header)
}

/// The token of a plain GET (`/v1/qryMenuTree`, `/__serverLoader`): the `mat` query parameter, as
/// every protocol GET carries it (read by core's own decoder), else the `mat` cookie. The query
/// comes first because a gateway on another host never receives the cookie, which the app sets for
/// its own host only.
pub fn query_or_cookie_mat(query: Option<&str>, headers: &axum::http::HeaderMap) -> String {
    Some(core_wasm::protocol::IncomingCall::from_get(query.unwrap_or("")).mat)
        .filter(|t| !t.is_empty())
        .or_else(|| cookie_mat(headers))
        .unwrap_or_default()
}

/// A session in memory.
#[derive(Debug)]
pub struct LiveSession {
    /// The hex hash stored in the database.
    pub hash_hex: String,
    /// The signed-in user.
    pub user_id: i64,
    /// When the user signed in.
    pub login_at: i64,
    /// When this token was issued.
    pub issued_at: i64,
    /// The sign-in this token belongs to (the hash of its first token).
    pub family: String,
    last_seen: AtomicI64,
    persisted_seen: AtomicI64,
    /// 0 while current; else when a successor replaced it.
    replaced_at: AtomicI64,
}

impl LiveSession {
    fn from_row(row: &SessionRow) -> LiveSession {
        LiveSession {
            hash_hex: row.token_hash.clone(),
            user_id: row.user_id,
            login_at: row.login_at,
            issued_at: row.issued_at,
            family: row.family.clone(),
            last_seen: AtomicI64::new(row.last_seen),
            persisted_seen: AtomicI64::new(row.last_seen),
            replaced_at: AtomicI64::new(row.replaced_at.unwrap_or(0)),
        }
    }

    /// Last use.
    pub fn last_seen(&self) -> i64 {
        self.last_seen.load(Ordering::Relaxed)
    }

    fn expired(&self, times: &SessionTimes, now: i64) -> bool {
        let replaced = self.replaced_at.load(Ordering::Acquire);
        now - self.last_seen() > times.idle_ms
            || now - self.login_at >= times.absolute_ms
            || (replaced != 0 && now - replaced > times.grace_ms)
    }
}

/// A live sign-in as 在线用户 lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveSignIn {
    /// Its chain of rotated tokens.
    pub family: String,
    /// Whose.
    pub user_id: i64,
    /// When it signed in.
    pub login_at: i64,
    /// Its last call.
    pub last_seen: i64,
}

/// A token that passed: whose it is and, when it was rotated, its successor.
#[derive(Debug, Clone)]
pub struct Authenticated {
    /// The signed-in user.
    pub user_id: i64,
    /// The sign-in (chain of rotated tokens) this token belongs to.
    pub family: String,
    /// The hash of the token presented.
    pub token_hash: TokenHash,
    /// The successor token, for `meta.mat`.
    pub new_token: Option<String>,
}

/// The live sessions.
pub struct SessionManager {
    times: SessionTimes,
    live: RwLock<HashMap<TokenHash, Arc<LiveSession>>>,
    attempts: LoginAttempts,
}

/// Sign-in attempts whose password is being checked, per account.
///
/// The lockout lets an attempt in only while the recorded failures plus the attempts in flight
/// stay below the threshold, and records a failure only once a password was found wrong. So
/// however many attempts race, at most `threshold` wrong passwords are checked before the account
/// locks (each answered after its failure is recorded), and an attempt with the right password is
/// refused only when `threshold` failures were recorded before it was let in: attempts beyond the
/// free places wait for one in flight to settle instead of being refused.
#[derive(Default)]
pub struct LoginAttempts {
    /// Attempts in flight by account; keys are lower-cased the way the database compares names.
    in_flight: Mutex<HashMap<String, i64>>,
    settled: Condvar,
}

/// An attempt let in by [`LoginAttempts::admit`]; dropping it (after its outcome is written)
/// frees its place.
pub struct Admitted<'a> {
    attempts: &'a LoginAttempts,
    key: String,
}

impl LoginAttempts {
    /// Lets an attempt on `username` in, waiting while the failures `recorded` answers plus the
    /// attempts in flight reach `threshold`; `None` when the recorded failures alone reach it (the
    /// account is locked). `recorded` runs under the lock, so it must not wait for another attempt.
    pub fn admit(
        &self,
        username: &str,
        threshold: i64,
        recorded: impl Fn() -> Result<i64, AppError>,
    ) -> Result<Option<Admitted<'_>>, AppError> {
        let key = username.to_ascii_lowercase();
        let mut in_flight = self
            .in_flight
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        loop {
            let failures = recorded()?;
            if failures >= threshold {
                return Ok(None);
            }
            let busy = in_flight.get(&key).copied().unwrap_or(0);
            if failures + busy < threshold {
                in_flight.insert(key.clone(), busy + 1);
                return Ok(Some(Admitted {
                    attempts: self,
                    key,
                }));
            }
            in_flight = self
                .settled
                .wait(in_flight)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// How many attempts on `username` are in flight.
    pub fn in_flight(&self, username: &str) -> i64 {
        self.in_flight
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&username.to_ascii_lowercase())
            .copied()
            .unwrap_or(0)
    }
}

impl Drop for Admitted<'_> {
    fn drop(&mut self) {
        let mut in_flight = self
            .attempts
            .in_flight
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match in_flight.get_mut(&self.key) {
            Some(busy) if *busy > 1 => *busy -= 1,
            _ => {
                in_flight.remove(&self.key);
            }
        }
        drop(in_flight);
        self.attempts.settled.notify_all();
    }
}

fn parse_hash(hex_str: &str) -> Option<TokenHash> {
    if hex_str.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, chunk) in hex_str.as_bytes().chunks(2).enumerate() {
        let s = std::str::from_utf8(chunk).ok()?;
        out[i] = u8::from_str_radix(s, 16).ok()?;
    }
    Some(out)
}

impl SessionManager {
    /// Loads the unexpired sessions of the database.
    pub fn load(store: &Store, times: SessionTimes, now: i64) -> Result<SessionManager, AppError> {
        let rows = store.read(sessions::all)?;
        let mut live = HashMap::new();
        let mut dead = Vec::new();
        for row in rows {
            let session = LiveSession::from_row(&row);
            match parse_hash(&row.token_hash) {
                Some(key) if !session.expired(&times, now) => {
                    live.insert(key, Arc::new(session));
                }
                _ => dead.push(row.token_hash),
            }
        }
        if !dead.is_empty() {
            store.write(|tx| sessions::delete_many(tx, &dead))?;
        }
        Ok(SessionManager {
            times,
            live: RwLock::new(live),
            attempts: LoginAttempts::default(),
        })
    }

    /// The lifetimes in force.
    pub fn times(&self) -> SessionTimes {
        self.times
    }

    /// Sign-in attempts in flight, for the lockout.
    pub fn attempts(&self) -> &LoginAttempts {
        &self.attempts
    }

    fn get(&self, key: &TokenHash) -> Option<Arc<LiveSession>> {
        self.live
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(key)
            .cloned()
    }

    fn remove(&self, keys: &[TokenHash]) {
        let mut live = self.live.write().unwrap_or_else(|p| p.into_inner());
        for key in keys {
            live.remove(key);
        }
    }

    /// A new sign-in of `user_id`: its token and row (stored by [`SessionManager::activate`]).
    pub fn issue(&self, user_id: i64, now: i64) -> Result<(String, SessionRow), AppError> {
        let token = new_token()?;
        let hash = hex(&token_hash(&token));
        let row = SessionRow {
            family: hash.clone(),
            token_hash: hash,
            user_id,
            login_at: now,
            issued_at: now,
            last_seen: now,
            replaced_at: None,
        };
        Ok((token, row))
    }

    fn successor(&self, of: &LiveSession, now: i64) -> Result<(String, SessionRow), AppError> {
        let token = new_token()?;
        let row = SessionRow {
            token_hash: hex(&token_hash(&token)),
            user_id: of.user_id,
            login_at: of.login_at,
            issued_at: now,
            last_seen: now,
            replaced_at: None,
            family: of.family.clone(),
        };
        Ok((token, row))
    }

    /// Makes a session that was committed to the database live.
    pub fn activate(&self, row: &SessionRow) {
        if let Some(key) = parse_hash(&row.token_hash) {
            self.live
                .write()
                .unwrap_or_else(|p| p.into_inner())
                .insert(key, Arc::new(LiveSession::from_row(row)));
        }
    }

    /// Checks a token from memory alone, for the async workers: answers when the token is unknown
    /// or live with nothing to write; `None` when the answer needs the database (the session
    /// expired and must be deleted, or its rotation is due) — then call [`Self::authenticate`] on
    /// the blocking pool.
    pub fn authenticate_in_memory(
        &self,
        token: &str,
        now: i64,
    ) -> Option<Result<Authenticated, AppError>> {
        if token.is_empty() {
            return Some(Err(AppError::TokenInvalid));
        }
        let key = token_hash(token);
        let Some(session) = self.get(&key) else {
            return Some(Err(AppError::TokenInvalid));
        };
        let rotation_due = now - session.issued_at >= self.times.rotate_after_ms
            && session.replaced_at.load(Ordering::Acquire) == 0;
        if session.expired(&self.times, now) || rotation_due {
            return None;
        }
        session.last_seen.fetch_max(now, Ordering::Relaxed);
        Some(Ok(Authenticated {
            user_id: session.user_id,
            family: session.family.clone(),
            token_hash: key,
            new_token: None,
        }))
    }

    /// Checks a token; rotates it when it is old enough and nobody else did. May write to the
    /// database: call it where blocking is allowed.
    pub fn authenticate(
        &self,
        store: &Store,
        token: &str,
        now: i64,
    ) -> Result<Authenticated, AppError> {
        if token.is_empty() {
            return Err(AppError::TokenInvalid);
        }
        let key = token_hash(token);
        let session = self.get(&key).ok_or(AppError::TokenInvalid)?;
        if session.expired(&self.times, now) {
            self.remove(&[key]);
            store.write(|tx| sessions::delete_many(tx, std::slice::from_ref(&session.hash_hex)))?;
            return Err(AppError::TokenInvalid);
        }
        session.last_seen.fetch_max(now, Ordering::Relaxed);

        let mut new_token = None;
        if now - session.issued_at >= self.times.rotate_after_ms
            && session
                .replaced_at
                .compare_exchange(0, now, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
        {
            let (token, row) = self.successor(&session, now)?;
            let stored = store.write(|tx| {
                // Ended since it was looked up (a logout, a password change): no successor.
                if !sessions::mark_replaced(tx, &session.hash_hex, now)? {
                    return Err(AppError::TokenInvalid);
                }
                sessions::insert(tx, &row)?;
                // Live before the write commits, under the store's one writer: a write ending the
                // user's sessions that commits next finds the successor too.
                self.activate(&row);
                Ok(())
            });
            match stored {
                Ok(()) => {
                    session.persisted_seen.fetch_max(now, Ordering::Relaxed);
                    new_token = Some(token);
                }
                Err(e) => {
                    if let Some(successor) = parse_hash(&row.token_hash) {
                        self.remove(&[successor]);
                    }
                    if matches!(e, AppError::TokenInvalid) {
                        self.remove(&[key]);
                    } else {
                        // Let a later request try again.
                        session.replaced_at.store(0, Ordering::Release);
                    }
                    return Err(e);
                }
            }
        }
        Ok(Authenticated {
            user_id: session.user_id,
            family: session.family.clone(),
            token_hash: key,
            new_token,
        })
    }

    /// Drops from memory the sessions `drop` selects (after the write that deleted them).
    pub fn forget(&self, drop: impl Fn(&LiveSession) -> bool) {
        let mut live = self.live.write().unwrap_or_else(|p| p.into_inner());
        live.retain(|_, s| !drop(s));
    }

    /// Drops a user's sessions from memory, except the sign-in `keep`.
    pub fn forget_user(&self, user_id: i64, keep: Option<&str>) {
        self.forget(|s| s.user_id == user_id && Some(s.family.as_str()) != keep);
    }

    /// Drops one sign-in (every token of its chain) from memory (logout).
    pub fn forget_family(&self, family: &str) {
        self.forget(|s| s.family == family);
    }

    /// Persists `last_seen` of sessions used since their last write, and drops expired sessions.
    pub fn flush(&self, store: &Store, now: i64) -> Result<(), AppError> {
        let mut seen = Vec::new();
        let mut dead = Vec::new();
        {
            let live = self.live.read().unwrap_or_else(|p| p.into_inner());
            for (key, s) in live.iter() {
                if s.expired(&self.times, now) {
                    dead.push((*key, s.hash_hex.clone()));
                } else {
                    let last = s.last_seen();
                    if last > s.persisted_seen.load(Ordering::Relaxed) {
                        seen.push((s.hash_hex.clone(), last, Arc::clone(s)));
                    }
                }
            }
        }
        if seen.is_empty() && dead.is_empty() {
            return Ok(());
        }
        let touched: Vec<(String, i64)> = seen.iter().map(|(h, at, _)| (h.clone(), *at)).collect();
        let dead_hashes: Vec<String> = dead.iter().map(|(_, h)| h.clone()).collect();
        store.write(|tx| {
            sessions::touch_many(tx, &touched)?;
            sessions::delete_many(tx, &dead_hashes)?;
            sessions::drop_ended_sign_ins(tx)
        })?;
        for (_, at, s) in &seen {
            s.persisted_seen.fetch_max(*at, Ordering::Relaxed);
        }
        let dead_keys: Vec<TokenHash> = dead.into_iter().map(|(k, _)| k).collect();
        self.remove(&dead_keys);
        Ok(())
    }

    /// The live sign-ins: per chain of rotated tokens with a token not expired, its user, when it
    /// signed in and its last call.
    pub fn live_sign_ins(&self, now: i64) -> Vec<LiveSignIn> {
        let mut by_family: HashMap<String, LiveSignIn> = HashMap::new();
        let live = self.live.read().unwrap_or_else(|p| p.into_inner());
        for s in live.values().filter(|s| !s.expired(&self.times, now)) {
            let entry = by_family
                .entry(s.family.clone())
                .or_insert_with(|| LiveSignIn {
                    family: s.family.clone(),
                    user_id: s.user_id,
                    login_at: s.login_at,
                    last_seen: 0,
                });
            entry.last_seen = entry.last_seen.max(s.last_seen());
        }
        by_family.into_values().collect()
    }

    /// How many sessions are live.
    pub fn len(&self) -> usize {
        self.live.read().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// Whether no session is live.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_256_bit_hex_and_differ() -> Result<(), AppError> {
        let a = new_token()?;
        let b = new_token()?;
        assert_eq!(a.len(), 64);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert_eq!(parse_hash(&hex(&token_hash(&a))), Some(token_hash(&a)));
        assert_eq!(parse_hash("zz"), None);
        Ok(())
    }

    /// One attempt on an account with four failures: a second one waits for it, then sees its
    /// outcome (a fifth failure locks; a success that cleared the failures lets it in).
    #[test]
    fn login_attempts_wait_for_the_outcome_of_the_ones_in_flight() -> Result<(), AppError> {
        for (outcome, let_in) in [(5, false), (0, true)] {
            let attempts = LoginAttempts::default();
            let recorded = AtomicI64::new(4);
            let count = || Ok(recorded.load(Ordering::SeqCst));
            let first = attempts.admit("Operator", 5, count)?;
            assert!(first.is_some());
            assert_eq!(
                attempts.in_flight("operator"),
                1,
                "names compare case-blind"
            );
            // Another account has places of its own.
            assert!(attempts.admit("admin", 5, || Ok(0))?.is_some());
            let behind = std::thread::scope(|s| {
                let behind = s.spawn(|| attempts.admit("operator", 5, count).map(|a| a.is_some()));
                recorded.store(outcome, Ordering::SeqCst);
                drop(first);
                behind.join()
            });
            assert!(
                matches!(behind, Ok(Ok(l)) if l == let_in),
                "outcome {outcome}"
            );
            assert_eq!(attempts.in_flight("operator"), 0);
        }
        Ok(())
    }

    #[test]
    fn a_locked_account_takes_no_place() -> Result<(), AppError> {
        let attempts = LoginAttempts::default();
        assert!(attempts.admit("operator", 5, || Ok(5))?.is_none());
        assert_eq!(attempts.in_flight("operator"), 0);
        let places: Vec<_> = (0..5)
            .map(|_| attempts.admit("operator", 5, || Ok(0)))
            .collect::<Result<_, _>>()?;
        assert!(places.iter().all(Option::is_some));
        assert_eq!(attempts.in_flight("operator"), 5);
        drop(places);
        assert_eq!(attempts.in_flight("operator"), 0);
        Ok(())
    }

    #[test]
    fn the_cookie_yields_the_token() {
        let mut headers = axum::http::HeaderMap::new();
        headers.insert(
            axum::http::header::COOKIE,
            axum::http::HeaderValue::from_static("a=1; mat=tok%3D"),
        );
        assert_eq!(cookie_mat(&headers).as_deref(), Some("tok="));
        assert_eq!(cookie_mat(&axum::http::HeaderMap::new()), None);
    }
}
