//! The protocol at the HTTP edge: a call arrives at `/m` or `/api` as a GET (everything in the query)
//! or a POST (`api` and `ts` in the query, the rest in a form body), is decoded with core's
//! `IncomingCall` and handed to the dispatcher. The path never selects the operation.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Extension;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequestParts, RawQuery, State};
use axum::http::request::Parts;
use axum::response::Response;
use core_wasm::protocol::{IncomingCall, Method};

use crate::dispatch::{Registry, dispatch};
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

/// POST `/m` and `/api` (the body is limited to 1 MiB by the router: larger answers HTTP 413).
pub async fn call_post(
    State(state): State<AppState>,
    Extension(registry): Extension<Arc<Registry>>,
    ClientIp(ip): ClientIp,
    RawQuery(query): RawQuery,
    body: Bytes,
) -> Response {
    let body = String::from_utf8_lossy(&body);
    let call = IncomingCall::from_post(query.as_deref().unwrap_or(""), &body);
    dispatch(state, registry, call, Method::Post, ip).await
}
