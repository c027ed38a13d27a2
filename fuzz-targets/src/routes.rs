//! Menu tree → routes and path resolution: any tree the server could send builds a consistent
//! route table, and any pathname resolves without a panic to a page of that table, a same-app
//! redirect, 403 in place, or a fixed page.

use arbitrary::{Arbitrary, Result, Unstructured};
use core_wasm::menu::{MenuData, MenuNode, RouteTable};
use core_wasm::navigation::{Navigator, Resolution, preflight};
use core_wasm::session::UserInfo;

/// Characters a hostile or careless menu name may hold.
const NAME_CHARS: &[char] = &['a', 'b', '/', '.', '-', '_', ':', '\\', ' ', '%', '中', '?'];

fn name(u: &mut Unstructured<'_>) -> Result<String> {
    let len = u.int_in_range(0..=6)?;
    (0..len).map(|_| u.choose(NAME_CHARS).copied()).collect()
}

fn node(u: &mut Unstructured<'_>, depth: u8) -> Result<MenuNode> {
    let children = if depth < 3 { u.int_in_range(0..=4)? } else { 0 };
    Ok(MenuNode {
        data: MenuData {
            id: Option::<i64>::arbitrary(u)?,
            alias: String::arbitrary(u)?,
            name: name(u)?,
            visible: u.int_in_range(-1..=2)?,
            icon: Option::<String>::arbitrary(u)?,
            sort: Option::<i8>::arbitrary(u)?.map(i64::from),
            access: Option::<String>::arbitrary(u)?,
            page: Option::<String>::arbitrary(u)?,
        },
        children: (0..children)
            .map(|_| node(u, depth + 1))
            .collect::<Result<_>>()?,
    })
}

fn check_table(table: &RouteTable) {
    for (i, route) in table.routes.iter().enumerate() {
        assert!(route.path.starts_with('/'), "{route:?}");
        assert!(!route.path.contains("//"), "{route:?}");
        assert_eq!(table.find(&route.path), Some(i), "paths are unique");
        // The node's own page key (kept through moves), else its path without the slash.
        assert!(!route.page.is_empty(), "page key: {route:?}");
        assert_eq!(route.page, route.page.trim(), "page key: {route:?}");
        for &child in &route.children {
            assert_eq!(table.routes[child].parent, Some(i), "child's parent");
        }
    }
}

fn check(resolution: &Resolution, table: &RouteTable) {
    match resolution {
        Resolution::Page { path, .. } => assert!(table.find(path).is_some(), "{path}"),
        Resolution::Redirect { to } => {
            assert!(to.starts_with('/') && !to.starts_with("//"), "{to}");
        }
        Resolution::Forbidden { .. } | Resolution::Fixed { .. } => {}
    }
}

pub fn run(bytes: &[u8]) {
    let mut u = Unstructured::new(bytes);
    let Ok(count) = u.int_in_range(0..=5) else {
        return;
    };
    let Ok(tree) = (0..count)
        .map(|_| node(&mut u, 0))
        .collect::<Result<Vec<_>>>()
    else {
        return;
    };
    let roles: Vec<String> = Vec::arbitrary(&mut u).unwrap_or_default();
    let pathname = String::arbitrary(&mut u).unwrap_or_default();
    let search = String::arbitrary(&mut u).unwrap_or_default();
    let has_token = bool::arbitrary(&mut u).unwrap_or_default();

    let table = RouteTable::build(&tree);
    check_table(&table);
    let user = UserInfo {
        roles,
        ..UserInfo::default()
    };
    for user in [None, Some(&user)] {
        let navigator = Navigator::new(&tree, user);
        check(
            &navigator.resolve(&pathname, &search, has_token),
            navigator.table(),
        );
        for route in &navigator.table().routes {
            check(
                &navigator.resolve(&route.path, &search, has_token),
                navigator.table(),
            );
        }
        let _ = navigator.menu();
        let _ = navigator.breadcrumbs(&pathname);
        let _ = navigator.page_for(&pathname, has_token);
    }
    if let Some(resolution) = preflight(&pathname, &search, has_token) {
        check(&resolution, &table);
    }
}
