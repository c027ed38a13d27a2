//! The system screens' lifecycles: system users and dictionary entries are enabled or disabled.

use super::{DELETE, Lifecycle, Own, Send, State, Tone, Transition};
use crate::ops::Operation;
use crate::ops::{dict, sys_user};

const ENABLED_DISABLED: [State; 2] = [
    State {
        code: "enabled",
        label: "启用",
        tone: Tone::Success,
    },
    State {
        code: "disabled",
        label: "停用",
        tone: Tone::Default,
    },
];

/// Enable and disable; `off` says what disabling means, when it means more than the word.
const fn toggles(op: &'static str, send: Send, off: Option<&'static str>) -> [Transition; 2] {
    [
        Transition {
            from: "enabled",
            to: "disabled",
            action: "停用",
            op,
            reason: false,
            reason_type: None,
            danger: true,
            confirm: true,
            consequence: off,
            send,
        },
        Transition {
            from: "disabled",
            to: "enabled",
            action: "启用",
            op,
            reason: false,
            reason_type: None,
            danger: false,
            confirm: false,
            consequence: None,
            send,
        },
    ]
}

const SYS_USER_TOGGLES: [Transition; 2] = toggles(
    <sys_user::Update as Operation>::API,
    Send::Status,
    Some("停用后该用户无法登录，已登录的会话会被结束。"),
);
/// The entry's save takes the whole entry: its fields go as they are, with the new state.
const DICT_TOGGLES: [Transition; 2] = toggles(
    <dict::Save as Operation>::API,
    Send::Record {
        keep: &["type", "key", "label", "value", "sort", "remark"],
    },
    None,
);

/// 系统用户: a disabled user cannot sign in (their sessions end), so nobody disables or deletes
/// their own account.
pub const SYS_USER: Lifecycle = Lifecycle {
    states: &ENABLED_DISABLED,
    transitions: &SYS_USER_TOGGLES,
    held: &[],
    own: &[
        Own {
            act: "disabled",
            refusal: "不能停用当前登录的用户",
        },
        Own {
            act: DELETE,
            refusal: "不能删除当前登录的用户",
        },
    ],
};

/// 数据字典: a disabled entry is kept but not offered (e.g. as a reason code).
pub const DICT: Lifecycle = Lifecycle {
    states: &ENABLED_DISABLED,
    transitions: &DICT_TOGGLES,
    held: &[],
    own: &[],
};
