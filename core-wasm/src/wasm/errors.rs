//! Errors cross into JS as real `Error` objects with a stable `name` and `code`.

use js_sys::{Error, Reflect};
use wasm_bindgen::prelude::*;

use crate::chunk::{CHUNK_ERROR_NAME, ChunkError};
use crate::constants::NO_RESPONSE_TEXT;

fn set(target: &JsValue, key: &str, value: &JsValue) {
    // Setting a property on a fresh Error cannot fail.
    let _ = Reflect::set(target, &JsValue::from_str(key), value);
}

fn error(name: &str, message: &str, code: &str) -> Error {
    let e = Error::new(message);
    e.set_name(name);
    set(&e, "code", &JsValue::from_str(code));
    e
}

/// `BizError` with `code`, `msg` and `data`.
pub fn biz_error(code: &str, msg: &str, data: &JsValue) -> JsValue {
    let message = if msg.is_empty() { code } else { msg };
    let e = error("BizError", message, code);
    set(&e, "msg", &JsValue::from_str(msg));
    set(&e, "data", data);
    e.into()
}

/// `HttpError` with `status`.
pub fn http_error(status: u16) -> JsValue {
    let e = error(
        "HttpError",
        &format!("Response status:{status}"),
        "HTTP_ERROR",
    );
    set(&e, "status", &JsValue::from(status));
    e.into()
}

/// `NoResponseError`.
pub fn no_response_error() -> JsValue {
    error("NoResponseError", NO_RESPONSE_TEXT, "NO_RESPONSE").into()
}

/// `ChunkLoadError` with `cause` and `chunkId`.
pub fn chunk_error(failure: &ChunkError) -> JsValue {
    let e = error(CHUNK_ERROR_NAME, &failure.message, failure.code);
    set(&e, "cause", &JsValue::from_str(failure.cause.as_str()));
    set(&e, "chunkId", &JsValue::from_str(&failure.chunk_id));
    e.into()
}

/// A plain `Error` for bad arguments from the app (a programming error, not a user's).
pub fn argument_error(what: &str, detail: &str) -> JsValue {
    error(
        "ArgumentError",
        &format!("{what}: {detail}"),
        "ARGUMENT_INVALID",
    )
    .into()
}

/// Reads a string property, empty when absent.
pub fn string_prop(target: &JsValue, key: &str) -> String {
    Reflect::get(target, &JsValue::from_str(key))
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}
