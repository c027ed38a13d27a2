//! The built web app at `/adnuradmin/` (and the variant spelling `/adnurAdmin/`), with history
//! fallback: a path without a file extension that is not a file answers its folder's `index.html`
//! where there is one (`login/index.html`, the login page drawn at build time), else the app's
//! `index.html`, so deep links work. Hashed assets under `assets/` are cached for a year, `index.html` is never cached. HTML is
//! read and sent with a fresh CSP nonce in place of [`NONCE_PLACEHOLDER`] and named in its
//! `Content-Security-Policy` (see `crate::security`, which adds the other headers to every answer);
//! it has no validators (`ETag`, `Last-Modified`), so a browser never revalidates it into a `304`
//! that would pair an old page's nonce with a new policy.

use std::path::PathBuf;

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
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
    let (file, cache) = if is_file(&candidate).await && !relative.as_os_str().is_empty() {
        if candidate.extension().is_some_and(|e| e == "html") {
            return serve_html(&candidate).await;
        }
        let cache = if relative.starts_with("assets") {
            ASSET_CACHE
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
            return serve_html(&own).await;
        }
        return serve_html(&dir.join("index.html")).await;
    };
    match ServeFile::new(file).oneshot(req).await {
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

/// An HTML file with a fresh nonce in place of every [`NONCE_PLACEHOLDER`], the policy naming it.
async fn serve_html(path: &std::path::Path) -> Response {
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
    let body = text.replace(NONCE_PLACEHOLDER, &nonce);
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
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
}
