//! The built web app at `/adnuradmin/` (and the variant spelling `/adnurAdmin/`), with history
//! fallback: a path without a file extension that is not a file answers `index.html`, so deep links
//! work. Hashed assets under `assets/` are cached for a year, `index.html` is never cached, and every
//! response here says `Referrer-Policy: no-referrer` (page URLs may carry the token).

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

use crate::state::AppState;

/// Cache policy of hashed assets.
pub const ASSET_CACHE: &str = "public, max-age=31536000, immutable";
/// Cache policy of `index.html` and other HTML.
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
    router.layer(axum::middleware::map_response(no_referrer))
}

async fn no_referrer(mut response: Response) -> Response {
    response.headers_mut().insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
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
    let is_file = tokio::fs::metadata(&candidate)
        .await
        .map(|m| m.is_file())
        .unwrap_or(false);
    let (file, cache) = if is_file && !relative.as_os_str().is_empty() {
        let cache = if candidate.extension().is_some_and(|e| e == "html") {
            HTML_CACHE
        } else if relative.starts_with("assets") {
            ASSET_CACHE
        } else {
            OTHER_CACHE
        };
        (candidate, cache)
    } else if relative.extension().is_some() {
        // A missing file (a stale chunk, say) is a 404, never the app's HTML.
        return not_found("not found");
    } else {
        (dir.join("index.html"), HTML_CACHE)
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
