//! 专题活动 / 专题详情: drafts, the online rule (items, an end in the future), items added,
//! removed and reordered with their checks, flags on items gone wrong, filters, racing saves.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::common::*;
use crate::operate::*;

const LIST: &str = "mtop.admin.activity.list";
const DETAIL: &str = "mtop.admin.activity.detail";
const SAVE: &str = "mtop.admin.activity.save";
const STATUS: &str = "mtop.admin.activity.setStatus";
const ITEMS: &str = "mtop.admin.activity.saveItems";
const CANDIDATES: &str = "mtop.admin.activity.candidates";

fn form(title: &str, from_day: i64, to_day: i64) -> Value {
    json!({"title": title, "banner": picture(2), "description": "测试专题",
           "startAt": TODAY + from_day * DAY, "endAt": TODAY + to_day * DAY})
}

async fn status(gw: &Gw, mat: &str, row: &Value, to: &str) -> Env {
    gw.post(
        STATUS,
        mat,
        json!({"id": row["id"], "version": row["version"], "status": to}),
    )
    .await
}

fn names(detail: &Value) -> Vec<i64> {
    detail["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["targetId"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn an_activity_goes_online_with_items_and_an_end_ahead() {
    let gw = Gw::new();
    let op = gw.operator().await;
    let draft = gw.post(SAVE, &op, form("测试专题", 0, 10)).await.ok();
    assert_eq!(
        (&draft["status"], &draft["itemCount"]),
        (&json!("draft"), &json!(0))
    );
    assert!(
        draft["bannerUrl"]
            .as_str()
            .is_some_and(|u| u.starts_with("/files/"))
    );
    let refused = status(&gw, &op, &draft, "online")
        .await
        .fails("state_invalid");
    assert_eq!(refused.msg, "专题至少需要一个商品或店铺才能上线");
    status(&gw, &op, &draft, "offline")
        .await
        .fails("state_invalid");

    // Two products from the picker, then reordered.
    let picked = gw
        .get(CANDIDATES, &op, json!({"kind": "product"}))
        .await
        .ok();
    let (p1, p2) = (
        picked[0]["id"].as_i64().unwrap(),
        picked[1]["id"].as_i64().unwrap(),
    );
    let detail = gw
        .post(
            ITEMS,
            &op,
            json!({"id": draft["id"], "version": 1, "items": [
            {"kind": "product", "targetId": p1}, {"kind": "product", "targetId": p2}]}),
        )
        .await
        .ok();
    assert_eq!(names(&detail), [p1, p2]);
    assert_eq!(detail["activity"]["version"], 2);
    assert!(
        detail["items"][0]["extra"]
            .as_str()
            .is_some_and(|e| e.starts_with('¥'))
    );
    assert!(detail["items"][0]["imageUrl"].is_string() || detail["items"][0]["imageUrl"].is_null());
    let detail = gw
        .post(
            ITEMS,
            &op,
            json!({"id": draft["id"], "version": 2, "items": [
            {"kind": "product", "targetId": p2}, {"kind": "product", "targetId": p1}]}),
        )
        .await
        .ok();
    assert_eq!(names(&detail), [p2, p1]);
    let read = gw.get(DETAIL, &op, json!({"id": draft["id"]})).await.ok();
    assert_eq!(names(&read), [p2, p1]);

    let online = status(&gw, &op, &read["activity"], "online").await.ok();
    assert_eq!(
        (&online["status"], &online["version"]),
        (&json!("online"), &json!(4))
    );
    // Online keeps at least one item, and an end ahead.
    let env = gw
        .post(
            ITEMS,
            &op,
            json!({"id": draft["id"], "version": 4, "items": []}),
        )
        .await
        .fails("state_invalid");
    assert!(env.msg.contains("至少需要一个"), "{}", env.msg);
    let mut past = form("测试专题", -5, -1);
    past["id"] = draft["id"].clone();
    past["version"] = json!(4);
    let env = gw.post(SAVE, &op, past).await.fails("param_invalid");
    assert_eq!(env.fields(), ["endAt"]);
    let offline = status(&gw, &op, &online, "offline").await.ok();
    let back = status(&gw, &op, &offline, "online").await.ok();
    assert_eq!(back["status"], "online");
    status(&gw, &op, &back, "draft")
        .await
        .fails("state_invalid");
    status(&gw, &op, &offline, "offline")
        .await
        .fails("data_conflict");

    // One whose end has passed cannot go online, items or not.
    let old = gw.post(SAVE, &op, form("过期专题", -10, -2)).await.ok();
    let with = gw
        .post(
            ITEMS,
            &op,
            json!({"id": old["id"], "version": 1,
                                 "items": [{"kind": "product", "targetId": p1}]}),
        )
        .await
        .ok();
    let env = status(&gw, &op, &with["activity"], "online")
        .await
        .fails("state_invalid");
    assert_eq!(env.msg, "专题的结束时间已过，不能上线");

    // The timeline records each move, by the operator.
    let moves = number(
        &gw,
        &format!(
            "SELECT count(*) FROM state_history WHERE entity = 'activity' AND record_id = {}
             AND operator_name = '运营小王'",
            draft["id"]
        ),
    );
    assert_eq!(moves, 3);
}

#[tokio::test]
async fn items_are_checked_as_a_whole() {
    let gw = Gw::new();
    let op = gw.operator().await;
    let a = gw.post(SAVE, &op, form("检查", 0, 5)).await.ok();
    let p = product_on_sale(&gw, 0);
    let shop = active_shop(&gw);
    let frozen = frozen_shop(&gw);
    let off = off_sale_product(&gw);
    let cases = [
        (
            json!([{"kind": "product", "targetId": p}, {"kind": "product", "targetId": p}]),
            "items[1]",
        ),
        (json!([{"kind": "member", "targetId": p}]), "items[0]"),
        (json!([{"kind": "shop"}]), "items[0]"),
        (json!([{"kind": "shop", "targetId": 999999}]), "items[0]"),
        (
            json!([{"kind": "shop", "targetId": shop}, {"kind": "shop", "targetId": frozen}]),
            "items[1]",
        ),
        (json!([{"kind": "product", "targetId": off}]), "items[0]"),
    ];
    for (items, field) in cases {
        let env = gw
            .post(
                ITEMS,
                &op,
                json!({"id": a["id"], "version": 1, "items": items}),
            )
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{items}: {}", env.msg);
    }
    let many: Vec<Value> = (0..101)
        .map(|i| json!({"kind": "product", "targetId": i + 1}))
        .collect();
    let env = gw
        .post(
            ITEMS,
            &op,
            json!({"id": a["id"], "version": 1, "items": many}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["items"]);
    gw.post(
        ITEMS,
        &op,
        json!({"id": a["id"], "version": 9, "items": []}),
    )
    .await
    .fails("data_conflict");
    gw.post(ITEMS, &op, json!({"id": 99999, "version": 1, "items": []}))
        .await
        .fails("data_not_found");
    assert_eq!(
        number(
            &gw,
            &format!("SELECT version FROM activity WHERE id = {}", a["id"])
        ),
        1
    );

    // An item that went wrong after it was added stays, flagged.
    let saved = gw
        .post(
            ITEMS,
            &op,
            json!({"id": a["id"], "version": 1, "items": [
            {"kind": "shop", "targetId": shop}, {"kind": "product", "targetId": p}]}),
        )
        .await
        .ok();
    execute(
        &gw,
        &format!("UPDATE shop SET status = 'frozen' WHERE id = {shop}"),
    );
    let kept = gw
        .post(
            ITEMS,
            &op,
            json!({"id": a["id"], "version": saved["activity"]["version"],
                                 "items": [{"kind": "shop", "targetId": shop}]}),
        )
        .await
        .ok();
    assert_eq!(kept["items"][0]["problem"], "店铺已冻结");
    // The seed's flagged activity shows both kinds of trouble.
    let seeded = gw.get(DETAIL, &op, json!({"id": 3})).await.ok();
    let problems: Vec<&str> = seeded["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|i| i["problem"].as_str())
        .collect();
    assert!(
        problems.contains(&"店铺已冻结") && problems.contains(&"商品已下架"),
        "{problems:?}"
    );
}

#[tokio::test]
async fn activities_are_filtered_by_state_title_and_period() {
    let gw = Gw::new();
    let op = gw.operator().await;
    let all = gw.get(LIST, &op, json!({})).await.ok();
    assert_eq!(all["total"], 9);
    for (state, n) in [("draft", 2), ("online", 5), ("offline", 2)] {
        let page = gw.get(LIST, &op, json!({"status": state})).await.ok();
        assert_eq!(page["total"], n, "{state}");
    }
    let titled = gw.get(LIST, &op, json!({"title": "专区"})).await.ok();
    assert_eq!(titled["list"][0]["title"], "跨境电商爆款专区");
    // Running at some time this week.
    let now = gw
        .get(
            LIST,
            &op,
            json!({"from": START_MS, "to": START_MS + 7 * DAY}),
        )
        .await
        .ok();
    let starts: Vec<i64> = now["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["startAt"].as_i64().unwrap())
        .collect();
    assert!(
        starts.windows(2).all(|w| w[0] >= w[1]),
        "latest start first"
    );
    for a in now["list"].as_array().unwrap() {
        assert!(
            a["endAt"].as_i64().unwrap() > START_MS
                && a["startAt"].as_i64().unwrap() <= START_MS + 7 * DAY
        );
    }
    let env = gw
        .get(LIST, &op, json!({"status": "live", "from": 2, "to": 1}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["status", "from"]);
    let env = gw
        .get(LIST, &op, json!({"sortField": "title"}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["sortField"]);
    let env = gw
        .post(
            SAVE,
            &op,
            json!({"title": "", "banner": "nope", "startAt": 1, "endAt": 0}),
        )
        .await
        .fails("param_invalid");
    assert!(env.fields().contains(&"title".to_owned()));
    let env = gw
        .post(SAVE, &op, {
            let mut f = form("横幅", 0, 1);
            f["banner"] = json!("0123456789abcdef0123456789abcdef.png");
            f
        })
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["banner"]);
    let mut plain = form("无横幅", 0, 1);
    plain["banner"] = json!("");
    let made = gw.post(SAVE, &op, plain).await.ok();
    assert_eq!(made["bannerUrl"], Value::Null);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn eight_saves_of_one_version_one_wins() {
    let gw = Arc::new(Gw::new());
    let op = gw.operator().await;
    let a = gw.post(SAVE, &op, form("并发", 0, 5)).await.ok();
    let calls = (0..8)
        .map(|i| {
            let mut f = form(&format!("并发{i}"), 0, 5);
            f["id"] = a["id"].clone();
            f["version"] = json!(1);
            (SAVE.to_owned(), op.clone(), f)
        })
        .collect();
    let codes = race(&gw, calls).await;
    assert_eq!(
        (codes.get("SUCCESS"), codes.get("data_conflict")),
        (Some(&1), Some(&7)),
        "{codes:?}"
    );
    let p = product_on_sale(&gw, 0);
    let calls = (0..8)
        .map(|_| {
            (
                ITEMS.to_owned(),
                op.clone(),
                json!({"id": a["id"], "version": 2, "items": [{"kind": "product", "targetId": p}]}),
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
