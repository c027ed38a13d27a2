//! What signing in leads to (seed-spec §4): the outcome the login form shows, decided from the
//! form's field errors and from how the sign-in call ended. `wasm` reads the call's answer, stores
//! the user and hands the effect to the app; the decisions are here, tested natively.

use serde::Serialize;

use crate::catalogue::{Effect, Ending, decide};
use crate::constants::LOGIN_PATH;
use crate::redirect::redirect_after_login;
use crate::session::UserInfo;
use crate::validate::FieldError;

/// What the login form led to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum LoginOutcome {
    /// Signed in: the user (stored as `userInfo`) and where to go.
    Ok {
        /// The signed-in user.
        user: UserInfo,
        /// The safe `redirect` of the login page's query, else `/`.
        redirect: String,
    },
    /// The form breaks its rules; nothing was sent.
    Invalid {
        /// The fields' errors.
        fields: Vec<FieldError>,
    },
    /// The gateway refused the sign-in (wrong password, locked account…).
    Failed {
        /// The business code.
        code: String,
        /// The gateway's message, shown above the form.
        msg: String,
    },
}

/// How the sign-in call ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoginAnswer {
    /// `success: true`; `data` read as the user (an unreadable one counts as an empty user).
    Accepted(UserInfo),
    /// `success: false`.
    Refused {
        /// `result.code`.
        code: String,
        /// `result.msg`.
        msg: String,
    },
    /// A status other than 200 (or a 200 that is not the envelope).
    Http(u16),
    /// The request went out and nothing came back.
    NoResponse,
}

/// Before the call: the form is sent only when it has no field errors; else the outcome is
/// `invalid` with them.
pub fn check_form(fields: Vec<FieldError>) -> Option<LoginOutcome> {
    (!fields.is_empty()).then_some(LoginOutcome::Invalid { fields })
}

/// After the call: the outcome the form shows, or — a transport fault — the call's error stands
/// (the form keeps its reason on the page) after the catalogue's effect for the login page (the
/// toast every other call would get). `search` is the login page's query string.
pub fn after_login(answer: LoginAnswer, search: &str) -> Result<LoginOutcome, Option<Effect>> {
    let ending = match answer {
        LoginAnswer::Accepted(user) => {
            return Ok(LoginOutcome::Ok {
                user,
                redirect: redirect_after_login(search),
            });
        }
        LoginAnswer::Refused { code, msg } => return Ok(LoginOutcome::Failed { code, msg }),
        LoginAnswer::Http(status) => Ending::Http { status },
        LoginAnswer::NoResponse => Ending::NoResponse,
    };
    Err(decide(ending, false, LOGIN_PATH, "").effect)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::ToastLevel;
    use crate::constants::NO_RESPONSE_TEXT;

    fn user() -> UserInfo {
        UserInfo {
            id: 1,
            name: "admin".into(),
            nickname: "管理员".into(),
            avatar: String::new(),
            roles: vec!["超级管理员".into()],
            perms: Vec::new(),
        }
    }

    #[test]
    fn a_form_with_field_errors_is_not_sent() {
        assert_eq!(check_form(Vec::new()), None);
        let fields = vec![FieldError::new("password", "请输入密码")];
        assert_eq!(
            check_form(fields.clone()),
            Some(LoginOutcome::Invalid { fields })
        );
    }

    #[test]
    fn a_sign_in_goes_to_the_safe_redirect_of_the_query_else_home() {
        let ok = |search: &str| after_login(LoginAnswer::Accepted(user()), search);
        assert_eq!(
            ok("?redirect=%2Fsystem%2Fuser%3Fpage%3D2"),
            Ok(LoginOutcome::Ok {
                user: user(),
                redirect: "/system/user?page=2".into()
            })
        );
        for search in [
            "",
            "?redirect=https%3A%2F%2Fevil.com",
            "?redirect=%2F%2Fevil.com",
        ] {
            assert_eq!(
                ok(search),
                Ok(LoginOutcome::Ok {
                    user: user(),
                    redirect: "/".into()
                }),
                "{search}"
            );
        }
    }

    #[test]
    fn a_refusal_is_shown_on_the_form_without_a_toast() {
        assert_eq!(
            after_login(
                LoginAnswer::Refused {
                    code: "user_password_error".into(),
                    msg: "用户名或密码错误".into()
                },
                "?redirect=%2Fhome"
            ),
            Ok(LoginOutcome::Failed {
                code: "user_password_error".into(),
                msg: "用户名或密码错误".into()
            })
        );
    }

    #[test]
    fn transport_faults_reject_after_the_catalogue_toast() {
        let toast = |text: &str| {
            Err(Some(Effect::Toast {
                level: ToastLevel::Error,
                text: text.into(),
            }))
        };
        assert_eq!(
            after_login(LoginAnswer::Http(502), ""),
            toast("Response status:502")
        );
        assert_eq!(
            after_login(LoginAnswer::NoResponse, ""),
            toast(NO_RESPONSE_TEXT)
        );
    }

    #[test]
    fn outcomes_cross_as_the_declared_union() {
        let json = |o: &LoginOutcome| serde_json::to_value(o).unwrap_or_default();
        assert_eq!(
            json(&LoginOutcome::Ok {
                user: user(),
                redirect: "/".into()
            }),
            serde_json::json!({"kind": "ok", "redirect": "/", "user": {
                "id": 1, "name": "admin", "nickname": "管理员", "avatar": "", "roles": ["超级管理员"],
                "perms": []
            }})
        );
        assert_eq!(
            json(&LoginOutcome::Invalid {
                fields: vec![FieldError::new("username", "请输入用户名")]
            }),
            serde_json::json!({"kind": "invalid", "fields": [
                {"field": "username", "message": "请输入用户名"}
            ]})
        );
        assert_eq!(
            json(&LoginOutcome::Failed {
                code: "c".into(),
                msg: "m".into()
            }),
            serde_json::json!({"kind": "failed", "code": "c", "msg": "m"})
        );
    }
}
