//! GET `/__serverLoader?route=ROUTE_ID&url=CURRENT_URL` (also under `/api`): per-route data for the
//! page being shown. The token comes in the `mat` query parameter, as every GET of the protocol
//! carries it (the only way a gateway on another host receives it), or else the `mat` cookie.
//!
//! The caller must pass the check an operation guarded by that route's menu would: one of their
//! roles owns it and they pass its access flag (so `dontHaveAccess` is refused everything).
//!
//! - `home` → the dashboard figures.
//! - any other route id → `{route, alias, path, breadcrumb}`.
//! - a route the caller may not open (not owned, failed access flag, or no such route) →
//!   `permission_denied`.

use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::{HeaderMap, Uri};
use axum::response::Response;
use serde::{Deserialize, Serialize};

use crate::api::dashboard;
use crate::cache::Principal;
use crate::error::{AppError, respond};
use crate::kit::Payload;
use crate::session::query_or_cookie_mat;
use crate::state::{AppState, Caller};

/// One step of the breadcrumb.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Crumb {
    /// The label.
    pub alias: String,
    /// The absolute path inside the app.
    pub path: String,
}

/// The answer for a route other than `home`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct RouteData {
    /// The route id asked for.
    pub route: String,
    /// Its label.
    pub alias: String,
    /// Its absolute path inside the app.
    pub path: String,
    /// From the top-level group down to the route.
    pub breadcrumb: Vec<Crumb>,
}

/// The query: `route` (a route id, the path without its leading slash) and `url` (informative).
#[derive(Debug, Default, Deserialize)]
struct LoaderQuery {
    #[serde(default)]
    route: Option<String>,
}

/// The handler.
pub async fn server_loader(
    State(state): State<AppState>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let token = query_or_cookie_mat(uri.query(), &headers);
    let caller = match state.authenticate_async(&token).await {
        Ok(c) => c,
        Err(e) => return respond::<()>(Err(e), None),
    };
    let route = Query::<LoaderQuery>::try_from_uri(&uri)
        .ok()
        .and_then(|Query(q)| q.route)
        .map(|r| r.trim().trim_matches('/').to_owned())
        .unwrap_or_default();
    let mat = caller.new_token.clone();
    let outcome = if route.is_empty() {
        Err(AppError::field("route", "缺少参数 route"))
    } else if !caller.principal.may(&route) {
        // The same check as Guard::Menu: being in the tree (an ancestor, say) is not enough.
        Err(AppError::PermissionDenied)
    } else if route == dashboard::MENU {
        home(&state, &caller.principal).await
    } else {
        route_data(&caller, &route)
    };
    respond(outcome, mat)
}

async fn home(state: &AppState, caller: &Arc<Principal>) -> Result<Payload, AppError> {
    let (state, caller) = (state.clone(), Arc::clone(caller));
    let now = state.now();
    let stats = tokio::task::spawn_blocking(move || dashboard::figures(&state, &caller, now))
        .await
        .map_err(AppError::internal)??;
    Ok(Payload::Json(
        serde_json::to_value(stats).map_err(AppError::internal)?,
    ))
}

fn route_data(caller: &Caller, route: &str) -> Result<Payload, AppError> {
    let table = &caller.principal.view.routes;
    let index = table
        .find(&format!("/{route}"))
        .ok_or(AppError::PermissionDenied)?;
    let mut breadcrumb = Vec::new();
    let mut cursor = Some(index);
    while let Some(i) = cursor {
        let r = &table.routes[i];
        breadcrumb.push(Crumb {
            alias: r.alias.clone(),
            path: r.path.clone(),
        });
        cursor = r.parent;
    }
    breadcrumb.reverse();
    let target = &table.routes[index];
    let data = RouteData {
        route: route.to_owned(),
        alias: target.alias.clone(),
        path: target.path.clone(),
        breadcrumb,
    };
    Ok(Payload::Json(
        serde_json::to_value(data).map_err(AppError::internal)?,
    ))
}
