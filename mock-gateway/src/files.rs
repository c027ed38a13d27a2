//! Signed file URLs and the route that serves them: `GET /files/{key}?exp=<unix s>&sig=<mac>`.
//!
//! The app shows stored images only through these short-lived URLs. `sig` is the HMAC-SHA256 of
//! the key and `exp` under the gateway's secret (kept in the database, so URLs survive a restart),
//! base64url without padding. The path sits at the server's root, beside `/adnuradmin/`, `/m` and
//! `/api`: the same relative URL loads from the built app (`--static`, one origin) and from Vite's
//! dev server, which proxies `/files` to the gateway.
//!
//! An expired, altered, malformed or incomplete URL answers 403 with no body (no hint of which
//! part failed); a well-signed URL of a key that is not stored answers 404.

use axum::Router;
use axum::body::Body;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use core_wasm::constants::SIGNED_URL_TTL_SECS;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use crate::error::AppError;
use crate::state::AppState;
use crate::store::files::{self, is_key};

pub use crate::store::files::{SEED_PRODUCT_IMAGES, SEED_SHOP_LOGOS};

/// Where stored files are served.
pub const FILES_PATH: &str = "/files";

/// Expiry times are rounded down to this step, so a URL asked for twice within it is the same URL
/// and the browser's cache serves the image (`max-age` is what is left of it).
pub const EXP_STEP_SECS: i64 = 60;

type HmacSha256 = Hmac<Sha256>;

fn mac(secret: &[u8], key: &str, exp: i64) -> Option<HmacSha256> {
    // HMAC takes keys of any length, so this never fails; no panic path either way.
    let mut mac = <HmacSha256 as KeyInit>::new_from_slice(secret).ok()?;
    mac.update(key.as_bytes());
    mac.update(b"\n");
    mac.update(exp.to_string().as_bytes());
    Some(mac)
}

/// The signature of `key` valid until `exp` (unix seconds) under `secret`.
pub fn sign(secret: &[u8], key: &str, exp: i64) -> String {
    mac(secret, key, exp)
        .map(|m| URL_SAFE_NO_PAD.encode(m.finalize().into_bytes()))
        .unwrap_or_default()
}

/// A URL showing `key` for [`SIGNED_URL_TTL_SECS`] at most (at least that less [`EXP_STEP_SECS`]).
pub fn signed_url(state: &AppState, key: &str) -> String {
    let exp = expiry(state.now());
    let sig = sign(&state.file_secret, key, exp);
    format!("{FILES_PATH}/{key}?exp={exp}&sig={sig}")
}

/// The `exp` of a URL made at `now_ms`.
pub fn expiry(now_ms: i64) -> i64 {
    let latest = now_ms.div_euclid(1000) + SIGNED_URL_TTL_SECS;
    latest - latest.rem_euclid(EXP_STEP_SECS)
}

/// The expiry of a URL for `key` with `query` when it is genuine and not expired at `now_s`.
fn check(secret: &[u8], key: &str, query: Option<&str>, now_s: i64) -> Option<i64> {
    if !is_key(key) {
        return None;
    }
    let (mut exp, mut sig) = (None, None);
    for pair in query?.split('&') {
        let (name, value) = pair.split_once('=')?;
        let slot = match name {
            "exp" => &mut exp,
            "sig" => &mut sig,
            _ => return None,
        };
        if slot.replace(value).is_some() {
            return None; // a parameter given twice
        }
    }
    let (exp, sig) = (exp?, sig?);
    if exp.is_empty() || exp.len() > 12 || !exp.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let exp: i64 = exp.parse().ok()?;
    let sig = URL_SAFE_NO_PAD.decode(sig).ok()?;
    mac(secret, key, exp)?.verify_slice(&sig).ok()?;
    // Genuine URLs never reach past now + TTL; a minute's slack for a clock set back.
    (now_s < exp && exp <= now_s + SIGNED_URL_TTL_SECS + 60).then_some(exp)
}

/// The `/files/{key}` route.
pub fn router() -> Router<AppState> {
    Router::new().route(&format!("{FILES_PATH}/{{*key}}"), get(serve_file))
}

fn bare(status: StatusCode) -> Response {
    let mut response = (status, Body::empty()).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn serve_file(
    State(state): State<AppState>,
    key: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
) -> Response {
    let Ok(Path(key)) = key else {
        return bare(StatusCode::FORBIDDEN);
    };
    let now_s = state.now().div_euclid(1000);
    let Some(exp) = check(&state.file_secret, &key, query.as_deref(), now_s) else {
        return bare(StatusCode::FORBIDDEN);
    };
    let loaded = {
        let state = state.clone();
        tokio::task::spawn_blocking(move || load(&state, &key)).await
    };
    let (mime, bytes) = match loaded {
        Ok(Ok(Some(found))) => found,
        Ok(Ok(None)) => return bare(StatusCode::NOT_FOUND),
        Ok(Err(e)) => {
            tracing::error!(error = %e, "cannot read a stored file");
            return bare(StatusCode::INTERNAL_SERVER_ERROR);
        }
        Err(e) => {
            tracing::error!(error = %e, "reading a stored file did not finish");
            return bare(StatusCode::INTERNAL_SERVER_ERROR);
        }
    };
    let mut response = (StatusCode::OK, bytes).into_response();
    let headers = response.headers_mut();
    let mime = HeaderValue::from_str(&mime)
        .unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"));
    headers.insert(header::CONTENT_TYPE, mime);
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if let Ok(cache) = HeaderValue::from_str(&format!("private, max-age={}", exp - now_s)) {
        headers.insert(header::CACHE_CONTROL, cache);
    }
    response
}

/// The stored type and bytes of `key`; `None` when it has no row or no file.
fn load(state: &AppState, key: &str) -> Result<Option<(String, Vec<u8>)>, AppError> {
    let Some(row) = state.store.read(|c| files::get(c, key))? else {
        return Ok(None);
    };
    let Some(path) = state.files.path_of(key) else {
        return Ok(None);
    };
    match std::fs::read(&path) {
        Ok(bytes) => Ok(Some((row.mime, bytes))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(AppError::internal(format!("{}: {e}", path.display()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "4a63c32df4fc51bf9757068936c37b07.png";

    #[test]
    fn only_the_signed_key_and_expiry_pass() {
        let secret = [7u8; 32];
        let exp = 1_000_600;
        let sig = sign(&secret, KEY, exp);
        let q = format!("exp={exp}&sig={sig}");
        assert_eq!(check(&secret, KEY, Some(&q), 1_000_000), Some(exp));
        assert_eq!(check(&secret, KEY, Some(&q), exp - 1), Some(exp));
        assert_eq!(check(&secret, KEY, Some(&q), exp), None, "expired");
        assert_eq!(
            check(&[8u8; 32], KEY, Some(&q), 1_000_000),
            None,
            "other secret"
        );
        let other = "ebed419ff7163e830b878cee8b44e8b1.png";
        assert_eq!(
            check(&secret, other, Some(&q), 1_000_000),
            None,
            "other key"
        );
        let later = format!("exp={}&sig={sig}", exp + 60);
        assert_eq!(
            check(&secret, KEY, Some(&later), 1_000_000),
            None,
            "moved exp"
        );
        for bad in [
            String::new(),
            format!("exp={exp}"),
            format!("sig={sig}"),
            format!("exp={exp}&sig={sig}&x=1"),
            format!("exp={exp}&exp={exp}&sig={sig}"),
            format!("exp=+{exp}&sig={sig}"),
            format!("exp={exp}&sig={sig}="),
            format!("exp={exp}&sig=%2F{sig}"),
        ] {
            assert_eq!(check(&secret, KEY, Some(&bad), 1_000_000), None, "{bad}");
        }
        assert_eq!(check(&secret, KEY, None, 1_000_000), None);
        let far = 1_000_000 + SIGNED_URL_TTL_SECS + 3600;
        let q = format!("exp={far}&sig={}", sign(&secret, KEY, far));
        assert_eq!(
            check(&secret, KEY, Some(&q), 1_000_000),
            None,
            "beyond any TTL"
        );
    }

    #[test]
    fn expiries_are_within_the_ttl_and_stable_for_a_step() {
        let now_ms = 1_772_416_812_345;
        let exp = expiry(now_ms);
        let now_s = now_ms / 1000;
        assert!(exp <= now_s + SIGNED_URL_TTL_SECS);
        assert!(exp > now_s + SIGNED_URL_TTL_SECS - EXP_STEP_SECS);
        assert_eq!(exp % EXP_STEP_SECS, 0);
    }
}
