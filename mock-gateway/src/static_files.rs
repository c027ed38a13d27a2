//! The built web app at `/adnuradmin/` (and the variant spelling `/adnurAdmin/`), with history
//! fallback: a path without a file extension that is not a file answers its folder's `index.html`
//! where there is one (`login/index.html`, the login page drawn at build time), else the app's
//! `index.html`, so deep links work.
//!
//! - Files: when the build put `X.br` / `X.gz` beside `X`, the one the client's `Accept-Encoding`
//!   prefers (brotli over gzip at equal weight, else `X` itself) is sent with its
//!   `Content-Encoding`, and every file answer says `Vary: Accept-Encoding` (tower-http's
//!   `ServeFile`).
//! - HTML is read and sent with a fresh CSP nonce in place of [`NONCE_PLACEHOLDER`] and named in
//!   its `Content-Security-Policy` (see `crate::security`, which adds the other headers to every
//!   answer), so it cannot be compressed ahead: it is gzipped per response when the client takes
//!   gzip (flate2, already built for the `png` crate: the pages are a few KB, where brotli would
//!   save a few hundred bytes for the cost of building an encoder, and every browser that takes `br`
//!   takes gzip). It has no validators (`ETag`, `Last-Modified`), so a browser never revalidates it
//!   into a `304` that would pair an old page's nonce with a new policy.
//! - Cache: hashed assets under `assets/` for a year (`immutable`); HTML and the runtime
//!   configuration [`RUNTIME_CONFIG`] `no-cache` (a deployer's edit is seen at the next load); other
//!   files an hour. A missing `config.json` is a plain 404, as any missing file with an extension:
//!   the app then uses its build's default, never mistakes the app's HTML for its configuration.

use std::path::PathBuf;

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use core_wasm::constants::{BASE_PATH, BASE_PATH_VARIANT};
use tower::ServiceExt;
use tower_http::services::ServeFile;

use crate::security::{self, NONCE_PLACEHOLDER};
use crate::state::AppState;

/// Cache policy of hashed assets.
pub const ASSET_CACHE: &str = "public, max-age=31536000, immutable";
/// Cache policy of `index.html` and other HTML (never stored without asking again; having no
/// validators, it is then sent anew, with a new nonce).
pub const HTML_CACHE: &str = "no-cache";
/// Cache policy of other files (favicon, robots.txt, ...).
pub const OTHER_CACHE: &str = "public, max-age=3600";
/// The runtime configuration beside `index.html` (`{"apiBase": …}`), which a deployer edits: never
/// cached without asking again.
pub const RUNTIME_CONFIG: &str = "config.json";

/// The static routes under both spellings of the base path.
pub fn router() -> Router<AppState> {
    let mut router = Router::new();
    for base in [BASE_PATH, BASE_PATH_VARIANT] {
        let bare = base.trim_end_matches('/');
        router = router
            .route(bare, get(move || async move { Redirect::permanent(base) }))
            .route(base, get(serve_index))
            .route(&format!("{base}{{*path}}"), get(serve_path));
    }
    router
}

async fn serve_index(State(state): State<AppState>, req: Request) -> Response {
    serve(&state, "", req).await
}

async fn serve_path(
    State(state): State<AppState>,
    Path(path): Path<String>,
    req: Request,
) -> Response {
    serve(&state, &path, req).await
}

/// A request path made safe to join to the static folder: no `.`/`..` or hidden segments, no
/// backslashes or drive letters. `None` when it is not.
pub fn safe_relative(path: &str) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for segment in path.split('/').filter(|s| !s.is_empty()) {
        if segment.starts_with('.') || segment.contains('\\') || segment.contains(':') {
            return None;
        }
        out.push(segment);
    }
    Some(out)
}

fn not_found(text: &'static str) -> Response {
    (StatusCode::NOT_FOUND, text).into_response()
}

async fn serve(state: &AppState, path: &str, req: Request) -> Response {
    let Some(dir) = state.config.static_dir.as_ref() else {
        return not_found("static files are not configured (start with --static DIR)");
    };
    let Some(relative) = safe_relative(path) else {
        return not_found("not found");
    };
    let candidate = dir.join(&relative);
    let gzip = accepts_gzip(req.headers());
    let (file, cache) = if is_file(&candidate).await && !relative.as_os_str().is_empty() {
        if candidate.extension().is_some_and(|e| e == "html") {
            return serve_html(&candidate, gzip).await;
        }
        let cache = if relative.starts_with("assets") {
            ASSET_CACHE
        } else if relative == std::path::Path::new(RUNTIME_CONFIG) {
            HTML_CACHE
        } else {
            OTHER_CACHE
        };
        (candidate, cache)
    } else if relative.extension().is_some() {
        // A missing file (a stale chunk, say) is a 404, never the app's HTML.
        return not_found("not found");
    } else {
        // A folder's own page (the login page, drawn at build time: `web/build/prerender.ts`),
        // else the app's page for every route.
        let own = candidate.join("index.html");
        if !relative.as_os_str().is_empty() && is_file(&own).await {
            return serve_html(&own, gzip).await;
        }
        return serve_html(&dir.join("index.html"), gzip).await;
    };
    let service = ServeFile::new(file).precompressed_br().precompressed_gzip();
    match service.oneshot(req).await {
        Ok(response) => {
            let ok = response.status().is_success() || response.status().is_redirection();
            let mut response = response.map(Body::new);
            if ok {
                response
                    .headers_mut()
                    .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
            }
            response
        }
        Err(e) => match e {},
    }
}

async fn is_file(path: &std::path::Path) -> bool {
    tokio::fs::metadata(path)
        .await
        .map(|m| m.is_file())
        .unwrap_or(false)
}

/// Whether `Accept-Encoding` takes gzip: named (or `x-gzip`) with a weight above 0, or not named
/// and `*` is. A weight that does not parse drops its entry.
pub fn accepts_gzip(headers: &HeaderMap) -> bool {
    let (mut named, mut any) = (None, None);
    let entries = headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','));
    for entry in entries {
        let mut parts = entry.split(';');
        let coding = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
        let weight = match parts.next().map(str::trim) {
            None => Some(1.0),
            Some(q) => q
                .strip_prefix("q=")
                .or_else(|| q.strip_prefix("Q="))
                .and_then(|w| w.trim().parse::<f32>().ok()),
        };
        let Some(weight) = weight else { continue };
        match coding.as_str() {
            "gzip" | "x-gzip" => named = Some(weight > 0.0),
            "*" => any = Some(weight > 0.0),
            _ => {}
        }
    }
    named.or(any).unwrap_or(false)
}

/// `body` gzipped; `None` if the encoder fails (then the page goes uncompressed).
fn gzipped(body: &[u8]) -> Option<Vec<u8>> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(body.len() / 3),
        flate2::Compression::default(),
    );
    encoder.write_all(body).ok()?;
    encoder.finish().ok()
}

/// An HTML file with a fresh nonce in place of every [`NONCE_PLACEHOLDER`], the policy naming it;
/// gzipped when `gzip`.
async fn serve_html(path: &std::path::Path, gzip: bool) -> Response {
    let text = match tokio::fs::read_to_string(path).await {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return not_found("not found"),
        Err(e) => {
            tracing::error!(path = %path.display(), error = %e, "cannot read an HTML file");
            return (StatusCode::INTERNAL_SERVER_ERROR, "cannot read the page").into_response();
        }
    };
    let Some(nonce) = security::fresh_nonce() else {
        tracing::error!("no randomness for a CSP nonce");
        return (StatusCode::INTERNAL_SERVER_ERROR, "cannot make a nonce").into_response();
    };
    let Ok(policy) = HeaderValue::from_str(&security::policy(Some(&nonce))) else {
        return (StatusCode::INTERNAL_SERVER_ERROR, "cannot make a policy").into_response();
    };
    let body = text.replace(NONCE_PLACEHOLDER, &nonce).into_bytes();
    let compressed = if gzip { gzipped(&body) } else { None };
    let is_gzip = compressed.is_some();
    let mut response = compressed.unwrap_or(body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    if is_gzip {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(HTML_CACHE));
    headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsafe_paths_are_refused() {
        assert_eq!(
            safe_relative("assets/app.js"),
            Some(PathBuf::from("assets/app.js"))
        );
        assert_eq!(safe_relative(""), Some(PathBuf::new()));
        assert_eq!(safe_relative("a//b/"), Some(PathBuf::from("a/b")));
        assert_eq!(safe_relative("../etc/passwd"), None);
        assert_eq!(safe_relative("a/./b"), None);
        assert_eq!(safe_relative(".env"), None);
        assert_eq!(safe_relative("a\\..\\b"), None);
        assert_eq!(safe_relative("C:/x"), None);
    }

    #[test]
    fn gzip_is_taken_as_accept_encoding_weighs_it() {
        let takes = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(
                header::ACCEPT_ENCODING,
                HeaderValue::from_str(value).unwrap(),
            );
            accepts_gzip(&headers)
        };
        assert!(!accepts_gzip(&HeaderMap::new()), "no header: identity");
        for yes in [
            "gzip",
            "gzip, deflate, br, zstd",
            "br;q=1.0, GZIP;q=0.5",
            "x-gzip",
            "*",
            "br, *;q=0.1",
        ] {
            assert!(takes(yes), "{yes}");
        }
        for no in [
            "br",
            "identity",
            "gzip;q=0",
            "gzip;q=0.000, br",
            "*, gzip;q=0",
            "*;q=0",
            "gzip;q=oops",
            "",
        ] {
            assert!(!takes(no), "{no}");
        }
    }

    #[test]
    fn a_gzipped_page_unzips_to_itself() {
        use std::io::Read;
        let page = "<!doctype html><p>登录</p>".repeat(50);
        let zipped = gzipped(page.as_bytes()).unwrap();
        assert!(zipped.len() < page.len() / 4, "{}", zipped.len());
        let mut back = String::new();
        flate2::read::GzDecoder::new(zipped.as_slice())
            .read_to_string(&mut back)
            .unwrap();
        assert_eq!(back, page);
    }
}
