//! Access flags (ant-design-pro's `access.ts`, in Rust): one pure function of the current user, and
//! route accessibility over the route table (seed-spec §6).

use serde::{Deserialize, Serialize};

use crate::constants::{ACCESS_CAN_SEE_ADMIN, NO_ACCESS_USER};
use crate::menu::RouteTable;
use crate::session::UserInfo;

/// Every access flag the app knows; a route naming another key is never accessible.
pub const KNOWN_FLAGS: [&str; 1] = [ACCESS_CAN_SEE_ADMIN];

/// The named flags for the current user.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Access {
    /// True when a current user exists and its name is not `dontHaveAccess`.
    pub can_see_admin: bool,
}

impl Access {
    /// The flags of `user` (None when nobody is signed in).
    pub fn of(user: Option<&UserInfo>) -> Access {
        Access {
            can_see_admin: user.is_some_and(|u| u.name != NO_ACCESS_USER),
        }
    }

    /// A flag by name; unknown names are `None` (undefined), which denies.
    pub fn flag(&self, key: &str) -> Option<bool> {
        match key {
            ACCESS_CAN_SEE_ADMIN => Some(self.can_see_admin),
            _ => None,
        }
    }
}

/// For every route of `table`, whether `access` lets the user in: its own key must be true (or
/// absent), and a parent is inaccessible when all of its children are.
pub fn accessible_routes(table: &RouteTable, access: &Access) -> Vec<bool> {
    let mut result = vec![false; table.routes.len()];
    // Children always come after their parent in the table, so walk backwards.
    for i in (0..table.routes.len()).rev() {
        let route = &table.routes[i];
        let own = route
            .access
            .as_deref()
            .is_none_or(|key| access.flag(key) == Some(true));
        let children_ok = route.children.is_empty() || route.children.iter().any(|&c| result[c]);
        result[i] = own && children_ok;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::menu::tests::{node, spec_tree};

    fn user(name: &str) -> UserInfo {
        UserInfo {
            name: name.into(),
            nickname: "n".into(),
            ..Default::default()
        }
    }

    #[test]
    fn can_see_admin_needs_a_user_who_is_not_dont_have_access() {
        assert!(!Access::of(None).can_see_admin);
        assert!(!Access::of(Some(&user("dontHaveAccess"))).can_see_admin);
        assert!(Access::of(Some(&user("admin"))).can_see_admin);
        assert!(
            Access::of(Some(&user("donthaveaccess"))).can_see_admin,
            "the spec compares exactly"
        );
    }

    #[test]
    fn false_or_undefined_flags_deny() {
        let mut tree = vec![
            node("a", "A", 1, vec![]),
            node("b", "B", 1, vec![]),
            node("c", "C", 1, vec![]),
        ];
        tree[1].data.access = Some("isRoot".into());
        tree[2].data.access = None;
        let table = RouteTable::build(&tree);
        assert_eq!(
            accessible_routes(
                &table,
                &Access {
                    can_see_admin: true
                }
            ),
            [true, false, true]
        );
        assert_eq!(
            accessible_routes(
                &table,
                &Access {
                    can_see_admin: false
                }
            ),
            [false, false, true]
        );
    }

    #[test]
    fn a_parent_falls_when_all_its_children_do_even_deeply() {
        let mut tree = vec![node(
            "p",
            "P",
            1,
            vec![
                node("q", "Q", 1, vec![node("r", "R", 1, vec![])]),
                node("s", "S", 1, vec![]),
            ],
        )];
        tree[0].data.access = None;
        tree[0].children[0].data.access = None;
        let table = RouteTable::build(&tree);
        // r and s carry canSeeAdmin; without it both fall, so q falls, so p falls.
        assert_eq!(
            accessible_routes(
                &table,
                &Access {
                    can_see_admin: false
                }
            ),
            [false, false, false, false]
        );
        assert_eq!(
            accessible_routes(
                &table,
                &Access {
                    can_see_admin: true
                }
            ),
            [true, true, true, true]
        );
        tree[0].children[1].data.access = None;
        let table = RouteTable::build(&tree);
        let got = accessible_routes(
            &table,
            &Access {
                can_see_admin: false,
            },
        );
        assert_eq!(
            got,
            [true, false, false, true],
            "one open child keeps the parent open"
        );
    }

    #[test]
    fn the_seeded_tree_is_closed_to_dont_have_access() {
        let table = RouteTable::build(&spec_tree());
        assert!(
            accessible_routes(&table, &Access::of(Some(&user("dontHaveAccess"))))
                .iter()
                .all(|ok| !ok)
        );
        assert!(
            accessible_routes(&table, &Access::of(Some(&user("operator"))))
                .iter()
                .all(|ok| *ok)
        );
    }
}
