//! The request layer: encodes calls with `protocol`, performs them with gloo-net, stores a new `mat`,
//! applies the catalogue and hands effects to the app's handler.

use std::cell::RefCell;

use gloo_net::http::{Request, RequestBuilder};
use js_sys::{Function, Object, Reflect};
use wasm_bindgen::prelude::*;
use web_sys::{AbortController, AbortSignal, RequestCredentials};

use super::errors::CoreError;
use super::storage;
use crate::catalogue::{Decision, Effect, Ending, decide};
use crate::protocol::{
    self, ApiBase, Call, ConfigProblem, FORM_CONTENT_TYPE, Method, ResponseEnvelope,
};
use crate::redirect::strip_base;

thread_local! {
    // None until configured (the development base): a `const` initializer needs no lazy
    // thread-local machinery (size budget).
    static BASE: RefCell<Option<ApiBase>> = const { RefCell::new(None) };
    static EFFECT_HANDLER: RefCell<Option<Function>> = const { RefCell::new(None) };
}

/// Sets the gateway base.
pub fn configure(base: &ApiBase) {
    BASE.with(|b| *b.borrow_mut() = Some(base.clone()));
}

fn with_base<T>(f: impl FnOnce(&ApiBase) -> T) -> T {
    BASE.with(|b| f(b.borrow().as_ref().unwrap_or(&ApiBase::Development)))
}

/// The gateway base URL in use.
pub fn base_url() -> String {
    with_base(ApiBase::url)
}

/// The gateway's origin for its root paths; empty for the app's own.
pub fn base_origin() -> String {
    with_base(|b| b.origin().to_owned())
}

/// Registers the app's effect handler.
pub fn set_effect_handler(handler: Function) {
    EFFECT_HANDLER.with(|h| *h.borrow_mut() = Some(handler));
}

/// Hands an effect to the app; false when no handler is registered.
pub fn emit(effect: &Effect) -> bool {
    let handler = EFFECT_HANDLER.with(|h| h.borrow().clone());
    match handler {
        Some(f) => {
            if let Err(e) = f.call1(&JsValue::NULL, &super::convert::to_js(effect)) {
                web_sys::console::error_2(&"effect handler threw".into(), &e);
            }
            true
        }
        None => {
            web_sys::console::warn_1(&"core-wasm: no effect handler registered".into());
            false
        }
    }
}

/// The page the user is on, in-app, and its query string.
pub fn current_location() -> (String, String) {
    let location = web_sys::window().map(|w| w.location());
    let path = location
        .as_ref()
        .and_then(|l| l.pathname().ok())
        .unwrap_or_default();
    let search = location
        .as_ref()
        .and_then(|l| l.search().ok())
        .unwrap_or_default();
    (strip_base(&path).unwrap_or(path), search)
}

/// What came back, before the catalogue.
enum Answer {
    Envelope {
        success: bool,
        code: String,
        msg: String,
        data: JsValue,
    },
    Http(u16),
    NoResponse,
}

/// Sends the request, then the body as text when the status is 200.
async fn fetch_text(builder: Result<Request, gloo_net::Error>) -> Result<String, Answer> {
    let request = builder.map_err(|_| Answer::NoResponse)?;
    let response = request.send().await.map_err(|_| Answer::NoResponse)?;
    let status = response.status();
    if status != 200 {
        return Err(Answer::Http(status));
    }
    response.text().await.map_err(|_| Answer::NoResponse)
}

/// Reads the run-time configuration file at `url` and configures the base from it. A 404 keeps
/// the build's default; anything else wrong is the message naming the file and the value.
pub async fn load_config(url: &str) -> Result<(), String> {
    let text = match fetch_text(Request::get(url).build()).await {
        Ok(text) => text,
        Err(Answer::Http(404)) => return Ok(()),
        Err(Answer::Http(status)) => return Err(ConfigProblem::Status(status).message(url, "")),
        Err(_) => return Err(ConfigProblem::Status(0).message(url, "")),
    };
    let parsed = js_sys::JSON::parse(&text).map_err(|e| {
        ConfigProblem::NotJson(super::errors::string_prop(&e, "message")).message(url, "")
    })?;
    let value = Reflect::get(&parsed, &JsValue::from_str("apiBase"))
        .ok()
        .and_then(|v| v.as_string())
        .ok_or_else(|| ConfigProblem::NoApiBase.message(url, ""))?;
    let base = ApiBase::read(&value).map_err(|p| p.message(url, &value))?;
    configure(&base);
    Ok(())
}

/// Sends a request and reads the envelope.
async fn perform(builder: Result<Request, gloo_net::Error>) -> Answer {
    let text = match fetch_text(builder).await {
        Ok(text) => text,
        Err(answer) => return answer,
    };
    // A 200 whose body is not the envelope is a transport fault, reported as its status.
    let Some(envelope) = js_sys::JSON::parse(&text)
        .ok()
        .and_then(|b| read_envelope(&b))
    else {
        return Answer::Http(200);
    };
    if !envelope.mat.is_empty() && storage::mat().as_deref() != Some(envelope.mat.as_str()) {
        storage::set_mat(&envelope.mat);
    }
    Answer::Envelope {
        success: envelope.success,
        code: envelope.code,
        msg: envelope.msg,
        data: envelope.data,
    }
}

/// The parts of a response envelope the client uses.
#[derive(Debug)]
pub struct Envelope {
    /// `result.success`.
    pub success: bool,
    /// `result.code`, `""` when null or absent.
    pub code: String,
    /// `result.msg`, `""` when null or absent.
    pub msg: String,
    /// `result.data` as the JS value it was parsed into, null when absent.
    pub data: JsValue,
    /// `meta.mat`, `""` when null or absent.
    pub mat: String,
}

/// Data kept as the JS value it was parsed into (serde-wasm-bindgen's `preserve`).
#[derive(serde::Deserialize)]
#[serde(transparent)]
struct Preserved(#[serde(with = "serde_wasm_bindgen::preserve")] JsValue);

impl Default for Preserved {
    fn default() -> Preserved {
        Preserved(JsValue::NULL)
    }
}

/// Reads a parsed body with the protocol's one envelope type, [`ResponseEnvelope`], the data kept
/// as a JS value. None when the body is not the envelope.
pub fn read_envelope(body: &JsValue) -> Option<Envelope> {
    let e: ResponseEnvelope<Preserved> = serde_wasm_bindgen::from_value(body.clone()).ok()?;
    let data = if e.result.data.0.is_undefined() {
        JsValue::NULL
    } else {
        e.result.data.0
    };
    Some(Envelope {
        success: e.result.success,
        code: e.result.code,
        msg: e.result.msg,
        data,
        mat: e.meta.mat.unwrap_or_default(),
    })
}

fn result_object(success: bool, code: &str, msg: &str, data: &JsValue) -> JsValue {
    let o = Object::new();
    for (k, v) in [
        ("success", JsValue::from_bool(success)),
        ("code", code.into()),
        ("msg", msg.into()),
        ("data", data.clone()),
    ] {
        super::convert::set(&o, k, &v);
    }
    o.into()
}

/// Applies the catalogue to an answer: performs the decided effect and resolves or rejects.
fn settle(answer: Answer, skip_error_handler: bool) -> Result<JsValue, JsValue> {
    let (path, search) = current_location();
    let (ending, value) = match &answer {
        Answer::Envelope {
            success,
            code,
            msg,
            data,
        } => (
            Ending::Business {
                success: *success,
                code,
                msg,
            },
            if *success {
                Ok(result_object(true, code, msg, data))
            } else {
                Err(CoreError::Biz { code, msg, data }.into())
            },
        ),
        Answer::Http(status) => (
            Ending::Http { status: *status },
            Err(CoreError::Http(*status).into()),
        ),
        Answer::NoResponse => (Ending::NoResponse, Err(CoreError::NoResponse.into())),
    };
    let Decision {
        effect,
        clear_session,
        reject,
    } = decide(ending, skip_error_handler, &path, &search);
    if clear_session {
        storage::clear();
    }
    if let Some(effect) = &effect {
        emit(effect);
    }
    match (value, &answer, reject) {
        (Ok(v), _, _) => Ok(v),
        (Err(e), _, true) => Err(e),
        // "The result is still returned as data" for business failures the catalogue handled.
        (
            Err(_),
            Answer::Envelope {
                success,
                code,
                msg,
                data,
            },
            false,
        ) => Ok(result_object(*success, code, msg, data)),
        (Err(e), _, false) => Err(e),
    }
}

fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// A signal of the core's own that aborts when `outer` does. The caller's signal may abort with any
/// reason (a string, say), which the fetch would reject with; gloo-net accepts only an `Error`
/// there. Aborted without a reason, the core's rejects with an `AbortError` (a `DOMException`).
fn relay_abort(outer: &AbortSignal) -> Option<AbortController> {
    let inner = AbortController::new().ok()?;
    let relay = inner.clone();
    let on_abort = Closure::once_into_js(move || relay.abort());
    outer.set_onabort(Some(on_abort.unchecked_ref()));
    Some(inner)
}

/// Calls an operation.
pub async fn call(
    api: &str,
    method: Method,
    data: &JsValue,
    skip_error_handler: bool,
    signal: Option<AbortSignal>,
) -> Result<JsValue, JsValue> {
    let data_json = if data.is_undefined() || data.is_null() {
        "{}".to_owned()
    } else {
        js_sys::JSON::stringify(data)
            .ok()
            .and_then(|s| s.as_string())
            .ok_or_else(|| {
                JsValue::from(CoreError::Argument {
                    what: "data",
                    detail: "不能序列化为 JSON",
                })
            })?
    };
    let mat = storage::mat().unwrap_or_default();
    let base = base_url();
    let encoded = protocol::encode(
        &base,
        &Call {
            api,
            method,
            data_json: &data_json,
            mat: &mat,
            ts_ms: now_ms(),
        },
    );
    // Called off before it went out: nothing is sent.
    if let Some(signal) = signal.as_ref().filter(|s| s.aborted()) {
        return Err(signal.reason());
    }
    let inner = signal.as_ref().and_then(relay_abort);
    let inner_signal = inner.as_ref().map(AbortController::signal);
    let builder = match encoded.method {
        Method::Get => Request::get(&encoded.url)
            .abort_signal(inner_signal.as_ref())
            .build(),
        Method::Post => Request::post(&encoded.url)
            .abort_signal(inner_signal.as_ref())
            .header("Content-Type", FORM_CONTENT_TYPE)
            .body(encoded.body.unwrap_or_default()),
    };
    let answer = perform(builder).await;
    // Called off (typing went on): no toast, no redirect; the caller has moved on.
    if let Some(signal) = signal.filter(|s| s.aborted()) {
        return Err(signal.reason());
    }
    settle(answer, skip_error_handler)
}

/// GET of a plain path under the base (sent with the `mat` cookie, re-synced from storage first).
pub async fn plain_get(url: &str, skip_error_handler: bool) -> Result<JsValue, JsValue> {
    storage::sync_mat_cookie();
    let builder: RequestBuilder = Request::get(url).credentials(RequestCredentials::Include);
    settle(perform(builder.build()).await, skip_error_handler)
}

#[cfg(test)]
mod tests {
    use wasm_bindgen_test::*;

    use super::{ApiBase, base_url, configure};

    wasm_bindgen_test_configure!(run_in_browser);

    // Its own test binary: nothing configured the base before this test.
    #[wasm_bindgen_test]
    fn the_base_is_the_development_one_until_configured() {
        assert_eq!(base_url(), "/api");
        let test = ApiBase::parse("test:http://gw.example");
        assert!(test.is_some());
        if let Some(test) = test {
            configure(&test);
        }
        assert_eq!(base_url(), "http://gw.example/m");
        configure(&ApiBase::Development);
        assert_eq!(base_url(), "/api");
    }
}
