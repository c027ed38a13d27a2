//! 视图: saved views per user and list, shared with whoever may open the list, guarded by the
//! list's menu, versioned, audited; what parallel savers get.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::common::*;
use crate::data::{int, user_owning};
use crate::operate::race;

const LIST: &str = "mtop.admin.view.list";
const SAVE: &str = "mtop.admin.view.save";
const DELETE: &str = "mtop.admin.view.delete";
const SHOPS: &str = "baseMgmt/shopMgmt";
const ADS: &str = "operate/advertise";

fn content() -> Value {
    json!({
        "filters": {"status": "pending", "province": "浙江省"},
        "sortField": "createdAt", "sortOrder": "ascend", "pageSize": 50,
        "columns": [{"key": "name", "hidden": false}, {"key": "level", "hidden": true}]
    })
}

fn names(views: &Value) -> Vec<String> {
    views
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v["name"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn a_shared_view_is_offered_to_whoever_may_open_its_list_and_no_one_else() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let shared = gw
        .post(
            SAVE,
            &admin,
            json!({"list": SHOPS, "name": "浙江待审核", "shared": true, "content": content()}),
        )
        .await
        .ok();
    assert_eq!(shared["content"], content());
    assert_eq!(
        (&shared["mine"], &shared["version"]),
        (&json!(true), &json!(1))
    );
    gw.post(
        SAVE,
        &admin,
        json!({"list": SHOPS, "name": "我的草稿", "content": {}}),
    )
    .await
    .ok();
    let own = gw.get(LIST, &admin, json!({"list": SHOPS})).await.ok();
    assert_eq!(names(&own), ["我的草稿", "浙江待审核"]);

    // Another who may open 店铺管理 is offered the shared one, not the private one.
    let clerk = user_owning(&gw, &admin, "shopclerk", &[SHOPS]).await;
    let offered = gw.get(LIST, &clerk, json!({"list": SHOPS})).await.ok();
    assert_eq!(names(&offered), ["浙江待审核"]);
    assert_eq!(offered[0]["owner"], "系统管理员");
    assert_eq!(offered[0]["mine"], false);
    // Theirs to open, not to change or delete: another's view is not found for them.
    gw.post(
        SAVE,
        &clerk,
        json!({"id": shared["id"], "version": 1, "list": SHOPS, "name": "改名", "content": {}}),
    )
    .await
    .fails("data_not_found");
    gw.post(DELETE, &clerk, json!({"id": shared["id"]}))
        .await
        .fails("data_not_found");

    // 运营 may not open 店铺管理: neither offered its views nor able to save one there.
    let operator = gw.operator().await;
    gw.get(LIST, &operator, json!({"list": SHOPS}))
        .await
        .fails("permission_denied");
    gw.post(
        SAVE,
        &operator,
        json!({"list": SHOPS, "name": "偷看", "content": {}}),
    )
    .await
    .fails("permission_denied");
    // On a list of theirs they keep their own.
    gw.post(
        SAVE,
        &operator,
        json!({"list": ADS, "name": "首页轮播", "shared": true, "content": {"filters": {"slotId": "1"}}}),
    )
    .await
    .ok();
    assert_eq!(
        names(&gw.get(LIST, &admin, json!({"list": ADS})).await.ok()),
        ["首页轮播"]
    );
    // A page that is not a list with views.
    let env = gw
        .get(LIST, &admin, json!({"list": "system/menu"}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["list"]);
}

#[tokio::test]
async fn saving_checks_the_name_the_content_the_version_and_keeps_one_default() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let save = |data: Value| {
        let (gw, admin) = (&gw, &admin);
        async move { gw.post(SAVE, admin, data).await }
    };
    let env = save(json!({"list": SHOPS, "name": "  ", "content": {}}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["name"]);
    let env = save(json!({"list": SHOPS, "name": "x".repeat(21), "content": {}}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["name"]);
    for bad in [
        json!({"pageSize": 33}),
        json!({"sortField": "name", "sortOrder": "sideways"}),
        json!({"filters": {"a b": "x"}}),
        json!({"filters": {"name": "x".repeat(201)}}),
        json!({"columns": [{"key": "name"}, {"key": "name"}]}),
        json!({"columns": [{"key": "name", "hidden": true}]}),
    ] {
        let env = save(json!({"list": SHOPS, "name": "坏", "content": bad}))
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), ["content"], "{bad}");
    }
    // A content of the wrong shape is refused as a whole, and nothing is stored.
    let env = save(json!({"list": SHOPS, "name": "坏", "content": "[]"}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["content"]);
    assert_eq!(int(&gw, "SELECT count(*) FROM list_view"), 0);

    let a = save(json!({"list": SHOPS, "name": "甲", "isDefault": true, "content": {}}))
        .await
        .ok();
    let b = save(json!({"list": SHOPS, "name": "乙", "isDefault": true, "content": {}}))
        .await
        .ok();
    let views = gw.get(LIST, &admin, json!({"list": SHOPS})).await.ok();
    let defaults: Vec<&Value> = views
        .as_array()
        .map(|a| a.iter().filter(|v| v["isDefault"] == true).collect())
        .unwrap_or_default();
    assert_eq!(defaults.len(), 1);
    assert_eq!(defaults[0]["id"], b["id"]);

    let env = save(json!({"list": SHOPS, "name": "乙", "content": {}}))
        .await
        .fails("data_duplicate");
    assert_eq!(env.fields(), ["name"]);
    // 甲 was changed by setting 乙 as the default: its first version is stale.
    save(json!({"id": a["id"], "version": a["version"], "list": SHOPS, "name": "甲2", "content": {}}))
        .await
        .fails("data_conflict");
    let renamed = save(
        json!({"id": a["id"], "version": 2, "list": SHOPS, "name": "甲2", "content": content()}),
    )
    .await
    .ok();
    assert_eq!(
        (&renamed["name"], &renamed["version"]),
        (&json!("甲2"), &json!(3))
    );

    gw.post(DELETE, &admin, json!({"id": b["id"], "version": 99}))
        .await
        .fails("data_conflict");
    gw.post(
        DELETE,
        &admin,
        json!({"id": b["id"], "version": b["version"]}),
    )
    .await
    .ok();
    assert_eq!(
        names(&gw.get(LIST, &admin, json!({"list": SHOPS})).await.ok()),
        ["甲2"]
    );

    // Each write is in the log, by its label and the view's name.
    let log = gw
        .get(
            "mtop.admin.audit.list",
            &admin,
            json!({"targetType": "view"}),
        )
        .await
        .ok();
    let labels: Vec<(String, String)> = log["list"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|e| {
                    (
                        e["label"].as_str().unwrap_or_default().to_owned(),
                        e["targetName"].as_str().unwrap_or_default().to_owned(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    assert!(
        labels.contains(&("删除视图".to_owned(), "乙".to_owned())),
        "{labels:?}"
    );
    assert!(
        labels.contains(&("保存视图".to_owned(), "甲2".to_owned())),
        "{labels:?}"
    );
}

#[tokio::test]
async fn parallel_savers_get_one_success_and_a_clear_refusal_each() {
    let gw = Arc::new(Gw::new());
    let admin = gw.admin().await;
    // The same new name eight times: one view, seven duplicates.
    let calls = (0..8)
        .map(|_| {
            (
                SAVE.to_owned(),
                admin.clone(),
                json!({"list": SHOPS, "name": "同名", "content": {}}),
            )
        })
        .collect();
    let codes = race(&gw, calls).await;
    assert_eq!(codes.get("SUCCESS"), Some(&1), "{codes:?}");
    assert_eq!(codes.get("data_duplicate"), Some(&7), "{codes:?}");
    // One view at version 1 updated eight times: one update, seven conflicts.
    let id = int(&gw, "SELECT id FROM list_view WHERE name = '同名'");
    let calls = (0..8)
        .map(|i| {
            (
                SAVE.to_owned(),
                admin.clone(),
                json!({"id": id, "version": 1, "list": SHOPS, "name": format!("改{i}"), "content": {}}),
            )
        })
        .collect();
    let codes = race(&gw, calls).await;
    assert_eq!(codes.get("SUCCESS"), Some(&1), "{codes:?}");
    assert_eq!(codes.get("data_conflict"), Some(&7), "{codes:?}");
}

#[tokio::test]
async fn a_user_keeps_at_most_thirty_views_per_list() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    for i in 0..30 {
        gw.post(
            SAVE,
            &admin,
            json!({"list": SHOPS, "name": format!("视图{i}"), "content": {}}),
        )
        .await
        .ok();
    }
    let env = gw
        .post(
            SAVE,
            &admin,
            json!({"list": SHOPS, "name": "第三十一个", "content": {}}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["name"]);
    // Another list has its own room.
    gw.post(
        SAVE,
        &admin,
        json!({"list": ADS, "name": "第三十一个", "content": {}}),
    )
    .await
    .ok();
}
