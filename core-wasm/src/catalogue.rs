//! The client's error catalogue (seed-spec §8): what the app does for each outcome of a call. The
//! core decides; React performs the effect.

use serde::{Deserialize, Serialize};

use crate::codes::BizCode;
use crate::constants::{LOGIN_PATH, NO_RESPONSE_TEXT, REQUEST_FAILED_FALLBACK};
use crate::navigation::normalize;
use crate::redirect::login_location;

/// A toast's level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum ToastLevel {
    /// Something failed.
    Error,
    /// Something succeeded.
    Success,
    /// For information.
    Info,
}

/// Something the app must do; the core hands it to the effect handler the app registered.
///
/// - `toast`: show `text` at `level`.
/// - `navigate`: a router navigation to the in-app path `to` (e.g. `/login?redirect=%2Fhome`).
/// - `reload`: load `href` (a browser href with the base path, e.g. `/adnuradmin/login`) as a new
///   document, i.e. `window.location.assign(href)`: nothing in memory survives (after logout).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Effect {
    /// Show a toast.
    Toast {
        /// Its level.
        level: ToastLevel,
        /// Its text.
        text: String,
    },
    /// Go to an in-app path (a router navigation; the app keeps running).
    Navigate {
        /// The path, e.g. `/login?redirect=%2Fhome`.
        to: String,
    },
    /// Load `href` as a new document: go there and reload, dropping every in-memory state (the
    /// session ended: caches, stores and the menu must not survive). The app performs it with
    /// `window.location.assign(href)`.
    Reload {
        /// A browser href including the base path, e.g. `/adnuradmin/login`.
        href: String,
    },
}

/// How a call ended, as far as the catalogue cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending<'a> {
    /// The gateway answered a business result.
    Business {
        /// `result.success`.
        success: bool,
        /// `result.code`.
        code: &'a str,
        /// `result.msg`.
        msg: &'a str,
    },
    /// A non-200 HTTP status (or an unreadable body, counted as its status).
    Http {
        /// The status.
        status: u16,
    },
    /// The request went out and nothing came back.
    NoResponse,
}

/// What to do about an ending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// The effect to perform, if any.
    pub effect: Option<Effect>,
    /// Whether the session must be dropped (the token is no longer valid).
    pub clear_session: bool,
    /// Whether the call rejects (true) or resolves with the result as data (false).
    pub reject: bool,
}

/// Where a refusal with `code` sends the user on page `path` + `search`: the login page with the way
/// back when the gateway no longer knows the session (token invalid), unless already there.
pub fn sign_in_again(code: &str, path: &str, search: &str) -> Option<Effect> {
    if !crate::contains(code, BizCode::TokenInvalid.as_str()) {
        return None;
    }
    let here = normalize(path);
    (here != LOGIN_PATH).then(|| Effect::Navigate {
        to: login_location(&here, search),
    })
}

/// Applies the catalogue. `path` and `search` locate the page the user is on (in-app).
pub fn decide(ending: Ending<'_>, skip_error_handler: bool, path: &str, search: &str) -> Decision {
    let quiet = |reject| Decision {
        effect: None,
        clear_session: false,
        reject,
    };
    match ending {
        Ending::Business { success: true, .. } => quiet(false),
        Ending::Business { code, .. } if crate::contains(code, BizCode::TokenInvalid.as_str()) => {
            Decision {
                effect: sign_in_again(code, path, search).filter(|_| !skip_error_handler),
                clear_session: true,
                reject: skip_error_handler,
            }
        }
        Ending::Business { .. } if skip_error_handler => quiet(true),
        Ending::Business { msg, .. } => {
            let text = if msg.trim().is_empty() {
                REQUEST_FAILED_FALLBACK.to_owned()
            } else {
                msg.to_owned()
            };
            Decision {
                effect: Some(Effect::Toast {
                    level: ToastLevel::Error,
                    text,
                }),
                clear_session: false,
                reject: false,
            }
        }
        Ending::Http { .. } | Ending::NoResponse if skip_error_handler => quiet(true),
        Ending::Http { status } => Decision {
            effect: Some(Effect::Toast {
                level: ToastLevel::Error,
                text: format!("Response status:{status}"),
            }),
            clear_session: false,
            reject: true,
        },
        Ending::NoResponse => Decision {
            effect: Some(Effect::Toast {
                level: ToastLevel::Error,
                text: NO_RESPONSE_TEXT.to_owned(),
            }),
            clear_session: false,
            reject: true,
        },
    }
}

/// A caught error as the screens show it (`errorInfo`): a name, a code, a message, whether it is a
/// `data_conflict` (stale version: offer a reload).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErrorDescription {
    /// The error's name, `Error` when it has none.
    pub name: String,
    /// Its code, `UNKNOWN` when it has none.
    pub code: String,
    /// Its message; else the error itself when it is a string; else `请求失败！`.
    pub message: String,
    /// The code is `data_conflict`.
    pub conflict: bool,
}

/// Describes a caught error from what it carries (`name`, `code`, `message`; `text` when the
/// thrown value is itself a string).
pub fn describe_error(
    name: String,
    code: String,
    message: String,
    text: Option<String>,
) -> ErrorDescription {
    let or = |value: String, fallback: &str| {
        if value.is_empty() {
            fallback.to_owned()
        } else {
            value
        }
    };
    let message = if message.is_empty() {
        text.unwrap_or_else(|| crate::constants::REQUEST_FAILED_FALLBACK.to_owned())
    } else {
        message
    };
    ErrorDescription {
        conflict: BizCode::is_conflict(&code),
        name: or(name, "Error"),
        code: or(code, "UNKNOWN"),
        message,
    }
}

/// Where logout leaves the user: the login page, as a fresh document (seed-spec §4).
pub fn after_logout() -> Effect {
    Effect::Reload {
        href: crate::redirect::app_href(LOGIN_PATH),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caught_errors_are_described_with_fallbacks() {
        let e = |n: &str, c: &str, m: &str, t: Option<&str>| {
            describe_error(n.into(), c.into(), m.into(), t.map(str::to_owned))
        };
        let stale = e(
            "BizError",
            "data_conflict",
            "数据已被他人修改，请刷新后重试",
            None,
        );
        assert!(stale.conflict);
        assert_eq!(
            (stale.name.as_str(), stale.code.as_str()),
            ("BizError", "data_conflict")
        );
        let bare = e("", "", "", None);
        assert_eq!(
            (
                bare.name.as_str(),
                bare.code.as_str(),
                bare.message.as_str(),
                bare.conflict
            ),
            ("Error", "UNKNOWN", "请求失败！", false)
        );
        assert_eq!(e("", "", "", Some("boom")).message, "boom");
        assert_eq!(
            e("TypeError", "", "x is undefined", Some("ignored")).message,
            "x is undefined"
        );
    }

    #[test]
    fn logout_reloads_the_login_page_under_the_base_path() {
        assert_eq!(
            after_logout(),
            Effect::Reload {
                href: "/adnuradmin/login".into()
            }
        );
        assert_eq!(
            serde_json::to_string(&after_logout()).expect("json"),
            r#"{"kind":"reload","href":"/adnuradmin/login"}"#
        );
    }

    fn biz<'a>(success: bool, code: &'a str, msg: &'a str) -> Ending<'a> {
        Ending::Business { success, code, msg }
    }

    fn toast(text: &str) -> Option<Effect> {
        Some(Effect::Toast {
            level: ToastLevel::Error,
            text: text.into(),
        })
    }

    #[test]
    fn success_does_nothing() {
        assert_eq!(
            decide(biz(true, "SUCCESS", ""), false, "/home", ""),
            Decision {
                effect: None,
                clear_session: false,
                reject: false
            }
        );
    }

    #[test]
    fn token_invalid_goes_to_login_without_a_toast_unless_already_there() {
        let d = decide(
            biz(false, "user_need_login_token_invalid", "登录已失效"),
            false,
            "/system/user",
            "?page=2",
        );
        assert_eq!(
            d.effect,
            Some(Effect::Navigate {
                to: "/login?redirect=%2Fsystem%2Fuser%3Fpage%3D2".into()
            })
        );
        assert!(d.clear_session);
        assert!(!d.reject);
        let d = decide(
            biz(false, "user_need_login_token_invalid", ""),
            false,
            "/login",
            "",
        );
        assert_eq!(d.effect, None);
        // "contains": a prefixed code still counts.
        let d = decide(
            biz(false, "FAIL_BIZ_user_need_login_token_invalid::x", ""),
            false,
            "/home",
            "",
        );
        assert!(matches!(d.effect, Some(Effect::Navigate { .. })));
    }

    #[test]
    fn other_business_codes_toast_msg_or_the_fallback_and_still_resolve() {
        let d = decide(
            biz(false, "data_conflict", "数据已被他人修改，请刷新后重试"),
            false,
            "/home",
            "",
        );
        assert_eq!(d.effect, toast("数据已被他人修改，请刷新后重试"));
        assert!(!d.reject);
        assert_eq!(
            decide(biz(false, "x", ""), false, "/", "").effect,
            toast("请求失败！")
        );
        assert_eq!(
            decide(biz(false, "x", "  "), false, "/", "").effect,
            toast("请求失败！")
        );
    }

    #[test]
    fn http_errors_and_silence() {
        let d = decide(Ending::Http { status: 500 }, false, "/", "");
        assert_eq!(d.effect, toast("Response status:500"));
        assert!(d.reject);
        let d = decide(Ending::NoResponse, false, "/", "");
        assert_eq!(d.effect, toast("None response! Please retry."));
        assert!(d.reject);
    }

    #[test]
    fn skip_error_handler_skips_every_effect_and_rejects() {
        for ending in [
            biz(false, "data_conflict", "m"),
            biz(false, "user_need_login_token_invalid", ""),
            Ending::Http { status: 413 },
            Ending::NoResponse,
        ] {
            let d = decide(ending, true, "/home", "");
            assert_eq!(d.effect, None, "{ending:?}");
            assert!(d.reject, "{ending:?}");
        }
        assert!(!decide(biz(true, "SUCCESS", ""), true, "/", "").reject);
    }
}
