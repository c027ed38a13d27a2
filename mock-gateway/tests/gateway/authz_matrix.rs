//! The authorization matrix (issue 11, item 3; the action axis, issue 44): every operation of the
//! core's catalogue × eleven principals — six session states (no token, garbage, idle-expired, past
//! the absolute limit, logged out, rotated out) and five signed-in roles (访客, 运营, 超级管理员, 客服
//! holding pages but no action except `reveal`, and a role owning one menu with one action on it).
//!
//! The expected cell is derived, not typed: from the operation's `Guard` and, for the roles, from
//! the menus the role owns and the actions it holds on them (the seed's fixtures; the one-menu role
//! is made here through the system operations) and the menu node's access flag evaluated by the
//! core's `Access` for the signed-in user. Each call carries parameters that pass validation where the guard lets the caller in, so
//! a cell shows what the dispatcher decided:
//!
//! - `T` — `user_need_login_token_invalid` (the session check refused),
//! - `P` — `permission_denied` (the role check refused),
//! - anything else means "let in": `ok` (SUCCESS) or a business answer of the operation itself
//!   (see [`LET_IN`]): the guard passed and the handler ran.
//!
//! `system_error` and `api_not_found` fail every cell. An operation that is public, or open to any
//! session, without being on the allowlists below fails the test with its name. The table is
//! printed to stderr (`make test` runs this test with `--nocapture`).

use std::collections::{BTreeMap, HashMap, HashSet};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use core_wasm::access::Access;
use core_wasm::ops::{Guard, OpInfo, catalogue};
use core_wasm::perms::{Action, actions_of, code};
use core_wasm::session::UserInfo;
use mock_gateway::clock::Clock;
use serde_json::{Value, json};

use crate::common::*;

/// The operations anyone may call without a session.
const PUBLIC_ALLOWED: &[&str] = &["mtop.admin.user.login"];

/// The operations any signed-in user may call whatever their roles (the 访客 too): their own
/// account, their menu, and the reference data other screens' pickers read. `history.list` is
/// here because the catalogue guards it by the session and the gateway by the record's screen (see
/// [`record_menu`]).
const SESSION_ALLOWED: &[&str] = &[
    "mtop.admin.user.current",
    "mtop.admin.user.logout",
    "mtop.admin.user.updateProfile",
    "mtop.admin.user.changePassword",
    "mtop.admin.user.menuTree",
    "mtop.admin.belt.list",
    "mtop.admin.category.tree",
    "mtop.admin.reason.list",
    "mtop.admin.file.upload",
    "mtop.admin.history.list",
    // Each caller is told only of the badges of screens they may open (tests/gateway/dashboard.rs).
    "mtop.admin.dashboard.badges",
    // A list's views: the gateway guards them by the list's menu, named by `list` (see `expect`);
    // a delete touches the caller's own views only.
    "mtop.admin.view.list",
    "mtop.admin.view.save",
    "mtop.admin.view.delete",
];

/// The codes that mean the guard let the caller in: success, or the operation's own answer about
/// its parameters or records. (Only `user.login` may answer `user_login_failed`.)
const LET_IN: &[&str] = &[
    "SUCCESS",
    "param_invalid",
    "data_not_found",
    "data_conflict",
    "data_duplicate",
    "state_invalid",
    "data_in_use",
];

/// The menu the one-menu role owns: the ad slots screen, one of two menus of `adSlot.list` and of
/// `adSlot.detail` (`Guard::AnyMenu`) and the only one of `adSlot.save` and `adSlot.setStatus`.
const ONE_MENU: &str = core_wasm::ops::ad_slot::MENU;

/// The one action the one-menu role holds there: it may enable and disable slots, not save or
/// delete them.
const ONE_ACTION: Action = Action::Status;

/// The record `history.list` is called for: an ad slot's timeline, whose screen is [`ONE_MENU`].
const HISTORY_ENTITY: &str = "adSlot";

/// The record whose phone `contact.reveal` is called for: a shop's, which needs 店铺管理 (the
/// catalogue's guard lets in 用户管理 too; the gateway requires the entity's own menu, the core's
/// `contact::menu_of`). [`reveal_needs_the_screen_of_the_record`] covers each entity by a role
/// owning one of the two menus.
const REVEAL_ENTITY: &str = "shop";

/// Parameters for the operations `system::valid_params` does not cover (it holds the ones guarded
/// by one menu): public, session and any-of-several-menus operations.
pub(crate) fn other_params() -> BTreeMap<&'static str, Value> {
    let png = mock_gateway::store::pictures::product(1).expect("draw a png");
    BTreeMap::from([
        (
            "mtop.admin.user.login",
            json!({"username": "admin", "password": "Admin@123"}),
        ),
        ("mtop.admin.user.current", json!({})),
        ("mtop.admin.user.logout", json!({})),
        // The caller's own nickname: any signed-in user may change theirs.
        (
            "mtop.admin.user.updateProfile",
            json!({"nickname": "矩阵昵称", "avatar": ""}),
        ),
        // A wrong old password: the guard passes, the handler refuses, nothing changes (a change
        // would end the column's other sign-ins).
        (
            "mtop.admin.user.changePassword",
            json!({"oldPassword": "Wrong@12345", "newPassword": "Matrix@2026"}),
        ),
        ("mtop.admin.user.menuTree", json!({})),
        ("mtop.admin.dashboard.badges", json!({})),
        ("mtop.admin.belt.list", json!({})),
        ("mtop.admin.category.tree", json!({})),
        ("mtop.admin.reason.list", json!({"type": "shop_freeze"})),
        (
            "mtop.admin.file.upload",
            json!({"name": "a.png", "content": STANDARD.encode(png)}),
        ),
        (
            "mtop.admin.history.list",
            json!({"entity": HISTORY_ENTITY, "id": 1}),
        ),
        ("mtop.admin.adSlot.list", json!({})),
        ("mtop.admin.adSlot.detail", json!({"id": 1})),
        ("mtop.admin.activity.detail", json!({"id": 1})),
        (
            "mtop.admin.activity.setStatus",
            json!({"id": 7, "version": 1, "status": "online"}),
        ),
        ("mtop.admin.opportunity.list", json!({})),
        ("mtop.admin.opportunity.detail", json!({"id": 1})),
        // A list's views: guarded by that list's menu (see `expect`).
        ("mtop.admin.view.list", json!({"list": VIEW_LIST})),
        (
            "mtop.admin.view.save",
            json!({"list": VIEW_LIST, "name": "矩阵视图", "content": {}}),
        ),
        // The caller's own views only: an id no one owns is not found, whoever asks.
        ("mtop.admin.view.delete", json!({"id": 999_999})),
        (
            "mtop.admin.contact.reveal",
            json!({"entity": REVEAL_ENTITY, "id": 1}),
        ),
    ])
}

/// The columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Principal {
    NoToken,
    Garbage,
    IdleExpired,
    PastAbsolute,
    LoggedOut,
    RotatedOut,
    Guest,
    Operator,
    Admin,
    Service,
    OneMenu,
}

impl Principal {
    const ALL: [Principal; 11] = [
        Principal::NoToken,
        Principal::Garbage,
        Principal::IdleExpired,
        Principal::PastAbsolute,
        Principal::LoggedOut,
        Principal::RotatedOut,
        Principal::Guest,
        Principal::Operator,
        Principal::Admin,
        Principal::Service,
        Principal::OneMenu,
    ];

    fn header(self) -> &'static str {
        match self {
            Principal::NoToken => "none",
            Principal::Garbage => "garbage",
            Principal::IdleExpired => "idle",
            Principal::PastAbsolute => "absolute",
            Principal::LoggedOut => "loggedOut",
            Principal::RotatedOut => "rotated",
            Principal::Guest => "访客",
            Principal::Operator => "运营",
            Principal::Admin => "超管",
            Principal::Service => "客服",
            Principal::OneMenu => "1menu",
        }
    }

    /// A signed-in role: its account (username, password).
    fn account(self) -> Option<(&'static str, &'static str)> {
        match self {
            Principal::Guest => Some(("dontHaveAccess", "NoAccess@123")),
            Principal::Operator => Some(("operator", "Operator@123")),
            Principal::Admin => Some(("admin", "Admin@123")),
            Principal::Service => Some(("service", "Service@123")),
            Principal::OneMenu => Some(ONE_MENU_ACCOUNT),
            _ => None,
        }
    }
}

/// The account made with the one-menu role.
const ONE_MENU_ACCOUNT: (&str, &str) = ("slotkeeper", "Slot@2026x");

/// What a cell should show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    LetIn,
    TokenInvalid,
    Denied,
}

/// The menus a signed-in principal may use: the paths its roles own whose access flag passes, and
/// the actions it holds on them.
struct Menus {
    owned: HashSet<String>,
    actions: HashSet<(String, Action)>,
}

impl Menus {
    fn may(&self, path: &str) -> bool {
        self.owned.contains(path)
    }

    fn holds(&self, path: &str, action: Action) -> bool {
        self.actions.contains(&(path.to_owned(), action))
    }
}

/// A seeded role: the patterns of the menus it owns, and the actions it names (`None`: every
/// action of every page it owns).
struct SeededRole {
    owns: Vec<String>,
    actions: Option<Vec<Action>>,
}

/// Every path of the seeded system menu with its access flag (read from the system tree).
fn menu_access(tree: &Value, out: &mut HashMap<String, Option<String>>) {
    for node in tree.as_array().into_iter().flatten() {
        let data = &node["data"];
        if let Some(name) = data["name"].as_str() {
            out.insert(
                name.to_owned(),
                data["access"]
                    .as_str()
                    .filter(|a| !a.is_empty())
                    .map(str::to_owned),
            );
        }
        menu_access(&node["children"], out);
    }
}

/// The seed's roles: name → the patterns they own (`*`, `operate/*`, exact paths) and the actions
/// they name.
fn seeded_roles() -> HashMap<String, SeededRole> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/store/fixtures.json"
    ))
    .expect("fixtures.json");
    let fixtures: Value = serde_json::from_str(&text).expect("fixtures JSON");
    fixtures["roles"]
        .as_array()
        .expect("roles")
        .iter()
        .map(|r| {
            let owns = r["owns"]
                .as_array()
                .expect("owns")
                .iter()
                .map(|p| p.as_str().expect("a pattern").to_owned())
                .collect();
            let actions = r["actions"].as_array().map(|a| {
                a.iter()
                    .map(|x| Action::parse(x.as_str().expect("an action")).expect("known"))
                    .collect()
            });
            (
                r["name"].as_str().expect("name").to_owned(),
                SeededRole { owns, actions },
            )
        })
        .collect()
}

fn owns(patterns: &[String], path: &str) -> bool {
    patterns.iter().any(|p| {
        p == "*"
            || p == path
            || p.strip_suffix("/*")
                .is_some_and(|prefix| path.starts_with(&format!("{prefix}/")))
    })
}

/// The menus of a signed-in user whose role is `role`, by the core's access flags, and the
/// actions it holds: those it names, else every action of its pages (the core's `actions_of`).
fn menus_of(user: &UserInfo, role: &SeededRole, access: &HashMap<String, Option<String>>) -> Menus {
    let flags = Access::of(Some(user));
    let owned: HashSet<String> = access
        .iter()
        .filter(|(path, _)| owns(&role.owns, path))
        .filter(|(_, flag)| flag.as_deref().is_none_or(|f| flags.flag(f) == Some(true)))
        .map(|(path, _)| path.clone())
        .collect();
    let actions = owned
        .iter()
        .flat_map(|page| {
            actions_of(page)
                .into_iter()
                .filter(|a| role.actions.as_ref().is_none_or(|only| only.contains(a)))
                .map(move |a| (page.clone(), a))
        })
        .collect();
    Menus { owned, actions }
}

/// The screen whose owners may read `history.list`'s record, from the gateway's table.
fn record_menu(entity: &str) -> &'static str {
    mock_gateway::api::history::TIMELINES
        .iter()
        .find(|(e, _, _)| e.name() == entity)
        .map(|(_, _, menu)| *menu)
        .unwrap_or_else(|| panic!("no timeline for {entity}"))
}

/// The list whose views the matrix reads and saves: the one-menu account's screen.
const VIEW_LIST: &str = core_wasm::ops::ad_slot::MENU;

/// The screen whose owners may see the phone of an `entity`'s record: the core's rule, which the
/// gateway's `contact.reveal` enforces beyond the catalogue's guard.
fn reveal_menu(entity: &str) -> &'static str {
    core_wasm::ops::contact::menu_of(entity).unwrap_or_else(|| panic!("no phone for {entity}"))
}

/// The expected cell of `op` called with `data`: `menus` for a signed-in role, None for a stale
/// session.
fn expect(op: &OpInfo, data: &Value, menus: Option<&Menus>) -> Expect {
    if op.guard == Guard::Public {
        return Expect::LetIn;
    }
    let Some(menus) = menus else {
        return Expect::TokenInvalid;
    };
    let needed: Vec<&str> = if op.api == "mtop.admin.history.list" {
        vec![record_menu(HISTORY_ENTITY)]
    } else if op.api == "mtop.admin.contact.reveal" {
        vec![reveal_menu(REVEAL_ENTITY)]
    } else if ["mtop.admin.view.list", "mtop.admin.view.save"].contains(&op.api) {
        // A view is guarded by its list's menu, which the handler reads from `list`.
        vec![VIEW_LIST]
    } else {
        op.guard.menus().to_vec()
    };
    // A save in the matrix's parameters updates when they name a record, creates otherwise.
    let creates = data.get("id").is_none_or(Value::is_null);
    let action = op.guard.action(creates);
    let let_in = |m: &&str| menus.may(m) && action.is_none_or(|a| menus.holds(m, a));
    if needed.is_empty() || needed.iter().any(let_in) {
        Expect::LetIn
    } else {
        Expect::Denied
    }
}

fn short(code: &str) -> &'static str {
    match code {
        "SUCCESS" => "ok",
        "user_need_login_token_invalid" => "T",
        "permission_denied" => "P",
        "param_invalid" => "inv",
        "data_not_found" => "nf",
        "data_conflict" => "cf",
        "data_duplicate" => "dup",
        "state_invalid" => "st",
        "data_in_use" => "use",
        "user_login_failed" => "lf",
        "user_login_locked" => "lock",
        "api_not_found" => "API!",
        "system_error" => "500!",
        _ => "?!",
    }
}

fn observed(code: &str, api: &str) -> Option<Expect> {
    match code {
        "user_need_login_token_invalid" => Some(Expect::TokenInvalid),
        "permission_denied" => Some(Expect::Denied),
        c if LET_IN.contains(&c) => Some(Expect::LetIn),
        "user_login_failed" if api == "mtop.admin.user.login" => Some(Expect::LetIn),
        _ => None,
    }
}

/// One row: the operation and the parameters that pass where the guard does.
struct Row {
    op: &'static OpInfo,
    data: Value,
}

fn rows() -> Vec<Row> {
    let mut menu_params = crate::system::valid_params();
    let mut others = other_params();
    let mut missing = Vec::new();
    let mut rows = Vec::new();
    for op in catalogue() {
        match menu_params.remove(op.api).or_else(|| others.remove(op.api)) {
            Some(data) => rows.push(Row { op, data }),
            None => missing.push(op.api),
        }
    }
    assert!(
        missing.is_empty(),
        "operations without matrix parameters (add them to other_params): {missing:?}"
    );
    let stale: Vec<_> = others.keys().collect();
    assert!(
        stale.is_empty(),
        "other_params names no operation: {stale:?}"
    );
    rows
}

/// Looks up the seeded records some valid calls name (`system::looked_up`).
fn look_up(gw: &Gw, row: &Row) -> Value {
    let mut data = row.data.clone();
    if let Some((field, sql)) = crate::system::looked_up().remove(row.op.api) {
        let found: i64 = gw
            .state
            .store
            .read(|c| Ok(c.query_row(sql, [], |r| r.get(0))?))
            .unwrap_or_else(|e| panic!("{}: {sql}: {e:?}", row.op.api));
        data[field] = json!(found);
    }
    data
}

async fn call(gw: &Gw, op: &OpInfo, mat: &str, data: Value) -> Env {
    gw.call_at("/m", op.method, op.api, mat, data).await
}

/// `n` sign-ins of the admin.
async fn admin_tokens(gw: &Gw, n: usize) -> Vec<String> {
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(gw.admin().await);
    }
    out
}

/// For a session-state column: a gateway and one token per row, each in that state.
async fn stale_tokens(who: Principal, n: usize) -> (Gw, Vec<String>) {
    let gw = Gw::new();
    let times = gw.state.config.sessions;
    let tokens = match who {
        Principal::NoToken => vec![String::new(); n],
        Principal::Garbage => (0..n)
            .map(|i| {
                if i % 2 == 0 {
                    // The shape of a token, but nobody's.
                    format!("{:064x}", i + 1)
                } else {
                    format!("garbage-{i}' OR '1'='1; DROP TABLE session;--")
                }
            })
            .collect(),
        Principal::IdleExpired => {
            let tokens = admin_tokens(&gw, n).await;
            gw.clock.advance(times.idle_ms + 1);
            tokens
        }
        Principal::PastAbsolute => {
            let mut tokens = admin_tokens(&gw, n).await;
            let login = gw.clock.now_ms();
            // Kept busy (rotating as they go) until the absolute limit: never idle.
            let step = times.idle_ms / 2;
            while gw.clock.now_ms() + step < login + times.absolute_ms {
                gw.clock.advance(step);
                for t in tokens.iter_mut() {
                    let env = gw.get("mtop.admin.user.current", t, json!({})).await;
                    if let Some(next) = env.mat.clone() {
                        *t = next;
                    }
                    env.ok();
                }
            }
            gw.clock.set(login + times.absolute_ms);
            tokens
        }
        Principal::LoggedOut => {
            let tokens = admin_tokens(&gw, n).await;
            for t in &tokens {
                gw.post("mtop.admin.user.logout", t, json!({})).await.ok();
            }
            tokens
        }
        Principal::RotatedOut => {
            let tokens = admin_tokens(&gw, n).await;
            gw.clock.advance(times.rotate_after_ms);
            for t in &tokens {
                let env = gw.get("mtop.admin.user.current", t, json!({})).await;
                assert!(env.mat.is_some(), "the token was rotated");
                env.ok();
            }
            gw.clock.advance(times.grace_ms + 1);
            tokens
        }
        _ => unreachable!("a signed-in role"),
    };
    (gw, tokens)
}

/// Makes the one-menu role and its account on `gw` through the system operations.
async fn make_one_menu_role(gw: &Gw) {
    let admin = gw.admin().await;
    let role = gw
        .post(
            "mtop.admin.user.saveRole",
            &admin,
            json!({"name": "广告位专员", "remark": "只管广告位"}),
        )
        .await
        .ok();
    let role_id = role["id"].as_i64().expect("role id");
    let tree = gw
        .get(
            "mtop.admin.user.qryMenuTree",
            &admin,
            json!({"roleId": role_id}),
        )
        .await
        .ok();
    let node = find_node(&tree["tree"], ONE_MENU).expect("the ad slots menu");
    let menu_id = node["data"]["id"].as_i64().expect("menu id");
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &admin,
        json!({"roleId": role_id, "menuIds": [menu_id],
               "actions": [code(ONE_MENU, ONE_ACTION)]}),
    )
    .await
    .ok();
    let (username, password) = ONE_MENU_ACCOUNT;
    gw.post(
        "mtop.admin.user.create",
        &admin,
        json!({"username": username, "nickname": "广告位小李", "password": password,
               "roleIds": [role_id]}),
    )
    .await
    .ok();
    gw.post("mtop.admin.user.logout", &admin, json!({}))
        .await
        .ok();
}

#[tokio::test]
async fn authz_matrix_every_operation_by_every_principal() {
    let rows = rows();
    // Nothing public or open to every session that is not meant to be.
    let open: Vec<&str> = rows
        .iter()
        .filter(|r| r.op.guard == Guard::Public && !PUBLIC_ALLOWED.contains(&r.op.api))
        .map(|r| r.op.api)
        .collect();
    assert!(
        open.is_empty(),
        "public operations not on the allowlist: {open:?}"
    );
    let open: Vec<&str> = rows
        .iter()
        .filter(|r| r.op.guard == Guard::Session && !SESSION_ALLOWED.contains(&r.op.api))
        .map(|r| r.op.api)
        .collect();
    assert!(
        open.is_empty(),
        "operations open to any session (the 访客 too) not on the allowlist: {open:?}"
    );

    let roles = seeded_roles();
    let mut cells: Vec<Vec<String>> = vec![Vec::new(); rows.len()];
    let mut wrong = Vec::new();
    let mut tally: BTreeMap<&str, usize> = BTreeMap::new();
    for who in Principal::ALL {
        let (gw, tokens, menus) = match who.account() {
            None => {
                let (gw, tokens) = stale_tokens(who, rows.len()).await;
                (gw, tokens, None)
            }
            Some((username, password)) => {
                let gw = Gw::new();
                if who == Principal::OneMenu {
                    make_one_menu_role(&gw).await;
                }
                let login = gw
                    .post(
                        "mtop.admin.user.login",
                        "",
                        json!({"username": username, "password": password}),
                    )
                    .await;
                let mat = login.mat.clone().expect("a token");
                let user: UserInfo = serde_json::from_value(login.ok()).expect("userInfo");
                let admin = gw.admin().await;
                let system = gw
                    .get("mtop.admin.user.qryMenuTree", &admin, json!({"roleId": 1}))
                    .await
                    .ok();
                gw.post("mtop.admin.user.logout", &admin, json!({}))
                    .await
                    .ok();
                let mut access = HashMap::new();
                menu_access(&system["tree"], &mut access);
                let one_menu = SeededRole {
                    owns: vec![ONE_MENU.to_owned()],
                    actions: Some(vec![ONE_ACTION]),
                };
                let role = match who {
                    Principal::OneMenu => &one_menu,
                    _ => {
                        let role = user.roles.first().expect("a role");
                        roles
                            .get(role)
                            .unwrap_or_else(|| panic!("{role} is not seeded"))
                    }
                };
                let menus = menus_of(&user, role, &access);
                (gw, vec![mat; rows.len()], Some(menus))
            }
        };
        for (i, row) in rows.iter().enumerate() {
            let data = look_up(&gw, row);
            let mut mat = tokens[i].clone();
            if row.op.api == "mtop.admin.user.logout" {
                if let Some((username, password)) = who.account() {
                    // Its own sign-in, so the column's token lives on.
                    mat = gw.login(username, password).await;
                }
            }
            let env = call(&gw, row.op, &mat, data.clone()).await;
            let want = expect(row.op, &data, menus.as_ref());
            let got = observed(&env.code, row.op.api);
            *tally.entry(short(&env.code)).or_default() += 1;
            let mut cell = short(&env.code).to_owned();
            if got != Some(want) {
                cell.push('✗');
                wrong.push(format!(
                    "{} as {:?}: expected {want:?}, got {} {}",
                    row.op.api, who, env.code, env.msg
                ));
            }
            cells[i].push(cell);
        }
    }

    print_table(&rows, &cells);
    let refused = tally.get("T").copied().unwrap_or(0) + tally.get("P").copied().unwrap_or(0);
    let tally: Vec<String> = tally.iter().map(|(c, n)| format!("{c} {n}")).collect();
    eprintln!(
        "authorization matrix: {} operations × {} principals = {} cells, {refused} of them refusals, {} as derived from the guards ({})",
        rows.len(),
        Principal::ALL.len(),
        rows.len() * Principal::ALL.len(),
        if wrong.is_empty() {
            "all".to_owned()
        } else {
            format!("{} NOT", wrong.len())
        },
        tally.join(", ")
    );
    assert!(
        wrong.is_empty(),
        "cells that differ from the guard:\n{}",
        wrong.join("\n")
    );
}

fn guard_text(guard: Guard) -> String {
    let menus = guard.menus().join("|");
    match guard {
        Guard::Public => "public".to_owned(),
        Guard::Session => "session".to_owned(),
        Guard::Save(_) => format!("{menus}:create/edit"),
        _ => match guard.action(false) {
            Some(a) => format!("{menus}:{}", a.as_str()),
            None => menus,
        },
    }
}

/// Display width: CJK characters take two columns.
fn width(s: &str) -> usize {
    s.chars()
        .map(|c| if (c as u32) >= 0x2E80 { 2 } else { 1 })
        .sum()
}

fn pad(s: &str, w: usize) -> String {
    format!("{s}{}", " ".repeat(w.saturating_sub(width(s))))
}

fn print_table(rows: &[Row], cells: &[Vec<String>]) {
    let names: Vec<String> = rows
        .iter()
        .map(|r| r.op.api.trim_start_matches("mtop.admin.").to_owned())
        .collect();
    let guards: Vec<String> = rows.iter().map(|r| guard_text(r.op.guard)).collect();
    let name_w = names.iter().map(|n| width(n)).max().unwrap_or(0).max(9);
    let guard_w = guards.iter().map(|g| width(g)).max().unwrap_or(0).min(44);
    let col_w: Vec<usize> = Principal::ALL
        .iter()
        .enumerate()
        .map(|(j, p)| {
            cells
                .iter()
                .map(|c| width(&c[j]))
                .chain([width(p.header())])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    out.push_str(
        "\nauthorization matrix (T = user_need_login_token_invalid, P = permission_denied; \
                  let in: ok = SUCCESS, inv/nf/cf/dup/st/use = the operation's own param_invalid, \
                  data_not_found, data_conflict, data_duplicate, state_invalid, data_in_use; \
                  ✗ = differs from the guard)\n",
    );
    let mut header = format!("{} {}", pad("operation", name_w), pad("guard", guard_w));
    for (j, p) in Principal::ALL.iter().enumerate() {
        header.push_str(&format!(" {}", pad(p.header(), col_w[j])));
    }
    out.push_str(header.trim_end());
    out.push('\n');
    for (i, name) in names.iter().enumerate() {
        let guard: String = if width(&guards[i]) > guard_w {
            let mut g: String = guards[i].chars().take(guard_w - 1).collect();
            g.push('…');
            g
        } else {
            guards[i].clone()
        };
        let mut line = format!("{} {}", pad(name, name_w), pad(&guard, guard_w));
        for (j, cell) in cells[i].iter().enumerate() {
            line.push_str(&format!(" {}", pad(cell, col_w[j])));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    eprint!("{out}");
}

/// `contact.reveal` by accounts owning only one of its guard's menus: each may see the numbers of
/// its own kind of record and is refused the other's — a member screen's user never sees a shop's
/// phone. Expected cells from the core's `contact::ENTITIES`, as the matrix's.
#[tokio::test]
async fn reveal_needs_the_screen_of_the_record() {
    use core_wasm::ops::contact::{ENTITIES, MENUS};
    let gw = Gw::new();
    let admin = gw.admin().await;
    let mut wrong = Vec::new();
    let mut table = String::from("\ncontact.reveal by one-menu accounts (ok / P)\n");
    for (i, owned) in MENUS.iter().enumerate() {
        let token = crate::data::user_owning(&gw, &admin, &format!("reveal{i}"), &[owned]).await;
        for (entity, menu, ..) in ENTITIES {
            let id: i64 = gw
                .state
                .store
                .read(|c| {
                    Ok(c.query_row(&format!("SELECT min(id) FROM {entity}"), [], |r| r.get(0))?)
                })
                .expect("a record");
            let env = gw
                .post(
                    "mtop.admin.contact.reveal",
                    &token,
                    json!({"entity": entity, "id": id}),
                )
                .await;
            let want = if menu == *owned {
                "SUCCESS"
            } else {
                "permission_denied"
            };
            table.push_str(&format!(
                "  owns {owned:<20} entity {entity:<8} {}\n",
                short(&env.code)
            ));
            if env.code != want {
                wrong.push(format!(
                    "owning {owned}, {entity}: {} (want {want})",
                    env.code
                ));
            }
        }
    }
    eprint!("{table}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
