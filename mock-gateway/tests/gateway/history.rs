//! 操作记录: a record's timeline, for whoever owns the record's screen.

use serde_json::json;

use crate::common::*;
use crate::data::*;

const HISTORY: &str = "mtop.admin.history.list";

#[tokio::test]
async fn the_timeline_is_newest_first_and_tells_who_when_and_why() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let id = int(
        &gw,
        "SELECT id FROM shop WHERE status = 'closed' ORDER BY id LIMIT 1",
    );
    let timeline = gw
        .get(HISTORY, &admin, json!({"entity": "shop", "id": id}))
        .await
        .ok();
    let rows = timeline.as_array().cloned().unwrap_or_default();
    assert!(rows.len() >= 3, "applied, approved, closed: {rows:?}");
    let at: Vec<i64> = rows.iter().filter_map(|h| h["at"].as_i64()).collect();
    assert!(at.windows(2).all(|w| w[0] >= w[1]));
    assert_eq!(rows[0]["toState"], "closed");
    assert_eq!(rows[0]["operator"], "系统");
    assert!(rows[0]["reasonLabel"] != "" && rows[0]["reason"] != "");
    assert_eq!(rows[rows.len() - 1]["fromState"], json!(null));
    let product = int(
        &gw,
        "SELECT id FROM product WHERE status = 'violation' LIMIT 1",
    );
    let timeline = gw
        .get(HISTORY, &admin, json!({"entity": "product", "id": product}))
        .await
        .ok();
    assert_eq!(timeline[0]["action"], "违规下架");
    assert!(timeline[0]["reasonCode"] != "");
    let member = int(&gw, "SELECT id FROM member WHERE status = 'banned' LIMIT 1");
    let timeline = gw
        .get(HISTORY, &admin, json!({"entity": "member", "id": member}))
        .await
        .ok();
    assert_eq!(timeline[0]["toState"], "banned");
    // A record without moves has an empty timeline; a missing one is not found.
    let quiet = int(&gw, "SELECT id FROM product WHERE status = 'draft' LIMIT 1");
    let none = gw
        .get(HISTORY, &admin, json!({"entity": "product", "id": quiet}))
        .await
        .ok();
    assert_eq!(none, json!([]));
    gw.get(HISTORY, &admin, json!({"entity": "shop", "id": 9_999_999}))
        .await
        .fails("data_not_found");
}

#[tokio::test]
async fn only_owners_of_the_records_screen_may_read_it() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let shops_only = user_owning(&gw, &admin, "shopkeeper", &["baseMgmt/shopMgmt"]).await;
    gw.get(HISTORY, &shops_only, json!({"entity": "shop", "id": 1}))
        .await
        .ok();
    for entity in ["member", "product"] {
        gw.get(HISTORY, &shops_only, json!({"entity": entity, "id": 1}))
            .await
            .fails("permission_denied");
    }
    let operator = gw.operator().await;
    gw.get(HISTORY, &operator, json!({"entity": "shop", "id": 1}))
        .await
        .fails("permission_denied");
    let guest = gw.guest().await;
    gw.get(HISTORY, &guest, json!({"entity": "shop", "id": 1}))
        .await
        .fails("permission_denied");
    for (bad, field) in [
        (json!({"id": 1}), "entity"),
        (json!({"entity": " ", "id": 1}), "entity"),
        (json!({"entity": "dict", "id": 1}), "entity"),
        (json!({"entity": "shop"}), "id"),
        (json!({"entity": "shop", "id": "one"}), "id"),
    ] {
        let env = gw
            .get(HISTORY, &admin, bad.clone())
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{bad}");
    }
}
