//! The 运营管理 screens' forms: ad slots, ads, activities, entries, recommendations, belts, replies.

use super::formats::{Format, MENU_ICONS};
use super::{Check, Cross, Field, Input, Table};

/// The storefront pages a slot can be on.
pub const SLOT_PAGES: &[&str] = &["home", "category", "search", "shop"];
/// What an ad links to.
pub const LINK_TYPES: &[&str] = &["url", "shop", "product"];

const fn text(name: &'static str, label: &'static str, min: usize, max: usize) -> Field {
    Field {
        name,
        label,
        required: min > 0,
        check: Check::Text {
            min,
            max,
            format: None,
        },
        hint: None,
        input: Input::Typed,
    }
}

/// Text typed in a multi-line box: line breaks allowed.
const fn lines(name: &'static str, label: &'static str, min: usize, max: usize) -> Field {
    Field {
        check: Check::Text {
            min,
            max,
            format: Some(Format::Lines),
        },
        ..text(name, label, min, max)
    }
}

const fn int(name: &'static str, label: &'static str, min: i64, max: i64) -> Field {
    Field {
        name,
        label,
        required: true,
        check: Check::Int { min, max },
        hint: None,
        input: Input::Typed,
    }
}

/// Epoch ms from 2000 to 2100, picked on a calendar.
const fn time(name: &'static str, label: &'static str) -> Field {
    picked(int(name, label, 946_684_800_000, 4_102_444_800_000))
}

/// `field`, chosen rather than typed (a select, a date): its messages say 请选择.
const fn picked(field: Field) -> Field {
    Field {
        input: Input::Picked,
        ..field
    }
}

/// `field`, an uploaded file's key: its messages say 请上传.
const fn uploaded(field: Field) -> Field {
    Field {
        input: Input::Uploaded,
        ..field
    }
}

const PERIOD: Cross = Cross::Ordered {
    field: "endAt",
    other: "startAt",
    strict: true,
    message: "结束时间须晚于开始时间",
};

/// 广告位.
pub const AD_SLOT: Table = Table {
    fields: &[
        text("name", "广告位名称", 1, 30),
        Field {
            name: "code",
            label: "广告位编码",
            required: true,
            check: Check::Text {
                min: 2,
                max: 40,
                format: Some(Format::Code),
            },
            hint: Some("前台读取广告位的编码，全局唯一"),
            input: Input::Typed,
        },
        Field {
            name: "page",
            label: "所在页面",
            required: true,
            check: Check::OneOf(SLOT_PAGES),
            hint: None,
            input: Input::Typed,
        },
        int("width", "宽度", 1, 4000),
        int("height", "高度", 1, 4000),
        Field {
            hint: Some("同一时段最多同时投放的广告数"),
            input: Input::Typed,
            ..int("maxAds", "容量", 1, 20)
        },
    ],
    cross: &[],
};

/// 广告.
pub const AD: Table = Table {
    fields: &[
        picked(int("slotId", "广告位", 1, i64::MAX)),
        text("title", "广告标题", 1, 40),
        Field {
            hint: Some("按广告位比例裁剪后上传"),
            input: Input::Uploaded,
            ..text("image", "广告图片", 1, 200)
        },
        Field {
            name: "linkType",
            label: "链接类型",
            required: true,
            check: Check::OneOf(LINK_TYPES),
            hint: None,
            input: Input::Typed,
        },
        text("linkTarget", "链接目标", 1, 500),
        time("startAt", "开始时间"),
        time("endAt", "结束时间"),
    ],
    cross: &[
        Cross::FormatWhen {
            field: "linkTarget",
            other: "linkType",
            value: "url",
            format: Format::HttpUrl,
        },
        Cross::FormatWhen {
            field: "linkTarget",
            other: "linkType",
            value: "shop",
            format: Format::Id,
        },
        Cross::FormatWhen {
            field: "linkTarget",
            other: "linkType",
            value: "product",
            format: Format::Id,
        },
        PERIOD,
    ],
};

/// 专题活动.
pub const ACTIVITY: Table = Table {
    fields: &[
        text("title", "专题标题", 1, 40),
        uploaded(text("banner", "专题横幅", 0, 200)),
        lines("description", "专题说明", 0, 500),
        time("startAt", "开始时间"),
        time("endAt", "结束时间"),
    ],
    cross: &[PERIOD],
};

/// 功能入口.
pub const ENTRY: Table = Table {
    fields: &[
        text("name", "入口名称", 1, 8),
        Field {
            name: "icon",
            label: "图标",
            required: true,
            check: Check::OneOf(MENU_ICONS),
            hint: None,
            input: Input::Typed,
        },
        Field {
            name: "link",
            label: "链接",
            required: true,
            check: Check::Text {
                min: 1,
                max: 200,
                format: Some(Format::Link),
            },
            hint: Some("以 / 开头的页面路径，或 http(s) 网址"),
            input: Input::Typed,
        },
        Field {
            required: false,
            ..int("visible", "是否显示", 0, 1)
        },
    ],
    cross: &[],
};

/// 首页推荐商家.
pub const RECOMMEND: Table = Table {
    fields: &[
        picked(int("shopId", "推荐店铺", 1, i64::MAX)),
        text("reason", "推荐理由", 1, 50),
        time("startAt", "开始时间"),
        time("endAt", "结束时间"),
    ],
    cross: &[PERIOD],
};

/// 产业带.
pub const BELT: Table = Table {
    fields: &[
        text("name", "产业带名称", 1, 30),
        text("province", "省份", 1, 20),
        text("city", "城市", 1, 20),
        lines("description", "简介", 0, 300),
    ],
    cross: &[],
};

/// 商机回复.
pub const REPLY: Table = Table {
    fields: &[lines("content", "回复内容", 1, 500)],
    cross: &[],
};
