//! The business codes of the gateway (product.md), shared by the gateway that answers them and the
//! client that reacts to them.

use serde::{Deserialize, Serialize};

/// A business outcome code as carried in `result.code`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BizCode {
    /// The call succeeded.
    #[serde(rename = "SUCCESS")]
    Success,
    /// No token, or an unknown, expired or logged-out one.
    #[serde(rename = "user_need_login_token_invalid")]
    TokenInvalid,
    /// Bad credentials (the same text for an unknown user).
    #[serde(rename = "user_login_failed")]
    LoginFailed,
    /// Five failures within fifteen minutes.
    #[serde(rename = "user_login_locked")]
    LoginLocked,
    /// The caller's role lacks the operation.
    #[serde(rename = "permission_denied")]
    PermissionDenied,
    /// Unknown `api`.
    #[serde(rename = "api_not_found")]
    ApiNotFound,
    /// Validation failure; field errors travel in `data.fields`.
    #[serde(rename = "param_invalid")]
    ParamInvalid,
    /// The record does not exist.
    #[serde(rename = "data_not_found")]
    DataNotFound,
    /// The update carried a stale version.
    #[serde(rename = "data_conflict")]
    DataConflict,
    /// A unique field is already taken.
    #[serde(rename = "data_duplicate")]
    DataDuplicate,
    /// The record's lifecycle does not allow this change of state; nothing changed.
    #[serde(rename = "state_invalid")]
    StateInvalid,
    /// The record is still used by others (the message names them); nothing changed.
    #[serde(rename = "data_in_use")]
    DataInUse,
    /// The gateway sheds this call rather than queue it (a flood of sign-ins); nothing changed.
    #[serde(rename = "too_many_requests")]
    TooManyRequests,
    /// An unexpected fault; details only in the server log.
    #[serde(rename = "system_error")]
    SystemError,
}

impl BizCode {
    /// Every code, in catalogue order.
    pub const ALL: [BizCode; 14] = [
        BizCode::Success,
        BizCode::TokenInvalid,
        BizCode::LoginFailed,
        BizCode::LoginLocked,
        BizCode::PermissionDenied,
        BizCode::ApiNotFound,
        BizCode::ParamInvalid,
        BizCode::DataNotFound,
        BizCode::DataConflict,
        BizCode::DataDuplicate,
        BizCode::StateInvalid,
        BizCode::DataInUse,
        BizCode::TooManyRequests,
        BizCode::SystemError,
    ];

    /// The wire spelling.
    pub const fn as_str(self) -> &'static str {
        match self {
            BizCode::Success => "SUCCESS",
            BizCode::TokenInvalid => "user_need_login_token_invalid",
            BizCode::LoginFailed => "user_login_failed",
            BizCode::LoginLocked => "user_login_locked",
            BizCode::PermissionDenied => "permission_denied",
            BizCode::ApiNotFound => "api_not_found",
            BizCode::ParamInvalid => "param_invalid",
            BizCode::DataNotFound => "data_not_found",
            BizCode::DataConflict => "data_conflict",
            BizCode::DataDuplicate => "data_duplicate",
            BizCode::StateInvalid => "state_invalid",
            BizCode::DataInUse => "data_in_use",
            BizCode::TooManyRequests => "too_many_requests",
            BizCode::SystemError => "system_error",
        }
    }

    /// The default Chinese message; `param_invalid` and `data_duplicate` usually carry a specific one.
    pub const fn default_msg(self) -> &'static str {
        match self {
            BizCode::Success => "",
            BizCode::TokenInvalid => "登录已失效，请重新登录",
            BizCode::LoginFailed => "用户名或密码错误",
            BizCode::LoginLocked => "登录失败次数过多，请15分钟后再试",
            BizCode::PermissionDenied => "无权限执行此操作",
            BizCode::ApiNotFound => "接口不存在",
            BizCode::ParamInvalid => "参数不合法",
            BizCode::DataNotFound => "数据不存在",
            BizCode::DataConflict => "数据已被他人修改，请刷新后重试",
            BizCode::DataDuplicate => "数据已存在",
            BizCode::StateInvalid => "状态不允许此操作",
            BizCode::DataInUse => "数据正在使用中",
            BizCode::TooManyRequests => "请求过于频繁，请稍后再试",
            BizCode::SystemError => "系统繁忙，请稍后再试",
        }
    }

    /// Whether a wire code is `data_conflict` (a stale version: the form offers to reload).
    pub fn is_conflict(code: &str) -> bool {
        code == BizCode::DataConflict.as_str()
    }

    /// Parses a wire code; unknown codes are `None` (the client still handles them generically).
    pub fn parse(code: &str) -> Option<BizCode> {
        BizCode::ALL.into_iter().find(|c| c.as_str() == code)
    }
}

impl std::fmt::Display for BizCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_round_trips_through_its_wire_spelling() {
        for code in BizCode::ALL {
            assert_eq!(BizCode::parse(code.as_str()), Some(code));
        }
        assert_eq!(BizCode::parse("nope"), None);
    }

    #[test]
    fn only_data_conflict_is_a_conflict() {
        assert!(BizCode::is_conflict("data_conflict"));
        for code in BizCode::ALL
            .into_iter()
            .filter(|c| *c != BizCode::DataConflict)
        {
            assert!(!BizCode::is_conflict(code.as_str()), "{code}");
        }
        assert!(!BizCode::is_conflict("DATA_CONFLICT"));
        assert!(!BizCode::is_conflict(""));
    }

    #[test]
    fn every_failure_code_has_a_chinese_message() {
        for code in BizCode::ALL.into_iter().skip(1) {
            assert!(!code.default_msg().is_empty(), "{code}");
        }
        assert_eq!(
            BizCode::DataConflict.default_msg(),
            "数据已被他人修改，请刷新后重试"
        );
    }
}
