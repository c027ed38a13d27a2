//! 操作日志 people can read (issue 18, item 7): each entry's label, operator, target (kind, name
//! at the time) and the target's fields changed before → after, recorded generically for any
//! write; the filters by label, operator and target; the seeded history.

use std::time::Instant;

use mock_gateway::config::Config;
use mock_gateway::error::AppError;
use mock_gateway::kit::{Audited, Ctx, Guard, Operation, Reply};
use serde_json::{Value, json};

use crate::common::*;
use crate::data::*;

const LIST: &str = "mtop.admin.audit.list";
const OPTIONS: &str = "mtop.admin.audit.options";
const SHOP_STATUS: &str = "mtop.admin.shop.setStatus";

/// The log's entries since the test began (the seeded history is older).
async fn since_start(gw: &Gw, mat: &str, filter: Value) -> Vec<Value> {
    let mut params = json!({"from": START_MS, "pageSize": 100});
    if let (Some(p), Some(f)) = (params.as_object_mut(), filter.as_object()) {
        p.extend(f.clone());
    }
    list(&gw.get(LIST, mat, params).await.ok())
}

/// `label: before → after` of each change of an entry.
fn changes(entry: &Value) -> Vec<String> {
    entry["changes"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|c| match c["before"].as_str() {
            Some(before) => format!(
                "{}: {before} → {}",
                c["label"].as_str().unwrap_or(""),
                c["after"].as_str().unwrap_or("")
            ),
            None => format!(
                "{}: {}",
                c["label"].as_str().unwrap_or(""),
                c["after"].as_str().unwrap_or("")
            ),
        })
        .collect()
}

async fn freeze(gw: &Gw, mat: &str) -> (i64, String) {
    let id = int(
        gw,
        "SELECT id FROM shop WHERE status = 'active' ORDER BY id LIMIT 1",
    );
    let v = int(gw, &format!("SELECT version FROM shop WHERE id = {id}"));
    gw.post(
        SHOP_STATUS,
        mat,
        json!({"id": id, "version": v, "status": "frozen", "reasonCode": "complaints"}),
    )
    .await
    .ok();
    (
        id,
        text(gw, &format!("SELECT name FROM shop WHERE id = {id}")),
    )
}

#[tokio::test]
async fn a_freeze_reads_as_freezing_the_named_shop_from_active_to_frozen() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    gw.clock.advance(1000);
    let (id, name) = freeze(&gw, &admin).await;
    let rows = since_start(&gw, &admin, json!({})).await;
    let e = &rows[0];
    assert_eq!(e["api"], SHOP_STATUS);
    assert_eq!(e["label"], "冻结店铺");
    assert_eq!(e["username"], "admin");
    assert_eq!(e["nickname"], "系统管理员");
    assert_eq!(e["targetId"], id);
    assert_eq!(e["targetType"], "shop");
    assert_eq!(e["targetTypeLabel"], "店铺");
    assert_eq!(e["targetName"], name.as_str());
    assert_eq!(changes(e), ["状态: 营业中 → 已冻结"]);
    // The summary stays, for people and the CSV.
    assert!(e["summary"].as_str().unwrap_or("").contains(&name));
    // The sign-in before it names the user signing in.
    let login = &rows[1];
    assert_eq!(login["label"], "登录");
    assert_eq!(
        (&login["targetType"], &login["targetName"]),
        (&json!("sysUser"), &json!("admin"))
    );
    assert_eq!(login["changes"], json!([]));
}

#[tokio::test]
async fn an_edit_shows_each_changed_field_before_and_after_and_a_password_only_as_changed() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let users = gw
        .get(
            "mtop.admin.user.list",
            &admin,
            json!({"username": "operator"}),
        )
        .await
        .ok();
    let operator = &list(&users)[0];
    let before = operator["nickname"].as_str().unwrap_or("").to_owned();
    gw.clock.advance(1000);
    gw.post(
        "mtop.admin.user.update",
        &admin,
        json!({"id": operator["id"], "version": operator["version"], "nickname": "运营小李",
               "status": "disabled"}),
    )
    .await
    .ok();
    let e = &since_start(
        &gw,
        &admin,
        json!({"targetType": "sysUser", "targetName": "operator"}),
    )
    .await[0];
    // Disabling is a move of the user's lifecycle: its action names the entry.
    assert_eq!(e["label"], "停用系统用户");
    assert_eq!(e["targetName"], "operator");
    assert_eq!(
        changes(e),
        [
            format!("昵称: {before} → 运营小李"),
            "状态: 启用 → 停用".to_owned()
        ]
    );

    // A change of one's own password says that it changed, never what it was or is.
    gw.post(
        "mtop.admin.user.changePassword",
        &admin,
        json!({"oldPassword": "Admin@123", "newPassword": "Better@2026"}),
    )
    .await
    .ok();
    let e = &since_start(&gw, &admin, json!({"label": "修改密码"})).await[0];
    assert_eq!(changes(e), ["密码: 已修改"]);
    assert_eq!(e["targetName"], "admin");
}

#[tokio::test]
async fn a_created_record_lists_what_it_holds_and_a_deleted_one_keeps_its_name() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let saved = gw
        .post(
            "mtop.admin.dict.save",
            &admin,
            json!({"type": "trade_term", "key": "fob", "label": "离岸价", "value": "FOB"}),
        )
        .await
        .ok();
    let created = &since_start(&gw, &admin, json!({"label": "保存字典项"})).await[0];
    assert_eq!(created["targetType"], "dict");
    assert_eq!(created["targetName"], "离岸价");
    let shown = changes(created);
    for expected in [
        "字典类型: trade_term",
        "键: fob",
        "标签: 离岸价",
        "值: FOB",
        "状态: 启用",
    ] {
        assert!(shown.iter().any(|c| c == expected), "{expected}: {shown:?}");
    }
    gw.clock.advance(1000);
    gw.post(
        "mtop.admin.dict.delete",
        &admin,
        json!({"id": saved["id"], "version": saved["version"]}),
    )
    .await
    .ok();
    let deleted = &since_start(&gw, &admin, json!({"label": "删除字典项"})).await[0];
    assert_eq!(deleted["targetName"], "离岸价");
    assert_eq!(deleted["changes"], json!([]));
}

#[tokio::test]
async fn the_log_filters_by_label_operator_and_target() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let op = gw.operator().await;
    gw.clock.advance(1000);
    let (_, name) = freeze(&gw, &admin).await;
    // The operator closes an opportunity's review queue entry: another label, another target.
    let opp = int(
        &gw,
        "SELECT id FROM opportunity WHERE state = 'pending' ORDER BY id LIMIT 1",
    );
    let v = int(
        &gw,
        &format!("SELECT version FROM opportunity WHERE id = {opp}"),
    );
    gw.post(
        "mtop.admin.opportunity.audit",
        &op,
        json!({"id": opp, "version": v, "approve": true}),
    )
    .await
    .ok();

    let frozen = since_start(&gw, &admin, json!({"label": "冻结店铺"})).await;
    assert_eq!(
        column(&json!({"list": frozen}), "targetName"),
        [json!(name)]
    );

    let operator_id = int(&gw, "SELECT id FROM sys_user WHERE username = 'operator'");
    let theirs = since_start(&gw, &admin, json!({"operatorId": operator_id})).await;
    let labels: Vec<&str> = theirs.iter().filter_map(|e| e["label"].as_str()).collect();
    assert_eq!(labels, ["审核商机", "登录"]);
    // Ids may come as numeric strings, as the web's URL sends them.
    let same = since_start(&gw, &admin, json!({"operatorId": operator_id.to_string()})).await;
    assert_eq!(same.len(), 2);

    let shops = since_start(&gw, &admin, json!({"targetType": "shop"})).await;
    assert_eq!(shops.len(), 1);
    let part: String = name.chars().skip(1).take(2).collect();
    let named = since_start(
        &gw,
        &admin,
        json!({"targetType": "shop", "targetName": part}),
    )
    .await;
    assert_eq!(named.len(), 1);
    let none = since_start(
        &gw,
        &admin,
        json!({"targetType": "product", "targetName": part}),
    )
    .await;
    assert_eq!(none.len(), 0);
    // The time range still narrows everything.
    let later = gw
        .get(
            LIST,
            &admin,
            json!({"label": "冻结店铺", "from": START_MS + 2000}),
        )
        .await
        .ok();
    assert_eq!(later["total"], 0);
}

#[tokio::test]
async fn a_filter_the_log_cannot_hold_is_refused_naming_its_field_in_chinese() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let env = gw
        .get(
            LIST,
            &admin,
            json!({"label": "mtop.admin.shop.setStatus", "targetType": "planet"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["label", "targetType"]);
    let messages: Vec<String> = env.data["fields"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|f| f["message"].as_str().unwrap_or("").to_owned())
        .collect();
    assert!(messages[0].contains("冻结店铺"), "{messages:?}");
    assert!(messages[1].contains("targetType") && messages[1].contains("planet"));
    let env = gw
        .get(LIST, &admin, json!({"operatorId": "someone"}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["operatorId"]);
}

#[tokio::test]
async fn the_options_offer_every_label_the_users_and_the_kinds_of_target() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let options = gw.get(OPTIONS, &admin, json!({})).await.ok();
    let labels: Vec<&str> = options["labels"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    for label in [
        "登录",
        "冻结店铺",
        "解冻店铺",
        "审核店铺",
        "修改密码",
        "查看完整号码",
    ] {
        assert!(labels.contains(&label), "{label}: {labels:?}");
    }
    let operators: Vec<&str> = options["operators"]
        .as_array()
        .map(|a| a.iter().filter_map(|o| o["username"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(
        operators,
        ["admin", "operator", "dontHaveAccess", "service"]
    );
    assert!(
        options["targetTypes"]
            .as_array()
            .is_some_and(|a| a.contains(&json!({"value": "shop", "label": "店铺"})))
    );
    // Only the log's readers see who the users are.
    let op = gw.operator().await;
    gw.get(OPTIONS, &op, json!({}))
        .await
        .fails("permission_denied");
}

/// A write whose kind of target its handler names (as a phone revealed does: a shop's or a
/// member's): the log names the record of that kind.
fn revealed_like(ctx: &Ctx, data: Value) -> Result<Reply, AppError> {
    let id = data["id"].as_i64().unwrap_or_default();
    ctx.audited(|_| Ok(Audited::new((), id, "查看").on("member")))?;
    Reply::json(())
}

#[tokio::test]
async fn a_handler_may_name_its_targets_kind_and_the_log_names_the_record() {
    let gw = Gw::with(
        Config::for_tests(),
        vec![Operation::post(
            "mtop.admin.test.revealLike",
            Guard::Session,
            revealed_like,
        )],
    );
    let admin = gw.admin().await;
    let (id, nickname) = (
        int(&gw, "SELECT id FROM member ORDER BY id LIMIT 1"),
        text(&gw, "SELECT nickname FROM member ORDER BY id LIMIT 1"),
    );
    gw.clock.advance(1000);
    gw.post("mtop.admin.test.revealLike", &admin, json!({"id": id}))
        .await
        .ok();
    let e = &since_start(&gw, &admin, json!({})).await[0];
    assert_eq!(e["targetType"], "member");
    assert_eq!(e["targetTypeLabel"], "用户");
    assert_eq!(e["targetName"], nickname.as_str());
}

#[tokio::test]
async fn every_column_of_a_target_table_is_declared_by_the_core() {
    let gw = Gw::new();
    let undeclared = gw
        .state
        .store
        .read(mock_gateway::store::audit::undeclared)
        .expect("read the schema");
    assert!(
        undeclared.is_empty(),
        "columns the log cannot name: {undeclared:?}. Declare each in core-wasm/src/ops/audit.rs \
         (SUBJECTS: a label and how it reads, or Shows::Hidden)"
    );
}

#[tokio::test]
async fn the_seeded_history_reads_like_the_live_log() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let page = gw
        .get(LIST, &admin, json!({"to": START_MS - 1, "pageSize": 100}))
        .await
        .ok();
    let rows = list(&page);
    assert!(page["total"].as_i64().unwrap_or(0) > 20, "{page}");
    assert!(
        rows.iter()
            .all(|e| e["label"].as_str().is_some_and(|l| !l.is_empty()))
    );
    assert!(rows.iter().all(|e| e["nickname"].is_string()));
    // Reviews by the operator: the opportunity by its title, its state before → after.
    let reviews = list(
        &gw.get(
            LIST,
            &admin,
            json!({"to": START_MS - 1, "label": "审核商机", "pageSize": 100}),
        )
        .await
        .ok(),
    );
    assert!(!reviews.is_empty());
    for e in &reviews {
        assert_eq!(e["username"], "operator");
        assert_eq!(e["targetType"], "opportunity");
        let title = text(
            &gw,
            &format!("SELECT title FROM opportunity WHERE id = {}", e["targetId"]),
        );
        assert_eq!(e["targetName"], title.as_str());
        let shown = changes(e);
        assert!(
            shown == ["状态: 待审核 → 已通过"] || shown == ["状态: 待审核 → 已驳回"],
            "{shown:?}"
        );
    }
    let sign_ins = gw
        .get(LIST, &admin, json!({"to": START_MS - 1, "label": "登录"}))
        .await
        .ok();
    assert!(sign_ins["total"].as_i64().unwrap_or(0) >= 10);
}

/// Writes a shop's freeze and unfreeze `n` times each; the time taken.
async fn toggle(gw: &Gw, mat: &str, n: usize) -> f64 {
    let id = int(
        gw,
        "SELECT id FROM shop WHERE status = 'active' ORDER BY id LIMIT 1",
    );
    let started = Instant::now();
    for _ in 0..n {
        for (status, reason) in [("frozen", Some("complaints")), ("active", None)] {
            let v = int(gw, &format!("SELECT version FROM shop WHERE id = {id}"));
            let mut data = json!({"id": id, "version": v, "status": status});
            if let Some(r) = reason {
                data["reasonCode"] = json!(r);
            }
            gw.post(SHOP_STATUS, mat, data).await.ok();
        }
    }
    started.elapsed().as_secs_f64() * 1000.0 / (2 * n) as f64
}

/// What the watch costs a write: the same writes with its triggers and without them (dropped for
/// the measure). Run with `--ignored --nocapture` (in release, for numbers worth comparing).
#[tokio::test]
#[ignore]
async fn the_watch_costs_a_write_little() {
    let n = 150;
    let watched = Gw::new();
    let admin = watched.admin().await;
    toggle(&watched, &admin, 10).await;
    let with = toggle(&watched, &admin, n).await;

    let bare = Gw::new();
    bare.state
        .store
        .write(|tx| {
            let names: Vec<String> = tx
                .prepare("SELECT name FROM temp.sqlite_master WHERE name LIKE 'audit_watch_%'")?
                .query_map([], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            for name in names {
                tx.execute_batch(&format!("DROP TRIGGER temp.{name}"))?;
            }
            Ok(())
        })
        .expect("drop the watch");
    let admin = bare.admin().await;
    toggle(&bare, &admin, 10).await;
    let without = toggle(&bare, &admin, n).await;
    eprintln!(
        "shop.setStatus, {} writes each: watched {with:.3} ms/write, unwatched {without:.3} ms/write ({:+.1} %)",
        2 * n,
        (with / without - 1.0) * 100.0
    );
}

#[tokio::test]
async fn a_permission_change_names_the_pages_it_added_and_removed() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let menu = menu_ids(&gw, &admin).await;
    let role = role_id(&gw, &admin, "运营").await;
    let held = gw
        .get(
            "mtop.admin.user.qryMenuTree",
            &admin,
            json!({"roleId": role}),
        )
        .await
        .ok();
    let entry = menu("operate/abilityEntry");
    let mut ids: Vec<Value> = held["checkedIds"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter(|id| *id != entry)
        .collect();
    assert_eq!(
        ids.len() + 1,
        held["checkedIds"].as_array().map_or(0, Vec::len)
    );
    ids.extend([menu("baseMgmt"), menu("baseMgmt/invitationMgmt")]);
    let saved = gw
        .post(
            "mtop.admin.user.updateMenuRole",
            &admin,
            json!({"roleId": role, "menuIds": ids}),
        )
        .await
        .ok();
    // Without `actions` the role keeps its codes on the pages it still owns: 功能入口's went.
    let codes = saved["checkedActions"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let before = held["checkedActions"].as_array().map_or(0, Vec::len);
    assert_eq!(
        codes.len(),
        before - 4,
        "功能入口's four actions went with it"
    );
    assert!(codes.iter().all(|c| {
        !c.as_str()
            .unwrap_or("")
            .starts_with("operate/abilityEntry:")
    }));
    let e = &since_start(&gw, &admin, json!({"targetType": "role"})).await[0];
    assert_eq!(e["label"], "保存角色权限");
    assert_eq!(e["targetName"], "运营");
    assert_eq!(changes(e), ["新增菜单: 邀请管理", "移除菜单: 功能入口"]);
    // The count is of pages, as 权限管理 counts them: a group that only connects them is none.
    let system = gw
        .get("mtop.admin.user.menuTree", &admin, json!({}))
        .await
        .ok();
    fn leaves(nodes: &Value, out: &mut Vec<Value>) {
        for n in nodes.as_array().into_iter().flatten() {
            match n["children"].as_array() {
                Some(c) if !c.is_empty() => leaves(&n["children"], out),
                _ => out.push(n["data"]["id"].clone()),
            }
        }
    }
    let mut pages = Vec::new();
    leaves(&system, &mut pages);
    let held = ids.iter().filter(|id| pages.contains(id)).count();
    assert!(held < ids.len(), "the role holds groups as well as pages");
    assert_eq!(
        e["summary"],
        format!(
            "设置角色 运营 的菜单（{held} 个页面，{} 项操作）",
            codes.len()
        )
    );
}
