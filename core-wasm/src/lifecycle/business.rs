//! The business records' lifecycles: shops, products, members (operators move them, negative moves
//! with a reason), and the states of invitations, inquiries and opportunities.

use super::{Hold, Lifecycle, Send, State, Tone, Transition};
use crate::ops::Operation;
use crate::ops::{activity, ad, ad_slot, inquiry, member, opportunity, product, shop};

const fn state(code: &'static str, label: &'static str, tone: Tone) -> State {
    State { code, label, tone }
}

/// A move anyone allowed may make without a reason.
const fn plain(
    from: &'static str,
    to: &'static str,
    action: &'static str,
    op: &'static str,
) -> Transition {
    Transition {
        from,
        to,
        action,
        op,
        reason: false,
        reason_type: None,
        danger: false,
        confirm: false,
        consequence: None,
        send: Send::Status,
    }
}

/// A plain move that is harmful: shown in red and asked first.
const fn confirmed(
    from: &'static str,
    to: &'static str,
    action: &'static str,
    op: &'static str,
) -> Transition {
    Transition {
        danger: true,
        confirm: true,
        ..plain(from, to, action, op)
    }
}

/// `t`, saying what it means for the record.
const fn says(t: Transition, consequence: &'static str) -> Transition {
    Transition {
        consequence: Some(consequence),
        ..t
    }
}

/// `t`, sent as a review's verdict.
const fn verdict(t: Transition, approve: bool) -> Transition {
    Transition {
        send: Send::Audit { approve },
        ..t
    }
}

/// `t`, sent as a move of many records (`{ids, status}`).
const fn by_ids(t: Transition) -> Transition {
    Transition {
        send: Send::Ids,
        ..t
    }
}

/// A harmful move: asks for confirmation and a reason (codes of `reason_<reason_type>`).
const fn harmful(
    from: &'static str,
    to: &'static str,
    action: &'static str,
    op: &'static str,
    reason_type: &'static str,
) -> Transition {
    Transition {
        from,
        to,
        action,
        op,
        reason: true,
        reason_type: Some(reason_type),
        danger: true,
        // The reason dialog asks instead.
        confirm: false,
        consequence: None,
        send: Send::Status,
    }
}

const SHOP_AUDIT: &str = <shop::Audit as Operation>::API;
const SHOP_STATUS: &str = <shop::SetStatus as Operation>::API;
const SHOP_FROZEN: &str = "冻结期间店铺暂停营业，可随时解冻。";
const SHOP_CLOSED: &str = "关闭后店铺不能再恢复营业。";

/// 店铺: reviewed on registration; an active shop may be frozen and unfrozen; closing is final.
pub const SHOP: Lifecycle = Lifecycle {
    states: &[
        state("pending", "待审核", Tone::Processing),
        state("active", "营业中", Tone::Success),
        state("rejected", "已驳回", Tone::Error),
        state("frozen", "已冻结", Tone::Warning),
        state("closed", "已关闭", Tone::Default),
    ],
    transitions: &[
        verdict(plain("pending", "active", "通过", SHOP_AUDIT), true),
        verdict(
            harmful("pending", "rejected", "驳回", SHOP_AUDIT, "shop_reject"),
            false,
        ),
        says(
            harmful("active", "frozen", "冻结", SHOP_STATUS, "shop_freeze"),
            SHOP_FROZEN,
        ),
        plain("frozen", "active", "解冻", SHOP_STATUS),
        says(
            harmful("active", "closed", "关闭", SHOP_STATUS, "shop_close"),
            SHOP_CLOSED,
        ),
        says(
            harmful("frozen", "closed", "关闭", SHOP_STATUS, "shop_close"),
            SHOP_CLOSED,
        ),
    ],
    held: &[],
    own: &[],
};

const PRODUCT_STATUS: &str = <product::SetStatus as Operation>::API;

/// 商品: put on and off sale; a violation takedown needs a reason and ends in 已下架 when lifted.
pub const PRODUCT: Lifecycle = Lifecycle {
    states: &[
        state("draft", "草稿", Tone::Default),
        state("onSale", "在售", Tone::Success),
        state("offSale", "已下架", Tone::Default),
        state("violation", "违规下架", Tone::Error),
    ],
    transitions: &[
        by_ids(plain("draft", "onSale", "上架", PRODUCT_STATUS)),
        by_ids(plain("offSale", "onSale", "上架", PRODUCT_STATUS)),
        by_ids(confirmed("onSale", "offSale", "下架", PRODUCT_STATUS)),
        by_ids(harmful(
            "onSale",
            "violation",
            "违规下架",
            PRODUCT_STATUS,
            "product_violation",
        )),
        by_ids(harmful(
            "offSale",
            "violation",
            "违规下架",
            PRODUCT_STATUS,
            "product_violation",
        )),
        by_ids(plain("violation", "offSale", "解除违规", PRODUCT_STATUS)),
    ],
    held: &[
        Hold {
            shop: "frozen",
            mark: state("shopFrozen", "店铺已冻结", Tone::Warning),
        },
        Hold {
            shop: "closed",
            mark: state("shopClosed", "店铺已关闭", Tone::Default),
        },
    ],
    own: &[],
};

const MEMBER_STATUS: &str = <member::SetStatus as Operation>::API;

/// 用户: a banned member cannot sign in to the platform.
pub const MEMBER: Lifecycle = Lifecycle {
    states: &[
        state("normal", "正常", Tone::Success),
        state("banned", "已封禁", Tone::Error),
    ],
    transitions: &[
        says(
            harmful("normal", "banned", "封禁", MEMBER_STATUS, "member_ban"),
            "封禁后该用户无法登录平台，解封即可恢复。",
        ),
        plain("banned", "normal", "解封", MEMBER_STATUS),
    ],
    held: &[],
    own: &[],
};

/// 邀请: follows the invitee (registers, then perhaps opens a shop); nobody moves it by hand.
pub const INVITATION: Lifecycle = Lifecycle {
    states: &[
        state("registered", "已注册", Tone::Processing),
        state("shopOpened", "已开店", Tone::Success),
    ],
    transitions: &[],
    held: &[],
    own: &[],
};

const INQUIRY_CLOSE: &str = <inquiry::Close as Operation>::API;
const INQUIRY_CLOSED: &str = "关闭后不可恢复。";

/// 询价单: quoted by the shop; an operator may close it, with a reason.
pub const INQUIRY: Lifecycle = Lifecycle {
    states: &[
        state("pending", "待报价", Tone::Processing),
        state("quoted", "已报价", Tone::Success),
        state("closed", "已关闭", Tone::Default),
    ],
    transitions: &[
        says(
            harmful("pending", "closed", "关闭", INQUIRY_CLOSE, "inquiry_close"),
            INQUIRY_CLOSED,
        ),
        says(
            harmful("quoted", "closed", "关闭", INQUIRY_CLOSE, "inquiry_close"),
            INQUIRY_CLOSED,
        ),
    ],
    held: &[],
    own: &[],
};

const OPPORTUNITY_AUDIT: &str = <opportunity::Audit as Operation>::API;
const OPPORTUNITY_CLOSE: &str = <opportunity::Close as Operation>::API;

/// 采购商机: reviewed before it is shown; an approved one is closed when done.
pub const OPPORTUNITY: Lifecycle = Lifecycle {
    states: &[
        state("pending", "待审核", Tone::Processing),
        state("approved", "已通过", Tone::Success),
        state("rejected", "已驳回", Tone::Error),
        state("closed", "已关闭", Tone::Default),
    ],
    transitions: &[
        verdict(
            plain("pending", "approved", "通过", OPPORTUNITY_AUDIT),
            true,
        ),
        verdict(
            says(
                harmful(
                    "pending",
                    "rejected",
                    "驳回",
                    OPPORTUNITY_AUDIT,
                    "opportunity_reject",
                ),
                "驳回后不可恢复，商机不会展示给店铺。",
            ),
            false,
        ),
        says(
            harmful(
                "approved",
                "closed",
                "关闭",
                OPPORTUNITY_CLOSE,
                "opportunity_close",
            ),
            "关闭后商机不再接受回复，且不可恢复。",
        ),
    ],
    held: &[],
    own: &[],
};

/// An on/off switch; `off` says what switching off means.
const fn switch(op: &'static str, off: &'static str) -> [Transition; 2] {
    [
        plain("disabled", "enabled", "启用", op),
        says(confirmed("enabled", "disabled", "停用", op), off),
    ]
}

const AD_SLOT_SWITCH: [Transition; 2] = switch(
    <ad_slot::SetStatus as Operation>::API,
    "停用后该广告位不再展示任何广告，广告各自的开关保持不变。",
);
const AD_SWITCH: [Transition; 2] = switch(
    <ad::SetStatus as Operation>::API,
    "停用后该广告不再展示，可随时重新启用。",
);
const SWITCH_STATES: [State; 2] = [
    state("enabled", "启用", Tone::Success),
    state("disabled", "停用", Tone::Default),
];

/// 广告位: a disabled slot shows no ads.
pub const AD_SLOT: Lifecycle = Lifecycle {
    states: &SWITCH_STATES,
    transitions: &AD_SLOT_SWITCH,
    held: &[],
    own: &[],
};

/// 广告 (its switch): new ads start disabled; enabling is refused past the slot's capacity.
pub const AD: Lifecycle = Lifecycle {
    states: &[
        state("disabled", "停用", Tone::Default),
        state("enabled", "启用", Tone::Success),
    ],
    transitions: &AD_SWITCH,
    held: &[],
    own: &[],
};

/// 广告 / 推荐 as shown: derived from the switch and the period (`schedule::ad_state`).
pub const AD_STATE: Lifecycle = Lifecycle {
    states: &[
        state("scheduled", "已排期", Tone::Processing),
        state("active", "投放中", Tone::Success),
        state("expired", "已过期", Tone::Default),
        state("disabled", "已停用", Tone::Warning),
    ],
    transitions: &[],
    held: &[],
    own: &[],
};

const ACTIVITY_STATUS: &str = <activity::SetStatus as Operation>::API;

/// 专题活动: drafted, put online (at least one item, an end in the future), taken offline.
pub const ACTIVITY: Lifecycle = Lifecycle {
    states: &[
        state("draft", "草稿", Tone::Default),
        state("online", "已上线", Tone::Success),
        state("offline", "已下线", Tone::Warning),
    ],
    transitions: &[
        plain("draft", "online", "上线", ACTIVITY_STATUS),
        says(
            confirmed("online", "offline", "下线", ACTIVITY_STATUS),
            "下线后用户将看不到该专题，可重新上线。",
        ),
        plain("offline", "online", "重新上线", ACTIVITY_STATUS),
    ],
    held: &[],
    own: &[],
};
