//! System operations: users, roles, menus, permissions, audit, dashboard.

use std::collections::BTreeMap;

use core_wasm::protocol::Method;
use mock_gateway::dispatch::{Guard, Registry};
use serde_json::{Value, json};

use crate::common::*;

/// Parameters that pass validation (on a freshly seeded gateway, as admin) for every operation
/// guarded by a menu. The guard tests take the operations from the registry, so a new guarded
/// operation fails them until it has a row here.
pub(crate) fn valid_params() -> BTreeMap<&'static str, Value> {
    BTreeMap::from([
        ("mtop.admin.user.list", json!({})),
        (
            "mtop.admin.user.create",
            json!({"username": "zhangsan", "nickname": "张三", "password": "Zhang@2026", "roleIds": [1]}),
        ),
        (
            "mtop.admin.user.update",
            json!({"id": 1, "version": 1, "nickname": "x"}),
        ),
        ("mtop.admin.user.delete", json!({"id": 2})),
        ("mtop.admin.user.qryRoleTree", json!({})),
        ("mtop.admin.user.roleTree", json!({})),
        ("mtop.admin.user.saveRole", json!({"name": "新角色"})),
        // The ids of the role and the menu made first (see `made_first`).
        ("mtop.admin.user.deleteRole", json!({"id": 0, "version": 1})),
        ("mtop.admin.user.deleteMenu", json!({"id": 0, "version": 1})),
        ("mtop.admin.user.qryMenuTree", json!({"roleId": 1})),
        (
            "mtop.admin.user.updateMenuRole",
            json!({"roleId": 3, "menuIds": [1]}),
        ),
        (
            "mtop.admin.user.saveMenu",
            json!({"parentId": 0, "alias": "新菜单", "name": "newMenu", "visible": 1, "sort": 1}),
        ),
        ("mtop.admin.dict.list", json!({"type": "shop_level"})),
        (
            "mtop.admin.dict.save",
            json!({"type": "trade_term", "key": "fob", "label": "离岸价", "value": "FOB"}),
        ),
        ("mtop.admin.dict.delete", json!({"id": 1, "version": 1})),
        ("mtop.admin.audit.list", json!({})),
        ("mtop.admin.audit.options", json!({})),
        ("mtop.admin.user.unlock", json!({"id": 2})),
        ("mtop.admin.session.list", json!({})),
        ("mtop.admin.session.revoke", json!({})),
        ("mtop.admin.loginLog.list", json!({"result": "failed"})),
        ("mtop.admin.dashboard.stats", json!({})),
        // 运营管理 (seeded ids: slot 7 is the disabled one holding ads 39 and 40, ad 1 is enabled,
        // activity 7 an empty draft; records of 基础信息's seed are looked up, see `looked_up`).
        (
            "mtop.admin.adSlot.save",
            json!({"name": "新广告位", "code": "new_slot", "page": "home", "width": 750,
                   "height": 300, "maxAds": 2}),
        ),
        (
            "mtop.admin.adSlot.setStatus",
            json!({"id": 7, "version": 1, "status": "enabled"}),
        ),
        ("mtop.admin.ad.list", json!({"state": "active"})),
        (
            "mtop.admin.ad.save",
            json!({"slotId": 1, "title": "新广告", "image": mock_gateway::files::SEED_PRODUCT_IMAGES[0],
                   "linkType": "url", "linkTarget": "https://act.adnur.example/new",
                   "startAt": START_MS + 86_400_000, "endAt": START_MS + 2 * 86_400_000}),
        ),
        (
            "mtop.admin.ad.setStatus",
            json!({"id": 1, "version": 1, "status": "disabled"}),
        ),
        ("mtop.admin.ad.sort", json!({"slotId": 7, "ids": [39, 40]})),
        ("mtop.admin.ad.delete", json!({"id": 2, "version": 1})),
        // Every seeded slot holds ads, every seeded belt has shops: one is made first.
        ("mtop.admin.adSlot.delete", json!({"id": 0, "version": 1})),
        ("mtop.admin.belt.delete", json!({"id": 0, "version": 1})),
        ("mtop.admin.ad.targets", json!({"kind": "shop"})),
        ("mtop.admin.activity.list", json!({"status": "online"})),
        (
            "mtop.admin.activity.save",
            json!({"title": "新专题", "banner": "", "startAt": START_MS,
                   "endAt": START_MS + 7 * 86_400_000}),
        ),
        (
            "mtop.admin.activity.saveItems",
            json!({"id": 7, "version": 1, "items": []}),
        ),
        ("mtop.admin.activity.candidates", json!({"kind": "product"})),
        ("mtop.admin.entry.list", json!({})),
        (
            "mtop.admin.entry.save",
            json!({"id": 1, "version": 1, "name": "找工厂", "icon": "ShopOutlined",
                   "link": "/pages/factory"}),
        ),
        (
            "mtop.admin.entry.sort",
            json!({"ids": (1..=12).collect::<Vec<i64>>()}),
        ),
        ("mtop.admin.entry.delete", json!({"id": 12, "version": 1})),
        ("mtop.admin.recommend.list", json!({"state": "active"})),
        (
            "mtop.admin.recommend.save",
            json!({"id": 1, "version": 1, "shopId": 0, "reason": "源头工厂",
                   "startAt": START_MS, "endAt": START_MS + 30 * 86_400_000}),
        ),
        (
            "mtop.admin.recommend.delete",
            json!({"id": 2, "version": 1}),
        ),
        (
            "mtop.admin.recommend.sort",
            json!({"ids": (1..=10).collect::<Vec<i64>>()}),
        ),
        ("mtop.admin.recommend.candidates", json!({})),
        ("mtop.admin.inquiry.list", json!({"state": "pending"})),
        ("mtop.admin.inquiry.detail", json!({"id": 1})),
        (
            "mtop.admin.inquiry.shops",
            json!({"kind": "shop", "keyword": "店"}),
        ),
        (
            "mtop.admin.inquiry.close",
            json!({"id": 0, "version": 1, "status": "closed", "reasonCode": "buyer_cancel"}),
        ),
        (
            "mtop.admin.opportunity.audit",
            json!({"id": 0, "version": 1, "approve": true}),
        ),
        (
            "mtop.admin.opportunity.reply",
            json!({"id": 0, "content": "已为您推荐三家源头工厂"}),
        ),
        (
            "mtop.admin.opportunity.close",
            json!({"id": 0, "version": 1, "status": "closed", "reasonCode": "fulfilled"}),
        ),
        ("mtop.admin.belt.detail", json!({"id": 1})),
        (
            "mtop.admin.belt.save",
            json!({"name": "湖州童装产业带", "province": "浙江", "city": "湖州"}),
        ),
        ("mtop.admin.shop.impact", json!({"id": 1})),
        // The seed at START_MS: shop 180 is the oldest pending shop, shop 2 is active.
        ("mtop.admin.shop.list", json!({"status": "pending"})),
        ("mtop.admin.shop.stats", json!({"days": 7})),
        ("mtop.admin.shop.detail", json!({"id": 1})),
        ("mtop.admin.shop.regions", json!({})),
        ("mtop.admin.invitation.inviters", json!({"kind": "member"})),
        ("mtop.admin.belt.regions", json!({})),
        (
            "mtop.admin.shop.audit",
            json!({"id": 180, "version": 1, "approve": true}),
        ),
        (
            "mtop.admin.shop.setStatus",
            json!({"id": 2, "version": 1, "status": "frozen", "reasonCode": "complaints"}),
        ),
        ("mtop.admin.member.list", json!({"type": "buyer"})),
        ("mtop.admin.member.detail", json!({"id": 1})),
        (
            "mtop.admin.member.setStatus",
            json!({"id": 1, "version": 1, "status": "banned", "reasonCode": "spam"}),
        ),
        ("mtop.admin.invitation.list", json!({"state": "shopOpened"})),
        ("mtop.admin.product.list", json!({"status": "onSale"})),
        ("mtop.admin.product.detail", json!({"id": 1})),
        (
            "mtop.admin.product.setStatus",
            json!({"ids": [1], "status": "offSale"}),
        ),
        (
            "mtop.admin.category.save",
            json!({"name": "新类目", "visible": 1}),
        ),
        // A leaf's children: none.
        (
            "mtop.admin.category.sort",
            json!({"parentId": 3, "ids": []}),
        ),
        // The id of the category made first (see `made_first`).
        ("mtop.admin.category.delete", json!({"id": 0})),
    ])
}

/// Operations whose valid call needs a record made first: the call that makes it; its answer's
/// `id` (see [`made_id`]) replaces the operation's `id`.
pub(crate) fn made_first() -> BTreeMap<&'static str, (&'static str, Value)> {
    BTreeMap::from([
        (
            "mtop.admin.category.delete",
            ("mtop.admin.category.save", json!({"name": "待删除类目"})),
        ),
        // Another's sign-in (the caller's own is refused): `looked_up` finds its id.
        (
            "mtop.admin.session.revoke",
            (
                "mtop.admin.user.login",
                json!({"username": "operator", "password": "Operator@123"}),
            ),
        ),
        (
            "mtop.admin.view.delete",
            (
                "mtop.admin.view.save",
                json!({"list": "baseMgmt/shopMgmt", "name": "待删除视图", "content": {}}),
            ),
        ),
        (
            "mtop.admin.user.deleteRole",
            ("mtop.admin.user.saveRole", json!({"name": "待删除角色"})),
        ),
        (
            "mtop.admin.user.deleteMenu",
            (
                "mtop.admin.user.saveMenu",
                json!({"parentId": 0, "alias": "待删除菜单", "name": "toDelete", "visible": 1,
                       "sort": 99}),
            ),
        ),
        (
            "mtop.admin.adSlot.delete",
            (
                "mtop.admin.adSlot.save",
                json!({"name": "待删除广告位", "code": "to_delete", "page": "home", "width": 750,
                       "height": 300, "maxAds": 1}),
            ),
        ),
        (
            "mtop.admin.belt.delete",
            (
                "mtop.admin.belt.save",
                json!({"name": "待删除产业带", "province": "浙江", "city": "湖州"}),
            ),
        ),
    ])
}

/// The id in the answer of a [`made_first`] call: `id`, or `data.id` for a menu node.
pub(crate) fn made_id(made: &Value) -> Value {
    match &made["id"] {
        Value::Null => made["data"]["id"].clone(),
        id => id.clone(),
    }
}

/// Operations whose valid call names a seeded record in a given state (the demo seed's ids move
/// when it changes): the field and the query that finds it.
pub(crate) fn looked_up() -> BTreeMap<&'static str, (&'static str, &'static str)> {
    const PENDING: &str = "SELECT id FROM opportunity WHERE state = 'pending' ORDER BY id LIMIT 1";
    const APPROVED: &str =
        "SELECT id FROM opportunity WHERE state = 'approved' ORDER BY id LIMIT 1";
    BTreeMap::from([
        ("mtop.admin.opportunity.audit", ("id", PENDING)),
        ("mtop.admin.opportunity.reply", ("id", APPROVED)),
        ("mtop.admin.opportunity.close", ("id", APPROVED)),
        (
            "mtop.admin.inquiry.close",
            (
                "id",
                "SELECT id FROM inquiry WHERE state IN ('pending', 'quoted') ORDER BY id LIMIT 1",
            ),
        ),
        (
            "mtop.admin.recommend.save",
            ("shopId", "SELECT shop_id FROM recommend WHERE id = 1"),
        ),
        // The operator's sign-in `made_first` made; none (so not found) where it made none.
        (
            "mtop.admin.session.revoke",
            (
                "id",
                "SELECT coalesce(max(s.id), 999999) FROM sign_in s
                 JOIN sys_user u ON u.id = s.user_id WHERE u.username = 'operator'",
            ),
        ),
    ])
}

/// Fills in what [`looked_up`] finds in `gw`'s database.
fn look_up(gw: &Gw, c: &mut Guarded) {
    if let Some((field, sql)) = looked_up().remove(c.api) {
        let found: i64 = gw
            .state
            .store
            .read(|conn| Ok(conn.query_row(sql, [], |r| r.get(0))?))
            .unwrap_or_else(|e| panic!("{}: {sql}: {e:?}", c.api));
        c.data[field] = json!(found);
    }
}

/// A menu-guarded operation of the registry with parameters that would pass.
struct Guarded {
    api: &'static str,
    menu: &'static str,
    method: Method,
    data: Value,
}

/// Every operation of the registry guarded by a menu; fails when one has no row in
/// [`valid_params`], or a row names no such operation.
fn guarded_calls() -> Vec<Guarded> {
    let mut params = valid_params();
    let mut missing = Vec::new();
    let mut calls = Vec::new();
    for op in Registry::standard().iter() {
        let (Guard::Menu(menu) | Guard::Act(menu, _) | Guard::Save(menu)) = op.guard else {
            continue;
        };
        match params.remove(op.api) {
            Some(data) => calls.push(Guarded {
                api: op.api,
                menu,
                method: op.method,
                data,
            }),
            None => missing.push(op.api),
        }
    }
    assert!(
        missing.is_empty(),
        "menu-guarded operations without valid parameters in valid_params(): {missing:?}"
    );
    let stale: Vec<_> = params.keys().collect();
    assert!(
        stale.is_empty(),
        "valid_params() names operations that are not menu-guarded: {stale:?}"
    );
    calls
}

async fn call(gw: &Gw, c: &Guarded, mat: &str) -> Env {
    gw.call_at("/m", c.method, c.api, mat, c.data.clone()).await
}

/// What the seeded 运营 role owns (product.md: home and operate/*).
fn operator_owns(menu: &str) -> bool {
    menu == "home" || menu == "operate" || menu.starts_with("operate/")
}

#[tokio::test]
async fn the_valid_parameters_are_valid() {
    for c in guarded_calls() {
        // A fresh gateway per call: some of them delete what another one needs.
        let gw = Gw::new();
        let admin = gw.admin().await;
        let mut c = c;
        if let Some((api, data)) = made_first().remove(c.api) {
            let made = gw.post(api, &admin, data).await.ok();
            c.data["id"] = made_id(&made);
        }
        look_up(&gw, &mut c);
        let env = call(&gw, &c, &admin).await;
        assert!(
            env.success,
            "{} as admin: {} {} {}",
            c.api, env.code, env.msg, env.data
        );
    }
}

#[tokio::test]
async fn dont_have_access_is_denied_every_admin_operation() {
    let gw = Gw::new();
    let guest = gw.guest().await;
    let calls = guarded_calls();
    assert!(
        calls.iter().any(|c| c.menu == "home"),
        "home is guarded too"
    );
    for c in &calls {
        let env = call(&gw, c, &guest).await;
        assert_eq!(env.code, "permission_denied", "{}", c.api);
        assert_eq!(env.msg, "无权限执行此操作");
    }
    // The session calls stay open to them.
    gw.get("mtop.admin.user.current", &guest, json!({}))
        .await
        .ok();
    let tree = gw
        .get("mtop.admin.user.menuTree", &guest, json!({}))
        .await
        .ok();
    assert_eq!(names(&tree), ["home"]);
}

#[tokio::test]
async fn the_operator_is_denied_what_their_role_does_not_own() {
    let gw = Gw::new();
    let op = gw.operator().await;
    let calls = guarded_calls();
    assert!(calls.iter().any(|c| operator_owns(c.menu)));
    assert!(calls.iter().any(|c| !operator_owns(c.menu)));
    for c in &calls {
        let env = call(&gw, c, &op).await;
        if operator_owns(c.menu) {
            // A fresh gateway: the valid parameters of one write (a delete) may be stale after
            // another's (a sort of every record).
            let gw = Gw::new();
            let op = gw.operator().await;
            let mut c = Guarded {
                data: c.data.clone(),
                ..*c
            };
            if let Some((api, data)) = made_first().remove(c.api) {
                let made = gw.post(api, &op, data).await.ok();
                c.data["id"] = made_id(&made);
            }
            look_up(&gw, &mut c);
            let env = call(&gw, &c, &op).await;
            assert!(env.success, "{}: {} {}", c.api, env.code, env.msg);
        } else {
            assert_eq!(env.code, "permission_denied", "{}", c.api);
        }
    }
}

#[tokio::test]
async fn every_guarded_operation_needs_a_session_first() {
    let gw = Gw::new();
    for c in guarded_calls() {
        let env = call(&gw, &c, "").await;
        assert_eq!(env.code, "user_need_login_token_invalid", "{}", c.api);
        let env = call(&gw, &c, &"0".repeat(64)).await;
        assert_eq!(env.code, "user_need_login_token_invalid", "{}", c.api);
    }
}

#[tokio::test]
async fn the_role_check_comes_before_the_parameters() {
    let gw = Gw::new();
    let op = gw.operator().await;
    gw.get("mtop.admin.user.list", &op, json!({"pageSize": 1}))
        .await
        .fails("permission_denied");
    let admin = gw.admin().await;
    gw.get("mtop.admin.user.list", &admin, json!({"pageSize": 1}))
        .await
        .fails("param_invalid");
}

#[tokio::test]
async fn menu_trees_follow_the_roles() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let tree = gw
        .get("mtop.admin.user.menuTree", &admin, json!({}))
        .await
        .ok();
    let all = names(&tree);
    assert_eq!(all.len(), 37);
    let top: Vec<_> = tree
        .as_array()
        .expect("array")
        .iter()
        .map(|n| n["data"]["name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(top, ["home", "baseMgmt", "exception", "operate", "system"]);
    let home = &tree[0]["data"];
    assert_eq!(home["alias"], "首页");
    assert_eq!(home["visible"], 1);
    assert_eq!(home["icon"], "HomeOutlined");
    assert_eq!(home["access"], "canSeeAdmin");
    assert!(home["id"].as_i64().is_some());
    assert!(home["sort"].as_i64().is_some());
    let detail = find_node(&tree, "baseMgmt/shopMgmt/shopDetail").expect("detail");
    assert_eq!(detail["data"]["visible"], 0);
    let belt = find_node(&tree, "operate/industrialBelt").expect("belt");
    assert_eq!(belt["data"]["visible"], 1);
    for name in ["exception/403", "exception/404", "exception/500"] {
        assert_eq!(find_node(&tree, name).expect(name)["data"]["visible"], 0);
    }
    assert!(find_node(&tree, "system/dict").is_some());
    assert!(find_node(&tree, "system/audit").is_some());
    // Siblings come in sort order.
    let sorts: Vec<i64> = tree
        .as_array()
        .expect("array")
        .iter()
        .map(|n| n["data"]["sort"].as_i64().unwrap_or(0))
        .collect();
    assert!(sorts.windows(2).all(|w| w[0] <= w[1]));

    // core's route table accepts the whole tree.
    let nodes: Vec<core_wasm::menu::MenuNode> = serde_json::from_value(tree).expect("core shape");
    let table = core_wasm::menu::RouteTable::build(&nodes);
    assert!(table.rejected.is_empty());
    assert_eq!(table.routes.len(), 37);

    let op = gw.operator().await;
    let tree = gw
        .get("mtop.admin.user.menuTree", &op, json!({}))
        .await
        .ok();
    let got = names(&tree);
    assert_eq!(got[0], "home");
    assert_eq!(got[1], "operate");
    assert!(got.iter().skip(1).all(|n| n.starts_with("operate")));
    // home, operate and its 13 descendants (产业带 included).
    assert_eq!(got.len(), 15);
}

#[tokio::test]
async fn a_partially_owned_group_keeps_its_ancestors_and_changes_show_at_once() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let guest = gw.guest().await;
    let system = gw
        .get("mtop.admin.user.menuTree", &admin, json!({}))
        .await
        .ok();
    let id_of = |name: &str| {
        find_node(&system, name).expect(name)["data"]["id"]
            .as_i64()
            .expect("id")
    };
    let guest_role = role_id(&gw, &admin, "访客").await;
    let reply = gw
        .post(
            "mtop.admin.user.updateMenuRole",
            &admin,
            json!({"roleId": guest_role, "menuIds": [id_of("home"), id_of("operate/business/reply")]}),
        )
        .await
        .ok();
    assert_eq!(reply["roleId"], guest_role);
    let tree = gw
        .get("mtop.admin.user.menuTree", &guest, json!({}))
        .await
        .ok();
    assert_eq!(
        names(&tree),
        [
            "home",
            "operate",
            "operate/business",
            "operate/business/reply"
        ]
    );
    let checked = gw
        .get(
            "mtop.admin.user.qryMenuTree",
            &admin,
            json!({"roleId": guest_role}),
        )
        .await
        .ok();
    let mut want = vec![id_of("home"), id_of("operate/business/reply")];
    want.sort_unstable();
    assert_eq!(checked["checkedIds"], json!(want));
    assert_eq!(names(&checked["tree"]).len(), 37);
    assert!(checked["tree"][0]["data"]["version"].as_i64().is_some());
}

#[tokio::test]
async fn update_menu_role_refuses_unknown_ids_and_roles() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let env = gw
        .post(
            "mtop.admin.user.updateMenuRole",
            &admin,
            json!({"roleId": 3, "menuIds": [1, 9999]}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["menuIds"]);
    assert_eq!(env.msg, "菜单不存在：9999");
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &admin,
        json!({"roleId": 999, "menuIds": [1]}),
    )
    .await
    .fails("data_not_found");
    gw.get(
        "mtop.admin.user.qryMenuTree",
        &admin,
        json!({"roleId": 999}),
    )
    .await
    .fails("data_not_found");
    let env = gw
        .get("mtop.admin.user.qryMenuTree", &admin, json!({}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["roleId"]);
}

#[tokio::test]
async fn revoking_a_menu_revokes_the_operation() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let op = gw.operator().await;
    let op_role = role_id(&gw, &admin, "运营").await;
    let system = gw
        .get("mtop.admin.user.menuTree", &admin, json!({}))
        .await
        .ok();
    let audit_menu = find_node(&system, "system/audit").expect("audit")["data"]["id"].clone();
    gw.get("mtop.admin.audit.list", &op, json!({}))
        .await
        .fails("permission_denied");
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &admin,
        json!({"roleId": op_role, "menuIds": [audit_menu]}),
    )
    .await
    .ok();
    gw.get("mtop.admin.audit.list", &op, json!({})).await.ok();
    gw.get("mtop.admin.dashboard.stats", &op, json!({}))
        .await
        .fails("permission_denied");
}

#[tokio::test]
async fn user_list_pages_filters_and_sorts() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let page = gw.get("mtop.admin.user.list", &admin, json!({})).await.ok();
    assert_eq!(page["total"], 4);
    assert_eq!(page["page"], 1);
    assert_eq!(page["pageSize"], 20);
    let first = &page["list"][0];
    assert_eq!(first["username"], "admin");
    assert_eq!(first["roleNames"], json!(["超级管理员"]));
    assert_eq!(first["status"], "enabled");
    assert_eq!(first["version"], 1);
    assert!(first["roleIds"][0].as_i64().is_some());
    assert!(first["createdAt"].as_i64().is_some());
    assert!(first.get("passwordHash").is_none());

    for i in 0..12 {
        gw.post(
            "mtop.admin.user.create",
            &admin,
            json!({"username": format!("user{i:02}"), "nickname": format!("用户{i}"),
                   "password": "Passw0rd!", "roleIds": [2], "status": if i % 2 == 0 {"enabled"} else {"disabled"}}),
        )
        .await
        .ok();
    }
    let p2 = gw
        .get(
            "mtop.admin.user.list",
            &admin,
            json!({"page": 2, "pageSize": 10}),
        )
        .await
        .ok();
    assert_eq!(p2["total"], 16);
    assert_eq!(p2["list"].as_array().map(Vec::len), Some(6));
    let filtered = gw
        .get(
            "mtop.admin.user.list",
            &admin,
            json!({"username": "user", "status": "disabled", "sortField": "username", "sortOrder": "descend"}),
        )
        .await
        .ok();
    assert_eq!(filtered["total"], 6);
    assert_eq!(filtered["list"][0]["username"], "user11");
    let by_nick = gw
        .get("mtop.admin.user.list", &admin, json!({"nickname": "运营"}))
        .await
        .ok();
    assert_eq!(by_nick["total"], 1);
    // `%` and `_` are literal in filters.
    let none = gw
        .get("mtop.admin.user.list", &admin, json!({"username": "%"}))
        .await
        .ok();
    assert_eq!(none["total"], 0);
    // Page numbers may come as strings (from the URL).
    gw.get(
        "mtop.admin.user.list",
        &admin,
        json!({"page": "2", "pageSize": "10"}),
    )
    .await
    .ok();

    for (bad, field) in [
        (json!({"page": 0}), "page"),
        (json!({"pageSize": 9}), "pageSize"),
        (json!({"pageSize": 101}), "pageSize"),
        (json!({"status": "gone"}), "status"),
        (json!({"sortField": "password_hash"}), "sortField"),
        (json!({"sortOrder": "sideways"}), "sortOrder"),
        (json!({"page": "x"}), "page"),
    ] {
        let env = gw
            .get("mtop.admin.user.list", &admin, bad.clone())
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{bad}");
        assert!(!env.msg.is_empty());
    }
}

#[tokio::test]
async fn create_validates_with_core_rules_and_refuses_duplicates() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let env = gw
        .post("mtop.admin.user.create", &admin, json!({}))
        .await
        .fails("param_invalid");
    assert_eq!(
        env.fields(),
        ["username", "nickname", "password", "roleIds"]
    );
    assert_eq!(
        env.msg,
        env.data["fields"][0]["message"].as_str().unwrap_or("")
    );
    let env = gw
        .post(
            "mtop.admin.user.create",
            &admin,
            json!({"username": "zhangsan", "nickname": "张三", "password": "zhangsan1", "roleIds": [2]}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["password"]);
    let env = gw
        .post(
            "mtop.admin.user.create",
            &admin,
            json!({"username": "zhangsan", "nickname": "张三", "password": "Zhang@2026", "roleIds": [2, 77]}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["roleIds"]);
    assert_eq!(env.msg, "角色不存在：77");

    let created = gw
        .post(
            "mtop.admin.user.create",
            &admin,
            json!({"username": "zhangsan", "nickname": " 张三 ", "password": "Zhang@2026", "roleIds": [2]}),
        )
        .await
        .ok();
    assert_eq!(created["username"], "zhangsan");
    assert_eq!(created["nickname"], "张三");
    assert_eq!(created["roleNames"], json!(["运营"]));
    assert_eq!(created["status"], "enabled");
    assert_eq!(created["version"], 1);
    let env = gw
        .post(
            "mtop.admin.user.create",
            &admin,
            json!({"username": "ZhangSan", "nickname": "李四", "password": "Zhang@2026", "roleIds": [2]}),
        )
        .await
        .fails("data_duplicate");
    assert_eq!(env.msg, "用户名 ZhangSan 已存在");
    assert_eq!(env.fields(), ["username"]);
    // The new account signs in and sees the operator's menu.
    let mat = gw.login("zhangsan", "Zhang@2026").await;
    let tree = gw
        .get("mtop.admin.user.menuTree", &mat, json!({}))
        .await
        .ok();
    assert_eq!(names(&tree)[1], "operate");
}

#[tokio::test]
async fn update_uses_the_version_and_reports_missing_records() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let created = gw
        .post(
            "mtop.admin.user.create",
            &admin,
            json!({"username": "lisi", "nickname": "李四", "password": "Secret#2026", "roleIds": [2]}),
        )
        .await
        .ok();
    let id = created["id"].clone();
    let updated = gw
        .post(
            "mtop.admin.user.update",
            &admin,
            json!({"id": id, "version": 1, "nickname": "李四四", "roleIds": [2, 3]}),
        )
        .await
        .ok();
    assert_eq!(updated["nickname"], "李四四");
    assert_eq!(updated["version"], 2);
    assert_eq!(updated["roleNames"], json!(["运营", "访客"]));
    let env = gw
        .post(
            "mtop.admin.user.update",
            &admin,
            json!({"id": id, "version": 1, "nickname": "旧版本"}),
        )
        .await
        .fails("data_conflict");
    assert_eq!(env.msg, "数据已被他人修改，请刷新后重试");
    let again = gw
        .get("mtop.admin.user.list", &admin, json!({"username": "lisi"}))
        .await
        .ok();
    assert_eq!(
        again["list"][0]["nickname"], "李四四",
        "a conflict changes nothing"
    );

    gw.post(
        "mtop.admin.user.update",
        &admin,
        json!({"id": 999, "version": 1, "nickname": "x"}),
    )
    .await
    .fails("data_not_found");
    let env = gw
        .post("mtop.admin.user.update", &admin, json!({"nickname": "x"}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["id"]);
    let env = gw
        .post(
            "mtop.admin.user.update",
            &admin,
            json!({"id": id, "version": 2, "roleIds": []}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["roleIds"]);
    // A password set by an administrator follows the policy (including "not the username").
    let env = gw
        .post(
            "mtop.admin.user.update",
            &admin,
            json!({"id": id, "version": 2, "password": "Lisi@20260"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.msg, "密码不能包含用户名");
    gw.post(
        "mtop.admin.user.update",
        &admin,
        json!({"id": id, "version": 2, "password": "Wang@20260"}),
    )
    .await
    .ok();
    gw.login("lisi", "Wang@20260").await;
    // Nobody disables themself.
    let me = gw
        .get("mtop.admin.user.current", &admin, json!({}))
        .await
        .ok();
    let env = gw
        .post(
            "mtop.admin.user.update",
            &admin,
            json!({"id": me["id"], "version": 1, "status": "disabled"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["status"]);
}

#[tokio::test]
async fn delete_refuses_yourself_and_missing_users() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let me = gw
        .get("mtop.admin.user.current", &admin, json!({}))
        .await
        .ok();
    let env = gw
        .post("mtop.admin.user.delete", &admin, json!({"id": me["id"]}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["id"]);
    assert_eq!(env.msg, "不能删除当前登录的用户");
    gw.post("mtop.admin.user.delete", &admin, json!({"id": 999}))
        .await
        .fails("data_not_found");
    let guest = gw.guest().await;
    let users = gw
        .get(
            "mtop.admin.user.list",
            &admin,
            json!({"username": "dontHaveAccess"}),
        )
        .await
        .ok();
    let id = users["list"][0]["id"].clone();
    let env = gw
        .post("mtop.admin.user.delete", &admin, json!({"id": id}))
        .await
        .ok();
    assert_eq!(env["id"], id);
    gw.get("mtop.admin.user.current", &guest, json!({}))
        .await
        .fails("user_need_login_token_invalid");
    gw.post("mtop.admin.user.delete", &admin, json!({"id": id}))
        .await
        .fails("data_not_found");
    let page = gw.get("mtop.admin.user.list", &admin, json!({})).await.ok();
    assert_eq!(page["total"], 3);
}

#[tokio::test]
async fn roles_are_a_tree_with_unique_sibling_names_and_versions() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let tree = gw
        .get("mtop.admin.user.qryRoleTree", &admin, json!({}))
        .await
        .ok();
    assert_eq!(tree.as_array().map(Vec::len), Some(4));
    assert_eq!(tree[0]["name"], "超级管理员");
    assert_eq!(tree[0]["version"], 1);
    assert!(tree[0]["remark"].is_string());
    assert_eq!(tree[0]["children"], json!([]));
    let same = gw
        .get("mtop.admin.user.roleTree", &admin, json!({}))
        .await
        .ok();
    assert_eq!(same, tree);

    let op_role = role_id(&gw, &admin, "运营").await;
    let child = gw
        .post(
            "mtop.admin.user.saveRole",
            &admin,
            json!({"name": "店铺运营", "parentId": op_role, "remark": "管店铺"}),
        )
        .await
        .ok();
    assert_eq!(child["parentId"], op_role);
    assert_eq!(child["version"], 1);
    let tree = gw
        .get("mtop.admin.user.roleTree", &admin, json!({}))
        .await
        .ok();
    assert_eq!(tree[1]["children"][0]["name"], "店铺运营");

    let env = gw
        .post(
            "mtop.admin.user.saveRole",
            &admin,
            json!({"name": "店铺运营", "parentId": op_role}),
        )
        .await
        .fails("data_duplicate");
    assert_eq!(env.msg, "角色名称 店铺运营 已存在");
    assert_eq!(env.fields(), ["name"]);
    // The same name elsewhere in the tree is fine.
    gw.post(
        "mtop.admin.user.saveRole",
        &admin,
        json!({"name": "店铺运营"}),
    )
    .await
    .ok();

    let env = gw
        .post("mtop.admin.user.saveRole", &admin, json!({"name": " "}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["name"]);
    let env = gw
        .post(
            "mtop.admin.user.saveRole",
            &admin,
            json!({"name": "x", "parentId": 999}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["parentId"]);
    // Moving a role under its own child is refused.
    let env = gw
        .post(
            "mtop.admin.user.saveRole",
            &admin,
            json!({"id": op_role, "version": 1, "name": "运营", "parentId": child["id"]}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["parentId"]);
    let renamed = gw
        .post(
            "mtop.admin.user.saveRole",
            &admin,
            json!({"id": child["id"], "version": 1, "name": "商家运营", "parentId": op_role}),
        )
        .await
        .ok();
    assert_eq!(renamed["version"], 2);
    gw.post(
        "mtop.admin.user.saveRole",
        &admin,
        json!({"id": child["id"], "version": 1, "name": "再改", "parentId": op_role}),
    )
    .await
    .fails("data_conflict");
    gw.post(
        "mtop.admin.user.saveRole",
        &admin,
        json!({"id": 999, "version": 1, "name": "无"}),
    )
    .await
    .fails("data_not_found");
    // Renaming the operator's role shows in their user info at once.
    gw.post(
        "mtop.admin.user.saveRole",
        &admin,
        json!({"id": op_role, "version": 1, "name": "运营专员"}),
    )
    .await
    .ok();
    let op = gw.operator().await;
    let me = gw.get("mtop.admin.user.current", &op, json!({})).await.ok();
    assert_eq!(me["roles"], json!(["运营专员"]));
}

#[tokio::test]
async fn save_menu_creates_moves_and_guards_the_tree() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let id_of = menu_ids(&gw, &admin).await;
    let created = gw
        .post(
            "mtop.admin.user.saveMenu",
            &admin,
            json!({"parentId": id_of("system"), "alias": "系统参数", "name": "system/params",
                   "icon": "ToolOutlined", "visible": 1, "sort": 70, "access": "canSeeAdmin"}),
        )
        .await
        .ok();
    assert_eq!(created["data"]["name"], "system/params");
    assert_eq!(created["data"]["parentId"], id_of("system"));
    assert_eq!(created["data"]["version"], 1);
    // The admin owns it only once a role is given it; the system tree has it at once.
    let whole = gw
        .get_path(&format!("/m/v1/qryMenuTree?mat={admin}"), None)
        .await
        .env()
        .ok();
    let node = find_node(&whole, "system/params").expect("in the system tree");
    assert_eq!(node["data"]["icon"], "ToolOutlined");
    let mine = gw
        .get("mtop.admin.user.menuTree", &admin, json!({}))
        .await
        .ok();
    assert!(find_node(&mine, "system/params").is_none());

    let env = gw
        .post(
            "mtop.admin.user.saveMenu",
            &admin,
            json!({"parentId": id_of("system"), "alias": "重复", "name": "system/params", "visible": 1, "sort": 1}),
        )
        .await
        .fails("data_duplicate");
    assert_eq!(env.msg, "路由名称 system/params 已存在");

    let env = gw
        .post(
            "mtop.admin.user.saveMenu",
            &admin,
            json!({"parentId": 0, "alias": "", "name": "../etc", "visible": 2, "access": "isRoot", "icon": "<svg>"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(
        env.fields(),
        ["alias", "name", "icon", "visible", "sort", "access"]
    );

    // Moving a group under its own descendant is refused.
    let env = gw
        .post(
            "mtop.admin.user.saveMenu",
            &admin,
            json!({"id": id_of("operate"), "version": 1, "parentId": id_of("operate/business/reply"),
                   "alias": "运营管理", "name": "operate", "visible": 1, "sort": 40}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["parentId"]);

    // Hiding and moving an entry.
    let moved = gw
        .post(
            "mtop.admin.user.saveMenu",
            &admin,
            json!({"id": created["data"]["id"], "version": 1, "parentId": 0,
                   "alias": "系统参数", "name": "params", "visible": 0, "sort": 5}),
        )
        .await
        .ok();
    assert_eq!(moved["data"]["parentId"], Value::Null);
    assert_eq!(moved["data"]["visible"], 0);
    assert_eq!(moved["data"]["version"], 2);
    gw.post(
        "mtop.admin.user.saveMenu",
        &admin,
        json!({"id": created["data"]["id"], "version": 1, "parentId": 0,
               "alias": "旧", "name": "params", "visible": 0, "sort": 5}),
    )
    .await
    .fails("data_conflict");
    gw.post(
        "mtop.admin.user.saveMenu",
        &admin,
        json!({"id": 9999, "version": 1, "parentId": 0, "alias": "无", "name": "none", "visible": 1, "sort": 1}),
    )
    .await
    .fails("data_not_found");
}

#[tokio::test]
async fn every_write_is_audited_newest_first() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    gw.post(
        "mtop.admin.user.create",
        &admin,
        json!({"username": "wangwu", "nickname": "王五", "password": "Wang@2026", "roleIds": [3]}),
    )
    .await
    .ok();
    gw.clock.advance(1000);
    gw.post(
        "mtop.admin.user.saveRole",
        &admin,
        json!({"name": "审计员"}),
    )
    .await
    .ok();
    // From the test's start: the seeded history is older.
    let page = gw
        .get("mtop.admin.audit.list", &admin, json!({"from": START_MS}))
        .await
        .ok();
    assert_eq!(page["total"], 3);
    let rows = page["list"].as_array().expect("list");
    assert_eq!(rows[0]["api"], "mtop.admin.user.saveRole");
    assert_eq!(rows[0]["summary"], "新增角色 审计员");
    assert_eq!(rows[1]["api"], "mtop.admin.user.create");
    assert_eq!(rows[1]["summary"], "新增系统用户 wangwu");
    assert_eq!(rows[2]["api"], "mtop.admin.user.login");
    assert_eq!(rows[0]["username"], "admin");
    assert!(rows[0]["sysUserId"].as_i64().is_some());
    assert!(rows[0]["targetId"].as_i64().is_some());
    assert_eq!(rows[0]["at"].as_i64(), Some(START_MS + 1000));
    assert!(rows[0]["ip"].is_string());

    let only = gw
        .get(
            "mtop.admin.audit.list",
            &admin,
            json!({"api": "user.create", "from": START_MS, "to": START_MS}),
        )
        .await
        .ok();
    assert_eq!(only["total"], 1);
    let later = gw
        .get(
            "mtop.admin.audit.list",
            &admin,
            json!({"from": START_MS + 1}),
        )
        .await
        .ok();
    assert_eq!(later["total"], 1);
    let nobody = gw
        .get(
            "mtop.admin.audit.list",
            &admin,
            json!({"username": "operator", "from": START_MS}),
        )
        .await
        .ok();
    assert_eq!(nobody["total"], 0);
    let env = gw
        .get("mtop.admin.audit.list", &admin, json!({"from": 5, "to": 1}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["from"]);
}

#[tokio::test]
async fn deletes_password_changes_and_logouts_are_audited() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let op = gw.operator().await;
    let users = gw.get("mtop.admin.user.list", &admin, json!({})).await.ok();
    let id_of = |name: &str| {
        users["list"]
            .as_array()
            .expect("list")
            .iter()
            .find(|u| u["username"] == name)
            .expect(name)["id"]
            .clone()
    };
    gw.clock.advance(1000);
    gw.post(
        "mtop.admin.user.changePassword",
        &op,
        json!({"oldPassword": "Operator@123", "newPassword": "Better@2026"}),
    )
    .await
    .ok();
    gw.clock.advance(1000);
    gw.post("mtop.admin.user.logout", &op, json!({})).await.ok();
    gw.clock.advance(1000);
    gw.post(
        "mtop.admin.user.delete",
        &admin,
        json!({"id": id_of("dontHaveAccess")}),
    )
    .await
    .ok();
    // A refused write leaves no row.
    gw.post("mtop.admin.user.delete", &admin, json!({"id": 999}))
        .await
        .fails("data_not_found");
    let page = gw
        .get(
            "mtop.admin.audit.list",
            &admin,
            json!({"from": START_MS + 1}),
        )
        .await
        .ok();
    let rows: Vec<Value> = page["list"]
        .as_array()
        .expect("list")
        .iter()
        .map(|r| {
            json!([
                r["api"],
                r["username"],
                r["targetId"],
                r["summary"],
                r["at"]
            ])
        })
        .collect();
    assert_eq!(
        rows,
        [
            json!([
                "mtop.admin.user.delete",
                "admin",
                id_of("dontHaveAccess"),
                "删除系统用户 dontHaveAccess",
                START_MS + 3000
            ]),
            json!([
                "mtop.admin.user.logout",
                "operator",
                id_of("operator"),
                "退出登录",
                START_MS + 2000
            ]),
            json!([
                "mtop.admin.user.changePassword",
                "operator",
                id_of("operator"),
                "修改密码",
                START_MS + 1000
            ]),
        ]
    );
}

#[tokio::test]
async fn nobody_removes_the_permission_screen_from_all_of_their_own_roles() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let system = gw
        .get("mtop.admin.user.menuTree", &admin, json!({}))
        .await
        .ok();
    let id_of = |name: &str| {
        find_node(&system, name).expect(name)["data"]["id"]
            .as_i64()
            .expect("id")
    };
    let all_ids = |tree: &Value| -> Vec<i64> {
        fn walk(nodes: &Value, out: &mut Vec<i64>) {
            for n in nodes.as_array().into_iter().flatten() {
                out.extend(n["data"]["id"].as_i64());
                walk(&n["children"], out);
            }
        }
        let mut out = Vec::new();
        walk(tree, &mut out);
        out
    };
    let permission = id_of("system/permission");
    let without: Vec<i64> = all_ids(&system)
        .into_iter()
        .filter(|&id| id != permission)
        .collect();
    let super_role = role_id(&gw, &admin, "超级管理员").await;
    let before = gw
        .get(
            "mtop.admin.user.qryMenuTree",
            &admin,
            json!({"roleId": super_role}),
        )
        .await
        .ok()["checkedIds"]
        .clone();
    let env = gw
        .post(
            "mtop.admin.user.updateMenuRole",
            &admin,
            json!({"roleId": super_role, "menuIds": without}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["menuIds"]);
    assert_eq!(
        env.msg,
        "不能从自己的角色中移除「权限管理」菜单或其编辑权限，否则将无法再分配权限"
    );
    let after = gw
        .get(
            "mtop.admin.user.qryMenuTree",
            &admin,
            json!({"roleId": super_role}),
        )
        .await
        .ok()["checkedIds"]
        .clone();
    assert_eq!(after, before, "the refused change wrote nothing");
    // Dropping other menus of one's own role is fine.
    let without_dict: Vec<i64> = all_ids(&system)
        .into_iter()
        .filter(|&id| id != id_of("system/dict"))
        .collect();
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &admin,
        json!({"roleId": super_role, "menuIds": without_dict}),
    )
    .await
    .ok();

    // With a second role owning the screen, the first may drop it; then the second may not.
    let keeper = gw
        .post(
            "mtop.admin.user.saveRole",
            &admin,
            json!({"name": "权限管理员"}),
        )
        .await
        .ok();
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &admin,
        json!({"roleId": keeper["id"], "menuIds": [permission],
               "actions": ["system/permission:edit"]}),
    )
    .await
    .ok();
    let me = gw
        .get("mtop.admin.user.list", &admin, json!({"username": "admin"}))
        .await
        .ok();
    gw.post(
        "mtop.admin.user.update",
        &admin,
        json!({"id": me["list"][0]["id"], "version": me["list"][0]["version"],
               "roleIds": [super_role, keeper["id"]]}),
    )
    .await
    .ok();
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &admin,
        json!({"roleId": super_role, "menuIds": without}),
    )
    .await
    .ok();
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &admin,
        json!({"roleId": keeper["id"], "menuIds": []}),
    )
    .await
    .fails("param_invalid");
    // Other people's roles are theirs to lose.
    let guest_role = role_id(&gw, &admin, "访客").await;
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &admin,
        json!({"roleId": guest_role, "menuIds": []}),
    )
    .await
    .ok();
    // After all that the admin can still open the permission screen.
    gw.get(
        "mtop.admin.user.qryMenuTree",
        &admin,
        json!({"roleId": super_role}),
    )
    .await
    .ok();
}

#[tokio::test]
async fn a_seeded_menu_keeps_its_page_through_moves_and_renames_and_its_guard_follows() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let system = gw
        .get_path(&format!("/m/v1/qryMenuTree?mat={admin}"), None)
        .await
        .env()
        .ok();
    let node = |name: &str| find_node(&system, name).expect(name)["data"].clone();
    let save = |data: &Value, changes: Value| {
        let mut body = json!({
            "id": data["id"], "version": data["version"], "parentId": data["parentId"],
            "alias": data["alias"], "name": data["name"], "visible": data["visible"],
            "sort": data["sort"], "access": data["access"],
        });
        for (k, v) in changes.as_object().expect("object") {
            body[k] = v.clone();
        }
        body
    };
    let user = node("system/user");
    assert_eq!(user["page"], "system/user");
    // Renamed: a new path, the same page; the guarded operations follow it.
    let renamed = gw
        .post(
            "mtop.admin.user.saveMenu",
            &admin,
            save(&user, json!({"name": "system/users", "alias": "后台用户"})),
        )
        .await
        .ok();
    assert_eq!(renamed["data"]["name"], "system/users");
    assert_eq!(renamed["data"]["page"], "system/user");
    gw.get("mtop.admin.user.list", &admin, json!({})).await.ok();
    // Moved under 运营 with a relative name: still the dictionary's page, still guarded by it.
    let dict = node("system/dict");
    let moved = gw
        .post(
            "mtop.admin.user.saveMenu",
            &admin,
            save(
                &dict,
                json!({"name": "dict", "parentId": node("operate")["id"]}),
            ),
        )
        .await
        .ok();
    assert_eq!(moved["data"]["page"], "system/dict");
    gw.get("mtop.admin.dict.list", &admin, json!({})).await.ok();
    let mine = gw
        .get("mtop.admin.user.menuTree", &admin, json!({}))
        .await
        .ok();
    let moved_node = find_node(&mine, "dict").expect("moved node in the caller's tree");
    assert_eq!(moved_node["data"]["page"], "system/dict");
    // The operator, who owns operate/* but not the dictionary's page, still may not read it.
    let operator = gw.operator().await;
    gw.get("mtop.admin.dict.list", &operator, json!({}))
        .await
        .fails("permission_denied");
    // A new node may not take a guarded page key over (a top-level `system/user`, sorted first).
    let env = gw
        .post(
            "mtop.admin.user.saveMenu",
            &admin,
            json!({"parentId": 0, "alias": "冒名", "name": "system/user", "visible": 1, "sort": 1}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["name"]);
    assert_eq!(
        env.msg,
        "路由 system/user 已被接口权限使用，不能再建同路径的菜单"
    );
    // A node of one's own (no page) may be renamed freely.
    let made = gw
        .post(
            "mtop.admin.user.saveMenu",
            &admin,
            json!({"parentId": node("system")["id"], "alias": "新页", "name": "system/fresh", "visible": 1, "sort": 99}),
        )
        .await
        .ok();
    assert!(made["data"].get("page").is_none_or(Value::is_null));
    gw.post(
        "mtop.admin.user.saveMenu",
        &admin,
        save(&made["data"], json!({"name": "system/fresher"})),
    )
    .await
    .ok();
}

#[tokio::test]
async fn an_administrator_cannot_take_away_their_own_way_to_the_user_screen() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let me = gw
        .get("mtop.admin.user.current", &admin, json!({}))
        .await
        .ok();
    let my_id = me["id"].as_i64().expect("id");
    let list = gw
        .get("mtop.admin.user.list", &admin, json!({"username": "admin"}))
        .await
        .ok();
    let version = list["list"][0]["version"].as_i64().expect("version");
    let operator_role = role_id(&gw, &admin, "运营").await;
    let super_role = role_id(&gw, &admin, "超级管理员").await;

    // 运营 owns no 系统用户 screen: giving only it to oneself is refused and changes nothing.
    let env = gw
        .post(
            "mtop.admin.user.update",
            &admin,
            json!({"id": my_id, "version": version, "roleIds": [operator_role]}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["roleIds"]);
    assert_eq!(
        env.msg,
        "不能移除自己进入「系统用户」所需的角色，否则将无法再分配角色"
    );
    let after = gw
        .get("mtop.admin.user.list", &admin, json!({"username": "admin"}))
        .await
        .ok();
    assert_eq!(after["list"][0]["roleIds"], json!([super_role]));
    assert_eq!(after["list"][0]["version"], json!(version));

    // Adding a role while keeping one that owns the screen is fine.
    let ok = gw
        .post(
            "mtop.admin.user.update",
            &admin,
            json!({"id": my_id, "version": version, "roleIds": [super_role, operator_role]}),
        )
        .await
        .ok();
    assert_eq!(ok["roleIds"], json!([super_role, operator_role]));

    // Someone else may be given any roles.
    let operator = gw
        .get(
            "mtop.admin.user.list",
            &admin,
            json!({"username": "operator"}),
        )
        .await
        .ok();
    let other = &operator["list"][0];
    gw.post(
        "mtop.admin.user.update",
        &admin,
        json!({"id": other["id"], "version": other["version"], "roleIds": [operator_role]}),
    )
    .await
    .ok();
}

/// A role named `name` owning the pages at `paths` (and the groups above them), made by the
/// administrator; its id and its version after the menus were set.
async fn role_with_pages(gw: &Gw, admin: &str, name: &str, paths: &[&str]) -> (i64, i64) {
    let id_of = menu_ids(gw, admin).await;
    let role = gw
        .post("mtop.admin.user.saveRole", admin, json!({"name": name}))
        .await
        .ok();
    let id = role["id"].as_i64().expect("id");
    let mut ids: Vec<Value> = paths.iter().map(|p| id_of(p)).collect();
    for path in paths {
        if let Some((group, _)) = path.split_once('/') {
            ids.push(id_of(group));
        }
    }
    let saved = gw
        .post(
            "mtop.admin.user.updateMenuRole",
            admin,
            json!({"roleId": id, "menuIds": ids, "version": role["version"],
                   "actions": crate::data::every_action(paths)}),
        )
        .await
        .ok();
    (id, saved["version"].as_i64().expect("version"))
}

/// A user `username` holding `role`, signed in; their id and token.
async fn user_with_role(gw: &Gw, admin: &str, username: &str, role: i64) -> (i64, String) {
    let user = gw
        .post(
            "mtop.admin.user.create",
            admin,
            json!({"username": username, "nickname": username, "password": "Matrix@2026",
                   "roleIds": [role]}),
        )
        .await
        .ok();
    let mat = gw.login(username, "Matrix@2026").await;
    (user["id"].as_i64().expect("id"), mat)
}

/// A user's row in 系统用户, by login name.
async fn user_row(gw: &Gw, admin: &str, username: &str) -> Value {
    let list = gw
        .get("mtop.admin.user.list", admin, json!({"username": username}))
        .await
        .ok();
    list["list"][0].clone()
}

#[tokio::test]
async fn nobody_grants_what_they_do_not_hold() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let super_role = role_id(&gw, &admin, "超级管理员").await;
    let operator_role = role_id(&gw, &admin, "运营").await;
    // A user manager: 系统用户 and nothing else.
    let (users_role, _) = role_with_pages(&gw, &admin, "用户管理员", &["system/user"]).await;
    let (me, mat) = user_with_role(&gw, &admin, "usermgr", users_role).await;

    // Themself to 超级管理员: refused, naming what, and nothing changed.
    let mine = user_row(&gw, &admin, "usermgr").await;
    let env = gw
        .post(
            "mtop.admin.user.update",
            &mat,
            json!({"id": me, "version": mine["version"], "roleIds": [users_role, super_role]}),
        )
        .await
        .fails("permission_denied");
    assert_eq!(env.msg, "不能授予自己没有的权限");
    assert_eq!(user_row(&gw, &admin, "usermgr").await, mine);

    // A new user with 运营's pages, which they do not hold: refused; with their own role: made.
    let env = gw
        .post(
            "mtop.admin.user.create",
            &mat,
            json!({"username": "newop", "nickname": "newop", "password": "Matrix@2026",
                   "roleIds": [operator_role]}),
        )
        .await
        .fails("permission_denied");
    assert_eq!(env.msg, "不能授予自己没有的权限");
    assert_eq!(user_row(&gw, &admin, "newop").await, Value::Null);
    gw.post(
        "mtop.admin.user.create",
        &mat,
        json!({"username": "newmgr", "nickname": "newmgr", "password": "Matrix@2026",
               "roleIds": [users_role]}),
    )
    .await
    .ok();

    // The administrator, who holds more: no password reset, no delete.
    let top = user_row(&gw, &admin, "admin").await;
    let env = gw
        .post(
            "mtop.admin.user.update",
            &mat,
            json!({"id": top["id"], "version": top["version"], "password": "Taken@2026x"}),
        )
        .await
        .fails("permission_denied");
    assert_eq!(env.msg, "不能管理权限高于自己的用户");
    gw.post(
        "mtop.admin.user.delete",
        &mat,
        json!({"id": top["id"], "version": top["version"]}),
    )
    .await
    .fails("permission_denied");
    assert_eq!(user_row(&gw, &admin, "admin").await, top);
    gw.login("admin", "Admin@123").await;

    // A permission manager: 权限管理 and 角色管理, nothing else.
    let (perm_role, perm_version) = role_with_pages(
        &gw,
        &admin,
        "权限管理员",
        &["system/permission", "system/role"],
    )
    .await;
    let (_, pm) = user_with_role(&gw, &admin, "permmgr", perm_role).await;
    let id_of = menu_ids(&gw, &admin).await;
    let before = gw
        .get(
            "mtop.admin.user.qryMenuTree",
            &admin,
            json!({"roleId": perm_role}),
        )
        .await
        .ok();
    // Their own role to every page: refused, and it keeps its pages.
    let env = gw
        .post(
            "mtop.admin.user.updateMenuRole",
            &pm,
            json!({"roleId": perm_role, "version": perm_version,
                   "menuIds": [id_of("system"), id_of("system/permission"),
                               id_of("system/role"), id_of("system/user")]}),
        )
        .await
        .fails("permission_denied");
    assert_eq!(env.msg, "不能授予自己没有的权限");
    let after = gw
        .get(
            "mtop.admin.user.qryMenuTree",
            &admin,
            json!({"roleId": perm_role}),
        )
        .await
        .ok();
    assert_eq!(after["checkedIds"], before["checkedIds"]);
    // Fewer of their own pages is theirs to give.
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &pm,
        json!({"roleId": perm_role, "version": perm_version,
               "menuIds": [id_of("system"), id_of("system/permission"), id_of("system/role")]}),
    )
    .await
    .ok();
    // 超级管理员, which holds more: not renamed, not re-paged, not deleted.
    let roles = gw
        .get("mtop.admin.user.roleTree", &admin, json!({}))
        .await
        .ok();
    let top_role = roles
        .as_array()
        .into_iter()
        .flatten()
        .find(|r| r["id"] == json!(super_role))
        .cloned()
        .expect("超级管理员");
    let env = gw
        .post(
            "mtop.admin.user.saveRole",
            &pm,
            json!({"id": super_role, "version": top_role["version"], "name": "普通角色"}),
        )
        .await
        .fails("permission_denied");
    assert_eq!(env.msg, "不能修改权限高于自己的角色");
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &pm,
        json!({"roleId": super_role, "menuIds": [id_of("system"), id_of("system/role")]}),
    )
    .await
    .fails("permission_denied");
    gw.post(
        "mtop.admin.user.deleteRole",
        &pm,
        json!({"id": super_role, "version": top_role["version"]}),
    )
    .await
    .fails("permission_denied");
    assert_eq!(role_id(&gw, &admin, "超级管理员").await, super_role);
}

/// 按钮权限 (issue 44): a role's actions under its pages are saved, answered, carried in userInfo and
/// enforced at the holder's next call; a save is `create` without an id and `edit` with one; codes
/// off the role's pages or unknown are refused by field; nobody grants an action they lack.
#[tokio::test]
async fn actions_under_pages_are_saved_answered_and_enforced() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let id_of = menu_ids(&gw, &admin).await;
    let role = gw
        .post(
            "mtop.admin.user.saveRole",
            &admin,
            json!({"name": "字典编辑"}),
        )
        .await
        .ok();
    let dict = id_of("system/dict");
    let pages = json!([id_of("system"), dict]);
    let saved = gw
        .post(
            "mtop.admin.user.updateMenuRole",
            &admin,
            json!({"roleId": role["id"], "menuIds": pages, "actions": ["system/dict:edit"]}),
        )
        .await
        .ok();
    assert_eq!(saved["checkedActions"], json!(["system/dict:edit"]));
    let tree = gw
        .get(
            "mtop.admin.user.qryMenuTree",
            &admin,
            json!({"roleId": role["id"]}),
        )
        .await
        .ok();
    assert_eq!(tree["checkedActions"], json!(["system/dict:edit"]));
    let offered: Vec<&str> = tree["actions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|a| a["menuId"] == dict)
        .filter_map(|a| a["label"].as_str())
        .collect();
    assert_eq!(offered, ["新增", "编辑", "删除"]);

    let (_, mat) =
        user_with_role(&gw, &admin, "dicteditor", role["id"].as_i64().unwrap_or(0)).await;
    let me = gw
        .get("mtop.admin.user.current", &mat, json!({}))
        .await
        .ok();
    assert_eq!(me["perms"], json!(["system/dict:edit"]));
    // Editing: let in. Creating and deleting: refused, nothing written.
    let entry = gw
        .get("mtop.admin.dict.list", &mat, json!({"pageSize": 10}))
        .await
        .ok()["list"][0]
        .clone();
    gw.post(
        "mtop.admin.dict.save",
        &mat,
        json!({"id": entry["id"], "version": entry["version"], "type": entry["type"],
               "key": entry["key"], "label": "改过的标签", "value": entry["value"]}),
    )
    .await
    .ok();
    let new = json!({"type": "demo_type", "key": "k1", "label": "新项", "value": "v"});
    gw.post("mtop.admin.dict.save", &mat, new.clone())
        .await
        .fails("permission_denied");
    gw.post("mtop.admin.dict.delete", &mat, json!({"id": entry["id"]}))
        .await
        .fails("permission_denied");
    let total = |m: String| {
        let gw = &gw;
        async move {
            gw.get("mtop.admin.dict.list", &m, json!({"type": "demo_type"}))
                .await
                .ok()["total"]
                .clone()
        }
    };
    assert_eq!(total(admin.clone()).await, 0);

    // Granted 新增: the signed-in holder may create at their next call, and sees it in perms.
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &admin,
        json!({"roleId": role["id"], "menuIds": pages,
               "actions": ["system/dict:create", "system/dict:edit"]}),
    )
    .await
    .ok();
    gw.post("mtop.admin.dict.save", &mat, new).await.ok();
    assert_eq!(total(admin.clone()).await, 1);
    let me = gw
        .get("mtop.admin.user.current", &mat, json!({}))
        .await
        .ok();
    assert_eq!(
        me["perms"],
        json!(["system/dict:create", "system/dict:edit"])
    );

    // Codes that are not the role's pages' or not codes at all: refused at `actions`.
    for (code, msg) in [
        (
            "system/user:create",
            "操作权限 system/user:create 所在的页面未勾选",
        ),
        ("system/dict:audit", "操作权限 system/dict:audit 不存在"),
        ("system/dict", "操作权限 system/dict 不存在"),
    ] {
        let env = gw
            .post(
                "mtop.admin.user.updateMenuRole",
                &admin,
                json!({"roleId": role["id"], "menuIds": pages, "actions": [code]}),
            )
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), ["actions"]);
        assert_eq!(env.msg, msg);
    }

    // A permission manager holding 权限管理 but not 数据字典's 删除 cannot hand it out, even with
    // the page itself theirs.
    let (perm_role, _) = role_with_pages(&gw, &admin, "权限管理员", &["system/permission"]).await;
    let mut with_dict: Vec<Value> = vec![id_of("system"), id_of("system/permission"), dict];
    with_dict.dedup();
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &admin,
        json!({"roleId": perm_role, "menuIds": with_dict,
               "actions": ["system/permission:edit", "system/dict:edit"]}),
    )
    .await
    .ok();
    let (_, pm) = user_with_role(&gw, &admin, "permmgr2", perm_role).await;
    // A role holding 新增, which they lack, is not theirs to change at all.
    let env = gw
        .post(
            "mtop.admin.user.updateMenuRole",
            &pm,
            json!({"roleId": role["id"], "menuIds": pages, "actions": ["system/dict:edit"]}),
        )
        .await
        .fails("permission_denied");
    assert_eq!(env.msg, "不能修改权限高于自己的角色");
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &admin,
        json!({"roleId": role["id"], "menuIds": pages, "actions": ["system/dict:edit"]}),
    )
    .await
    .ok();
    let env = gw
        .post(
            "mtop.admin.user.updateMenuRole",
            &pm,
            json!({"roleId": role["id"], "menuIds": pages, "actions": ["system/dict:delete"]}),
        )
        .await
        .fails("permission_denied");
    assert_eq!(env.msg, "不能授予自己没有的权限");
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &pm,
        json!({"roleId": role["id"], "menuIds": pages, "actions": ["system/dict:edit"]}),
    )
    .await
    .ok();
}

/// The seeded 客服 (`service`): 基础信息's pages, no action but 查看号码 — reads, and reveals a
/// phone, but approves, freezes and changes nothing.
#[tokio::test]
async fn the_service_seat_looks_but_does_not_act() {
    let gw = Gw::new();
    let mat = gw.login("service", "Service@123").await;
    let me = gw
        .get("mtop.admin.user.current", &mat, json!({}))
        .await
        .ok();
    assert_eq!(me["nickname"], "客服小李");
    assert_eq!(me["roles"], json!(["客服"]));
    assert_eq!(
        me["perms"],
        json!(["baseMgmt/shopMgmt:reveal", "baseMgmt/userMgmt:reveal"])
    );
    let shop = gw
        .get("mtop.admin.shop.list", &mat, json!({"status": "pending"}))
        .await
        .ok()["list"][0]
        .clone();
    gw.post(
        "mtop.admin.contact.reveal",
        &mat,
        json!({"entity": "shop", "id": shop["id"]}),
    )
    .await
    .ok();
    gw.post(
        "mtop.admin.shop.audit",
        &mat,
        json!({"id": shop["id"], "version": shop["version"], "approve": true}),
    )
    .await
    .fails("permission_denied");
    let member = gw.get("mtop.admin.member.list", &mat, json!({})).await.ok()["list"][0].clone();
    gw.post(
        "mtop.admin.member.setStatus",
        &mat,
        json!({"id": member["id"], "version": member["version"], "status": "banned",
               "reasonCode": "other", "reason": "测试"}),
    )
    .await
    .fails("permission_denied");
    let after = gw
        .get("mtop.admin.shop.detail", &mat, json!({"id": shop["id"]}))
        .await
        .ok();
    assert_eq!(after["shop"]["status"], "pending");
}
