//! The business records' lifecycles: shops, products, members (operators move them, negative moves
//! with a reason), and the states of invitations, inquiries and opportunities.

use super::{Lifecycle, State, Tone, Transition};
use crate::ops::Operation;
use crate::ops::{member, product, shop};

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

/// 询价单: quoted by the shop; closed by the buyer, the shop or an operator.
pub const INQUIRY: Lifecycle = Lifecycle {
    states: &[
        state("pending", "待报价", Tone::Processing),
        state("quoted", "已报价", Tone::Success),
        state("closed", "已关闭", Tone::Default),
    ],
    transitions: &[],
};

/// 采购商机: reviewed before it is shown; an approved one is closed when done.
pub const OPPORTUNITY: Lifecycle = Lifecycle {
    states: &[
        state("pending", "待审核", Tone::Processing),
        state("approved", "已通过", Tone::Success),
        state("rejected", "已驳回", Tone::Error),
        state("closed", "已关闭", Tone::Default),
    ],
    transitions: &[],
};
