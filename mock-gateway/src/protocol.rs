//! The protocol at the HTTP edge: a call arrives at `/m` or `/api` as a GET (everything in the query)
//! or a POST (`api` and `ts` in the query, the rest in a form body), is decoded with core's
//! `IncomingCall` and handed to the dispatcher. The path never selects the operation.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::Extension;
use axum::body::Body;
use axum::extract::{ConnectInfo, FromRequestParts, RawQuery, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use core_wasm::protocol::{IncomingCall, Method};

use crate::BODY_LIMIT;
use crate::dispatch::{Client, Registry, dispatch};
use crate::kit::{Guard, Run};
use crate::state::AppState;

/// The caller's address (empty in in-process tests, which have no connection): the socket's
/// peer, or, when the peer is a configured proxy (`--trusted-proxy`), the right-most address of
/// `X-Forwarded-For` that is not one, since each proxy appends the address it heard from and only
/// those the gateway trusts can be believed. Without a trusted proxy the header is ignored: anyone
/// could write it.
#[derive(Debug, Clone, Default)]
pub struct ClientIp(pub String);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let Some(ConnectInfo(peer)) = parts.extensions.get::<ConnectInfo<SocketAddr>>() else {
            return Ok(ClientIp(String::new()));
        };
        let trusted = &state.config.trusted_proxies;
        let forwarded = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .collect::<Vec<_>>();
        Ok(ClientIp(
            client_address(peer.ip(), &forwarded, trusted).to_string(),
        ))
    }
}

/// The client's browser: its `User-Agent`, at most [`USER_AGENT_CHARS`] characters (what 在线用户
/// and 登录日志 show; a longer one is cut, not refused).
#[derive(Debug, Clone, Default)]
pub struct UserAgent(pub String);

/// The most of a `User-Agent` kept.
pub const USER_AGENT_CHARS: usize = 256;

impl<S: Send + Sync> FromRequestParts<S> for UserAgent {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let agent = parts
            .headers
            .get(axum::http::header::USER_AGENT)
            .map(|v| {
                String::from_utf8_lossy(v.as_bytes())
                    .chars()
                    .take(USER_AGENT_CHARS)
                    .collect()
            })
            .unwrap_or_default();
        Ok(UserAgent(agent))
    }
}

/// The client's address: walking back from the socket's `peer` through the `forwarded` hops (as
/// `X-Forwarded-For` lists them, nearest last) while the address at hand is a `trusted` proxy.
/// An entry that is no address ends the walk at the last one believed.
pub fn client_address(peer: IpAddr, forwarded: &[&str], trusted: &[IpAddr]) -> IpAddr {
    let mut client = peer;
    for hop in forwarded.iter().rev() {
        if !trusted.contains(&client) {
            break;
        }
        match hop.parse::<IpAddr>() {
            Ok(address) => client = address,
            Err(_) => break,
        }
    }
    client
}

/// GET `/m` and `/api`.
pub async fn call_get(
    State(state): State<AppState>,
    Extension(registry): Extension<Arc<Registry>>,
    ClientIp(ip): ClientIp,
    UserAgent(agent): UserAgent,
    RawQuery(query): RawQuery,
) -> Response {
    let call = IncomingCall::from_get(query.as_deref().unwrap_or(""));
    dispatch(state, registry, call, Method::Get, Client { ip, agent }).await
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
    UserAgent(agent): UserAgent,
    RawQuery(query): RawQuery,
    body: Body,
) -> Response {
    let query = query.as_deref().unwrap_or("");
    let signs_in = |api: &str| {
        registry
            .get(api)
            .is_some_and(|op| op.run == Run::Hashing && matches!(op.guard, Guard::Public))
    };
    // `api` travels in the query, so the limit is known before the body is read…
    let limit = if signs_in(&IncomingCall::from_get(query).api) {
        SIGN_IN_BODY_LIMIT
    } else {
        BODY_LIMIT
    };
    let too_large = || (StatusCode::PAYLOAD_TOO_LARGE, "请求体过大").into_response();
    let Ok(body) = axum::body::to_bytes(body, limit).await else {
        return too_large();
    };
    let body = String::from_utf8_lossy(&body);
    let call = IncomingCall::from_post(query, &body);
    // …unless the body names it instead: then it is refused before its data is parsed.
    if body.len() > SIGN_IN_BODY_LIMIT && signs_in(&call.api) {
        return too_large();
    }
    dispatch(state, registry, call, Method::Post, Client { ip, agent }).await
}

#[cfg(test)]
mod tests {
    use super::client_address;
    use std::net::IpAddr;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    #[test]
    fn only_a_trusted_proxy_is_believed_about_who_it_heard_from() {
        let proxy = ip("127.0.0.1");
        let client = ip("203.0.113.7");
        // No trusted proxy: the header is anyone's to write.
        assert_eq!(client_address(proxy, &["203.0.113.7"], &[]), proxy);
        // Behind the proxy: the address it appended.
        assert_eq!(client_address(proxy, &["203.0.113.7"], &[proxy]), client);
        // What the client wrote itself before that is not believed.
        assert_eq!(
            client_address(proxy, &["1.2.3.4", "203.0.113.7"], &[proxy]),
            client
        );
        // Two trusted proxies in a row.
        let inner = ip("10.0.0.2");
        assert_eq!(
            client_address(proxy, &["203.0.113.7", "10.0.0.2"], &[proxy, inner]),
            client
        );
        // A peer that is not a trusted proxy is the client, whatever it says.
        assert_eq!(client_address(client, &["1.2.3.4"], &[proxy]), client);
        // Garbage ends the walk at the last address believed.
        assert_eq!(client_address(proxy, &["not-an-ip"], &[proxy]), proxy);
    }
}
