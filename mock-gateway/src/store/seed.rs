//! The first-start seed (product.md) as data: `fixtures.json` holds the three roles (with the menus
//! each owns), the three accounts, the full menu tree of the spec's route table (seed-spec §2) plus
//! 产业带, 数据字典 and 操作日志, and the demo 数据字典 entries. [`load`] writes them: the
//! accounts, roles and menus once per database, the dictionary in a step of its own so databases
//! seeded before the dictionary get it too.

use std::sync::OnceLock;

use core_wasm::constants::ACCESS_CAN_SEE_ADMIN;
use core_wasm::perms::{Action, actions_of};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::Deserialize;

use crate::config::HashCost;
use crate::error::AppError;
use crate::password::hash_password;

/// Everything the first start writes.
#[derive(Debug, Deserialize)]
pub struct Fixtures {
    /// Top-level roles.
    pub roles: Vec<SeedRole>,
    /// Accounts, each with one role.
    pub accounts: Vec<SeedAccount>,
    /// The menu tree, in display order.
    pub menus: Vec<SeedMenu>,
    /// The demo dictionary; `sort` runs 10, 20, … per type.
    pub dict: Vec<SeedDict>,
}

/// A seeded role.
#[derive(Debug, Deserialize)]
pub struct SeedRole {
    /// Its name.
    pub name: String,
    /// What it is for.
    pub remark: String,
    /// The menus it owns: full paths, `x/*` for everything below `x`, `*` for all.
    pub owns: Vec<String>,
    /// The actions it holds on each page it owns that has them (`reveal`); absent: every action
    /// of every page it owns.
    #[serde(default)]
    pub actions: Option<Vec<String>>,
}

impl SeedRole {
    /// The actions it holds on `page` (one it owns), in the core's order.
    pub fn actions_on(&self, page: &str) -> Vec<Action> {
        actions_of(page)
            .into_iter()
            .filter(|a| {
                self.actions
                    .as_ref()
                    .is_none_or(|only| only.iter().any(|o| o == a.as_str()))
            })
            .collect()
    }

    /// Whether the role owns the menu at `path`.
    pub fn owns(&self, path: &str) -> bool {
        self.owns.iter().any(|p| match p.strip_suffix('*') {
            Some(prefix) => path.starts_with(prefix),
            None => p == path,
        })
    }
}

/// A seeded account.
#[derive(Debug, Deserialize)]
pub struct SeedAccount {
    /// Login name.
    pub username: String,
    /// Its password (hashed when written).
    pub password: String,
    /// Display name.
    pub nickname: String,
    /// The name of its role.
    pub role: String,
}

/// A seeded menu node. Names are full paths.
#[derive(Debug, Deserialize)]
pub struct SeedMenu {
    /// The label.
    pub alias: String,
    /// The full route path without its leading slash.
    pub name: String,
    /// 1 shown in the menu (the default), 0 hidden but routable.
    #[serde(default = "shown")]
    pub visible: i64,
    /// An antd icon name (top-level groups only).
    #[serde(default)]
    pub icon: Option<String>,
    /// Children, in display order.
    #[serde(default)]
    pub children: Vec<SeedMenu>,
}

fn shown() -> i64 {
    1
}

/// A seeded dictionary entry.
#[derive(Debug, Deserialize)]
pub struct SeedDict {
    /// The group.
    pub r#type: String,
    /// The key.
    pub key: String,
    /// What people read.
    pub label: String,
    /// What code reads.
    pub value: String,
    /// Free text.
    #[serde(default)]
    pub remark: String,
}

/// The fixtures, parsed once from the file compiled into the binary.
pub fn fixtures() -> Result<&'static Fixtures, AppError> {
    static PARSED: OnceLock<Result<Fixtures, String>> = OnceLock::new();
    PARSED
        .get_or_init(|| {
            serde_json::from_str(include_str!("fixtures.json")).map_err(|e| e.to_string())
        })
        .as_ref()
        .map_err(|e| AppError::internal(format!("fixtures.json: {e}")))
}

/// Writes the fixtures a database lacks: accounts, roles and menus on its first start (a database
/// that was ever seeded is left alone, even when its records were later deleted), the dictionary
/// once per database (entries deleted later stay deleted).
pub fn load(conn: &mut Connection, cost: HashCost, now: i64) -> Result<(), AppError> {
    let fixtures = fixtures()?;
    seed_if_new(conn, fixtures, cost, now)?;
    seed_perms_if_new(conn, fixtures, cost, now)?;
    seed_dict_if_new(conn, fixtures, now)
}

fn seed_if_new(
    conn: &mut Connection,
    fixtures: &Fixtures,
    cost: HashCost,
    now: i64,
) -> Result<(), AppError> {
    let seeded: Option<String> = conn
        .query_row("SELECT value FROM meta WHERE key = 'seeded_at'", [], |r| {
            r.get(0)
        })
        .optional()?;
    if seeded.is_some() {
        return Ok(());
    }
    // Hash before the transaction: hashing is the slow part of the first start.
    let hashes = fixtures
        .accounts
        .iter()
        .map(|a| hash_password(&a.password, cost))
        .collect::<Result<Vec<_>, _>>()?;
    let tx = conn.transaction()?;
    seed(&tx, fixtures, &hashes, now)?;
    tx.commit()?;
    tracing::info!("database seeded");
    Ok(())
}

fn seed(tx: &Transaction<'_>, f: &Fixtures, hashes: &[String], now: i64) -> Result<(), AppError> {
    let mut menus = Vec::new();
    insert_menus(tx, &f.menus, None, now, &mut menus)?;
    for role in &f.roles {
        insert_role(tx, role, &menus, now)?;
    }
    for (account, hash) in f.accounts.iter().zip(hashes) {
        insert_account(tx, account, hash, now)?;
    }
    tx.execute(
        "INSERT INTO meta (key, value) VALUES ('seeded_at', ?1)",
        params![now.to_string()],
    )?;
    Ok(())
}

/// A top-level role owning the pages among `menus` (id, page) its patterns name.
fn insert_role(
    tx: &Transaction<'_>,
    role: &SeedRole,
    menus: &[(i64, &str)],
    now: i64,
) -> Result<(), AppError> {
    tx.execute(
        "INSERT INTO sys_role (parent_id, name, remark, created_at, updated_at)
         VALUES (NULL, ?1, ?2, ?3, ?3)",
        params![role.name, role.remark, now],
    )?;
    let role_id = tx.last_insert_rowid();
    for (menu_id, _) in menus.iter().filter(|(_, name)| role.owns(name)) {
        tx.execute(
            "INSERT INTO sys_role_menu (role_id, menu_id) VALUES (?1, ?2)",
            params![role_id, menu_id],
        )?;
    }
    Ok(())
}

/// An enabled account holding its top-level role.
fn insert_account(
    tx: &Transaction<'_>,
    account: &SeedAccount,
    hash: &str,
    now: i64,
) -> Result<(), AppError> {
    tx.execute(
        "INSERT INTO sys_user (username, nickname, password_hash, status, created_at, updated_at)
         VALUES (?1, ?2, ?3, 'enabled', ?4, ?4)",
        params![account.username, account.nickname, hash, now],
    )?;
    let user_id = tx.last_insert_rowid();
    tx.execute(
        "INSERT INTO sys_user_role (user_id, role_id)
         SELECT ?1, id FROM sys_role WHERE name = ?2 AND parent_id IS NULL",
        params![user_id, account.role],
    )?;
    Ok(())
}

/// Adds the seed's menu entries a database lacks (by page), each after its seeded siblings, owned
/// by the existing seeded roles whose patterns name it.
fn add_missing_menus(tx: &Transaction<'_>, f: &Fixtures, now: i64) -> Result<(), AppError> {
    fn walk<'a>(
        nodes: &'a [SeedMenu],
        parent: Option<&'a str>,
        out: &mut Vec<(Option<&'a str>, &'a SeedMenu)>,
    ) {
        for n in nodes {
            out.push((parent, n));
            walk(&n.children, Some(&n.name), out);
        }
    }
    let mut all = Vec::new();
    walk(&f.menus, None, &mut all);
    for (parent, node) in all {
        let page_id = |page: &str| -> Result<Option<i64>, AppError> {
            Ok(tx
                .query_row("SELECT id FROM sys_menu WHERE page = ?1", [page], |r| {
                    r.get(0)
                })
                .optional()?)
        };
        if page_id(&node.name)?.is_some() {
            continue;
        }
        let parent_id = match parent {
            Some(p) => match page_id(p)? {
                Some(id) => Some(id),
                // Its group was deleted: the entry stays out too.
                None => continue,
            },
            None => None,
        };
        let sort: i64 = tx.query_row(
            "SELECT coalesce(max(sort), 0) + 10 FROM sys_menu WHERE parent_id IS ?1",
            [parent_id],
            |r| r.get(0),
        )?;
        let menu_id = insert_menu(tx, parent_id, node, sort, now)?;
        for role in f.roles.iter().filter(|r| r.owns(&node.name)) {
            tx.execute(
                "INSERT OR IGNORE INTO sys_role_menu (role_id, menu_id)
                 SELECT id, ?2 FROM sys_role WHERE name = ?1 AND parent_id IS NULL",
                params![role.name, menu_id],
            )?;
        }
    }
    Ok(())
}

/// The `meta` key recording that actions under pages were seeded.
const PERMS_SEEDED: &str = "perms_seeded_at";

/// Actions under pages, once per database. A database seeded before them first gains the seed's
/// menu entries, roles and accounts it lacks (在线用户 and 登录日志, owned by the seeded roles whose
/// patterns name them; 客服 and `service`); then every role holds every action of the pages it
/// owns, as it could do before actions existed, except a seeded role that names its actions (客服:
/// `reveal` only).
fn seed_perms_if_new(
    conn: &mut Connection,
    f: &Fixtures,
    cost: HashCost,
    now: i64,
) -> Result<(), AppError> {
    let seeded = conn
        .query_row("SELECT 1 FROM meta WHERE key = ?1", [PERMS_SEEDED], |_| {
            Ok(())
        })
        .optional()?;
    if seeded.is_some() {
        return Ok(());
    }
    let tx = conn.transaction()?;
    add_missing_menus(&tx, f, now)?;
    let pages: Vec<(i64, String)> = tx
        .prepare("SELECT id, coalesce(page, name) FROM sys_menu ORDER BY id")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let named: Vec<(i64, &str)> = pages.iter().map(|(id, p)| (*id, p.as_str())).collect();
    for role in &f.roles {
        let exists = tx
            .query_row(
                "SELECT 1 FROM sys_role WHERE name = ?1 AND parent_id IS NULL",
                [&role.name],
                |_| Ok(()),
            )
            .optional()?;
        if exists.is_none() {
            insert_role(&tx, role, &named, now)?;
        }
    }
    for account in &f.accounts {
        let exists = tx
            .query_row(
                "SELECT 1 FROM sys_user WHERE username = ?1",
                [&account.username],
                |_| Ok(()),
            )
            .optional()?;
        if exists.is_none() {
            insert_account(&tx, account, &hash_password(&account.password, cost)?, now)?;
        }
    }
    let roles: Vec<(i64, String, bool)> = tx
        .prepare("SELECT id, name, parent_id IS NULL FROM sys_role ORDER BY id")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let page_of: std::collections::HashMap<i64, &str> = named.iter().copied().collect();
    for (role_id, name, top) in roles {
        let seeded_role = f.roles.iter().find(|r| top && r.name == name);
        let mut held = Vec::new();
        for menu_id in crate::store::roles::menu_ids(&tx, role_id)? {
            let Some(page) = page_of.get(&menu_id) else {
                continue;
            };
            let actions = match seeded_role {
                Some(r) => r.actions_on(page),
                None => actions_of(page),
            };
            held.extend(actions.into_iter().map(|a| (menu_id, a)));
        }
        crate::store::roles::set_actions(&tx, role_id, &held)?;
    }
    tx.execute(
        "INSERT INTO meta (key, value) VALUES (?1, ?2)",
        params![PERMS_SEEDED, now.to_string()],
    )?;
    tx.commit()?;
    tracing::info!("actions under pages seeded");
    Ok(())
}

/// The `meta` key recording that the dictionary was seeded.
const DICT_SEEDED: &str = "dict_seeded_at";

fn seed_dict_if_new(conn: &mut Connection, f: &Fixtures, now: i64) -> Result<(), AppError> {
    let tx = conn.transaction()?;
    let seeded = tx
        .query_row("SELECT 1 FROM meta WHERE key = ?1", [DICT_SEEDED], |_| {
            Ok(())
        })
        .optional()?;
    if seeded.is_some() {
        return Ok(());
    }
    {
        // An entry whose (type, key) already exists is left as it is.
        let mut insert = tx.prepare(
            "INSERT OR IGNORE INTO sys_dict (dict_type, dict_key, label, value, sort, remark,
                status, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'enabled', ?7, ?7)",
        )?;
        let mut previous = "";
        let mut sort = 0;
        for e in &f.dict {
            sort = if e.r#type == previous { sort + 10 } else { 10 };
            previous = &e.r#type;
            insert.execute(params![
                e.r#type, e.key, e.label, e.value, sort, e.remark, now
            ])?;
        }
    }
    tx.execute(
        "INSERT INTO meta (key, value) VALUES (?1, ?2)",
        params![DICT_SEEDED, now.to_string()],
    )?;
    tx.commit()?;
    tracing::info!(entries = f.dict.len(), "dictionary seeded");
    Ok(())
}

fn insert_menus<'a>(
    tx: &Transaction<'_>,
    nodes: &'a [SeedMenu],
    parent: Option<i64>,
    now: i64,
    out: &mut Vec<(i64, &'a str)>,
) -> Result<(), AppError> {
    for (index, node) in nodes.iter().enumerate() {
        let sort = (index as i64 + 1) * 10;
        let id = insert_menu(tx, parent, node, sort, now)?;
        out.push((id, &node.name));
        insert_menus(tx, &node.children, Some(id), now, out)?;
    }
    Ok(())
}

/// Writes one seeded menu entry (not its children); its id.
fn insert_menu(
    tx: &Transaction<'_>,
    parent: Option<i64>,
    node: &SeedMenu,
    sort: i64,
    now: i64,
) -> Result<i64, AppError> {
    tx.execute(
        // A seeded node's page is its path (seeded names are full paths), fixed from now on.
        "INSERT INTO sys_menu (parent_id, alias, name, icon, visible, sort, access, page, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?3, ?8, ?8)",
        params![
            parent,
            node.alias,
            node.name,
            node.icon,
            node.visible,
            sort,
            ACCESS_CAN_SEE_ADMIN,
            now
        ],
    )?;
    Ok(tx.last_insert_rowid())
}

/// How many menu nodes the seed writes.
pub fn menu_count() -> Result<usize, AppError> {
    fn count(nodes: &[SeedMenu]) -> usize {
        nodes.iter().map(|n| 1 + count(&n.children)).sum()
    }
    Ok(count(&fixtures()?.menus))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn role(name: &str) -> &'static SeedRole {
        let roles = fixtures().map(|f| f.roles.as_slice()).unwrap_or_default();
        roles
            .iter()
            .find(|r| r.name == name)
            .expect("a seeded role")
    }

    #[test]
    fn the_seed_tree_has_every_spec_route_with_valid_full_path_names() -> Result<(), AppError> {
        // 32 routes of the spec's table plus 产业带, 数据字典, 操作日志, 在线用户 and 登录日志.
        assert_eq!(menu_count()?, 37);
        fn walk(nodes: &[SeedMenu], parent: &str) {
            for n in nodes {
                assert_eq!(core_wasm::menu::check_name(&n.name), Ok(()), "{}", n.name);
                if !parent.is_empty() {
                    assert!(n.name.starts_with(&format!("{parent}/")), "{}", n.name);
                }
                assert!(n.visible == 0 || n.visible == 1, "{}", n.name);
                walk(&n.children, &n.name);
            }
        }
        walk(&fixtures()?.menus, "");
        Ok(())
    }

    #[test]
    fn the_seed_dictionary_passes_core_rules_and_has_unique_keys() -> Result<(), AppError> {
        let mut seen = std::collections::HashSet::new();
        let dict = &fixtures()?.dict;
        for e in dict {
            let form = core_wasm::ops::dict::DictSaveParams {
                r#type: e.r#type.clone(),
                key: e.key.clone(),
                label: e.label.clone(),
                value: e.value.clone(),
                sort: Some(10),
                remark: Some(e.remark.clone()),
                ..Default::default()
            };
            let values = core_wasm::rules::values_of(&form);
            assert!(
                core_wasm::rules::validate(core_wasm::rules::Form::Dict, &values).is_empty(),
                "{}/{}",
                e.r#type,
                e.key
            );
            assert!(
                seen.insert((e.r#type.to_lowercase(), e.key.to_lowercase())),
                "{}/{} twice",
                e.r#type,
                e.key
            );
        }
        assert!((40..=70).contains(&dict.len()));
        Ok(())
    }

    #[test]
    fn every_account_has_a_seeded_role() -> Result<(), AppError> {
        let f = fixtures()?;
        assert_eq!(f.accounts.len(), 4);
        for a in &f.accounts {
            assert!(f.roles.iter().any(|r| r.name == a.role), "{}", a.username);
        }
        Ok(())
    }

    #[test]
    fn the_dictionary_reaches_a_database_seeded_before_it_once() -> Result<(), AppError> {
        let f = fixtures()?;
        let mut conn = Connection::open_in_memory()?;
        // A database seeded by the first release's seed step (accounts, roles, menus) and not by
        // the dictionary's. Today's schema: today's seed writes columns (a menu's page) that the
        // first schema lacked, and an old database gains them by migration, not by seeding again.
        crate::store::migrations::migrate(&mut conn)?;
        seed_if_new(&mut conn, f, HashCost::TEST, 1)?;
        load(&mut conn, HashCost::TEST, 2)?;
        let n: i64 = conn.query_row("SELECT count(*) FROM sys_dict", [], |r| r.get(0))?;
        assert_eq!(n, f.dict.len() as i64);
        // Deleted entries are not brought back by a later start.
        conn.execute("DELETE FROM sys_dict WHERE dict_type = 'member_type'", [])?;
        load(&mut conn, HashCost::TEST, 3)?;
        let n: i64 = conn.query_row("SELECT count(*) FROM sys_dict", [], |r| r.get(0))?;
        assert_eq!(n, f.dict.len() as i64 - 2);
        let sorts: Vec<i64> = conn
            .prepare("SELECT sort FROM sys_dict WHERE dict_type = 'shop_level' ORDER BY id")?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        assert_eq!(sorts, [10, 20, 30, 40, 50]);
        Ok(())
    }

    #[test]
    fn actions_reach_a_database_seeded_before_them_once() -> Result<(), AppError> {
        let f = fixtures()?;
        let mut conn = Connection::open_in_memory()?;
        crate::store::migrations::migrate(&mut conn)?;
        seed_if_new(&mut conn, f, HashCost::TEST, 1)?;
        // As a database seeded before 按钮权限 was: no 客服, no `service`, no actions.
        conn.execute_batch(
            "DELETE FROM sys_user WHERE username = 'service';
             DELETE FROM sys_role WHERE name = '客服';
             DELETE FROM sys_menu WHERE page IN ('system/online', 'system/loginLog');",
        )?;
        load(&mut conn, HashCost::TEST, 2)?;
        let count = |conn: &Connection, sql: &str| -> Result<i64, AppError> {
            Ok(conn.query_row(sql, [], |r| r.get(0))?)
        };
        assert_eq!(
            count(
                &conn,
                "SELECT count(*) FROM sys_user WHERE username = 'service'"
            )?,
            1
        );
        let codes = |role: &str| -> Result<Vec<String>, AppError> {
            Ok(conn
                .prepare(
                    "SELECT m.page || ':' || a.action FROM sys_role_action a
                     JOIN sys_role r ON r.id = a.role_id JOIN sys_menu m ON m.id = a.menu_id
                     WHERE r.name = ?1 ORDER BY 1",
                )?
                .query_map([role], |r| r.get(0))?
                .collect::<Result<_, _>>()?)
        };
        assert_eq!(
            codes("客服")?,
            ["baseMgmt/shopMgmt:reveal", "baseMgmt/userMgmt:reveal"]
        );
        // 运营 may still do all it did: every action of its pages.
        let operator = codes("运营")?;
        assert!(operator.contains(&"operate/business/toExamine:audit".to_owned()));
        assert!(operator.contains(&"operate/abilityEntry:sort".to_owned()));
        assert!(!operator.iter().any(|c| c.starts_with("baseMgmt/")));
        assert!(codes("访客")?.is_empty(), "首页 has no actions");
        // The new pages are back under 系统管理, after 操作日志, and 超级管理员's with their actions.
        let pages: Vec<String> = conn
            .prepare(
                "SELECT m.page FROM sys_menu m JOIN sys_menu p ON p.id = m.parent_id
                 WHERE p.page = 'system' ORDER BY m.sort",
            )?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        assert_eq!(
            pages[pages.len() - 3..],
            ["system/audit", "system/online", "system/loginLog"]
        );
        assert!(codes("超级管理员")?.contains(&"system/online:revoke".to_owned()));
        // Once: what is deleted later stays deleted.
        conn.execute("DELETE FROM sys_user WHERE username = 'service'", [])?;
        load(&mut conn, HashCost::TEST, 3)?;
        assert_eq!(
            count(
                &conn,
                "SELECT count(*) FROM sys_user WHERE username = 'service'"
            )?,
            0
        );
        Ok(())
    }

    #[test]
    fn roles_own_what_product_md_says() {
        assert!(role("超级管理员").owns("system/menu"));
        assert!(role("运营").owns("operate/business/reply"));
        assert!(role("运营").owns("home"));
        assert!(!role("运营").owns("system/user"));
        assert!(!role("运营").owns("operateX"));
        assert!(role("访客").owns("home"));
        assert!(!role("访客").owns("operate"));
    }
}
