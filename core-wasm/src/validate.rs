//! Field errors, and the typed shapes the gateway reads some system forms into. The rules
//! themselves are tables in [`crate::rules`].

use serde::{Deserialize, Serialize};

/// One field's failure: the wire name of the field and a message for people.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct FieldError {
    /// The field's wire name, e.g. `password`.
    pub field: String,
    /// What is wrong, in Chinese.
    pub message: String,
}

impl FieldError {
    /// A failure of `field`.
    pub fn new(field: &str, message: impl Into<String>) -> FieldError {
        FieldError {
            field: field.to_owned(),
            message: message.into(),
        }
    }
}

/// The most characters of a caller's input a message quotes back.
pub const ECHO_MAX_CHARS: usize = 20;

/// A caller's input as a message quotes it: at most [`ECHO_MAX_CHARS`] characters (then `…`), with
/// control and text-direction characters shown as `�`, so a 100 KB value or an override cannot
/// take over a toast.
pub fn echoed(input: &str) -> String {
    let mut out = String::new();
    for (i, c) in input.chars().enumerate() {
        if i == ECHO_MAX_CHARS {
            out.push('…');
            break;
        }
        out.push(if hidden_control(c) { '\u{FFFD}' } else { c });
    }
    out
}

/// Whether `c` is a control character (C0, DEL, C1) or one that reorders text: the bidirectional
/// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), with which a name can show
/// other characters than it holds. Text fields refuse them.
pub fn hidden_control(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The login form: both fields are required (the policy is not checked at login, only at creation).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct LoginForm {
    /// 用户名.
    #[serde(default)]
    pub username: String,
    /// 密码.
    #[serde(default)]
    pub password: String,
    /// This browser's device token for the account, from an earlier sign-in (the core adds it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub device: Option<String>,
}

/// A system user as a create or update form carries it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SysUserForm {
    /// Present on update; absent on create.
    #[serde(default)]
    pub id: Option<i64>,
    /// Login name (create only; it cannot change).
    #[serde(default)]
    pub username: Option<String>,
    /// Display name.
    #[serde(default)]
    pub nickname: Option<String>,
    /// New password: required on create, optional on update.
    #[serde(default)]
    pub password: Option<String>,
    /// Role ids; at least one.
    #[serde(default)]
    pub role_ids: Option<Vec<i64>>,
}

/// A role as the role form carries it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct RoleForm {
    /// Role name, 1–20 characters.
    #[serde(default)]
    pub name: String,
    /// Optional remark, at most 200 characters.
    #[serde(default)]
    pub remark: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echoed_input_is_short_and_shows_no_controls() {
        assert_eq!(echoed("frozen"), "frozen");
        let long = "长".repeat(100 * 1024);
        let shown = echoed(&long);
        assert_eq!(shown.chars().count(), ECHO_MAX_CHARS + 1);
        assert!(shown.ends_with('…'));
        assert_eq!(echoed("a\u{0}b\u{202e}c"), "a\u{FFFD}b\u{FFFD}c");
    }

    #[test]
    fn hidden_controls_are_controls_and_direction_overrides() {
        for c in [
            '\u{0}', '\u{1b}', '\u{7f}', '\u{85}', '\u{202a}', '\u{202e}', '\u{2066}', '\u{2069}',
        ] {
            assert!(hidden_control(c), "{:?}", c);
        }
        // Marks that only hint a direction (Uyghur, Arabic and Hebrew text uses them) pass.
        for c in ['a', '长', '\u{200e}', '\u{200f}', '\u{61c}', 'ئ'] {
            assert!(!hidden_control(c), "{:?}", c);
        }
    }
}
