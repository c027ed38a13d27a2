//! 产业带: belts with region and computed shop counts; a belt with its shops; creating and editing
//! with a unique name.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::common::*;
use crate::data::*;
use crate::operate::{number, race};

const LIST: &str = "mtop.admin.belt.list";
const DETAIL: &str = "mtop.admin.belt.detail";
const SAVE: &str = "mtop.admin.belt.save";

#[tokio::test]
async fn belts_count_their_shops_and_filter_by_name_and_province() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let page = gw.get(LIST, &admin, json!({})).await.ok();
    assert_eq!(page["total"], 12);
    for b in list(&page) {
        let id = b["id"].as_i64().unwrap_or(0);
        assert_eq!(
            b["shopCount"],
            int(
                &gw,
                &format!("SELECT count(*) FROM shop WHERE belt_id = {id}")
            )
        );
        assert!(b["name"].as_str().is_some_and(|n| n.ends_with("产业带")));
    }
    let zhejiang = gw.get(LIST, &admin, json!({"province": "浙江"})).await.ok();
    assert_eq!(
        zhejiang["total"],
        int(&gw, "SELECT count(*) FROM belt WHERE province = '浙江'")
    );
    assert!(column(&zhejiang, "province").iter().all(|p| p == "浙江"));
    let yiwu = gw.get(LIST, &admin, json!({"name": "义乌"})).await.ok();
    assert_eq!(column(&yiwu, "name"), [json!("义乌小商品产业带")]);
    let busiest = gw
        .get(
            LIST,
            &admin,
            json!({"sortField": "shopCount", "sortOrder": "desc"}),
        )
        .await
        .ok();
    let counts: Vec<i64> = column(&busiest, "shopCount")
        .iter()
        .filter_map(Value::as_i64)
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]));
    // Reference data: any signed-in user may read it.
    let operator = gw.operator().await;
    gw.get(LIST, &operator, json!({})).await.ok();
    let env = gw
        .get(LIST, &admin, json!({"sortField": "city"}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["sortField"]);
}

#[tokio::test]
async fn a_belt_shows_its_shops_and_keeps_a_unique_name() {
    let gw = Gw::new();
    let op = gw.operator().await;
    let detail = gw.get(DETAIL, &op, json!({"id": 1})).await.ok();
    let shops = detail["shops"].as_array().unwrap();
    assert_eq!(
        detail["belt"]["shopCount"],
        number(&gw, "SELECT count(*) FROM shop WHERE belt_id = 1")
    );
    assert!(!shops.is_empty() && shops.len() <= 50);
    assert!(shops.iter().all(|s| s["beltId"] == 1));
    let counts: Vec<i64> = shops
        .iter()
        .map(|s| s["productCount"].as_i64().unwrap())
        .collect();
    assert!(
        counts.windows(2).all(|w| w[0] >= w[1]),
        "most products first"
    );
    assert!(shops[0]["contactPhone"].as_str().unwrap().contains("****"));
    gw.get(DETAIL, &op, json!({"id": 999}))
        .await
        .fails("data_not_found");

    let made = gw
        .post(
            SAVE,
            &op,
            json!({"name": "平湖光伏产业带", "province": "浙江", "city": "嘉兴",
                                "description": "光伏组件与配件"}),
        )
        .await
        .ok();
    assert_eq!(
        (&made["shopCount"], &made["version"]),
        (&json!(0), &json!(1))
    );
    let existing = detail["belt"]["name"].clone();
    let dup = gw
        .post(
            SAVE,
            &op,
            json!({"name": existing, "province": "浙江", "city": "嘉兴"}),
        )
        .await
        .fails("data_duplicate");
    assert_eq!(dup.fields(), ["name"]);
    let env = gw
        .post(
            SAVE,
            &op,
            json!({"name": "无省份", "province": " ", "city": "嘉兴"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["province"]);
    let edit = json!({"id": made["id"], "version": 1, "name": "平湖光伏新能源产业带",
                      "province": "浙江", "city": "嘉兴", "description": ""});
    let edited = gw.post(SAVE, &op, edit.clone()).await.ok();
    assert_eq!(
        (&edited["name"], &edited["version"]),
        (&json!("平湖光伏新能源产业带"), &json!(2))
    );
    gw.post(SAVE, &op, edit).await.fails("data_conflict");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn eight_creations_of_one_name_one_wins() {
    let gw = Arc::new(Gw::new());
    let op = gw.operator().await;
    let calls = (0..8)
        .map(|_| {
            (
                SAVE.to_owned(),
                op.clone(),
                json!({"name": "同名产业带", "province": "广东", "city": "佛山"}),
            )
        })
        .collect();
    let codes = race(&gw, calls).await;
    assert_eq!(
        (codes.get("SUCCESS"), codes.get("data_duplicate")),
        (Some(&1), Some(&7)),
        "{codes:?}"
    );
}
