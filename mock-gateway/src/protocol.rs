//! The protocol at the HTTP edge: a call arrives at `/m` or `/api` as a GET (everything in the query)
//! or a POST (`api` and `ts` in the query, the rest in a form body), is decoded with core's
//! `IncomingCall` and handed to the dispatcher. The path never selects the operation.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Extension;
use axum::body::Body;
use axum::extract::{ConnectInfo, FromRequestParts, RawQuery, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use core_wasm::protocol::{IncomingCall, Method};

use crate::BODY_LIMIT;
use crate::dispatch::{Registry, dispatch};
use crate::kit::{Guard, Run};
use crate::state::AppState;

/// The caller's address (empty in in-process tests, which have no connection).
#[derive(Debug, Clone, Default)]
pub struct ClientIp(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientIp(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|ConnectInfo(addr)| addr.ip().to_string())
                .unwrap_or_default(),
        ))
    }
}

/// GET `/m` and `/api`.
pub async fn call_get(
    State(state): State<AppState>,
    Extension(registry): Extension<Arc<Registry>>,
    ClientIp(ip): ClientIp,
    RawQuery(query): RawQuery,
) -> Response {
    let call = IncomingCall::from_get(query.as_deref().unwrap_or(""));
    dispatch(state, registry, call, Method::Get, ip).await
}

/// The most a sign-in's body may hold (a name and a password, form-encoded, with the envelope's
/// fields): a larger one is refused before it is read in full, let alone parsed.
pub const SIGN_IN_BODY_LIMIT: usize = 16 * 1024;

/// POST `/m` and `/api`. The body is limited to [`BODY_LIMIT`] (larger answers HTTP 413), and to
/// [`SIGN_IN_BODY_LIMIT`] for the sign-in: the operation on the hashing pool that anyone may send
/// before having a session.
pub async fn call_post(
    State(state): State<AppState>,
    Extension(registry): Extension<Arc<Registry>>,
    ClientIp(ip): ClientIp,
    RawQuery(query): RawQuery,
    body: Body,
) -> Response {
    let query = query.as_deref().unwrap_or("");
    // `api` travels in the query: the operation, and so the limit, is known before the body.
    let signs_in = registry
        .get(&IncomingCall::from_get(query).api)
        .is_some_and(|op| op.run == Run::Hashing && matches!(op.guard, Guard::Public));
    let limit = if signs_in {
        SIGN_IN_BODY_LIMIT
    } else {
        BODY_LIMIT
    };
    let Ok(body) = axum::body::to_bytes(body, limit).await else {
        return (StatusCode::PAYLOAD_TOO_LARGE, "请求体过大").into_response();
    };
    let body = String::from_utf8_lossy(&body);
    let call = IncomingCall::from_post(query, &body);
    dispatch(state, registry, call, Method::Post, ip).await
}
