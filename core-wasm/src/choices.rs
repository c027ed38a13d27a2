//! Labelled choices: the closed sets of codes a field holds that are not states (a member's type),
//! with what people read. Screens show and filter by these labels; the gateway checks a filter
//! against the same codes. States with transitions are `lifecycle`'s.

use serde::{Deserialize, Serialize};

/// One code and its label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Choice {
    /// The wire code, e.g. `buyer`.
    pub value: &'static str,
    /// What people read, e.g. `采购商`.
    pub label: &'static str,
}

/// The sets of choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Choices {
    /// A member's type: buyer 采购商 or seller 供应商.
    MemberType,
    /// The storefront page an ad slot is on (`home` 首页 …).
    SlotPage,
    /// What an ad links to: a URL, a shop or a product.
    LinkType,
    /// Who wrote an opportunity's reply: a shop or the platform's operator.
    ReplyAuthor,
    /// How a sign-in attempt ended (登录日志).
    LoginResult,
}

/// A member's type (`member.type`).
pub const MEMBER_TYPE: &[Choice] = &[
    Choice {
        value: "buyer",
        label: "采购商",
    },
    Choice {
        value: "seller",
        label: "供应商",
    },
];

/// The storefront pages an ad slot can be on (`adSlot.page`).
pub const SLOT_PAGE: &[Choice] = &[
    Choice {
        value: "home",
        label: "首页",
    },
    Choice {
        value: "category",
        label: "类目页",
    },
    Choice {
        value: "search",
        label: "搜索页",
    },
    Choice {
        value: "shop",
        label: "店铺页",
    },
];

/// What an ad links to (`ad.linkType`); a picker's `kind` is one of the last two.
pub const LINK_TYPE: &[Choice] = &[
    Choice {
        value: "url",
        label: "网址",
    },
    Choice {
        value: "shop",
        label: "店铺",
    },
    Choice {
        value: "product",
        label: "商品",
    },
];

/// Who wrote an opportunity's reply (`reply.authorKind`).
pub const REPLY_AUTHOR: &[Choice] = &[
    Choice {
        value: "shop",
        label: "店铺",
    },
    Choice {
        value: "operator",
        label: "平台",
    },
];

/// How a sign-in attempt ended (`loginLog.result`).
pub const LOGIN_RESULT: &[Choice] = &[
    Choice {
        value: "success",
        label: "成功",
    },
    Choice {
        value: "failed",
        label: "失败",
    },
    Choice {
        value: "locked",
        label: "已锁定",
    },
    Choice {
        value: "busy",
        label: "繁忙",
    },
];

impl Choices {
    /// Every set.
    pub const ALL: [Choices; 5] = [
        Choices::MemberType,
        Choices::SlotPage,
        Choices::LinkType,
        Choices::ReplyAuthor,
        Choices::LoginResult,
    ];

    /// The wire name (`memberType`), as serde spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Choices::MemberType => "memberType",
            Choices::SlotPage => "slotPage",
            Choices::LinkType => "linkType",
            Choices::ReplyAuthor => "replyAuthor",
            Choices::LoginResult => "loginResult",
        }
    }

    /// The set of a wire name.
    pub fn named(name: &str) -> Option<Choices> {
        Choices::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Its choices, in display order.
    pub const fn choices(self) -> &'static [Choice] {
        match self {
            Choices::MemberType => MEMBER_TYPE,
            Choices::SlotPage => SLOT_PAGE,
            Choices::LinkType => LINK_TYPE,
            Choices::ReplyAuthor => REPLY_AUTHOR,
            Choices::LoginResult => LOGIN_RESULT,
        }
    }

    /// Whether `code` is one of the set's codes.
    pub fn has(self, code: &str) -> bool {
        self.choices().iter().any(|c| c.value == code)
    }

    /// The label of `code` (the code itself when unknown).
    pub fn label(self, code: &str) -> &str {
        self.choices()
            .iter()
            .find(|c| c.value == code)
            .map(|c| c.label)
            .unwrap_or(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_member_is_a_buyer_or_a_seller() {
        let set = Choices::MemberType;
        assert_eq!(set.label("buyer"), "采购商");
        assert_eq!(set.label("seller"), "供应商");
        assert_eq!(
            set.label("robot"),
            "robot",
            "an unknown code shows as itself"
        );
        assert!(set.has("seller"));
        assert!(!set.has("Seller"));
    }

    #[test]
    fn every_set_is_named_as_serde_spells_it_and_holds_distinct_codes() {
        for set in Choices::ALL {
            assert_eq!(
                serde_json::to_value(set).ok(),
                Some(serde_json::json!(set.name()))
            );
            assert_eq!(Choices::named(set.name()), Some(set));
            let codes: Vec<_> = set.choices().iter().map(|c| c.value).collect();
            let mut unique = codes.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), codes.len(), "{set:?}");
            assert!(set.choices().iter().all(|c| !c.label.is_empty()));
        }
        assert_eq!(Choices::named("shopLevel"), None);
    }

    #[test]
    fn the_forms_accept_exactly_the_labelled_codes() {
        let codes = |set: Choices| set.choices().iter().map(|c| c.value).collect::<Vec<_>>();
        assert_eq!(codes(Choices::SlotPage), crate::rules::SLOT_PAGES);
        assert_eq!(codes(Choices::LinkType), crate::rules::LINK_TYPES);
        assert_eq!(Choices::SlotPage.label("category"), "类目页");
        assert_eq!(Choices::LinkType.label("product"), "商品");
    }
}
