//! Adnur Admin's mock gateway: the production gateway protocol over SQLite, for development, demos
//! and end-to-end tests. It links core-wasm natively, so the envelope, the business codes, the menu
//! shapes and the field rules are the very ones the browser runs.
//!
//! [`app`] builds the router (tests drive it in-process); [`serve`] runs it on a listener until a
//! shutdown signal, then flushes sessions and checkpoints the database.

#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod api;
pub mod cache;
pub mod clock;
pub mod config;
pub mod cors;
pub mod dispatch;
pub mod error;
pub mod files;
pub mod kit;
pub mod password;
pub mod pool;
pub mod protocol;
pub mod rate;
pub mod security;
pub mod session;
pub mod state;
pub mod static_files;
pub mod store;

use std::any::Any;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::response::{Redirect, Response};
use axum::routing::get;
use axum::{Extension, Router};
use core_wasm::constants::{BASE_PATH, SERVER_LOADER_PATH, SYSTEM_MENU_TREE_PATH};
use tower_http::catch_panic::CatchPanicLayer;

pub use config::Config;
pub use error::AppError;
pub use state::AppState;

/// The largest request body accepted; larger answers HTTP 413. A 2 MB image (`file.upload`) is
/// 2.8 MB of base64 and about 3 MB once form-encoded (`+` and `/` become `%2B`, `%2F`); 4 MiB
/// leaves room for that, so an image a little over 2 MB still reaches the handler and gets its
/// clear `param_invalid` rather than a bare 413.
pub const BODY_LIMIT: usize = 4 * 1024 * 1024;

/// The two mount points of the protocol: production's `/m` and development's `/api`.
pub const PROTOCOL_BASES: [&str; 2] = ["/m", "/api"];

/// The router: the protocol at `/m` and `/api` (GET and POST; other methods answer 405), the plain
/// paths `{base}/v1/qryMenuTree` and `/__serverLoader` (also `/api/__serverLoader`), the static app
/// at `/adnuradmin/`, stored images at `/files/{key}` (signed URLs), and `/` redirecting there. It serves the standard operations.
/// With `config.cors_origins`, the API's paths (not the app's files) answer those origins' CORS
/// requests (`cors`).
pub fn app(state: AppState) -> Router {
    app_with(state, Vec::new())
}

/// [`app`] serving `extra` operations besides the standard ones (replacing any of the same name):
/// tests register their own.
pub fn app_with(state: AppState, extra: Vec<kit::Operation>) -> Router {
    let mut registry = dispatch::standard();
    for op in extra {
        registry.insert(op);
    }
    let mut calls = Router::new();
    for base in PROTOCOL_BASES {
        calls = calls
            .route(base, get(protocol::call_get).post(protocol::call_post))
            .route(
                &format!("{base}{SYSTEM_MENU_TREE_PATH}"),
                get(api::menu::system_menu_tree),
            );
    }
    let mut calls = calls
        .route(SERVER_LOADER_PATH, get(api::loader::server_loader))
        .route(
            &format!("/api{SERVER_LOADER_PATH}"),
            get(api::loader::server_loader),
        )
        .merge(files::router());
    // CORS for the API's paths only, when origins are configured: the app's own files stay
    // same-origin.
    if !state.config.cors_origins.is_empty() {
        let origins = cors::Origins::new(&state.config.cors_origins);
        calls = calls.layer(axum::middleware::from_fn_with_state(origins, cors::cors));
    }
    calls
        .route("/", get(|| async { Redirect::temporary(BASE_PATH) }))
        .merge(static_files::router())
        .layer(Extension(Arc::new(registry)))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(CatchPanicLayer::custom(panic_answer))
        .layer(axum::middleware::map_response(security::headers))
        .with_state(state)
}

/// A panic anywhere in a handler becomes a logged `system_error` answer, never a dropped connection.
fn panic_answer(panic: Box<dyn Any + Send + 'static>) -> Response {
    tracing::error!(
        panic = %error::panic_message(&*panic),
        "a handler panicked"
    );
    error::json_response(StatusCode::OK, error::system_error_body())
}

/// Serves `state` on `listener` until `shutdown` completes; then waits for requests in flight,
/// persists session activity and checkpoints the write-ahead log.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let flusher = {
        let state = state.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            tick.tick().await;
            loop {
                tick.tick().await;
                let state = state.clone();
                let flushed = tokio::task::spawn_blocking(move || state.flush()).await;
                if let Ok(Err(e)) = flushed {
                    tracing::warn!(error = %e, "cannot persist session activity");
                }
            }
        })
    };
    let service = app(state.clone()).into_make_service_with_connect_info::<SocketAddr>();
    let served = axum::serve(listener, service)
        .with_graceful_shutdown(shutdown)
        .await;
    flusher.abort();
    let closing = state.clone();
    match tokio::task::spawn_blocking(move || closing.shutdown()).await {
        Ok(Ok(())) => tracing::info!("database flushed and checkpointed"),
        Ok(Err(e)) => tracing::error!(error = %e, "cannot flush the database at shutdown"),
        Err(e) => tracing::error!(error = %e, "the shutdown flush failed"),
    }
    served
}
