//! 功能入口 and 首页推荐商家: lists in display order, saves with their rules, reordering as a whole,
//! only active shops recommended, a shop frozen since flagged, deletes, racing saves.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::common::*;
use crate::operate::*;

const ENTRIES: &str = "mtop.admin.entry.list";
const SAVE_ENTRY: &str = "mtop.admin.entry.save";
const SORT_ENTRIES: &str = "mtop.admin.entry.sort";
const RECOMMENDS: &str = "mtop.admin.recommend.list";
const SAVE_RECOMMEND: &str = "mtop.admin.recommend.save";
const DELETE_RECOMMEND: &str = "mtop.admin.recommend.delete";
const SORT_RECOMMENDS: &str = "mtop.admin.recommend.sort";
const CANDIDATES: &str = "mtop.admin.recommend.candidates";

fn ids(page: &Value) -> Vec<i64> {
    page["list"]
        .as_array()
        .or(page.as_array())
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn entries_are_saved_with_their_rules_and_reordered() {
    let gw = Gw::new();
    let op = gw.operator().await;
    let all = gw.get(ENTRIES, &op, json!({"pageSize": 50})).await.ok();
    assert_eq!(all["total"], 12);
    assert_eq!(all["list"][0]["name"], "找工厂");
    let hidden = gw.get(ENTRIES, &op, json!({"visible": 0})).await.ok();
    assert_eq!(hidden["total"], 2);
    gw.get(ENTRIES, &op, json!({"visible": 3}))
        .await
        .fails("param_invalid");

    let made = gw
        .post(
            SAVE_ENTRY,
            &op,
            json!({"name": "直播选品", "icon": "RocketOutlined", "link": "/pages/live"}),
        )
        .await
        .ok();
    assert_eq!((&made["visible"], &made["sort"]), (&json!(1), &json!(130)));
    for (data, field) in [
        (
            json!({"name": "直播", "icon": "SmileOutlined", "link": "/x"}),
            "icon",
        ),
        (
            json!({"name": "直播", "icon": "RocketOutlined", "link": "pages/x"}),
            "link",
        ),
        (
            json!({"name": "一二三四五六七八九", "icon": "RocketOutlined", "link": "/x"}),
            "name",
        ),
        (
            json!({"name": "直播", "icon": "RocketOutlined", "link": "/x", "visible": 2}),
            "visible",
        ),
    ] {
        let env = gw
            .post(SAVE_ENTRY, &op, data.clone())
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{data}");
    }
    let dup = gw
        .post(
            SAVE_ENTRY,
            &op,
            json!({"name": "找工厂", "icon": "ShopOutlined", "link": "/y"}),
        )
        .await
        .fails("data_duplicate");
    assert_eq!(dup.fields(), ["name"]);
    let hide = json!({"id": made["id"], "version": 1, "name": "直播选品", "icon": "RocketOutlined",
                      "link": "https://live.adnur.example/", "visible": 0});
    let hidden = gw.post(SAVE_ENTRY, &op, hide.clone()).await.ok();
    assert_eq!(
        (&hidden["visible"], &hidden["version"]),
        (&json!(0), &json!(2))
    );
    gw.post(SAVE_ENTRY, &op, hide).await.fails("data_conflict");

    // Reordered as a whole: the new order is what the list answers afterwards.
    let mut order = ids(&gw.get(ENTRIES, &op, json!({"pageSize": 50})).await.ok());
    order.reverse();
    let sorted = gw.post(SORT_ENTRIES, &op, json!({"ids": order})).await.ok();
    assert_eq!(ids(&sorted), order);
    let listed = gw.get(ENTRIES, &op, json!({"pageSize": 50})).await.ok();
    assert_eq!(ids(&listed), order);
    let mut partial = order.clone();
    partial.pop();
    let env = gw
        .post(SORT_ENTRIES, &op, json!({"ids": partial}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["ids"]);
    gw.post(SORT_ENTRIES, &op, json!({}))
        .await
        .fails("param_invalid");
}

#[tokio::test]
async fn only_active_shops_are_recommended_and_a_frozen_one_is_flagged() {
    let gw = Gw::new();
    let op = gw.operator().await;
    let all = gw.get(RECOMMENDS, &op, json!({})).await.ok();
    assert_eq!(all["total"], 10);
    assert!(
        all["list"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["problem"].is_null())
    );
    for (state, n) in [("active", 6), ("scheduled", 2), ("expired", 2)] {
        let page = gw.get(RECOMMENDS, &op, json!({"state": state})).await.ok();
        assert_eq!(page["total"], n, "{state}");
        assert!(
            page["list"]
                .as_array()
                .unwrap()
                .iter()
                .all(|r| r["state"] == state)
        );
    }
    gw.get(RECOMMENDS, &op, json!({"state": "disabled"}))
        .await
        .fails("param_invalid");

    let candidates = gw.get(CANDIDATES, &op, json!({})).await.ok();
    assert!(
        candidates
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["status"] == "active")
    );
    gw.get(CANDIDATES, &op, json!({"kind": "product"}))
        .await
        .fails("param_invalid");
    let shop = candidates
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_i64().unwrap())
        .find(|id| {
            !all["list"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r["shopId"] == *id)
        })
        .unwrap();
    let form = |shop: i64, from: i64, to: i64| {
        json!({"shopId": shop, "reason": "源头工厂", "startAt": TODAY + from * DAY,
               "endAt": TODAY + to * DAY})
    };
    let made = gw.post(SAVE_RECOMMEND, &op, form(shop, 0, 30)).await.ok();
    assert_eq!(
        (&made["sort"], &made["state"]),
        (&json!(110), &json!("active"))
    );
    let env = gw
        .post(SAVE_RECOMMEND, &op, form(frozen_shop(&gw), 0, 30))
        .await
        .fails("param_invalid");
    assert_eq!(
        (env.fields(), env.msg.as_str()),
        (vec!["shopId".to_owned()], "只能推荐营业中的店铺")
    );
    gw.post(SAVE_RECOMMEND, &op, form(999_999, 0, 30))
        .await
        .fails("param_invalid");
    let dup = gw
        .post(SAVE_RECOMMEND, &op, form(shop, 20, 40))
        .await
        .fails("data_duplicate");
    assert_eq!(dup.fields(), ["shopId"]);
    gw.post(SAVE_RECOMMEND, &op, form(shop, 30, 40)).await.ok();
    let env = gw
        .post(
            SAVE_RECOMMEND,
            &op,
            json!({"shopId": shop, "reason": "", "startAt": TODAY, "endAt": TODAY}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["reason", "endAt"]);

    // The shop is frozen since (by 基础信息): the recommendation stays, flagged; editing it now is
    // refused, removing it is not.
    execute(
        &gw,
        &format!("UPDATE shop SET status = 'frozen' WHERE id = {shop}"),
    );
    let flagged = gw
        .get(RECOMMENDS, &op, json!({"shopName": made["shopName"]}))
        .await
        .ok();
    assert!(
        flagged["list"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["problem"] == "店铺已冻结" && r["shopStatus"] == "frozen")
    );
    let mut edit = form(shop, 0, 20);
    edit["id"] = made["id"].clone();
    edit["version"] = made["version"].clone();
    gw.post(SAVE_RECOMMEND, &op, edit)
        .await
        .fails("param_invalid");
    gw.post(
        DELETE_RECOMMEND,
        &op,
        json!({"id": made["id"], "version": 9}),
    )
    .await
    .fails("data_conflict");
    gw.post(
        DELETE_RECOMMEND,
        &op,
        json!({"id": made["id"], "version": 1}),
    )
    .await
    .ok();
    gw.post(DELETE_RECOMMEND, &op, json!({"id": made["id"]}))
        .await
        .fails("data_not_found");

    let mut order = ids(&gw.get(RECOMMENDS, &op, json!({})).await.ok());
    order.rotate_left(1);
    let sorted = gw
        .post(SORT_RECOMMENDS, &op, json!({"ids": order}))
        .await
        .ok();
    assert_eq!(ids(&sorted), order);
    assert_eq!(ids(&gw.get(RECOMMENDS, &op, json!({})).await.ok()), order);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn eight_saves_of_one_version_one_wins() {
    let gw = Arc::new(Gw::new());
    let op = gw.operator().await;
    let calls = (0..8)
        .map(|i| {
            (
                SAVE_ENTRY.to_owned(),
                op.clone(),
                json!({"id": 1, "version": 1, "name": format!("入口{i}"), "icon": "ShopOutlined",
                       "link": "/pages/factory"}),
            )
        })
        .collect();
    let codes = race(&gw, calls).await;
    assert_eq!(
        (codes.get("SUCCESS"), codes.get("data_conflict")),
        (Some(&1), Some(&7)),
        "{codes:?}"
    );
    let first = gw.get(RECOMMENDS, &op, json!({})).await.ok()["list"][0].clone();
    let calls = (0..8)
        .map(|i| {
            (
                SAVE_RECOMMEND.to_owned(),
                op.clone(),
                json!({"id": first["id"], "version": first["version"], "shopId": first["shopId"],
                       "reason": format!("理由{i}"), "startAt": first["startAt"],
                       "endAt": first["endAt"]}),
            )
        })
        .collect();
    let codes = race(&gw, calls).await;
    assert_eq!(
        (codes.get("SUCCESS"), codes.get("data_conflict")),
        (Some(&1), Some(&7)),
        "{codes:?}"
    );
}
