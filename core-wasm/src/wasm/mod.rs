//! The browser face of the core: thin `#[wasm_bindgen]` exports that delegate to the pure modules and
//! convert values. Nothing here decides a rule.

pub mod client;
pub mod convert;
pub mod domain;
pub mod errors;
pub mod exports;
pub mod storage;
pub mod types;
