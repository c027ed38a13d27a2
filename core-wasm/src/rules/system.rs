//! The system screens' forms: sign-in, password, system users, roles, menus, the dictionary.

use super::formats::{Format, MENU_ICONS, PASSWORD_POLICY};
use super::{Check, Cross, Field, Input, Table};
use crate::access::KNOWN_FLAGS;

const STATUSES: &[&str] = &["enabled", "disabled"];
const VISIBILITY: Check = Check::Int { min: 0, max: 1 };
const SORT: Check = Check::Int {
    min: 0,
    max: 99_999,
};
const REMARK: Field = Field {
    name: "remark",
    label: "备注",
    required: false,
    check: Check::Text {
        min: 0,
        max: 200,
        format: Some(Format::Lines),
    },
    hint: None,
    input: Input::Typed,
};
const CODE_HINT: &str = "以字母开头，只含字母、数字、下划线、点或短横线";

const fn status(required: bool) -> Field {
    Field {
        name: "status",
        label: "状态",
        required,
        check: Check::OneOf(STATUSES),
        hint: None,
        input: Input::Typed,
    }
}

const USERNAME: Field = Field {
    name: "username",
    label: "用户名",
    required: true,
    check: Check::Text {
        min: 4,
        max: 32,
        format: Some(Format::Code),
    },
    hint: Some("4-32位，以字母开头，只含字母、数字、下划线、点或短横线"),
    input: Input::Typed,
};

const fn nickname(required: bool) -> Field {
    Field {
        name: "nickname",
        label: "昵称",
        required,
        check: Check::Text {
            min: 1,
            max: 20,
            format: None,
        },
        hint: None,
        input: Input::Typed,
    }
}

const fn password(name: &'static str, label: &'static str, required: bool) -> Field {
    Field {
        name,
        label,
        required,
        check: Check::Password {
            username: "username",
        },
        hint: Some(PASSWORD_POLICY),
        input: Input::Typed,
    }
}

const fn role_ids(required: bool) -> Field {
    Field {
        name: "roleIds",
        label: "角色",
        required,
        check: Check::Ids { min: 1 },
        hint: None,
        input: Input::Typed,
    }
}

/// The longest login name a sign-in takes (a stored one is shorter: `Format::Code`).
pub const SIGN_IN_NAME_MAX: usize = 64;

/// The longest password a sign-in takes (a stored one is at most 64: the policy).
pub const SIGN_IN_PASSWORD_MAX: usize = 128;

/// 登录: both fields present and bounded (the policy applies when a password is set, not at
/// sign-in).
pub const LOGIN: Table = Table {
    fields: &[
        Field {
            name: "username",
            label: "用户名",
            required: true,
            check: Check::Present {
                max: SIGN_IN_NAME_MAX,
            },
            hint: None,
            input: Input::Typed,
        },
        Field {
            name: "password",
            label: "密码",
            required: true,
            check: Check::Present {
                max: SIGN_IN_PASSWORD_MAX,
            },
            hint: None,
            input: Input::Typed,
        },
    ],
    cross: &[],
};

/// 修改密码 (the caller's login name travels as `username`, for the policy). `confirmPassword`
/// is the form's own (the new password typed twice); the wire carries the new password once, so
/// the gateway checks it as confirmed.
pub const CHANGE_PASSWORD: Table = Table {
    fields: &[
        Field {
            name: "oldPassword",
            label: "原密码",
            required: true,
            check: Check::Present {
                max: SIGN_IN_PASSWORD_MAX,
            },
            hint: None,
            input: Input::Typed,
        },
        password("newPassword", "新密码", true),
        Field {
            name: "confirmPassword",
            label: "确认新密码",
            required: true,
            check: Check::Present {
                max: SIGN_IN_PASSWORD_MAX,
            },
            hint: None,
            input: Input::Typed,
        },
    ],
    cross: &[
        Cross::Differs {
            field: "newPassword",
            other: "oldPassword",
            message: "新密码不能与原密码相同",
        },
        Cross::Matches {
            field: "confirmPassword",
            other: "newPassword",
            message: "两次输入的新密码不一致",
        },
    ],
};

/// 个人设置: the caller's own nickname (the system-user form's rule) and avatar (an uploaded
/// image's key; the gateway checks it names a stored image).
pub const PROFILE: Table = Table {
    fields: &[
        nickname(true),
        Field {
            name: "avatar",
            label: "头像",
            required: false,
            check: Check::Text {
                min: 0,
                max: 200,
                format: None,
            },
            hint: None,
            input: Input::Uploaded,
        },
    ],
    cross: &[],
};

/// 新增系统用户.
pub const SYS_USER_CREATE: Table = Table {
    fields: &[
        USERNAME,
        nickname(true),
        password("password", "密码", true),
        role_ids(true),
        status(false),
    ],
    cross: &[],
};

/// 编辑系统用户: absent fields stay; a blank password keeps the old one. The stored login name
/// travels as `username`, for the policy.
pub const SYS_USER_UPDATE: Table = Table {
    fields: &[
        nickname(false),
        password("password", "密码", false),
        role_ids(false),
        status(false),
    ],
    cross: &[],
};

/// 角色.
pub const ROLE: Table = Table {
    fields: &[
        Field {
            name: "name",
            label: "角色名称",
            required: true,
            check: Check::Text {
                min: 1,
                max: 20,
                format: None,
            },
            hint: None,
            input: Input::Typed,
        },
        REMARK,
    ],
    cross: &[],
};

/// 菜单.
pub const MENU: Table = Table {
    fields: &[
        Field {
            name: "alias",
            label: "菜单名称",
            required: true,
            check: Check::Text {
                min: 1,
                max: 20,
                format: None,
            },
            hint: None,
            input: Input::Typed,
        },
        Field {
            name: "name",
            label: "路由名称",
            required: true,
            check: Check::Text {
                min: 1,
                max: 200,
                format: Some(Format::MenuName),
            },
            hint: Some("如 baseMgmt 或 baseMgmt/shopMgmt；子菜单可写相对名称"),
            input: Input::Typed,
        },
        Field {
            name: "icon",
            label: "图标",
            required: false,
            check: Check::OneOf(MENU_ICONS),
            hint: None,
            input: Input::Typed,
        },
        Field {
            name: "visible",
            label: "是否显示",
            required: true,
            check: VISIBILITY,
            hint: None,
            input: Input::Typed,
        },
        Field {
            name: "sort",
            label: "排序",
            required: true,
            check: SORT,
            hint: None,
            input: Input::Typed,
        },
        Field {
            name: "access",
            label: "权限标识",
            required: false,
            check: Check::OneOf(&KNOWN_FLAGS),
            hint: None,
            input: Input::Typed,
        },
    ],
    cross: &[],
};

/// 数据字典.
pub const DICT: Table = Table {
    fields: &[
        Field {
            name: "type",
            label: "字典类型",
            required: true,
            check: Check::Text {
                min: 1,
                max: 40,
                format: Some(Format::Code),
            },
            hint: Some(CODE_HINT),
            input: Input::Typed,
        },
        Field {
            name: "key",
            label: "键",
            required: true,
            check: Check::Text {
                min: 1,
                max: 40,
                format: Some(Format::Code),
            },
            hint: Some(CODE_HINT),
            input: Input::Typed,
        },
        Field {
            name: "label",
            label: "标签",
            required: true,
            check: Check::Text {
                min: 1,
                max: 40,
                format: None,
            },
            hint: None,
            input: Input::Typed,
        },
        Field {
            name: "value",
            label: "值",
            required: true,
            check: Check::Text {
                min: 1,
                max: 200,
                format: None,
            },
            hint: None,
            input: Input::Typed,
        },
        Field {
            name: "sort",
            label: "排序",
            required: false,
            check: SORT,
            hint: None,
            input: Input::Typed,
        },
        REMARK,
        status(false),
    ],
    cross: &[],
};

/// 保存视图: a list's saved view (its content is checked by `crate::views::check_content`).
pub const VIEW: Table = Table {
    fields: &[Field {
        name: "name",
        label: "视图名称",
        required: true,
        check: Check::Text {
            min: 1,
            max: 20,
            format: None,
        },
        hint: None,
        input: Input::Typed,
    }],
    cross: &[],
};
