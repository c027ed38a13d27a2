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
