//! The operation registry and the dispatcher: `api` name → {handler, method, guard}.
//!
//! Order of checks for a call (product.md): unknown `api` → `api_not_found`; wrong HTTP method →
//! `param_invalid`; then (except public operations such as login) the session →
//! `user_need_login_token_invalid`; then the role → `permission_denied`; then the parameters →
//! `param_invalid`; then the handler.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use axum::response::Response;
use core_wasm::protocol::{IncomingCall, Method};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::cache::Principal;
use crate::error::{AppError, respond};
use crate::session::TokenHash;
use crate::state::AppState;

/// Who may call an operation: the catalogue's guard.
pub use core_wasm::ops::Guard;

/// Where a handler runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Run {
    /// On the async worker: only for handlers that touch memory alone (the hot reads).
    Inline,
    /// On the blocking pool: anything that reads or writes SQLite or hashes passwords.
    Blocking,
}

/// A handler: the call's context and its `data` object.
pub type Handler = fn(&Ctx, Value) -> Result<Reply, AppError>;

/// One operation of the registry.
#[derive(Clone, Copy)]
pub struct Operation {
    /// The `api` name, e.g. `mtop.admin.user.list`.
    pub api: &'static str,
    /// GET for reads, POST for writes.
    pub method: Method,
    /// Who may call it.
    pub guard: Guard,
    /// Where it runs.
    pub run: Run,
    /// What it does.
    pub handler: Handler,
}

impl Operation {
    /// The catalogue's operation `O` (its name, method and guard) run by `handler` on the blocking
    /// pool. Every operation the gateway serves is registered through this.
    pub const fn of<O: core_wasm::ops::Operation>(handler: Handler) -> Operation {
        Operation {
            api: O::API,
            method: O::METHOD,
            guard: O::GUARD,
            run: Run::Blocking,
            handler,
        }
    }

    /// An operation outside the catalogue (tests register their own), on the blocking pool.
    pub const fn get(api: &'static str, guard: Guard, handler: Handler) -> Operation {
        Operation {
            api,
            method: Method::Get,
            guard,
            run: Run::Blocking,
            handler,
        }
    }

    /// A write outside the catalogue (tests register their own), on the blocking pool.
    pub const fn post(api: &'static str, guard: Guard, handler: Handler) -> Operation {
        Operation {
            api,
            method: Method::Post,
            guard,
            run: Run::Blocking,
            handler,
        }
    }

    /// The same operation running inline.
    pub const fn inline(mut self) -> Operation {
        self.run = Run::Inline;
        self
    }
}

/// Every operation by name.
#[derive(Clone, Default)]
pub struct Registry {
    ops: BTreeMap<&'static str, Operation>,
}

impl Registry {
    /// The gateway's operations.
    pub fn standard() -> Registry {
        let mut registry = Registry::default();
        for op in crate::api::operations() {
            registry.insert(op);
        }
        registry
    }

    /// Adds (or replaces) an operation.
    pub fn insert(&mut self, op: Operation) {
        self.ops.insert(op.api, op);
    }

    /// An operation by name.
    pub fn get(&self, api: &str) -> Option<&Operation> {
        self.ops.get(api)
    }

    /// Every operation, by name.
    pub fn iter(&self) -> impl Iterator<Item = &Operation> {
        self.ops.values()
    }
}

/// A call's context, handed to handlers.
pub struct Ctx {
    /// The state.
    pub state: AppState,
    /// The operation's name.
    pub api: &'static str,
    /// The signed-in caller (None for public operations).
    pub caller: Option<Arc<Principal>>,
    /// The hash of the caller's token.
    pub token_hash: Option<TokenHash>,
    /// The caller's sign-in (chain of rotated tokens).
    pub family: Option<String>,
    /// The caller's address, for the audit log.
    pub ip: String,
    /// Now, epoch ms (read once per call).
    pub now: i64,
}

impl Ctx {
    /// The signed-in caller; operations guarded by a session always have one.
    pub fn caller(&self) -> Result<&Arc<Principal>, AppError> {
        self.caller
            .as_ref()
            .ok_or_else(|| AppError::internal("an operation needing a caller ran without one"))
    }
}

/// An answer's `data`: a value, or JSON encoded ahead of time (cached trees).
#[derive(Debug, Clone)]
pub enum Payload {
    /// A JSON value.
    Json(Value),
    /// Pre-encoded JSON.
    Raw(Arc<RawValue>),
}

impl Serialize for Payload {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Payload::Json(v) => v.serialize(s),
            Payload::Raw(r) => (**r).serialize(s),
        }
    }
}

/// What a successful answer does to `meta.mat`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mat {
    /// Whatever the session check decided (a rotated token, or null).
    Keep,
    /// A new token (login).
    Set(String),
    /// Null even if the call rotated the token (logout).
    Clear,
}

/// A successful answer.
#[derive(Debug, Clone)]
pub struct Reply {
    /// `result.data`.
    pub data: Payload,
    /// `meta.mat`.
    pub mat: Mat,
}

impl Reply {
    /// An answer with `value` as data.
    pub fn json(value: impl Serialize) -> Result<Reply, AppError> {
        Ok(Reply {
            data: Payload::Json(serde_json::to_value(value).map_err(AppError::internal)?),
            mat: Mat::Keep,
        })
    }

    /// A list's answer: `{list, total, page, pageSize}` (product.md, "Conventions").
    pub fn page(list: impl Serialize, total: i64, paging: &Paging) -> Result<Reply, AppError> {
        Reply::json(serde_json::json!({
            "list": list,
            "total": total,
            "page": paging.page,
            "pageSize": paging.page_size,
        }))
    }

    /// An answer with pre-encoded data.
    pub fn raw(raw: Arc<RawValue>) -> Reply {
        Reply {
            data: Payload::Raw(raw),
            mat: Mat::Keep,
        }
    }
}

/// Runs one protocol call and renders its answer. Logs api, code and latency, never the token.
pub async fn dispatch(state: AppState, call: IncomingCall, method: Method, ip: String) -> Response {
    let started = Instant::now();
    let (outcome, mat) = run(&state, &call, method, ip).await;
    let code = match &outcome {
        Ok(_) => "SUCCESS",
        Err(e) => e.code().as_str(),
    };
    tracing::debug!(
        api = %call.api,
        code,
        latency_us = started.elapsed().as_micros() as u64,
        "call"
    );
    respond(outcome, mat)
}

async fn run(
    state: &AppState,
    call: &IncomingCall,
    method: Method,
    ip: String,
) -> (Result<Payload, AppError>, Option<String>) {
    let Some(op) = state.registry.get(&call.api).copied() else {
        return (Err(AppError::ApiNotFound), None);
    };
    if op.method != method {
        let want = match op.method {
            Method::Get => "GET",
            Method::Post => "POST",
        };
        return (
            Err(AppError::BadRequest(format!(
                "接口 {} 须使用 {want} 调用",
                op.api
            ))),
            None,
        );
    }
    let (caller, token_hash, family, mat) = match op.guard {
        Guard::Public => (None, None, None, None),
        Guard::Session | Guard::Menu(_) => match state.authenticate_async(&call.mat).await {
            Ok(c) => (
                Some(c.principal),
                Some(c.token_hash),
                Some(c.family),
                c.new_token,
            ),
            Err(e) => return (Err(e), None),
        },
    };
    if let (Guard::Menu(menu), Some(p)) = (op.guard, &caller) {
        if !p.may(menu) {
            return (Err(AppError::PermissionDenied), mat);
        }
    }
    let data = match crate::protocol::parse_data(&call.data) {
        Ok(d) => d,
        Err(e) => return (Err(e), mat),
    };
    let ctx = Ctx {
        state: state.clone(),
        api: op.api,
        caller,
        token_hash,
        family,
        ip,
        now: state.now(),
    };
    let result = match op.run {
        Run::Inline => (op.handler)(&ctx, data),
        Run::Blocking => tokio::task::spawn_blocking(move || (op.handler)(&ctx, data))
            .await
            .unwrap_or_else(|e| {
                let detail = match e.try_into_panic() {
                    Ok(panic) => format!("{} panicked: {}", op.api, panic_message(&*panic)),
                    Err(e) => format!("{} was cancelled: {e}", op.api),
                };
                Err(AppError::Internal(detail))
            }),
    };
    match result {
        Ok(reply) => {
            let mat = match reply.mat {
                Mat::Keep => mat,
                Mat::Set(token) => Some(token),
                Mat::Clear => None,
            };
            (Ok(reply.data), mat)
        }
        Err(e) => (Err(e), mat),
    }
}

/// The text of a panic payload.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "a non-text panic".to_owned()
    }
}

/// Reads a handler's parameters; a field of the wrong type answers `param_invalid` naming it.
pub fn params<T: DeserializeOwned>(data: Value) -> Result<T, AppError> {
    serde_path_to_error::deserialize(data).map_err(|e| {
        let path = e.path().to_string();
        let field = if path == "." { "data".to_owned() } else { path };
        AppError::field(
            &field,
            format!("参数 {field} 格式不正确：{}", e.into_inner()),
        )
    })
}

/// A required parameter.
pub fn required<T>(value: Option<T>, field: &str) -> Result<T, AppError> {
    value.ok_or_else(|| AppError::field(field, format!("缺少参数 {field}")))
}

/// Lenient readers for parameters that clients often send as strings (ids and paging from URLs).
pub mod lenient {
    use super::*;

    /// An optional integer: a JSON number, a numeric string, or null / `""` (absent).
    pub fn opt_i64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Loose {
            Int(i64),
            Float(f64),
            Text(String),
        }
        match Option::<Loose>::deserialize(d)? {
            None => Ok(None),
            Some(Loose::Int(n)) => Ok(Some(n)),
            Some(Loose::Float(f)) if f.fract() == 0.0 && f.abs() < 9.0e15 => Ok(Some(f as i64)),
            Some(Loose::Float(_)) => Err(serde::de::Error::custom("须为整数")),
            Some(Loose::Text(s)) if s.trim().is_empty() => Ok(None),
            Some(Loose::Text(s)) => s
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| serde::de::Error::custom("须为整数")),
        }
    }

    /// An optional string where `""` counts as absent (empty filters).
    pub fn opt_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        Ok(Option::<String>::deserialize(d)?.filter(|s| !s.trim().is_empty()))
    }
}

/// Validated paging.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    /// Page from 1.
    pub page: i64,
    /// Rows per page, 10–100.
    pub page_size: i64,
}

impl Paging {
    /// Page from 1 (default 1); pageSize in the core's range (default the core's). Out of range
    /// adds a field error.
    pub fn read(
        page: Option<i64>,
        page_size: Option<i64>,
        errors: &mut Vec<core_wasm::validate::FieldError>,
    ) -> Paging {
        use core_wasm::paging::{
            DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE, MIN_PAGE_SIZE, page_size_in_range,
        };
        let page = page.unwrap_or(i64::from(FIRST_PAGE));
        let page_size = page_size.unwrap_or(i64::from(DEFAULT_PAGE_SIZE));
        if page < i64::from(FIRST_PAGE) {
            errors.push(core_wasm::validate::FieldError::new(
                "page",
                "page 须为从 1 开始的整数",
            ));
        }
        if !page_size_in_range(page_size) {
            errors.push(core_wasm::validate::FieldError::new(
                "pageSize",
                format!("pageSize 须在 {MIN_PAGE_SIZE} 到 {MAX_PAGE_SIZE} 之间"),
            ));
        }
        Paging { page, page_size }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Deserialize)]
    struct P {
        #[serde(default, deserialize_with = "lenient::opt_i64")]
        page: Option<i64>,
        #[serde(default)]
        #[allow(dead_code)]
        name: Option<String>,
    }

    #[test]
    fn parameters_name_the_bad_field_and_accept_numeric_strings() {
        let p: P = params(json!({"page": "3"})).unwrap_or(P {
            page: None,
            name: None,
        });
        assert_eq!(p.page, Some(3));
        let p: P = params(json!({"page": ""})).unwrap_or(P {
            page: Some(9),
            name: None,
        });
        assert_eq!(p.page, None);
        match params::<P>(json!({"name": 5})) {
            Err(AppError::Invalid(f)) => assert_eq!(f[0].field, "name"),
            _ => panic!("expected a field error"),
        }
        match params::<P>(json!({"page": "x"})) {
            Err(AppError::Invalid(f)) => assert_eq!(f[0].field, "page"),
            _ => panic!("expected a field error"),
        }
    }

    #[test]
    fn the_registry_serves_exactly_the_catalogue() {
        let ops = crate::api::operations();
        let served: Vec<&str> = ops.iter().map(|op| op.api).collect();
        let catalogued: Vec<&str> = core_wasm::ops::catalogue().map(|op| op.api).collect();
        let unserved: Vec<_> = catalogued.iter().filter(|a| !served.contains(a)).collect();
        let uncatalogued: Vec<_> = served.iter().filter(|a| !catalogued.contains(a)).collect();
        assert!(
            unserved.is_empty(),
            "catalogued without a handler: {unserved:?}"
        );
        assert!(
            uncatalogued.is_empty(),
            "handled but not catalogued: {uncatalogued:?}"
        );
        assert_eq!(
            served.len(),
            catalogued.len(),
            "an operation is registered twice"
        );
        for op in &ops {
            let entry = core_wasm::ops::find(op.api);
            assert_eq!(
                entry.map(|e| (e.method, e.guard)),
                Some((op.method, op.guard)),
                "{}",
                op.api
            );
        }
    }

    #[test]
    fn paging_bounds() {
        let check = |page, size| {
            let mut errors = Vec::new();
            let p = Paging::read(page, size, &mut errors);
            (p, errors.into_iter().map(|e| e.field).collect::<Vec<_>>())
        };
        assert_eq!(
            check(None, None),
            (
                Paging {
                    page: 1,
                    page_size: 20
                },
                vec![]
            )
        );
        assert_eq!(check(Some(0), None).1, ["page"]);
        assert_eq!(check(None, Some(9)).1, ["pageSize"]);
        assert_eq!(check(None, Some(101)).1, ["pageSize"]);
        assert!(check(Some(2), Some(100)).1.is_empty());
    }
}
