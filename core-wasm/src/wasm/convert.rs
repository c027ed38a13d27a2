//! Values across the boundary, through serde-wasm-bindgen: Rust → JS as plain JSON-like values
//! (objects, arrays, `null` for `None`), JS → Rust by the types' own `Deserialize`.

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsValue;

use super::errors::CoreError;

/// A Rust value as the plain JS value JSON would give (maps as objects, `None` as `null`). A value
/// JS cannot hold (an integer past 2^53) throws an `Error` saying so: answering `undefined` made a
/// form's whole rule set vanish without a word.
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or_else(|e| {
            wasm_bindgen::throw_str(&format!("core-wasm: a value cannot cross to JS: {e}"))
        })
}

/// A JS value read as `T`, or an `ArgumentError` naming the argument `what`.
pub fn from_js<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsValue> {
    serde_wasm_bindgen::from_value(value).map_err(|e| {
        CoreError::Argument {
            what,
            detail: &e.to_string(),
        }
        .into()
    })
}

/// Sets `target[key]`. One function for every object the core builds (errors, results, outcomes):
/// not inlined, so each property costs a call rather than a copy of the glue (size budget).
#[inline(never)]
pub fn set(target: &JsValue, key: &str, value: &JsValue) {
    // Setting a property on a fresh object cannot fail.
    let _ = js_sys::Reflect::set(target, &JsValue::from_str(key), value);
}
