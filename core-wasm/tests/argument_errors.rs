//! What an `ArgumentError` says it got, in the browser: serde's texts, with numbers and strings
//! written by JS (vendor/serde-wasm-bindgen/PATCHED.md: the module links no Rust float printing or
//! `str` escaping for them).
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, missing_docs)]

use core_wasm::wasm::exports;
use js_sys::Reflect;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn s(v: &JsValue, key: &str) -> String {
    Reflect::get(v, &key.into())
        .unwrap()
        .as_string()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
fn a_number_is_written_as_js_writes_it_with_serdes_point() {
    let expected =
        |unexpected: &str| format!("headers: Error: invalid type: {unexpected}, expected a string");
    for (source, unexpected) in [
        ("[1.5]", "floating point `1.5`"),
        ("[0.1 + 0.2]", "floating point `0.30000000000000004`"),
        ("[-1]", "floating point `-1.0`"),
        ("[2 ** 53]", "floating point `9007199254740992.0`"),
        ("[1e21]", "floating point `1e+21`"),
        ("[Infinity]", "floating point `Infinity`"),
        ("[NaN]", "floating point `NaN`"),
        ("[true]", "boolean `true`"),
        ("[null]", "unit value"),
    ] {
        let headers = js_sys::eval(source).unwrap();
        let err = exports::to_csv(headers, js_sys::Array::new().into()).unwrap_err();
        assert_eq!(s(&err, "name"), "ArgumentError", "{source}");
        assert_eq!(s(&err, "message"), expected(unexpected), "{source}");
    }
}

#[wasm_bindgen_test]
fn a_string_is_quoted_and_escaped() {
    // JSON's escaping, the same as Rust's `Debug` for these characters.
    let tree = js_sys::eval(r#"[{ id: 'a"b\\c\n\t' }]"#).unwrap();
    let err = exports::blocked_parents(tree, 1.0).unwrap_err();
    assert_eq!(s(&err, "name"), "ArgumentError");
    assert_eq!(
        s(&err, "message"),
        r#"tree: Error: invalid type: string "a\"b\\c\n\t", expected i64"#
    );
}
