//! The safe redirect: whatever `redirect` a link carries, the app only ever goes to a same-app path.

use core_wasm::redirect::{redirect_after_login, safe_redirect};

fn same_app(path: &str) {
    assert!(path.starts_with('/'), "not a path: {path:?}");
    assert!(!path.starts_with("//"), "protocol-relative: {path:?}");
    assert!(!path.contains('\\'), "backslash: {path:?}");
    assert!(
        !path.chars().any(char::is_control),
        "control character: {path:?}"
    );
}

pub fn run(bytes: &[u8]) {
    let raw = String::from_utf8_lossy(bytes);
    if let Some(path) = safe_redirect(&raw) {
        same_app(&path);
        let page = path.split(['?', '#']).next().unwrap_or("");
        assert!(
            page != "/login" && !page.starts_with("/login/"),
            "back to the login page: {path:?}"
        );
    }
    let search = format!("?redirect={raw}");
    same_app(&redirect_after_login(&search));
    same_app(&redirect_after_login(&raw));
}
