//! Deletion where an administrator expects it (issue 18, item 8): roles, menus, ads, ad slots,
//! function entries and belts. Each delete takes `{id, version?}`, is audited, answers
//! `data_conflict` for a stale version and changes nothing then; a role, menu, slot or belt still
//! in use is refused with `data_in_use` naming what uses it. Races, on a multi-threaded runtime with
//! both calls released by a barrier: two deletes of one record (one wins), a delete and an edit
//! (one wins, the other is told the record moved on or is gone), and a delete against a write
//! that would put the record to use (never a reference to a record that is gone).

use std::sync::Arc;

use serde_json::{Value, json};
use tokio::sync::Barrier;

use crate::common::*;

/// Races per pair: enough for both orders to come up.
const ROUNDS: usize = 6;
const DAY: i64 = 86_400_000;

const DELETE_ROLE: &str = "mtop.admin.user.deleteRole";
const DELETE_MENU: &str = "mtop.admin.user.deleteMenu";
const AD_DELETE: &str = "mtop.admin.ad.delete";
const SLOT_DELETE: &str = "mtop.admin.adSlot.delete";
const ENTRY_DELETE: &str = "mtop.admin.entry.delete";
const BELT_DELETE: &str = "mtop.admin.belt.delete";

/// What can be deleted.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Role,
    Menu,
    Ad,
    Slot,
    Entry,
    Belt,
}

const KINDS: [Kind; 6] = [
    Kind::Role,
    Kind::Menu,
    Kind::Ad,
    Kind::Slot,
    Kind::Entry,
    Kind::Belt,
];

impl Kind {
    fn delete(self) -> &'static str {
        match self {
            Kind::Role => DELETE_ROLE,
            Kind::Menu => DELETE_MENU,
            Kind::Ad => AD_DELETE,
            Kind::Slot => SLOT_DELETE,
            Kind::Entry => ENTRY_DELETE,
            Kind::Belt => BELT_DELETE,
        }
    }

    fn table(self) -> &'static str {
        match self {
            Kind::Role => "sys_role",
            Kind::Menu => "sys_menu",
            Kind::Ad => "ad",
            Kind::Slot => "ad_slot",
            Kind::Entry => "entry",
            Kind::Belt => "belt",
        }
    }

    /// The save that makes (without `id`) or edits (with `id` and `version`) record `n`.
    fn save(self, n: usize, edit: Option<(i64, i64)>) -> (&'static str, Value) {
        let (api, mut data) = match self {
            Kind::Role => (
                "mtop.admin.user.saveRole",
                json!({"name": format!("临时角色{n}")}),
            ),
            Kind::Menu => (
                "mtop.admin.user.saveMenu",
                json!({"parentId": 0, "alias": format!("临时菜单{n}"),
                       "name": format!("tmpMenu{n}"), "visible": 1, "sort": 90}),
            ),
            Kind::Ad => (
                "mtop.admin.ad.save",
                json!({"slotId": 1, "title": format!("临时广告{n}"),
                       "image": mock_gateway::files::SEED_PRODUCT_IMAGES[0], "linkType": "url",
                       "linkTarget": "https://act.adnur.example/tmp",
                       "startAt": START_MS + DAY, "endAt": START_MS + 2 * DAY}),
            ),
            Kind::Slot => (
                "mtop.admin.adSlot.save",
                json!({"name": format!("临时广告位{n}"), "code": format!("tmp_slot_{n}"),
                       "page": "home", "width": 750, "height": 300, "maxAds": 2}),
            ),
            Kind::Entry => (
                "mtop.admin.entry.save",
                json!({"name": format!("临时入口{n}"), "icon": "ShopOutlined",
                       "link": "/pages/tmp"}),
            ),
            Kind::Belt => (
                "mtop.admin.belt.save",
                json!({"name": format!("临时产业带{n}"), "province": "浙江", "city": "湖州"}),
            ),
        };
        if let Some((id, version)) = edit {
            data["id"] = json!(id);
            data["version"] = json!(version);
            // A visible change: the label people read.
            let field = match self {
                Kind::Menu => "alias",
                Kind::Ad => "title",
                _ => "name",
            };
            data[field] = json!(format!("改过{n}"));
        }
        (api, data)
    }
}

fn int(gw: &Gw, sql: &str, id: i64) -> i64 {
    gw.state
        .store
        .read(|c| Ok(c.query_row(sql, [id], |r| r.get(0))?))
        .unwrap_or_else(|e| panic!("{sql}: {e:?}"))
}

fn scalar(gw: &Gw, sql: &str) -> i64 {
    gw.state
        .store
        .read(|c| Ok(c.query_row(sql, [], |r| r.get(0))?))
        .unwrap_or_else(|e| panic!("{sql}: {e:?}"))
}

fn text(gw: &Gw, sql: &str, id: i64) -> String {
    gw.state
        .store
        .read(|c| Ok(c.query_row(sql, [id], |r| r.get(0))?))
        .unwrap_or_else(|e| panic!("{sql}: {e:?}"))
}

fn exists(gw: &Gw, kind: Kind, id: i64) -> bool {
    let sql = format!("SELECT count(*) FROM {} WHERE id = ?1", kind.table());
    int(gw, &sql, id) == 1
}

/// Audit rows of `api` about record `id`.
fn audited(gw: &Gw, api: &str, id: i64) -> Vec<String> {
    gw.state
        .store
        .read(|c| {
            Ok(
                c.prepare("SELECT summary FROM audit_log WHERE api = ?1 AND target_id = ?2")?
                    .query_map(rusqlite::params![api, id], |r| r.get(0))?
                    .collect::<Result<Vec<String>, _>>()?,
            )
        })
        .expect("the audit log")
}

/// Makes record `n` of `kind` (nothing uses it); its id.
async fn make(gw: &Gw, admin: &str, kind: Kind, n: usize) -> i64 {
    let (api, data) = kind.save(n, None);
    let made = gw.post(api, admin, data).await.ok();
    let id = if matches!(kind, Kind::Menu) {
        &made["data"]["id"]
    } else {
        &made["id"]
    };
    id.as_i64().expect("the new record's id")
}

/// Sends both calls at once (released together by a barrier on a multi-threaded runtime).
async fn race(
    gw: &Arc<Gw>,
    mat: &str,
    a: (&'static str, Value),
    b: (&'static str, Value),
) -> [Env; 2] {
    let barrier = Arc::new(Barrier::new(2));
    let spawn = |(api, data): (&'static str, Value)| {
        let (gw, mat, barrier) = (Arc::clone(gw), mat.to_owned(), Arc::clone(&barrier));
        tokio::spawn(async move {
            barrier.wait().await;
            gw.post(api, &mat, data).await
        })
    };
    let (ta, tb) = (spawn(a), spawn(b));
    [ta.await.expect("join"), tb.await.expect("join")]
}

#[tokio::test]
async fn each_delete_is_audited_and_a_stale_version_changes_nothing() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    for kind in KINDS {
        let id = make(&gw, &admin, kind, 1).await;
        // Someone edits it: the version read before is stale now.
        let (api, data) = kind.save(1, Some((id, 1)));
        gw.post(api, &admin, data).await.ok();
        let env = gw
            .post(kind.delete(), &admin, json!({"id": id, "version": 1}))
            .await
            .fails("data_conflict");
        assert_eq!(env.msg, "数据已被他人修改，请刷新后重试");
        assert!(exists(&gw, kind, id), "{kind:?}: a stale delete removed it");
        assert!(audited(&gw, kind.delete(), id).is_empty(), "{kind:?}");

        let done = gw
            .post(kind.delete(), &admin, json!({"id": id, "version": 2}))
            .await
            .ok();
        assert_eq!(done, json!({"id": id}), "{kind:?}");
        assert!(!exists(&gw, kind, id), "{kind:?}: still there");
        let summaries = audited(&gw, kind.delete(), id);
        assert_eq!(summaries.len(), 1, "{kind:?}: one audit row");
        assert!(
            summaries[0].starts_with("删除") && summaries[0].contains("改过1"),
            "{kind:?}: the audit names what went: {}",
            summaries[0]
        );
        gw.post(kind.delete(), &admin, json!({"id": id, "version": 2}))
            .await
            .fails("data_not_found");
    }
}

#[tokio::test]
async fn a_role_held_by_users_or_with_child_roles_is_refused_naming_them() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let yunying = role_id(&gw, &admin, "运营").await;
    let env = gw
        .post(DELETE_ROLE, &admin, json!({"id": yunying, "version": 1}))
        .await
        .fails("data_in_use");
    assert_eq!(env.msg, "角色「运营」仍被用户 operator 使用，不能删除");

    let parent = make(&gw, &admin, Kind::Role, 1).await;
    gw.post(
        "mtop.admin.user.saveRole",
        &admin,
        json!({"name": "下级甲", "parentId": parent}),
    )
    .await
    .ok();
    let env = gw
        .post(DELETE_ROLE, &admin, json!({"id": parent}))
        .await
        .fails("data_in_use");
    assert_eq!(env.msg, "角色「临时角色1」还有下级角色「下级甲」，不能删除");
    // Six holders: five named, all counted.
    for i in 0..6 {
        gw.post(
            "mtop.admin.user.create",
            &admin,
            json!({"username": format!("holder{i}"), "nickname": format!("持有人{i}"),
                   "password": "Holder@2026", "roleIds": [parent]}),
        )
        .await
        .ok();
    }
    let env = gw
        .post(DELETE_ROLE, &admin, json!({"id": parent}))
        .await
        .fails("data_in_use");
    assert_eq!(
        env.msg,
        "角色「临时角色1」仍被用户 holder0、holder1、holder2、holder3、holder4 等 6 人 使用，\
         且还有下级角色「下级甲」，不能删除"
    );
    assert!(exists(&gw, Kind::Role, parent));
    assert!(exists(&gw, Kind::Role, yunying));
    assert!(audited(&gw, DELETE_ROLE, parent).is_empty());
}

#[tokio::test]
async fn a_menu_with_children_owners_or_guarded_operations_is_refused_naming_them() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let ids = menu_ids(&gw, &admin).await;
    let system = ids("system").as_i64().expect("system");
    let env = gw
        .post(DELETE_MENU, &admin, json!({"id": system}))
        .await
        .fails("data_in_use");
    assert!(
        env.msg
            .starts_with("菜单「系统管理」下还有子菜单「系统用户」、「角色管理」"),
        "{}",
        env.msg
    );
    assert!(
        env.msg
            .ends_with("，且仍被角色「超级管理员」使用，不能删除"),
        "{}",
        env.msg
    );

    // A new menu with a child; then owned by a new role.
    let parent = make(&gw, &admin, Kind::Menu, 1).await;
    gw.post(
        "mtop.admin.user.saveMenu",
        &admin,
        json!({"parentId": parent, "alias": "子菜单甲", "name": "childA", "visible": 1, "sort": 1}),
    )
    .await
    .ok();
    let env = gw
        .post(DELETE_MENU, &admin, json!({"id": parent}))
        .await
        .fails("data_in_use");
    assert_eq!(
        env.msg,
        "菜单「临时菜单1」下还有子菜单「子菜单甲」，不能删除"
    );
    let leaf = make(&gw, &admin, Kind::Menu, 2).await;
    let role = make(&gw, &admin, Kind::Role, 1).await;
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &admin,
        json!({"roleId": role, "menuIds": [leaf]}),
    )
    .await
    .ok();
    let env = gw
        .post(DELETE_MENU, &admin, json!({"id": leaf}))
        .await
        .fails("data_in_use");
    assert_eq!(
        env.msg,
        "菜单「临时菜单2」仍被角色「临时角色1」使用，不能删除"
    );

    // 数据字典 taken from every role: its operations are still guarded by it.
    let dict = ids("system/dict").as_i64().expect("system/dict");
    let owned = gw
        .get("mtop.admin.user.qryMenuTree", &admin, json!({"roleId": 1}))
        .await
        .ok();
    let menus: Vec<i64> = owned["checkedIds"]
        .as_array()
        .expect("checkedIds")
        .iter()
        .filter_map(Value::as_i64)
        .filter(|&m| m != dict)
        .collect();
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &admin,
        json!({"roleId": 1, "menuIds": menus}),
    )
    .await
    .ok();
    let env = gw
        .post(DELETE_MENU, &admin, json!({"id": dict}))
        .await
        .fails("data_in_use");
    assert_eq!(
        env.msg,
        "菜单「数据字典」是接口权限的依据（system/dict），不能删除"
    );
    for id in [system, parent, leaf, dict] {
        assert!(exists(&gw, Kind::Menu, id));
    }
}

#[tokio::test]
async fn a_slot_holding_ads_and_a_belt_with_shops_are_refused_counting_them() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let ads = int(&gw, "SELECT count(*) FROM ad WHERE slot_id = ?1", 1);
    let first = text(
        &gw,
        "SELECT title FROM ad WHERE slot_id = ?1 ORDER BY sort, id LIMIT 1",
        1,
    );
    let env = gw
        .post(SLOT_DELETE, &admin, json!({"id": 1, "version": 1}))
        .await
        .fails("data_in_use");
    assert!(
        env.msg
            .starts_with(&format!("广告位「首页轮播」下还有 {ads} 条广告（{first}、")),
        "{}",
        env.msg
    );
    assert!(env.msg.ends_with(" 等），不能删除"), "{}", env.msg);

    let shops = int(&gw, "SELECT count(*) FROM shop WHERE belt_id = ?1", 1);
    assert!(shops > 0);
    let name = text(&gw, "SELECT name FROM belt WHERE id = ?1", 1);
    let env = gw
        .post(BELT_DELETE, &admin, json!({"id": 1, "version": 1}))
        .await
        .fails("data_in_use");
    assert!(
        env.msg
            .starts_with(&format!("产业带「{name}」下还有 {shops} 家店铺（")),
        "{}",
        env.msg
    );
    assert!(exists(&gw, Kind::Slot, 1));
    assert!(exists(&gw, Kind::Belt, 1));

    // A slot whose last ad goes may go then.
    let slot = make(&gw, &admin, Kind::Slot, 1).await;
    let (api, mut data) = Kind::Ad.save(1, None);
    data["slotId"] = json!(slot);
    let ad = gw.post(api, &admin, data).await.ok()["id"].clone();
    let env = gw
        .post(SLOT_DELETE, &admin, json!({"id": slot, "version": 1}))
        .await
        .fails("data_in_use");
    assert_eq!(
        env.msg,
        "广告位「临时广告位1」下还有 1 条广告（临时广告1），不能删除"
    );
    gw.post(AD_DELETE, &admin, json!({"id": ad, "version": 1}))
        .await
        .ok();
    gw.post(SLOT_DELETE, &admin, json!({"id": slot, "version": 1}))
        .await
        .ok();
}

#[tokio::test]
async fn the_operator_deletes_operating_records_but_not_roles_or_menus() {
    let gw = Gw::new();
    let op = gw.operator().await;
    for kind in [Kind::Ad, Kind::Slot, Kind::Entry, Kind::Belt] {
        let id = make(&gw, &op, kind, 1).await;
        gw.post(kind.delete(), &op, json!({"id": id, "version": 1}))
            .await
            .ok();
    }
    for api in [DELETE_ROLE, DELETE_MENU] {
        gw.post(api, &op, json!({"id": 1, "version": 1}))
            .await
            .fails("permission_denied");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_deletes_of_one_record_one_wins() {
    let gw = Arc::new(Gw::new());
    let admin = gw.admin().await;
    for kind in KINDS {
        for n in 0..ROUNDS {
            let id = make(&gw, &admin, kind, n).await;
            // SQLite gives the newest row's id again once it is gone: count from here.
            let before = audited(&gw, kind.delete(), id).len();
            let call = || (kind.delete(), json!({"id": id, "version": 1}));
            let answers = race(&gw, &admin, call(), call()).await;
            let won = answers.iter().filter(|e| e.success).count();
            assert_eq!(won, 1, "{kind:?}: {answers:?}");
            for e in answers.iter().filter(|e| !e.success) {
                assert!(
                    ["data_not_found", "data_conflict"].contains(&e.code.as_str()),
                    "{kind:?}: {} {}",
                    e.code,
                    e.msg
                );
            }
            assert!(!exists(&gw, kind, id));
            assert_eq!(
                audited(&gw, kind.delete(), id).len(),
                before + 1,
                "{kind:?}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_delete_racing_an_edit_one_wins() {
    let gw = Arc::new(Gw::new());
    let admin = gw.admin().await;
    let mut orders = [0; 2];
    for kind in KINDS {
        for n in 0..ROUNDS {
            let id = make(&gw, &admin, kind, n).await;
            let delete = (kind.delete(), json!({"id": id, "version": 1}));
            let [deleted, edited] = race(&gw, &admin, delete, kind.save(n, Some((id, 1)))).await;
            assert!(
                deleted.success != edited.success,
                "{kind:?}: one wins: {deleted:?} {edited:?}"
            );
            let loser = if deleted.success { &edited } else { &deleted };
            // The edit after the delete finds no record; the delete after the edit, a new version.
            let expected = if deleted.success {
                "data_not_found"
            } else {
                "data_conflict"
            };
            assert_eq!(loser.code, expected, "{kind:?}: {}", loser.msg);
            assert_eq!(exists(&gw, kind, id), edited.success, "{kind:?}");
            orders[usize::from(edited.success)] += 1;
        }
    }
    eprintln!(
        "delete vs edit: delete won {}, edit won {}",
        orders[0], orders[1]
    );
}

/// References to a record that is gone: none, whichever write won.
fn dangling(gw: &Gw) -> i64 {
    scalar(
        gw,
        "SELECT (SELECT count(*) FROM sys_user_role WHERE role_id NOT IN (SELECT id FROM sys_role))
              + (SELECT count(*) FROM sys_role_menu WHERE menu_id NOT IN (SELECT id FROM sys_menu))
              + (SELECT count(*) FROM sys_menu WHERE parent_id NOT IN (SELECT id FROM sys_menu))
              + (SELECT count(*) FROM ad WHERE slot_id NOT IN (SELECT id FROM ad_slot))
              + (SELECT count(*) FROM sys_role WHERE parent_id NOT IN (SELECT id FROM sys_role))",
    )
}

/// The loser of a delete racing a write that puts the record to use: the delete is refused as in
/// use, or the write finds the record gone (at its field).
fn one_of_use_or_gone(what: &str, deleted: &Env, used: &Env, field: &str) {
    assert!(
        deleted.success != used.success,
        "{what}: one wins: {deleted:?} {used:?}"
    );
    if deleted.success {
        assert_eq!(used.code, "param_invalid", "{what}: {}", used.msg);
        assert_eq!(used.fields(), [field], "{what}: {}", used.msg);
    } else {
        assert_eq!(deleted.code, "data_in_use", "{what}: {}", deleted.msg);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_delete_racing_a_write_that_uses_the_record_leaves_no_dangling_reference() {
    let gw = Arc::new(Gw::new());
    let admin = gw.admin().await;
    let operator = scalar(&gw, "SELECT id FROM sys_user WHERE username = 'operator'");
    let yunying = role_id(&gw, &admin, "运营").await;
    let mut won = [0; 2];
    for n in 0..ROUNDS {
        // A role assigned to a user.
        let role = make(&gw, &admin, Kind::Role, n).await;
        let version = int(&gw, "SELECT version FROM sys_user WHERE id = ?1", operator);
        let [deleted, used] = race(
            &gw,
            &admin,
            (DELETE_ROLE, json!({"id": role, "version": 1})),
            (
                "mtop.admin.user.update",
                json!({"id": operator, "version": version, "roleIds": [yunying, role]}),
            ),
        )
        .await;
        one_of_use_or_gone("role vs user.update", &deleted, &used, "roleIds");
        won[usize::from(used.success)] += 1;
        if used.success {
            // Given back, so the role can go in a later round's clean-up.
            let version = int(&gw, "SELECT version FROM sys_user WHERE id = ?1", operator);
            gw.post(
                "mtop.admin.user.update",
                &admin,
                json!({"id": operator, "version": version, "roleIds": [yunying]}),
            )
            .await
            .ok();
        }

        // A role created under it.
        let parent = make(&gw, &admin, Kind::Role, 100 + n).await;
        let [deleted, used] = race(
            &gw,
            &admin,
            (DELETE_ROLE, json!({"id": parent, "version": 1})),
            (
                "mtop.admin.user.saveRole",
                json!({"name": format!("下级{n}"), "parentId": parent}),
            ),
        )
        .await;
        one_of_use_or_gone("role vs a child role", &deleted, &used, "parentId");
        won[usize::from(used.success)] += 1;

        // A menu granted to a role, and one created under it.
        let menu = make(&gw, &admin, Kind::Menu, n).await;
        let grantee = make(&gw, &admin, Kind::Role, 200 + n).await;
        let [deleted, used] = race(
            &gw,
            &admin,
            (DELETE_MENU, json!({"id": menu, "version": 1})),
            (
                "mtop.admin.user.updateMenuRole",
                json!({"roleId": grantee, "menuIds": [menu]}),
            ),
        )
        .await;
        one_of_use_or_gone("menu vs updateMenuRole", &deleted, &used, "menuIds");
        won[usize::from(used.success)] += 1;
        let menu = make(&gw, &admin, Kind::Menu, 100 + n).await;
        let [deleted, used] = race(
            &gw,
            &admin,
            (DELETE_MENU, json!({"id": menu, "version": 1})),
            (
                "mtop.admin.user.saveMenu",
                json!({"parentId": menu, "alias": "子菜单", "name": format!("child{n}"),
                       "visible": 1, "sort": 1}),
            ),
        )
        .await;
        one_of_use_or_gone("menu vs a child menu", &deleted, &used, "parentId");
        won[usize::from(used.success)] += 1;

        // An ad saved into a slot.
        let slot = make(&gw, &admin, Kind::Slot, n).await;
        let (api, mut data) = Kind::Ad.save(n, None);
        data["slotId"] = json!(slot);
        let [deleted, used] = race(
            &gw,
            &admin,
            (SLOT_DELETE, json!({"id": slot, "version": 1})),
            (api, data),
        )
        .await;
        one_of_use_or_gone("slot vs ad.save", &deleted, &used, "slotId");
        won[usize::from(used.success)] += 1;
        if used.success {
            assert_eq!(
                deleted.msg,
                format!("广告位「临时广告位{n}」下还有 1 条广告（临时广告{n}），不能删除")
            );
        }
        assert_eq!(dangling(&gw), 0, "round {n}");
    }
    eprintln!(
        "delete vs use: delete won {}, the use won {}",
        won[0], won[1]
    );
}

#[tokio::test]
async fn a_deleted_ads_timeline_does_not_pass_to_the_next_ad() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let old = make(&gw, &admin, Kind::Ad, 1).await;
    gw.post(
        "mtop.admin.ad.setStatus",
        &admin,
        json!({"id": old, "version": 1, "status": "enabled"}),
    )
    .await
    .ok();
    let timeline = json!({"entity": "ad", "id": old});
    let before = gw
        .get("mtop.admin.history.list", &admin, timeline.clone())
        .await
        .ok();
    assert_eq!(before.as_array().map(Vec::len), Some(1));
    gw.post(AD_DELETE, &admin, json!({"id": old, "version": 2}))
        .await
        .ok();
    // The newest ad gone, the next one is given its id.
    let new = make(&gw, &admin, Kind::Ad, 2).await;
    assert_eq!(new, old);
    let after = gw
        .get("mtop.admin.history.list", &admin, timeline)
        .await
        .ok();
    assert_eq!(after, json!([]));
}
