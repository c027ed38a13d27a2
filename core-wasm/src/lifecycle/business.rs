//! The business records' lifecycles: shops, products, members (operators move them, negative moves
//! with a reason), and the states of invitations, inquiries and opportunities.

use super::{Lifecycle, State, Tone, Transition};
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
    }
}

const SHOP_AUDIT: &str = <shop::Audit as Operation>::API;
const SHOP_STATUS: &str = <shop::SetStatus as Operation>::API;

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
        plain("pending", "active", "通过", SHOP_AUDIT),
        harmful("pending", "rejected", "驳回", SHOP_AUDIT, "shop_reject"),
        harmful("active", "frozen", "冻结", SHOP_STATUS, "shop_freeze"),
        plain("frozen", "active", "解冻", SHOP_STATUS),
        harmful("active", "closed", "关闭", SHOP_STATUS, "shop_close"),
        harmful("frozen", "closed", "关闭", SHOP_STATUS, "shop_close"),
    ],
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
        plain("draft", "onSale", "上架", PRODUCT_STATUS),
        plain("offSale", "onSale", "上架", PRODUCT_STATUS),
        Transition {
            danger: true,
            ..plain("onSale", "offSale", "下架", PRODUCT_STATUS)
        },
        harmful(
            "onSale",
            "violation",
            "违规下架",
            PRODUCT_STATUS,
            "product_violation",
        ),
        harmful(
            "offSale",
            "violation",
            "违规下架",
            PRODUCT_STATUS,
            "product_violation",
        ),
        plain("violation", "offSale", "解除违规", PRODUCT_STATUS),
    ],
};

const MEMBER_STATUS: &str = <member::SetStatus as Operation>::API;

/// 用户: a banned member cannot sign in to the platform.
pub const MEMBER: Lifecycle = Lifecycle {
    states: &[
        state("normal", "正常", Tone::Success),
        state("banned", "已封禁", Tone::Error),
    ],
    transitions: &[
        harmful("normal", "banned", "封禁", MEMBER_STATUS, "member_ban"),
        plain("banned", "normal", "解封", MEMBER_STATUS),
    ],
};

/// 邀请: follows the invitee (registers, then perhaps opens a shop); nobody moves it by hand.
pub const INVITATION: Lifecycle = Lifecycle {
    states: &[
        state("registered", "已注册", Tone::Processing),
        state("shopOpened", "已开店", Tone::Success),
    ],
    transitions: &[],
};

const INQUIRY_CLOSE: &str = <inquiry::Close as Operation>::API;

/// 询价单: quoted by the shop; an operator may close it, with a reason.
pub const INQUIRY: Lifecycle = Lifecycle {
    states: &[
        state("pending", "待报价", Tone::Processing),
        state("quoted", "已报价", Tone::Success),
        state("closed", "已关闭", Tone::Default),
    ],
    transitions: &[
        harmful("pending", "closed", "关闭", INQUIRY_CLOSE, "inquiry_close"),
        harmful("quoted", "closed", "关闭", INQUIRY_CLOSE, "inquiry_close"),
    ],
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
        plain("pending", "approved", "通过", OPPORTUNITY_AUDIT),
        harmful(
            "pending",
            "rejected",
            "驳回",
            OPPORTUNITY_AUDIT,
            "opportunity_reject",
        ),
        harmful(
            "approved",
            "closed",
            "关闭",
            OPPORTUNITY_CLOSE,
            "opportunity_close",
        ),
    ],
};

const fn switch(op: &'static str) -> [Transition; 2] {
    [
        plain("disabled", "enabled", "启用", op),
        Transition {
            danger: true,
            ..plain("enabled", "disabled", "停用", op)
        },
    ]
}

const AD_SLOT_SWITCH: [Transition; 2] = switch(<ad_slot::SetStatus as Operation>::API);
const AD_SWITCH: [Transition; 2] = switch(<ad::SetStatus as Operation>::API);
const SWITCH_STATES: [State; 2] = [
    state("enabled", "启用", Tone::Success),
    state("disabled", "停用", Tone::Default),
];

/// 广告位: a disabled slot shows no ads.
pub const AD_SLOT: Lifecycle = Lifecycle {
    states: &SWITCH_STATES,
    transitions: &AD_SLOT_SWITCH,
};

/// 广告 (its switch): new ads start disabled; enabling is refused past the slot's capacity.
pub const AD: Lifecycle = Lifecycle {
    states: &[
        state("disabled", "停用", Tone::Default),
        state("enabled", "启用", Tone::Success),
    ],
    transitions: &AD_SWITCH,
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
        Transition {
            danger: true,
            ..plain("online", "offline", "下线", ACTIVITY_STATUS)
        },
        plain("offline", "online", "重新上线", ACTIVITY_STATUS),
    ],
};
