//! Errors cross into JS as real `Error` objects with a stable `name` and `code`.

use js_sys::{Error, Reflect};
use wasm_bindgen::prelude::*;

use super::convert::set;
use crate::chunk::{CHUNK_ERROR_NAME, ChunkError};
use crate::constants::NO_RESPONSE_TEXT;

/// Every error the core raises into JS. Each becomes a real `Error` whose `name` and `code` are
/// stable (the app and the catalogue's tests match on them); the rendering is [`From`] below, the
/// one place that builds them.
pub enum CoreError<'a> {
    /// `BizError`: the gateway answered `success: false`; carries `code`, `msg` and `data`.
    Biz {
        /// The business code.
        code: &'a str,
        /// The gateway's message (the `Error`'s message falls back to the code).
        msg: &'a str,
        /// `result.data` as it came.
        data: &'a JsValue,
    },
    /// `HttpError`: a status other than 200 (or a 200 that is not the envelope); carries `status`.
    Http(u16),
    /// `NoResponseError`: the request got no answer.
    NoResponse,
    /// `ChunkLoadError`: a page's script or stylesheet failed; carries `cause` and `chunkId`.
    Chunk(&'a ChunkError),
    /// `ArgumentError`: the app passed something the core cannot read (a programming error).
    Argument {
        /// Which argument.
        what: &'a str,
        /// What is wrong with it.
        detail: &'a str,
    },
    /// `ConfigError`: the run-time configuration file cannot be used; carries the message that
    /// names the file and the value.
    Config(&'a str),
}

fn error(name: &str, message: &str, code: &str) -> Error {
    let e = Error::new(message);
    e.set_name(name);
    set(&e, "code", &JsValue::from_str(code));
    e
}

impl From<CoreError<'_>> for JsValue {
    fn from(failure: CoreError<'_>) -> JsValue {
        match failure {
            CoreError::Biz { code, msg, data } => {
                let message = if msg.is_empty() { code } else { msg };
                let e = error("BizError", message, code);
                set(&e, "msg", &JsValue::from_str(msg));
                set(&e, "data", data);
                e.into()
            }
            CoreError::Http(status) => {
                let e = error(
                    "HttpError",
                    &format!("Response status:{status}"),
                    "HTTP_ERROR",
                );
                set(&e, "status", &JsValue::from(status));
                e.into()
            }
            CoreError::NoResponse => {
                error("NoResponseError", NO_RESPONSE_TEXT, "NO_RESPONSE").into()
            }
            CoreError::Chunk(chunk) => {
                let e = error(CHUNK_ERROR_NAME, &chunk.message, chunk.code);
                set(&e, "cause", &JsValue::from_str(chunk.cause.as_str()));
                set(&e, "chunkId", &JsValue::from_str(&chunk.chunk_id));
                e.into()
            }
            CoreError::Argument { what, detail } => error(
                "ArgumentError",
                &format!("{what}: {detail}"),
                "ARGUMENT_INVALID",
            )
            .into(),
            CoreError::Config(message) => error("ConfigError", message, "CONFIG_INVALID").into(),
        }
    }
}

/// Reads a string property, empty when absent.
pub fn string_prop(target: &JsValue, key: &str) -> String {
    Reflect::get(target, &JsValue::from_str(key))
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}
