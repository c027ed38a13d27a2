//! Adnur Admin's core: every rule of the client, shared natively with the mock gateway.
//!
//! Pure modules compile and test natively; `wasm` (wasm32 only) is the thin browser face.

pub mod access;
pub mod catalogue;
pub mod chunk;
pub mod codes;
pub mod constants;
pub mod csv;
pub mod format;
pub mod menu;
pub mod navigation;
pub mod paging;
pub mod protocol;
pub mod redirect;
pub mod session;
pub mod tree;
pub mod validate;

#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod wasm;

/// Talc instead of the default dlmalloc: a few KB less in the module (single-threaded wasm only).
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
