//! 按钮权限: actions under pages (product.md, "Who may do what"). A role holds pages and, per page,
//! actions of one closed set; a code is `{page}:{action}` (`baseMgmt/shopMgmt:audit`). Which page
//! has which actions is read off the operation catalogue: every write's guard names its page and
//! action ([`crate::ops::Guard`]), so a page has exactly the actions some write on it needs.

use serde::{Deserialize, Serialize};

use crate::ops::{Guard, catalogue};

/// One action of the closed set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Action {
    /// 新增.
    Create,
    /// 编辑.
    Edit,
    /// 删除.
    Delete,
    /// 审核.
    Audit,
    /// 状态变更: freeze, close, on/off sale, enable/disable, ban, online/offline.
    Status,
    /// 排序.
    Sort,
    /// 回复.
    Reply,
    /// 查看号码.
    Reveal,
    /// 解锁.
    Unlock,
    /// 强制下线.
    Revoke,
}

impl Action {
    /// Every action, in the order 权限管理 lists them.
    pub const ALL: [Action; 10] = [
        Action::Create,
        Action::Edit,
        Action::Delete,
        Action::Audit,
        Action::Status,
        Action::Sort,
        Action::Reply,
        Action::Reveal,
        Action::Unlock,
        Action::Revoke,
    ];

    /// The code's second half.
    pub const fn as_str(self) -> &'static str {
        match self {
            Action::Create => "create",
            Action::Edit => "edit",
            Action::Delete => "delete",
            Action::Audit => "audit",
            Action::Status => "status",
            Action::Sort => "sort",
            Action::Reply => "reply",
            Action::Reveal => "reveal",
            Action::Unlock => "unlock",
            Action::Revoke => "revoke",
        }
    }

    /// What people read.
    pub const fn label(self) -> &'static str {
        match self {
            Action::Create => "新增",
            Action::Edit => "编辑",
            Action::Delete => "删除",
            Action::Audit => "审核",
            Action::Status => "状态变更",
            Action::Sort => "排序",
            Action::Reply => "回复",
            Action::Reveal => "查看号码",
            Action::Unlock => "解锁",
            Action::Revoke => "强制下线",
        }
    }

    /// The action a code's second half names.
    pub fn parse(text: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.as_str() == text)
    }
}

/// `{page}:{action}`.
pub fn code(page: &str, action: Action) -> String {
    format!("{page}:{}", action.as_str())
}

/// A code's page and action, when it is one.
pub fn parse_code(code: &str) -> Option<(&str, Action)> {
    let (page, action) = code.rsplit_once(':')?;
    Some((page, Action::parse(action)?)).filter(|(page, _)| !page.is_empty())
}

/// The actions of `page`, in [`Action::ALL`]'s order: those some write on it needs.
pub fn actions_of(page: &str) -> Vec<Action> {
    Action::ALL
        .into_iter()
        .filter(|action| {
            catalogue().any(|op| op.guard.menus().contains(&page) && op.guard.can_need(*action))
        })
        .collect()
}

/// The codes any one of which lets a call under `guard` in, as far as actions go (the page itself
/// is the route's business): a write's action on each of its pages; a save creates without an id
/// (`creates`) and edits with one. Empty for a read or a session call: nothing to hold.
pub fn permitting(guard: Guard, creates: bool) -> Vec<String> {
    match guard.action(creates) {
        None => Vec::new(),
        Some(action) => guard
            .menus()
            .iter()
            .map(|page| code(page, action))
            .collect(),
    }
}

/// Whether `perms` holds one of `codes` ([`permitting`]'s; none needed when empty). The browser
/// asks this with the codes the generated `writes.ts` lists per write, so the module needs no
/// catalogue.
pub fn holds_any<P: AsRef<str>, C: AsRef<str>>(perms: &[P], codes: &[C]) -> bool {
    codes.is_empty()
        || codes
            .iter()
            .any(|c| perms.iter().any(|p| p.as_ref() == c.as_ref()))
}

/// Whether the holder of `perms` may call an operation guarded by `guard` (see [`permitting`]).
pub fn may(perms: &[String], guard: Guard, creates: bool) -> bool {
    holds_any(perms, &permitting(guard, creates))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::Operation;

    #[test]
    fn codes_read_back() {
        for action in Action::ALL {
            let c = code("baseMgmt/shopMgmt", action);
            assert_eq!(parse_code(&c), Some(("baseMgmt/shopMgmt", action)));
        }
        assert_eq!(parse_code("baseMgmt/shopMgmt:fly"), None);
        assert_eq!(parse_code(":audit"), None);
        assert_eq!(parse_code("audit"), None);
    }

    #[test]
    fn pages_have_the_actions_their_writes_need() {
        assert_eq!(
            actions_of("baseMgmt/shopMgmt"),
            [Action::Audit, Action::Status, Action::Reveal]
        );
        assert_eq!(
            actions_of("system/user"),
            [Action::Create, Action::Edit, Action::Delete, Action::Unlock]
        );
        assert_eq!(actions_of("system/online"), [Action::Revoke]);
        assert_eq!(
            actions_of("operate/abilityEntry"),
            [Action::Create, Action::Edit, Action::Delete, Action::Sort]
        );
        assert!(actions_of("home").is_empty(), "a page without writes");
        assert!(actions_of("system/audit").is_empty());
    }

    #[test]
    fn a_write_needs_its_code_and_a_save_tells_create_from_edit() {
        use crate::ops::{entry, shop};
        let audit = <shop::Audit as Operation>::GUARD;
        assert!(!may(&[], audit, false));
        assert!(may(&["baseMgmt/shopMgmt:audit".into()], audit, false));
        assert!(!may(&["baseMgmt/prodMgmt:audit".into()], audit, false));
        let save = <entry::Save as Operation>::GUARD;
        let create = vec!["operate/abilityEntry:create".to_owned()];
        assert!(may(&create, save, true));
        assert!(!may(&create, save, false), "editing needs edit");
        assert!(may(&[], <shop::List as Operation>::GUARD, false), "a read");
        let reveal = <crate::ops::contact::Reveal as Operation>::GUARD;
        assert_eq!(
            permitting(reveal, false),
            ["baseMgmt/shopMgmt:reveal", "baseMgmt/userMgmt:reveal"]
        );
        assert!(holds_any(
            &["x", "baseMgmt/userMgmt:reveal"],
            &permitting(reveal, false)
        ));
        assert!(!holds_any(
            &["baseMgmt/userMgmt:revealx"],
            &permitting(reveal, false)
        ));
    }
}
