//! The business screens' forms: the reason for a negative transition, and a category.

use super::{Check, Cross, Field, Format, Input, Table};

/// The reason code that needs the operator's own words.
pub const OTHER: &str = "other";

/// 原因: a code from the 数据字典 `reason_<type>`, and a text that 其他 requires.
pub const REASON: Table = Table {
    fields: &[
        Field {
            name: "reasonCode",
            label: "原因",
            required: true,
            check: Check::Text {
                min: 1,
                max: 64,
                format: None,
            },
            hint: None,
            input: Input::Picked,
        },
        Field {
            name: "reason",
            label: "具体原因",
            required: false,
            check: Check::Text {
                min: 0,
                max: 200,
                format: Some(Format::Lines),
            },
            hint: Some("选择「其他」时必填"),
            input: Input::Typed,
        },
    ],
    cross: &[Cross::RequiredWhen {
        field: "reason",
        other: "reasonCode",
        value: OTHER,
        message: "选择「其他」时请填写具体原因",
    }],
};

/// 类目: name unique among siblings (the gateway checks), three levels at most (the tree rule).
pub const CATEGORY: Table = Table {
    fields: &[
        Field {
            name: "name",
            label: "类目名称",
            required: true,
            check: Check::Text {
                min: 1,
                max: 20,
                format: None,
            },
            hint: Some("同级类目不能重名"),
            input: Input::Typed,
        },
        Field {
            name: "sort",
            label: "排序",
            required: false,
            check: Check::Int {
                min: 0,
                max: 99_999,
            },
            hint: Some("同级内从小到大排列"),
            input: Input::Typed,
        },
        Field {
            name: "icon",
            label: "图标",
            required: false,
            check: Check::Text {
                min: 0,
                max: 40,
                format: None,
            },
            hint: None,
            input: Input::Typed,
        },
        Field {
            name: "visible",
            label: "是否显示",
            required: false,
            check: Check::Int { min: 0, max: 1 },
            hint: None,
            input: Input::Typed,
        },
    ],
    cross: &[],
};

/// An optional amount in yuan as typed (`Format::Yuan`).
const fn yuan(name: &'static str, label: &'static str) -> Field {
    Field {
        name,
        label,
        required: false,
        check: Check::Text {
            min: 0,
            max: 20,
            format: Some(Format::Yuan),
        },
        hint: None,
        input: Input::Typed,
    }
}

/// 用户管理's filter: part of a phone number (a letter would match nothing, so it is refused
/// rather than dropped).
pub const MEMBER_FILTER: Table = Table {
    fields: &[Field {
        name: "phone",
        label: "手机号",
        required: false,
        check: Check::Text {
            min: 0,
            max: 20,
            format: Some(Format::PhoneDigits),
        },
        hint: None,
        input: Input::Typed,
    }],
    cross: &[],
};

/// 商品管理's price filter: two optional amounts in yuan, the highest not below the lowest.
pub const PRODUCT_FILTER: Table = Table {
    fields: &[yuan("priceMin", "最低价"), yuan("priceMax", "最高价")],
    cross: &[Cross::Ordered {
        field: "priceMax",
        other: "priceMin",
        strict: false,
        message: "最高价不能低于最低价",
    }],
};
