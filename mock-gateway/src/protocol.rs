//! The protocol at the HTTP edge: a call arrives at `/m` or `/api` as a GET (everything in the query)
//! or a POST (`api` and `ts` in the query, the rest in a form body), is decoded with core's
//! `IncomingCall` and handed to the dispatcher. The path never selects the operation.

use std::net::SocketAddr;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequestParts, RawQuery, State};
use axum::http::header;
use axum::http::request::Parts;
use axum::response::Response;
use core_wasm::protocol::{IncomingCall, Method};
use serde_json::Value;

use crate::dispatch::dispatch;
use crate::error::AppError;
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

/// The `mat` cookie of a request, if any (core's cookie reader).
pub fn cookie_mat(parts: &axum::http::HeaderMap) -> Option<String> {
    parts
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(core_wasm::session::mat_from_cookie_header)
}

/// GET `/m` and `/api`.
pub async fn call_get(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    RawQuery(query): RawQuery,
) -> Response {
    let call = IncomingCall::from_get(query.as_deref().unwrap_or(""));
    dispatch(state, call, Method::Get, ip).await
}

/// POST `/m` and `/api` (the body is limited to 1 MiB by the router: larger answers HTTP 413).
pub async fn call_post(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    RawQuery(query): RawQuery,
    body: Bytes,
) -> Response {
    let body = String::from_utf8_lossy(&body);
    let call = IncomingCall::from_post(query.as_deref().unwrap_or(""), &body);
    dispatch(state, call, Method::Post, ip).await
}

/// Parses the `data` parameter: it must be a JSON object.
pub fn parse_data(data: &str) -> Result<Value, AppError> {
    match serde_json::from_str::<Value>(data) {
        Ok(v @ Value::Object(_)) => Ok(v),
        Ok(_) => Err(AppError::BadRequest("data 必须是 JSON 对象".into())),
        Err(e) => Err(AppError::BadRequest(format!("data 不是合法的 JSON：{e}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_must_be_a_json_object() {
        assert!(parse_data("{}").is_ok());
        let e = parse_data("{").err().map(|e| e.msg()).unwrap_or_default();
        assert!(e.starts_with("data 不是合法的 JSON："), "{e}");
        let e = parse_data("[1]").err().map(|e| e.msg()).unwrap_or_default();
        assert_eq!(e, "data 必须是 JSON 对象");
    }

    #[test]
    fn the_cookie_yields_the_token() {
        let mut headers = axum::http::HeaderMap::new();
        headers.insert(
            header::COOKIE,
            axum::http::HeaderValue::from_static("a=1; mat=tok%3D"),
        );
        assert_eq!(cookie_mat(&headers).as_deref(), Some("tok="));
        assert_eq!(cookie_mat(&axum::http::HeaderMap::new()), None);
    }
}
