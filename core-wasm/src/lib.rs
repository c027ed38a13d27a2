//! Adnur Admin's core: every rule of the client, shared natively with the mock gateway.
//!
//! Pure modules compile and test natively; `wasm` (wasm32 only) is the thin browser face.

pub mod access;
pub mod catalogue;
pub mod choices;
pub mod chunk;
pub mod codes;
pub mod constants;
pub mod csv;
pub mod format;
pub mod lifecycle;
pub mod login;
pub mod menu;
pub mod navigation;
pub mod ops;
pub mod paging;
pub mod perms;
pub mod protocol;
pub mod redirect;
pub mod rules;
pub mod schedule;
pub mod session;
pub mod tree;
pub mod validate;
pub mod views;

#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod wasm;

/// `haystack.contains(needle)` by a plain byte scan (UTF-8 matches bytewise exactly where it matches
/// by characters). The standard library's two-way searcher is ~3 KB of the wasm module; the texts
/// searched here are a message or a password.
pub(crate) fn contains(haystack: &str, needle: &str) -> bool {
    needle.is_empty()
        || haystack
            .as_bytes()
            .windows(needle.len())
            .any(|w| w == needle.as_bytes())
}

/// Talc instead of the default dlmalloc: a few KB less in the module (single-threaded wasm only).
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(test)]
mod tests {
    #[test]
    fn contains_agrees_with_str_contains() {
        let texts = [
            "",
            "a",
            "abc",
            "登录已失效",
            "xuser_need_login_token_invalidx",
            "aaab",
        ];
        for h in texts {
            for n in texts
                .iter()
                .chain(&["b", "ab", "已失", "aab", "abcd", "\u{5931}"])
            {
                assert_eq!(super::contains(h, n), h.contains(n), "{h:?} {n:?}");
            }
        }
    }
}
