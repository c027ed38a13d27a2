//! The one error type of the gateway and the one place that renders answers as the envelope.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use core_wasm::codes::BizCode;
use core_wasm::protocol::{ApiResult, Meta, ResponseEnvelope};
use core_wasm::validate::FieldError;
use serde::Serialize;
use serde_json::json;

/// Every way a call can fail. Each variant answers HTTP 200 with `success: false` and its code.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// `api_not_found` (接口不存在): the `api` parameter names no operation.
    #[error("api not found")]
    ApiNotFound,
    /// `user_need_login_token_invalid`: no token, or an unknown, expired or logged-out one.
    #[error("token invalid")]
    TokenInvalid,
    /// `user_login_failed` (用户名或密码错误): unknown user, wrong password or disabled account.
    #[error("login failed")]
    LoginFailed,
    /// `user_login_locked`: too many failures within the lockout window.
    #[error("login locked")]
    LoginLocked,
    /// `permission_denied`: none of the caller's roles owns the operation's menu.
    #[error("permission denied")]
    PermissionDenied,
    /// `permission_denied` with a message naming what was refused: a grant beyond the caller's
    /// own (不能授予自己没有的权限); nothing changed.
    #[error("denied: {0}")]
    Denied(String),
    /// `param_invalid` with field errors: msg is the first field's message, data is `{fields}`.
    #[error("invalid fields: {0:?}")]
    Invalid(Vec<FieldError>),
    /// `param_invalid` about the call as a whole (e.g. `data` is not JSON): msg names the problem.
    #[error("bad request: {0}")]
    BadRequest(String),
    /// `data_not_found` (数据不存在): the record does not exist.
    #[error("not found")]
    NotFound,
    /// `data_conflict`: the update carried a stale version; nothing was changed.
    #[error("stale version")]
    Conflict,
    /// `data_duplicate`: a unique value is taken; msg names it, data is `{fields: [the field]}`.
    #[error("duplicate: {0:?}")]
    Duplicate(FieldError),
    /// `state_invalid`: the record's lifecycle does not allow this change of state; msg names the
    /// states; nothing was changed.
    #[error("state invalid: {0}")]
    StateInvalid(String),
    /// `data_in_use`: others still use the record; msg names them; nothing was changed.
    #[error("in use: {0}")]
    InUse(String),
    /// `too_many_requests` (请求过于频繁，请稍后再试): shed at once rather than queued (the sign-in
    /// hashing pool is full); nothing changed.
    #[error("too many requests")]
    TooManyRequests,
    /// `system_error` (系统繁忙，请稍后再试): an unexpected fault. The detail goes to the log only.
    #[error("internal: {0}")]
    Internal(String),
}

impl AppError {
    /// One field's failure.
    pub fn field(field: &str, message: impl Into<String>) -> AppError {
        AppError::Invalid(vec![FieldError::new(field, message)])
    }

    /// A taken unique value of `field`.
    pub fn duplicate(field: &str, message: impl Into<String>) -> AppError {
        AppError::Duplicate(FieldError::new(field, message))
    }

    /// An internal fault from anything displayable.
    pub fn internal(detail: impl std::fmt::Display) -> AppError {
        AppError::Internal(detail.to_string())
    }

    /// The business code.
    pub fn code(&self) -> BizCode {
        match self {
            AppError::ApiNotFound => BizCode::ApiNotFound,
            AppError::TokenInvalid => BizCode::TokenInvalid,
            AppError::LoginFailed => BizCode::LoginFailed,
            AppError::LoginLocked => BizCode::LoginLocked,
            AppError::PermissionDenied | AppError::Denied(_) => BizCode::PermissionDenied,
            AppError::Invalid(_) | AppError::BadRequest(_) => BizCode::ParamInvalid,
            AppError::NotFound => BizCode::DataNotFound,
            AppError::Conflict => BizCode::DataConflict,
            AppError::Duplicate(_) => BizCode::DataDuplicate,
            AppError::StateInvalid(_) => BizCode::StateInvalid,
            AppError::InUse(_) => BizCode::DataInUse,
            AppError::TooManyRequests => BizCode::TooManyRequests,
            AppError::Internal(_) => BizCode::SystemError,
        }
    }

    /// The message for people.
    pub fn msg(&self) -> String {
        match self {
            AppError::Invalid(fields) => fields
                .first()
                .map(|f| f.message.clone())
                .unwrap_or_else(|| BizCode::ParamInvalid.default_msg().to_owned()),
            AppError::BadRequest(msg)
            | AppError::StateInvalid(msg)
            | AppError::InUse(msg)
            | AppError::Denied(msg) => msg.clone(),
            AppError::Duplicate(f) => f.message.clone(),
            other => other.code().default_msg().to_owned(),
        }
    }

    /// The `data` of the failed result.
    pub fn data(&self) -> serde_json::Value {
        match self {
            AppError::Invalid(fields) => json!({ "fields": fields }),
            AppError::Duplicate(f) => json!({ "fields": [f] }),
            _ => serde_json::Value::Null,
        }
    }
}

impl From<rusqlite::Error> for AppError {
    fn from(e: rusqlite::Error) -> Self {
        AppError::Internal(format!("sqlite: {e}"))
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        respond::<()>(Err(self), None)
    }
}

/// Renders an outcome as the envelope (HTTP 200), with `mat` as `meta.mat`.
///
/// This is the only place answers are encoded; internal faults are logged here and answered with
/// the default `system_error` message, never their detail.
pub fn respond<T: Serialize + EncodedLen>(
    outcome: Result<T, AppError>,
    mat: Option<String>,
) -> Response {
    let meta = Meta { mat };
    let body = match outcome {
        Ok(payload) => to_json(
            payload.encoded_len(),
            &ResponseEnvelope {
                result: ApiResult::ok(payload),
                meta,
            },
        ),
        Err(err) => {
            if let AppError::Internal(detail) = &err {
                tracing::error!(%detail, "internal fault");
            }
            to_json(
                0,
                &ResponseEnvelope {
                    result: ApiResult::fail(err.code(), err.msg(), err.data()),
                    meta,
                },
            )
        }
    };
    json_response(StatusCode::OK, body)
}

/// The last-resort answer when even encoding failed, or a panic was caught.
pub fn system_error_body() -> Vec<u8> {
    let env = ResponseEnvelope {
        result: ApiResult::fail(
            BizCode::SystemError,
            BizCode::SystemError.default_msg(),
            serde_json::Value::Null,
        ),
        meta: Meta::default(),
    };
    serde_json::to_vec(&env).unwrap_or_else(|_| b"{}".to_vec())
}

/// The length of an answer's data once encoded, when it is known before the envelope is: the
/// envelope's buffer is then allocated once (a page of 10 KB grew from 128 bytes by doubling,
/// copying itself seven times). 0 when not known.
pub trait EncodedLen {
    /// The length in bytes, or 0.
    fn encoded_len(&self) -> usize {
        0
    }
}

impl EncodedLen for () {}

/// The envelope's own bytes around the data, and a token in `meta.mat`.
const ENVELOPE_LEN: usize = 256;

fn to_json<T: Serialize>(data_len: usize, value: &T) -> Vec<u8> {
    let mut out = Vec::with_capacity(data_len + ENVELOPE_LEN);
    match serde_json::to_writer(&mut out, value) {
        Ok(()) => out,
        Err(e) => {
            tracing::error!(error = %e, "cannot encode an answer");
            system_error_body()
        }
    }
}

/// A JSON response that is never cached (answers may carry tokens).
pub fn json_response(status: StatusCode, body: Vec<u8>) -> Response {
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The text of a panic payload (a handler's, or a hashing thread's), for the log.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "a non-text panic".to_owned()
    }
}
