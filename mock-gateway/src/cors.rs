//! CORS with credentials for the origins named by `--cors-origin` (`ADNUR_CORS_ORIGINS`): the app
//! served from one host calling the gateway on another, as a real deployment may.
//!
//! Only the API's paths get it (`/m`, `/api`, `{base}/v1/qryMenuTree`, `/__serverLoader`, `/files`;
//! see `crate::app_with`), and only when origins are configured. For an allowed `Origin` an answer
//! carries `Access-Control-Allow-Origin: <that origin>` and `Access-Control-Allow-Credentials:
//! true`; a preflight (`OPTIONS` with `Access-Control-Request-Method`) for GET or POST is answered
//! here with the methods, `Content-Type` as the one request header allowed, and a max age. Any other
//! origin gets no `Access-Control-*` header at all, and its preflight goes on to the route (a 405),
//! so the browser refuses the call. Every answer of these paths says `Vary: Origin`: what it carries
//! depends on who asked, and a shared cache must not hand one origin's answer to another.
//!
//! Written here rather than with tower-http's `CorsLayer`, which sends `Allow-Methods` and
//! `Allow-Headers` to refused origins and answers every `OPTIONS` as a preflight.

use std::collections::BTreeSet;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The methods a cross-origin page may use: the protocol's GET and POST.
pub const ALLOW_METHODS: &str = "GET, POST";
/// The one request header allowed beyond the CORS-safelisted ones. The app's own calls need no
/// preflight (GETs, and POSTs of a form body, whose type is safelisted); a client posting another
/// `Content-Type` preflights for it and is let through.
pub const ALLOW_HEADERS: &str = "content-type";
/// How long a browser may keep a preflight's answer, in seconds (Chromium caps it at 7,200).
pub const MAX_AGE_SECS: &str = "600";

/// The allowed origins, normalised by `config::parse_origin`.
#[derive(Debug, Clone)]
pub struct Origins(Arc<BTreeSet<String>>);

impl Origins {
    /// The set of `origins`.
    pub fn new(origins: &[String]) -> Origins {
        Origins(Arc::new(origins.iter().cloned().collect()))
    }

    /// The request's `Origin` when it is one of the allowed (browsers send it lower-case, with no
    /// default port, as the configured ones are kept).
    fn allowed(&self, headers: &HeaderMap) -> Option<HeaderValue> {
        let origin = headers.get(header::ORIGIN)?;
        let text = origin.to_str().ok()?;
        self.0.contains(text).then(|| origin.clone())
    }
}

/// The middleware: see the module's comment.
pub async fn cors(State(origins): State<Origins>, req: Request, next: Next) -> Response {
    let allowed = origins.allowed(req.headers());
    // A preflight this API grants: an allowed origin asking for one of its methods. Any other
    // OPTIONS goes on to the route, whose 405 the browser takes as a refusal.
    let granted = allowed.is_some()
        && req.method() == Method::OPTIONS
        && matches!(
            req.headers()
                .get(header::ACCESS_CONTROL_REQUEST_METHOD)
                .map(HeaderValue::as_bytes),
            Some(b"GET" | b"POST")
        );
    let mut response = if granted {
        let mut response = (StatusCode::NO_CONTENT, Body::empty()).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static(ALLOW_METHODS),
        );
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_HEADERS,
            HeaderValue::from_static(ALLOW_HEADERS),
        );
        headers.insert(
            header::ACCESS_CONTROL_MAX_AGE,
            HeaderValue::from_static(MAX_AGE_SECS),
        );
        response
    } else {
        next.run(req).await
    };
    let headers = response.headers_mut();
    if let Some(origin) = allowed {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_CREDENTIALS,
            HeaderValue::from_static("true"),
        );
    }
    headers.append(header::VARY, HeaderValue::from_static("origin"));
    response
}
