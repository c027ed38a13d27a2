//! 查看完整号码: a shop's or a member's phone in full. Every list and detail answers phones masked;
//! the full number is a write because who saw whose number is recorded in 操作日志.
//!
//! Which screen may see it depends on whose number it is: a shop's needs 店铺管理, a member's
//! 用户管理. The catalogue's guard lets in the owners of either ([`Guard::AnyMenu`]); the gateway
//! then requires [`menu_of`] the asked entity, so a member screen's user never sees a shop's phone.

use serde::{Deserialize, Serialize};

use super::{Guard, lenient, member, operations, shop};

/// The kinds of record whose phone may be revealed: the entity's wire name, the menu whose owners
/// may see it, and what people call the record and the number (`店铺`, `联系电话`).
pub const ENTITIES: [(&str, &str, &str, &str); 2] = [
    ("shop", shop::MENU, "店铺", "联系电话"),
    ("member", member::MENU, "用户", "手机号"),
];

/// Every menu of [`ENTITIES`]: the catalogue's guard (any one of them lets the call in).
pub const MENUS: &[&str] = &[shop::MENU, member::MENU];

operations! { "contact";
    /// A shop's contact phone or a member's phone in full, recorded in 操作日志. Guarded by either
    /// list menu here and by the entity's own ([`menu_of`]) in the gateway.
    Reveal "reveal" = Post "mtop.admin.contact.reveal", Guard::AnyAct(MENUS, super::Action::Reveal), RevealParams => RevealedPhone, "查看完整号码";
}

/// The menu whose owners may see the phone of an `entity` (`shop`, `member`); None for any other.
pub fn menu_of(entity: &str) -> Option<&'static str> {
    ENTITIES
        .iter()
        .find(|(name, ..)| *name == entity)
        .map(|(_, menu, ..)| *menu)
}

/// What people call an `entity`'s record and its number (`("店铺", "联系电话")`).
pub fn nouns_of(entity: &str) -> Option<(&'static str, &'static str)> {
    ENTITIES
        .iter()
        .find(|(name, ..)| *name == entity)
        .map(|(_, _, record, number)| (*record, *number))
}

/// `contact.reveal`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct RevealParams {
    /// `shop` or `member`.
    #[serde(default, deserialize_with = "lenient::opt_text")]
    #[ts(type = "string")]
    pub entity: Option<String>,
    /// The record.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub id: Option<i64>,
}

/// `contact.reveal`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct RevealedPhone {
    /// The number as stored, unmasked (empty when the record has none).
    pub phone: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_entity_needs_its_own_list_menu() {
        assert_eq!(menu_of("shop"), Some(shop::MENU));
        assert_eq!(menu_of("member"), Some(member::MENU));
        assert_eq!(menu_of("product"), None);
        assert_eq!(menu_of(""), None);
        assert_eq!(nouns_of("shop"), Some(("店铺", "联系电话")));
        // The catalogue's guard is exactly the entities' menus.
        let menus: Vec<&str> = ENTITIES.iter().map(|(_, m, ..)| *m).collect();
        assert_eq!(menus, MENUS);
        assert_eq!(<Reveal as crate::ops::Operation>::GUARD.menus(), MENUS);
    }
}
