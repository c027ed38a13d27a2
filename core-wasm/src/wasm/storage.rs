//! The session in the browser: `mat` and `userInfo` in localStorage, `mat` also as a cookie.

use wasm_bindgen::JsCast;
use web_sys::{HtmlDocument, Storage};

use crate::constants::{MAT_KEY, USER_INFO_KEY};
use crate::session::{
    UserInfo, clear_mat_cookie, mat_cookie, mat_cookie_sync, mat_from_cookie_header,
};

fn local_storage() -> Option<Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn secure() -> bool {
    web_sys::window()
        .and_then(|w| w.location().protocol().ok())
        .is_some_and(|p| p == "https:")
}

fn html_document() -> Option<HtmlDocument> {
    web_sys::window()?
        .document()?
        .dyn_into::<HtmlDocument>()
        .ok()
}

fn set_cookie(value: &str) {
    if let Some(doc) = html_document() {
        let _ = doc.set_cookie(value);
    }
}

/// The `mat` cookie as the page sees it.
fn cookie_mat() -> Option<String> {
    mat_from_cookie_header(&html_document()?.cookie().ok()?)
}

/// Makes the `mat` cookie mirror the stored token (see [`mat_cookie_sync`]).
pub fn sync_mat_cookie() {
    if let Some(cookie) = mat_cookie_sync(mat().as_deref(), cookie_mat().as_deref(), secure()) {
        set_cookie(&cookie);
    }
}

/// The stored token, if any.
pub fn mat() -> Option<String> {
    local_storage()?
        .get_item(MAT_KEY)
        .ok()?
        .filter(|m| !m.is_empty())
}

/// Stores a new token in localStorage and the `mat` cookie.
pub fn set_mat(token: &str) {
    if let Some(s) = local_storage() {
        let _ = s.set_item(MAT_KEY, token);
    }
    set_cookie(&mat_cookie(token, secure()));
}

/// The stored user, if any and readable: broken JSON, another shape, or a user without an id and
/// a login name is none (never an error), and the app reads the user again through `current`.
pub fn user_info() -> Option<UserInfo> {
    let raw = local_storage()?.get_item(USER_INFO_KEY).ok()??;
    let parsed = js_sys::JSON::parse(&raw).ok()?;
    serde_wasm_bindgen::from_value::<UserInfo>(parsed)
        .ok()
        .filter(UserInfo::is_known)
}

/// Stores the user as JSON.
pub fn set_user_info(user: &UserInfo) {
    let json = js_sys::JSON::stringify(&super::convert::to_js(user))
        .ok()
        .and_then(|s| s.as_string());
    if let (Some(s), Some(json)) = (local_storage(), json) {
        let _ = s.set_item(USER_INFO_KEY, &json);
    }
}

/// This browser's device token for `username`, if it signed in here before.
pub fn device(username: &str) -> Option<String> {
    local_storage()?
        .get_item(&crate::session::device_key(username))
        .ok()?
        .filter(|d| !d.is_empty())
}

/// Keeps `username`'s device token (kept through sign-outs: it names the browser, not a session).
pub fn set_device(username: &str, token: &str) {
    if let Some(s) = local_storage() {
        let _ = s.set_item(&crate::session::device_key(username), token);
    }
}

/// Removes `userInfo` only.
pub fn clear_user_info() {
    if let Some(s) = local_storage() {
        let _ = s.remove_item(USER_INFO_KEY);
    }
}

/// Removes `mat` (storage and cookie) and `userInfo`.
pub fn clear() {
    if let Some(s) = local_storage() {
        let _ = s.remove_item(MAT_KEY);
        let _ = s.remove_item(USER_INFO_KEY);
    }
    set_cookie(&clear_mat_cookie(secure()));
}
