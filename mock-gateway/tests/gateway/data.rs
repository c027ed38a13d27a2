//! Reading the seeded business data straight from the store, to compare answers with it, and
//! users with a role of chosen menus.

use mock_gateway::error::AppError;
use serde_json::{Value, json};

use crate::common::*;

/// One integer from SQL.
pub fn int(gw: &Gw, sql: &str) -> i64 {
    gw.state
        .store
        .read(|c| Ok(c.query_row(sql, [], |r| r.get::<_, i64>(0))?))
        .unwrap_or_else(|e: AppError| panic!("{sql}: {e}"))
}

/// One text from SQL.
pub fn text(gw: &Gw, sql: &str) -> String {
    gw.state
        .store
        .read(|c| Ok(c.query_row(sql, [], |r| r.get::<_, String>(0))?))
        .unwrap_or_else(|e: AppError| panic!("{sql}: {e}"))
}

/// Integers from SQL, one per row.
pub fn ints(gw: &Gw, sql: &str) -> Vec<i64> {
    gw.state
        .store
        .read(|c| {
            let mut stmt = c.prepare(sql)?;
            let rows = stmt.query_map([], |r| r.get::<_, i64>(0))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .unwrap_or_else(|e: AppError| panic!("{sql}: {e}"))
}

/// The `list` of a page.
pub fn list(page: &Value) -> Vec<Value> {
    page["list"].as_array().cloned().unwrap_or_default()
}

/// One field of every row.
pub fn column(page: &Value, field: &str) -> Vec<Value> {
    list(page).iter().map(|r| r[field].clone()).collect()
}

/// `138****0000`.
pub fn is_masked(phone: &str) -> bool {
    let c: Vec<char> = phone.chars().collect();
    c.len() == 11
        && c[..3].iter().all(char::is_ascii_digit)
        && c[3..7].iter().all(|&x| x == '*')
        && c[7..].iter().all(char::is_ascii_digit)
}

/// Every action code of `pages` (the core's `actions_of`): a role made to do the pages' work.
pub fn every_action(pages: &[&str]) -> Vec<String> {
    pages
        .iter()
        .flat_map(|page| {
            core_wasm::perms::actions_of(page)
                .into_iter()
                .map(|a| core_wasm::perms::code(page, a))
        })
        .collect()
}

/// Signs in a new user whose one role owns just `menus` (full paths), with every action on them;
/// their token.
pub async fn user_owning(gw: &Gw, admin: &str, username: &str, menus: &[&str]) -> String {
    let role = gw
        .post(
            "mtop.admin.user.saveRole",
            admin,
            json!({"name": format!("{username}的角色")}),
        )
        .await
        .ok();
    let tree = gw
        .get(
            "mtop.admin.user.qryMenuTree",
            admin,
            json!({"roleId": role["id"]}),
        )
        .await
        .ok();
    let ids: Vec<Value> = menus
        .iter()
        .map(|m| {
            find_node(&tree["tree"], m).unwrap_or_else(|| panic!("menu {m}"))["data"]["id"].clone()
        })
        .collect();
    gw.post(
        "mtop.admin.user.updateMenuRole",
        admin,
        json!({"roleId": role["id"], "menuIds": ids, "actions": every_action(menus)}),
    )
    .await
    .ok();
    gw.post(
        "mtop.admin.user.create",
        admin,
        json!({"username": username, "nickname": format!("{username}昵称"),
               "password": "Secret#2026", "roleIds": [role["id"]]}),
    )
    .await
    .ok();
    gw.login(username, "Secret#2026").await
}
