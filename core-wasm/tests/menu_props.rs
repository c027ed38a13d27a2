//! Property tests of the menu conversion: random trees never panic, every visible leaf is reachable
//! from the menu, and resolving any route's path finds that route.
#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used, missing_docs)]

use core_wasm::menu::{MenuData, MenuNode, RouteTable};
use core_wasm::navigation::{GROUP_REDIRECTS, MenuItem, Navigator, Resolution};
use core_wasm::session::UserInfo;
use proptest::prelude::*;

fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => "[a-zA-Z][a-zA-Z0-9_-]{0,6}",
        1 => Just("..".to_owned()),
        1 => Just("javascript:alert(1)".to_owned()),
        1 => Just("//evil.com".to_owned()),
        1 => Just("a/b".to_owned()),
        1 => Just(String::new()),
        1 => "\\PC{0,4}",
    ]
}

fn node() -> impl Strategy<Value = MenuNode> {
    let leaf = (
        name(),
        0i64..=2,
        proptest::option::of(-3i64..3),
        any::<bool>(),
    )
        .prop_map(|(name, visible, sort, guarded)| MenuNode {
            data: MenuData {
                alias: name.clone(),
                name,
                visible,
                sort,
                access: guarded.then(|| "canSeeAdmin".to_owned()),
                ..Default::default()
            },
            children: vec![],
        });
    leaf.prop_recursive(4, 40, 5, |inner| {
        (name(), 0i64..=2, proptest::collection::vec(inner, 0..5)).prop_map(
            |(name, visible, children)| MenuNode {
                data: MenuData {
                    alias: name.clone(),
                    name,
                    visible,
                    ..Default::default()
                },
                children,
            },
        )
    })
}

fn paths(items: &[MenuItem], out: &mut Vec<String>) {
    for item in items {
        out.push(item.path.clone());
        paths(&item.children, out);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_trees_never_panic_and_resolve_their_own_routes(tree in proptest::collection::vec(node(), 0..6), denied in any::<bool>()) {
        let user = UserInfo { name: if denied { "dontHaveAccess".into() } else { "admin".into() }, ..Default::default() };
        let nav = Navigator::new(&tree, Some(&user));
        let table = nav.table();
        for route in &table.routes {
            let fixed = route.path == "/" || route.path == "/home" || route.path.starts_with("/exception")
                || GROUP_REDIRECTS.iter().any(|(from, _)| *from == route.path);
            if fixed { continue; }
            match nav.resolve(&route.path, "", true) {
                Resolution::Page { path, .. } => prop_assert_eq!(&path, &route.path),
                Resolution::Forbidden { path } => prop_assert_eq!(&path, &route.path),
                Resolution::Redirect { to } => {
                    // Only groups redirect, and only to one of their own descendants.
                    prop_assert!(route.is_group(table), "{} redirected to {}", route.path, to);
                    let target = table.find(&to);
                    prop_assert!(target.is_some(), "{} -> {} is not a route", route.path, to);
                    let mut at = target.and_then(|t| table.routes[t].parent);
                    let mut descends = false;
                    while let Some(j) = at {
                        descends |= table.routes[j].path == route.path;
                        at = table.routes[j].parent;
                    }
                    prop_assert!(descends, "{} -> {} is not a descendant", route.path, to);
                }
                Resolution::Fixed { .. } => prop_assert!(false, "a tree route resolved to a fixed page"),
            }
        }
        // Root and unknown paths always land somewhere.
        let _ = nav.resolve("/", "", true);
        prop_assert_eq!(nav.resolve("/definitely/not/here", "", true), Resolution::Redirect { to: "/exception/404".into() });
    }

    #[test]
    fn every_visible_accessible_leaf_is_reachable_from_the_menu(tree in proptest::collection::vec(node(), 0..6)) {
        let user = UserInfo { name: "admin".into(), ..Default::default() };
        let nav = Navigator::new(&tree, Some(&user));
        let table = nav.table();
        let mut shown = Vec::new();
        paths(&nav.menu(), &mut shown);
        for (i, route) in table.routes.iter().enumerate() {
            // A leaf whose whole ancestry is visible and accessible.
            let mut chain_ok = route.visible && !route.is_group(table);
            let mut at = Some(i);
            while let Some(j) = at {
                let r = &table.routes[j];
                chain_ok &= r.visible && nav.resolve(&r.path, "", true) != Resolution::Forbidden { path: r.path.clone() };
                at = r.parent;
            }
            if chain_ok {
                prop_assert!(shown.contains(&route.path), "{} missing from the menu", route.path);
            }
        }
        // Nothing in the menu is unroutable.
        for path in &shown {
            prop_assert!(table.find(path).is_some());
        }
    }

    #[test]
    fn route_paths_are_always_safe(tree in proptest::collection::vec(node(), 0..6)) {
        let table = RouteTable::build(&tree);
        for route in &table.routes {
            prop_assert!(route.path.starts_with('/') && !route.path.starts_with("//"));
            prop_assert!(!route.path.contains(".."));
            prop_assert!(route.path[1..].split('/').all(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')));
        }
    }
}
