//! Base paths and the login page's `redirect` parameter.

use crate::constants::{BASE_PATH, BASE_PATH_VARIANT, LOGIN_PATH};

/// The path inside the app for a browser pathname under `/adnuradmin/` or `/adnurAdmin/`.
pub fn strip_base(pathname: &str) -> Option<String> {
    for base in [BASE_PATH, BASE_PATH_VARIANT] {
        let bare = base.trim_end_matches('/');
        if pathname == bare {
            return Some("/".to_owned());
        }
        if let Some(rest) = pathname.strip_prefix(bare) {
            if rest.starts_with('/') {
                return Some(rest.to_owned());
            }
        }
    }
    None
}

/// The browser href of an in-app path.
pub fn app_href(path: &str) -> String {
    format!(
        "{}{}",
        BASE_PATH.trim_end_matches('/'),
        if path.starts_with('/') {
            path.to_owned()
        } else {
            format!("/{path}")
        }
    )
}

/// Accepts a `redirect` value only when it is a same-app path: one leading `/`, no `//` or `/\`,
/// no scheme, no backslash or control character, also after percent-decoding (up to three layers).
/// A value under the base path is reduced to the in-app path, and that in-app path must pass the
/// same checks (`/adnuradmin//evil.com` reduces to `//evil.com`). The login page itself is refused.
pub fn safe_redirect(raw: &str) -> Option<String> {
    let outer = decoded_if_plain(raw)?;
    let (inner, decoded) = match strip_base(raw) {
        Some(stripped) => {
            let decoded = decoded_if_plain(&stripped)?;
            (stripped, decoded)
        }
        None => (raw.to_owned(), outer),
    };
    let is_login = |value: &str| {
        let path = value.split(['?', '#']).next().unwrap_or("");
        path == LOGIN_PATH || path.starts_with("/login/")
    };
    if is_login(&inner) || is_login(&decoded) {
        return None;
    }
    Some(inner)
}

/// Every percent-decoding layer of `value` (up to three) is a plain path: the fully decoded value.
fn decoded_if_plain(value: &str) -> Option<String> {
    let mut layer = value.to_owned();
    let mut layers = 0;
    loop {
        if !is_plain_path(&layer) {
            return None;
        }
        let decoded = percent_encoding::percent_decode_str(&layer)
            .decode_utf8()
            .ok()?
            .into_owned();
        if decoded == layer {
            return Some(layer);
        }
        layers += 1;
        // Encoded more than three times over: not something our app produces.
        if layers > 3 {
            return None;
        }
        layer = decoded;
    }
}

fn is_plain_path(value: &str) -> bool {
    let mut chars = value.chars();
    if chars.next() != Some('/') {
        return false;
    }
    if matches!(chars.next(), Some('/') | Some('\\')) {
        return false;
    }
    if value
        .chars()
        .any(|c| c.is_control() || c == '\\' || c.is_whitespace())
    {
        return false;
    }
    // A colon before the first `?` could make a scheme or a Windows drive after normalisation.
    let path = value.split(['?', '#']).next().unwrap_or("");
    !path.contains(':')
}

/// Where a visitor without a session is sent: `/login`, with `redirect` back to where they were
/// unless that is the root.
pub fn login_location(path: &str, search: &str) -> String {
    let target = format!("{path}{search}");
    if path == "/" || path.is_empty() || safe_redirect(&target).is_none() {
        return LOGIN_PATH.to_owned();
    }
    let encoded: String = form_urlencoded::byte_serialize(target.as_bytes()).collect();
    format!("{LOGIN_PATH}?redirect={encoded}")
}

/// The safe `redirect` of a login page's query string, else `/`.
pub fn redirect_after_login(search: &str) -> String {
    form_urlencoded::parse(search.trim_start_matches('?').as_bytes())
        .find(|(k, _)| k == "redirect")
        .and_then(|(_, v)| safe_redirect(&v))
        .unwrap_or_else(|| "/".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_spellings_of_the_base_path_reach_the_app() {
        assert_eq!(strip_base("/adnuradmin/home").as_deref(), Some("/home"));
        assert_eq!(
            strip_base("/adnurAdmin/system/user").as_deref(),
            Some("/system/user")
        );
        assert_eq!(strip_base("/adnuradmin").as_deref(), Some("/"));
        assert_eq!(strip_base("/adnuradmin/").as_deref(), Some("/"));
        assert_eq!(strip_base("/adnuradminx/home"), None);
        assert_eq!(strip_base("/ADNURADMIN/home"), None);
        assert_eq!(app_href("/login"), "/adnuradmin/login");
    }

    #[test]
    fn only_same_app_paths_are_followed() {
        for ok in [
            "/home",
            "/system/user?page=2&username=a",
            "/baseMgmt/shopMgmt#top",
            "/adnuradmin/home",
        ] {
            assert!(safe_redirect(ok).is_some(), "{ok}");
        }
        assert_eq!(safe_redirect("/adnuradmin/home").as_deref(), Some("/home"));
        for bad in [
            "",
            "home",
            "//evil.com",
            "/\\evil.com",
            "\\\\evil.com",
            "https://evil.com",
            "javascript:alert(1)",
            "/%2F%2Fevil.com",
            "/%2fevil.com",
            "%2F%2Fevil.com",
            "/%5Cevil.com",
            "/%252F%252Fevil.com",
            "/%25252F%25252Fevil.com",
            "/%2525252F%2525252Fevil.com",
            "/java\nscript",
            "/ok\tx",
            "/a:b",
            "/%3A",
            "/login",
            "/login?redirect=/home",
            "/%E0%A4%A",
            "/%6Cogin",
        ] {
            assert_eq!(safe_redirect(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_path_under_the_base_is_checked_too() {
        for bad in [
            "/adnuradmin//evil.com",
            "/adnurAdmin//evil.com",
            "/adnuradmin/\\evil.com",
            "/adnuradmin/%2F%2Fevil.com",
            "/adnurAdmin/%2f%2fevil.com",
            "/adnuradmin/%252F%252Fevil.com",
            "/adnuradmin/%5Cevil.com",
            "/adnuradmin/login",
            "/adnurAdmin/login?redirect=/home",
        ] {
            assert_eq!(safe_redirect(bad), None, "{bad:?}");
        }
        assert_eq!(
            safe_redirect("/adnurAdmin/system/user?page=2").as_deref(),
            Some("/system/user?page=2")
        );
        assert_eq!(safe_redirect("/adnuradmin").as_deref(), Some("/"));
        assert_eq!(
            redirect_after_login("?redirect=%2Fadnuradmin%2F%2Fevil.com"),
            "/"
        );
        assert_eq!(
            login_location("/adnuradmin//evil.com", ""),
            "/login",
            "no way back to a path that is not ours"
        );
    }

    #[test]
    fn visitors_are_sent_to_login_with_a_way_back() {
        assert_eq!(login_location("/", ""), "/login");
        assert_eq!(
            login_location("/system/user", "?page=2"),
            "/login?redirect=%2Fsystem%2Fuser%3Fpage%3D2"
        );
        assert_eq!(login_location("//evil.com", ""), "/login");
        assert_eq!(
            redirect_after_login("?redirect=%2Fsystem%2Fuser%3Fpage%3D2"),
            "/system/user?page=2"
        );
        assert_eq!(redirect_after_login("?redirect=%2F%2Fevil.com"), "/");
        assert_eq!(redirect_after_login(""), "/");
    }
}
