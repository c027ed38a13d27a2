//! The committed generated files equal what the catalogue generates now. With
//! `UPDATE_GENERATED=1` the test rewrites them instead (then commit them).
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;

use core_wasm::ops::typescript::{facts_json, ops_ts, writes_ts};

fn check(relative: &str, expected: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(relative);
    if std::env::var_os("UPDATE_GENERATED").is_some() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        }
        std::fs::write(&path, expected).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == expected,
        "{relative} is stale: run `UPDATE_GENERATED=1 cargo test -p core-wasm --test generated` and commit it"
    );
}

#[test]
fn the_web_operation_table_is_current() {
    check("web/src/lib/generated/ops.ts", &ops_ts());
}

#[test]
fn the_write_declarations_are_current() {
    check("web/src/lib/generated/writes.ts", &writes_ts());
}

#[test]
fn the_contract_facts_are_current() {
    check("tests/support/generated/core-facts.json", &facts_json());
}
