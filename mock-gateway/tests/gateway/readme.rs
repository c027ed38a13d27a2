//! The README's operations table must list exactly the registry's operations, with the same method
//! and guard.

use std::collections::BTreeMap;

use core_wasm::protocol::Method;
use mock_gateway::dispatch::{Guard, Registry};

fn guard_text(guard: Guard) -> String {
    let codes = |action: Option<core_wasm::perms::Action>| {
        guard
            .menus()
            .iter()
            .map(|menu| match action {
                Some(a) => format!("`{menu}:{}`", a.as_str()),
                None => format!("`{menu}`"),
            })
            .collect::<Vec<_>>()
            .join(" or ")
    };
    match guard {
        Guard::Public => "public".to_owned(),
        Guard::Session => "session".to_owned(),
        Guard::Save(_) => format!(
            "{} / {}",
            codes(guard.action(true)),
            codes(guard.action(false))
        ),
        _ => codes(guard.action(false)),
    }
}

#[test]
fn every_registered_operation_is_documented_and_vice_versa() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("mock-gateway/README.md");
    // Rows look like: | `mtop.admin.user.list` | GET | `system/user` | params | answer |
    let documented: BTreeMap<String, (String, String)> = readme
        .lines()
        .filter(|l| l.starts_with("| `mtop."))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            (
                cells[1].trim_matches('`').to_owned(),
                (cells[2].to_owned(), cells[3].to_owned()),
            )
        })
        .collect();
    let registered: BTreeMap<String, (String, String)> = Registry::standard()
        .iter()
        .map(|op| {
            let method = match op.method {
                Method::Get => "GET",
                Method::Post => "POST",
            };
            (op.api.to_owned(), (method.to_owned(), guard_text(op.guard)))
        })
        .collect();
    let missing: Vec<_> = registered
        .keys()
        .filter(|k| !documented.contains_key(*k))
        .collect();
    let stale: Vec<_> = documented
        .keys()
        .filter(|k| !registered.contains_key(*k))
        .collect();
    assert!(missing.is_empty(), "not in the README: {missing:?}");
    assert!(
        stale.is_empty(),
        "in the README but not registered: {stale:?}"
    );
    assert_eq!(documented, registered, "method or guard differs");
}
