//! The session's pure rules: the stored user, the nickname shown, the `mat` cookie's attributes.
//! The browser storage itself lives in `wasm::storage`.

use serde::{Deserialize, Serialize};

use crate::constants::{DEFAULT_NICKNAME, MAT_KEY};

/// The signed-in user as stored in `userInfo` and answered by `login` and `current`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    /// System user id.
    #[serde(default)]
    pub id: i64,
    /// Login name.
    #[serde(default)]
    pub name: String,
    /// Display name.
    #[serde(default)]
    pub nickname: String,
    /// Avatar URL, empty for the default avatar.
    #[serde(default)]
    pub avatar: String,
    /// Role names.
    #[serde(default)]
    pub roles: Vec<String>,
    /// The actions held under pages, as codes (`baseMgmt/shopMgmt:audit`): the UI shows an
    /// action to a holder only (`perms::may`).
    #[serde(default)]
    pub perms: Vec<String>,
}

/// Where this browser keeps `username`'s device token: `adnur.device.{username}`, the name as
/// typed but trimmed and with ASCII letters lower-cased, as the gateway matches sign-in names
/// (SQLite's NOCASE).
pub fn device_key(username: &str) -> String {
    let mut key = String::from(crate::constants::DEVICE_KEY_PREFIX);
    key.push_str(&username.trim().to_ascii_lowercase());
    key
}

#[cfg(test)]
mod device_tests {
    #[test]
    fn a_device_key_names_the_account_as_the_gateway_matches_it() {
        assert_eq!(super::device_key(" Operator "), "adnur.device.operator");
        assert_eq!(super::device_key("客服Li"), "adnur.device.客服li");
    }
}

impl UserInfo {
    /// Whether this names a signed-in user (an id and a login name): a stored `userInfo` that
    /// parses but does not (`{}`, a hand-edited value) is as unreadable as broken JSON, and the
    /// app reads the user again through `current` rather than trusting it.
    pub fn is_known(&self) -> bool {
        self.id > 0 && !self.name.trim().is_empty()
    }
}

/// The nickname the header shows: the user's, or `游客` when none is stored or it is blank.
pub fn display_nickname(user: Option<&UserInfo>) -> String {
    match user.map(|u| u.nickname.trim()) {
        Some(n) if !n.is_empty() => n.to_owned(),
        _ => DEFAULT_NICKNAME.to_owned(),
    }
}

/// The cookie string that stores `mat` (architecture.md: `Path=/`, `SameSite=Strict`, `Secure` on https).
pub fn mat_cookie(token: &str, secure: bool) -> String {
    let value: String = percent_encoding::utf8_percent_encode(token, COOKIE_VALUE).collect();
    let secure = if secure { "; Secure" } else { "" };
    format!("{MAT_KEY}={value}; Path=/; SameSite=Strict{secure}")
}

/// The cookie string that removes `mat`.
pub fn clear_mat_cookie(secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{MAT_KEY}=; Path=/; Max-Age=0; SameSite=Strict{secure}")
}

/// The cookie string that makes the `mat` cookie mirror the stored token, or `None` when it already
/// does. The cookie is a session cookie but localStorage persists, so after a browser restart the
/// token is stored and the cookie gone: the plain-path calls (authenticated by the cookie) would
/// fail while the rest of the app looks signed in. A cookie left without a stored token is removed.
pub fn mat_cookie_sync(stored: Option<&str>, cookie: Option<&str>, secure: bool) -> Option<String> {
    match (stored.filter(|m| !m.is_empty()), cookie) {
        (Some(token), cookie) if cookie != Some(token) => Some(mat_cookie(token, secure)),
        (None, Some(_)) => Some(clear_mat_cookie(secure)),
        _ => None,
    }
}

/// Reads `mat` out of a `Cookie` header or `document.cookie`.
pub fn mat_from_cookie_header(header: &str) -> Option<String> {
    header.split(';').find_map(|pair| {
        let (name, value) = pair.trim().split_once('=')?;
        (name == MAT_KEY && !value.is_empty()).then(|| {
            percent_encoding::percent_decode_str(value)
                .decode_utf8_lossy()
                .into_owned()
        })
    })
}

/// Everything but cookie-safe characters is percent-encoded (RFC 6265 cookie-octet).
const COOKIE_VALUE: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b',')
    .add(b';')
    .add(b'\\')
    .add(b'%')
    .add(b'=');

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nickname_defaults_to_guest() {
        assert_eq!(display_nickname(None), "游客");
        let blank = UserInfo {
            nickname: "  ".into(),
            ..Default::default()
        };
        assert_eq!(display_nickname(Some(&blank)), "游客");
        let user = UserInfo {
            nickname: "系统管理员".into(),
            ..Default::default()
        };
        assert_eq!(display_nickname(Some(&user)), "系统管理员");
    }

    #[test]
    fn the_cookie_has_the_documented_attributes() {
        assert_eq!(mat_cookie("abc", false), "mat=abc; Path=/; SameSite=Strict");
        assert_eq!(
            mat_cookie("abc", true),
            "mat=abc; Path=/; SameSite=Strict; Secure"
        );
        assert_eq!(
            clear_mat_cookie(false),
            "mat=; Path=/; Max-Age=0; SameSite=Strict"
        );
        assert_eq!(
            mat_cookie("a;b=c", false),
            "mat=a%3Bb%3Dc; Path=/; SameSite=Strict"
        );
    }

    #[test]
    fn the_cookie_is_made_to_mirror_the_stored_token() {
        // After a browser restart: stored, no cookie.
        assert_eq!(
            mat_cookie_sync(Some("tok"), None, false).as_deref(),
            Some("mat=tok; Path=/; SameSite=Strict")
        );
        assert_eq!(
            mat_cookie_sync(Some("tok"), None, true).as_deref(),
            Some("mat=tok; Path=/; SameSite=Strict; Secure")
        );
        // Another tab rotated the token.
        assert_eq!(
            mat_cookie_sync(Some("new"), Some("old"), false).as_deref(),
            Some("mat=new; Path=/; SameSite=Strict")
        );
        assert_eq!(mat_cookie_sync(Some("tok"), Some("tok"), true), None);
        // Signed out elsewhere: the cookie goes too.
        assert_eq!(
            mat_cookie_sync(None, Some("old"), false).as_deref(),
            Some("mat=; Path=/; Max-Age=0; SameSite=Strict")
        );
        assert_eq!(
            mat_cookie_sync(Some(""), Some("old"), false).as_deref(),
            Some("mat=; Path=/; Max-Age=0; SameSite=Strict")
        );
        assert_eq!(mat_cookie_sync(None, None, false), None);
    }

    #[test]
    fn the_cookie_header_yields_the_token() {
        assert_eq!(
            mat_from_cookie_header("x=1; mat=a%3Bb; y=2").as_deref(),
            Some("a;b")
        );
        assert_eq!(mat_from_cookie_header("matx=1; mat="), None);
        assert_eq!(mat_from_cookie_header(""), None);
    }

    #[test]
    fn only_a_user_with_an_id_and_a_name_is_known() {
        let known = UserInfo {
            id: 3,
            name: "operator".into(),
            ..Default::default()
        };
        assert!(known.is_known());
        assert!(!UserInfo::default().is_known());
        let nameless = UserInfo {
            id: 3,
            name: " ".into(),
            ..Default::default()
        };
        assert!(!nameless.is_known());
        let no_id = UserInfo {
            name: "operator".into(),
            ..Default::default()
        };
        assert!(!no_id.is_known());
    }

    #[test]
    fn user_info_reads_partial_json() {
        let u: UserInfo = serde_json::from_str(r#"{"nickname":"运营小王"}"#).expect("parse");
        assert_eq!(u.nickname, "运营小王");
        assert_eq!(u.name, "");
    }
}
