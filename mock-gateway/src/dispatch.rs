//! The dispatcher: `api` name → the registry's operation, checked and run.
//!
//! Order of checks for a call (product.md): unknown `api` → `api_not_found`; wrong HTTP method →
//! `param_invalid`; then (except public operations such as login) the session →
//! `user_need_login_token_invalid`; then the role → `permission_denied` (the page, and for a write
//! the action it needs there: `{page}:{action}`); then the parameters →
//! `param_invalid`; then the handler. Every read runs its query: nothing is answered from memory
//! (the session and permission cache, `crate::cache`, is what every call shares).
//!
//! This module sits above `api` and `kit`: it assembles the standard registry from the domains'
//! operations, and nothing below imports it.

use std::sync::Arc;
use std::time::Instant;

use axum::response::Response;
use core_wasm::protocol::{IncomingCall, Method};
use serde_json::Value;

use crate::error::{AppError, panic_message, respond};
use crate::kit::{Ctx, Mat, Payload, Run};
use crate::state::AppState;

pub use crate::kit::{Guard, Handler, Operation, Registry, Reply};

/// The gateway's operations: every domain's, as the catalogue declares them.
pub fn standard() -> Registry {
    let mut registry = Registry::default();
    for op in crate::api::operations() {
        registry.insert(op);
    }
    registry
}

impl Registry {
    /// The gateway's operations (see [`standard`]).
    pub fn standard() -> Registry {
        standard()
    }
}

/// Who sent a call: their address and browser.
#[derive(Debug, Clone, Default)]
pub struct Client {
    /// The address (see `protocol::ClientIp`).
    pub ip: String,
    /// The `User-Agent`, cut to 256 characters.
    pub agent: String,
}

/// Runs one protocol call and renders its answer. Logs api, code and latency, never the token.
pub async fn dispatch(
    state: AppState,
    registry: Arc<Registry>,
    call: IncomingCall,
    method: Method,
    client: Client,
) -> Response {
    let started = Instant::now();
    let (outcome, mat) = run(&state, &registry, &call, method, client).await;
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
    registry: &Registry,
    call: &IncomingCall,
    method: Method,
    client: Client,
) -> (Result<Payload, AppError>, Option<String>) {
    let Some(op) = registry.get(&call.api).cloned() else {
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
        _ => match state.authenticate_async(&call.mat).await {
            Ok(c) => (
                Some(c.principal),
                Some(c.token_hash),
                Some(c.family),
                c.new_token,
            ),
            Err(e) => return (Err(e), None),
        },
    };
    // Parsed before the role check, which reads whether a save creates; a parse error is
    // answered after it, in the documented order.
    let data = parse_data(&call.data);
    if let Some(p) = &caller {
        let allowed = match &data {
            Ok(d) => p.may_call(op.guard, creates(d)),
            // Whatever it meant to do: the holder of either kind of save learns what is wrong.
            Err(_) => p.may_call(op.guard, true) || p.may_call(op.guard, false),
        };
        if !allowed {
            return (Err(AppError::PermissionDenied), mat);
        }
    }
    let now = state.now();
    let data = match data {
        Ok(d) => d,
        Err(e) => return (Err(e), mat),
    };
    let ctx = Ctx {
        state: state.clone(),
        api: op.api,
        caller,
        token_hash,
        family,
        ip: client.ip,
        user_agent: client.agent,
        now,
    };
    let result = match op.run {
        Run::Inline => (op.handler)(&ctx, data),
        Run::Blocking => {
            let handler = Arc::clone(&op.handler);
            tokio::task::spawn_blocking(move || handler(&ctx, data))
                .await
                .unwrap_or_else(|e| {
                    let detail = match e.try_into_panic() {
                        Ok(panic) => format!("{} panicked: {}", op.api, panic_message(&*panic)),
                        Err(e) => format!("{} was cancelled: {e}", op.api),
                    };
                    Err(AppError::Internal(detail))
                })
        }
        Run::Hashing | Run::Decoding => {
            let pool = match op.run {
                Run::Hashing => &state.hashing,
                _ => &state.decoding,
            };
            let handler = Arc::clone(&op.handler);
            let api = op.api;
            // A sign-in shed below is still an attempt 登录日志 shows (kept in memory, written
            // in batches: a flood must not turn into a flood of writes).
            let shed = (op.guard == Guard::Public).then(|| {
                let name = data.get("username").and_then(|v| v.as_str()).unwrap_or("");
                ctx.attempt(name.trim(), "busy")
            });
            match pool.run(move || handler(&ctx, data)) {
                // Full: shed now, so a flood never queues behind itself.
                None => {
                    if let Some(attempt) = shed {
                        state.shed_sign_ins.push(attempt);
                    }
                    Err(AppError::TooManyRequests)
                }
                Some(done) => done.await.unwrap_or_else(|detail| {
                    Err(AppError::Internal(format!("{api} on its pool: {detail}")))
                }),
            }
        }
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

/// Whether a save's params create a record: they carry no `id` (absent, null or blank), as the
/// lenient id readers take it.
fn creates(data: &Value) -> bool {
    match data.get("id") {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.trim().is_empty(),
        Some(_) => false,
    }
}

/// Parses the `data` parameter: it must be a JSON object. The position of a syntax error is told
/// in Chinese, and when it lies in a parameter's value (an unpaired surrogate `\ud800` in a name,
/// say) that parameter is named as a field error; serde's own text stays out of the answer.
pub fn parse_data(data: &str) -> Result<Value, AppError> {
    let mut de = serde_json::Deserializer::from_str(data);
    let parsed = serde_path_to_error::deserialize::<_, Value>(&mut de)
        .map_err(|e| {
            let field = match e.path().iter().next() {
                Some(serde_path_to_error::Segment::Map { key }) => Some(key.clone()),
                _ => None,
            };
            (field, e.into_inner())
        })
        .and_then(|v| de.end().map(|()| v).map_err(|e| (None, e)));
    match parsed {
        Ok(v @ Value::Object(_)) => Ok(v),
        Ok(_) => Err(AppError::BadRequest("data 必须是 JSON 对象".into())),
        Err((field, e)) => {
            let (line, column) = (e.line(), e.column());
            match field {
                Some(field) => {
                    let message = format!(
                        "参数 {field} 不是合法的 JSON 文本：第 {line} 行第 {column} 列有误"
                    );
                    Err(AppError::field(&field, message))
                }
                None => Err(AppError::BadRequest(format!(
                    "data 不是合法的 JSON：第 {line} 行第 {column} 列有误"
                ))),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_must_be_a_json_object() {
        assert!(parse_data("{}").is_ok());
        let e = parse_data("{").err().map(|e| e.msg()).unwrap_or_default();
        assert_eq!(e, "data 不是合法的 JSON：第 1 行第 1 列有误");
        let e = parse_data("[1]").err().map(|e| e.msg()).unwrap_or_default();
        assert_eq!(e, "data 必须是 JSON 对象");
        let e = parse_data("{} x")
            .err()
            .map(|e| e.msg())
            .unwrap_or_default();
        assert_eq!(e, "data 不是合法的 JSON：第 1 行第 4 列有误");
    }

    /// A syntax error inside a parameter's value names the parameter: an unpaired surrogate (which
    /// `JSON.stringify` writes as `\ud800`) in a name, a broken nested value.
    #[test]
    fn a_broken_value_names_its_parameter() {
        for (data, field) in [
            (r#"{"id":1,"nickname":"\ud800"}"#, "nickname"),
            (r#"{"name":"类目\udfff x"}"#, "name"),
            (
                r#"{"items":[{"kind":"shop","targetId":1},{"kind":"\ud83d"}]}"#,
                "items",
            ),
            (r#"{"id":1,"label":"a\x"}"#, "label"),
        ] {
            match parse_data(data) {
                Err(AppError::Invalid(fields)) => {
                    assert_eq!(fields[0].field, field, "{data}");
                    assert!(
                        fields[0]
                            .message
                            .starts_with(&format!("参数 {field} 不是合法的 JSON 文本：第 1 行第 ")),
                        "{}",
                        fields[0].message
                    );
                }
                other => panic!("{data}: {other:?}"),
            }
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
}
