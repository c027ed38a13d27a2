//! A call's context and what a handler answers.

use std::sync::Arc;

use serde::{Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::cache::Principal;
use crate::error::{AppError, EncodedLen};
use crate::session::TokenHash;
use crate::state::AppState;

/// The most of a login name 登录日志 keeps (the sign-in refuses longer ones; a shed attempt is not
/// checked).
pub const LOGGED_NAME_CHARS: usize = 64;

/// A call's context, handed to handlers.
pub struct Ctx {
    /// The state.
    pub state: AppState,
    /// The operation's name.
    pub api: &'static str,
    /// The signed-in caller (None for public operations).
    pub caller: Option<Arc<Principal>>,
    /// The hash of the caller's token.
    pub token_hash: Option<TokenHash>,
    /// The caller's sign-in (chain of rotated tokens).
    pub family: Option<String>,
    /// The caller's address, for the audit log.
    pub ip: String,
    /// The caller's browser (`User-Agent`, at most 256 characters), for 在线用户 and 登录日志.
    pub user_agent: String,
    /// Now, epoch ms (read once per call).
    pub now: i64,
}

impl Ctx {
    /// A sign-in attempt of `username` by this call, ended with `result` (登录日志).
    pub fn attempt(&self, username: &str, result: &'static str) -> crate::store::sessions::Attempt {
        crate::store::sessions::Attempt {
            username: username.chars().take(LOGGED_NAME_CHARS).collect(),
            ip: self.ip.clone(),
            user_agent: self.user_agent.clone(),
            result,
            at: self.now,
        }
    }

    /// The signed-in caller; operations guarded by a session always have one.
    pub fn caller(&self) -> Result<&Arc<Principal>, AppError> {
        self.caller
            .as_ref()
            .ok_or_else(|| AppError::internal("an operation needing a caller ran without one"))
    }
}

/// An answer's `data`: a value, or JSON encoded ahead of time.
#[derive(Debug, Clone)]
pub enum Payload {
    /// A JSON value.
    Json(Value),
    /// Pre-encoded JSON shared by many answers (cached trees).
    Raw(Arc<RawValue>),
    /// JSON encoded for this answer alone (kept as encoded: sharing it would copy it once more).
    Encoded(Box<RawValue>),
}

impl Serialize for Payload {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Payload::Json(v) => v.serialize(s),
            Payload::Raw(r) => (**r).serialize(s),
            Payload::Encoded(r) => (**r).serialize(s),
        }
    }
}

impl EncodedLen for Payload {
    fn encoded_len(&self) -> usize {
        match self {
            Payload::Json(_) => 0,
            Payload::Raw(r) => r.get().len(),
            Payload::Encoded(r) => r.get().len(),
        }
    }
}

/// What a successful answer does to `meta.mat`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mat {
    /// Whatever the session check decided (a rotated token, or null).
    Keep,
    /// A new token (login).
    Set(String),
    /// Null even if the call rotated the token (logout).
    Clear,
}

/// A successful answer.
#[derive(Debug, Clone)]
pub struct Reply {
    /// `result.data`.
    pub data: Payload,
    /// `meta.mat`.
    pub mat: Mat,
}

impl Reply {
    /// An answer with `value` as data, encoded once, straight to JSON text: going through a
    /// `serde_json::Value` tree first cost a list call about a third of its instructions (building,
    /// serializing and dropping the tree; callgrind, `make bench`'s peer comparison).
    pub fn json(value: impl Serialize) -> Result<Reply, AppError> {
        let raw = serde_json::value::to_raw_value(&value).map_err(AppError::internal)?;
        Ok(Reply {
            data: Payload::Encoded(raw),
            mat: Mat::Keep,
        })
    }

    /// An answer with pre-encoded data.
    pub fn raw(raw: Arc<RawValue>) -> Reply {
        Reply {
            data: Payload::Raw(raw),
            mat: Mat::Keep,
        }
    }

    /// The same answer setting `meta.mat`.
    pub fn with_mat(mut self, mat: Mat) -> Reply {
        self.mat = mat;
        self
    }
}
