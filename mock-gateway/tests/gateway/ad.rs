//! 广告位管理 / 广告管理: slots (unique code, capacity, switch), their detail (ads in display
//! order, occupancy), ads (create disabled, derived states, filters, link and image checks), the
//! capacity refusal naming the period, display order, the pickers, and racing writers.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::common::*;
use crate::operate::*;

const SLOTS: &str = "mtop.admin.adSlot.list";
const SLOT: &str = "mtop.admin.adSlot.detail";
const SAVE_SLOT: &str = "mtop.admin.adSlot.save";
const SLOT_STATUS: &str = "mtop.admin.adSlot.setStatus";
const ADS: &str = "mtop.admin.ad.list";
const SAVE: &str = "mtop.admin.ad.save";
const STATUS: &str = "mtop.admin.ad.setStatus";
const SORT: &str = "mtop.admin.ad.sort";
const TARGETS: &str = "mtop.admin.ad.targets";

async fn new_slot(gw: &Gw, mat: &str, code: &str, max_ads: i64) -> Value {
    gw.post(
        SAVE_SLOT,
        mat,
        json!({"name": format!("测试{code}"), "code": code, "page": "home", "width": 750,
               "height": 300, "maxAds": max_ads}),
    )
    .await
    .ok()
}

fn ad(slot: i64, title: &str, from_day: i64, to_day: i64) -> Value {
    json!({"slotId": slot, "title": title, "image": picture(0), "linkType": "url",
           "linkTarget": "https://act.adnur.example/test", "startAt": TODAY + from_day * DAY,
           "endAt": TODAY + to_day * DAY})
}

async fn new_ad(gw: &Gw, mat: &str, slot: i64, title: &str, days: (i64, i64)) -> Value {
    gw.post(SAVE, mat, ad(slot, title, days.0, days.1))
        .await
        .ok()
}

async fn enable(gw: &Gw, mat: &str, ad: &Value) -> Env {
    gw.post(
        STATUS,
        mat,
        json!({"id": ad["id"], "version": ad["version"], "status": "enabled"}),
    )
    .await
}

fn titles(page: &Value) -> Vec<String> {
    page["list"]
        .as_array()
        .or(page.as_array())
        .expect("rows")
        .iter()
        .map(|a| a["title"].as_str().unwrap_or("").to_owned())
        .collect()
}

#[tokio::test]
async fn slots_are_listed_created_kept_unique_and_switched() {
    let gw = Gw::new();
    let op = gw.operator().await;
    let all = gw.get(SLOTS, &op, json!({})).await.ok();
    assert_eq!(all["total"], 7);
    let home = gw.get(SLOTS, &op, json!({"onPage": "home"})).await.ok();
    assert_eq!(home["total"], 3);
    let banners = gw.get(SLOTS, &op, json!({"keyword": "banner"})).await.ok();
    assert!(banners["list"].as_array().is_some_and(|l| {
        l.len() == 3
            && l.iter()
                .all(|s| s["code"].as_str().unwrap_or("").contains("banner"))
    }));
    // The running counts are at the call's time.
    let first = &all["list"][0];
    assert_eq!(first["code"], "home_banner");
    assert!(first["activeAdCount"].as_i64().unwrap_or(0) >= 1, "{first}");
    assert!(first["adCount"].as_i64() >= first["activeAdCount"].as_i64());

    let created = new_slot(&gw, &op, "test_banner", 2).await;
    assert_eq!(
        (&created["status"], &created["version"], &created["adCount"]),
        (&json!("enabled"), &json!(1), &json!(0))
    );
    let dup = gw
        .post(
            SAVE_SLOT,
            &op,
            json!({"name": "另一个", "code": "TEST_BANNER", "page": "home", "width": 1,
                   "height": 1, "maxAds": 1}),
        )
        .await
        .fails("data_duplicate");
    assert_eq!(dup.fields(), ["code"]);
    assert!(dup.msg.contains("TEST_BANNER"), "{}", dup.msg);
    let bad = gw
        .post(
            SAVE_SLOT,
            &op,
            json!({"name": "", "code": "x y", "page": "moon", "width": 0, "height": 10,
                   "maxAds": 0}),
        )
        .await
        .fails("param_invalid");
    for field in ["name", "code", "page", "width", "maxAds"] {
        assert!(
            bad.fields().contains(&field.to_owned()),
            "{field}: {:?}",
            bad.fields()
        );
    }
    // An update needs the version it read; a stale one changes nothing.
    let mut edit = json!({"id": created["id"], "name": "改名", "code": "test_banner",
                          "page": "category", "width": 750, "height": 240, "maxAds": 3});
    gw.post(SAVE_SLOT, &op, edit.clone())
        .await
        .fails("param_invalid");
    edit["version"] = json!(1);
    let edited = gw.post(SAVE_SLOT, &op, edit.clone()).await.ok();
    assert_eq!(
        (&edited["name"], &edited["version"]),
        (&json!("改名"), &json!(2))
    );
    edit["name"] = json!("过期的修改");
    gw.post(SAVE_SLOT, &op, edit).await.fails("data_conflict");
    let detail = gw.get(SLOT, &op, json!({"id": created["id"]})).await.ok();
    assert_eq!(detail["slot"]["name"], "改名");

    let off = gw
        .post(
            SLOT_STATUS,
            &op,
            json!({"id": created["id"], "version": 2, "status": "disabled"}),
        )
        .await
        .ok();
    assert_eq!(
        (&off["status"], &off["version"]),
        (&json!("disabled"), &json!(3))
    );
    gw.post(
        SLOT_STATUS,
        &op,
        json!({"id": created["id"], "version": 3, "status": "disabled"}),
    )
    .await
    .fails("state_invalid");
    gw.post(
        SLOT_STATUS,
        &op,
        json!({"id": created["id"], "version": 2, "status": "enabled"}),
    )
    .await
    .fails("data_conflict");
    gw.post(
        SLOT_STATUS,
        &op,
        json!({"id": created["id"], "version": 3, "status": "gone"}),
    )
    .await
    .fails("param_invalid");
    gw.get(SLOT, &op, json!({"id": 9999}))
        .await
        .fails("data_not_found");
    // Every write is in the audit log, by the operator.
    let admin = gw.admin().await;
    let log = gw
        .get(
            "mtop.admin.audit.list",
            &admin,
            json!({"api": "adSlot", "username": "operator"}),
        )
        .await
        .ok();
    assert_eq!(log["total"], 3, "{log}");
}

#[tokio::test]
async fn enabling_past_capacity_is_refused_naming_the_period() {
    let gw = Gw::new();
    let op = gw.operator().await;
    let slot = new_slot(&gw, &op, "popup_test", 1).await;
    let slot_id = slot["id"].as_i64().unwrap();
    let shop = active_shop(&gw);
    // Next week's ad linking to a shop: created disabled, scheduled once enabled.
    let mut first = ad(slot_id, "下周开屏", 7, 14);
    first["linkType"] = json!("shop");
    first["linkTarget"] = json!(shop.to_string());
    let a = gw.post(SAVE, &op, first).await.ok();
    assert_eq!(
        (&a["status"], &a["state"]),
        (&json!("disabled"), &json!("disabled"))
    );
    assert!(
        a["imageUrl"]
            .as_str()
            .is_some_and(|u| u.starts_with("/files/"))
    );
    assert_eq!(a["linkProblem"], Value::Null);
    assert!(
        a["linkLabel"]
            .as_str()
            .is_some_and(|l| !l.is_empty() && !l.starts_with('#'))
    );
    let a = enable(&gw, &op, &a).await.ok();
    assert_eq!(
        (&a["status"], &a["state"]),
        (&json!("enabled"), &json!("scheduled"))
    );

    // A second ad overlapping from the 12th: refused, naming the full stretch; nothing changes.
    let b = new_ad(&gw, &op, slot_id, "重叠的广告", (10, 20)).await;
    let refused = enable(&gw, &op, &b).await.fails("state_invalid");
    assert_eq!(
        refused.msg,
        "广告位「测试popup_test」在 2026-03-12 00:00 至 2026-03-16 00:00 已满（容量 1）"
    );
    let still = gw
        .get(ADS, &op, json!({"slotId": slot_id, "title": "重叠"}))
        .await
        .ok();
    assert_eq!(
        (&still["list"][0]["status"], &still["list"][0]["version"]),
        (&json!("disabled"), &b["version"])
    );
    // Moved to start when the first ends (touching is not overlapping), it may run.
    let mut moved = ad(slot_id, "重叠的广告", 14, 20);
    moved["id"] = b["id"].clone();
    moved["version"] = b["version"].clone();
    let b = gw.post(SAVE, &op, moved).await.ok();
    let b = enable(&gw, &op, &b).await.ok();
    assert_eq!(b["state"], "scheduled");
    // Moving the enabled first ad onto the second is refused the same way.
    let mut overlap = ad(slot_id, "下周开屏", 7, 16);
    overlap["linkType"] = json!("shop");
    overlap["linkTarget"] = json!(shop.to_string());
    overlap["id"] = a["id"].clone();
    overlap["version"] = a["version"].clone();
    let refused = gw.post(SAVE, &op, overlap).await.fails("state_invalid");
    assert!(
        refused.msg.contains("2026-03-16 00:00 至 2026-03-18 00:00"),
        "{}",
        refused.msg
    );

    // The detail: display order and the occupancy over the coming weeks.
    let detail = gw.get(SLOT, &op, json!({"id": slot_id})).await.ok();
    assert_eq!(
        titles(&json!({"list": detail["ads"]})),
        ["下周开屏", "重叠的广告"]
    );
    let occ: Vec<(i64, i64, i64, bool)> = detail["occupancy"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                (o["start"].as_i64().unwrap() - TODAY) / DAY,
                (o["end"].as_i64().unwrap() - TODAY) / DAY,
                o["count"].as_i64().unwrap(),
                o["over"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(occ, [(7, 20, 1, false)]);
    // A capacity lowered... to the same 1 keeps it full; raising it lets a third in.
    let third = new_ad(&gw, &op, slot_id, "第三个", (8, 9)).await;
    enable(&gw, &op, &third).await.fails("state_invalid");
    let raised = json!({"id": slot_id, "version": slot["version"], "name": "测试popup_test",
                        "code": "popup_test", "page": "home", "width": 750, "height": 300,
                        "maxAds": 2});
    gw.post(SAVE_SLOT, &op, raised).await.ok();
    enable(&gw, &op, &third).await.ok();

    // States are derived at the call's time, and filtered so.
    let states = |page: &Value| -> Vec<(String, String)> {
        page["list"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| {
                (
                    a["title"].as_str().unwrap().to_owned(),
                    a["state"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    let scheduled = gw
        .get(ADS, &op, json!({"slotId": slot_id, "state": "scheduled"}))
        .await
        .ok();
    assert_eq!(scheduled["total"], 3);
    gw.clock.set(TODAY + 15 * DAY);
    let op = gw.operator().await;
    let all = gw.get(ADS, &op, json!({"slotId": slot_id})).await.ok();
    assert_eq!(
        states(&all),
        [
            ("下周开屏".to_owned(), "expired".to_owned()),
            ("重叠的广告".to_owned(), "active".to_owned()),
            ("第三个".to_owned(), "expired".to_owned()),
        ]
    );
    for (state, want) in [
        ("active", vec!["重叠的广告"]),
        ("expired", vec!["下周开屏", "第三个"]),
        ("scheduled", vec![]),
        ("disabled", vec![]),
    ] {
        let page = gw
            .get(ADS, &op, json!({"slotId": slot_id, "state": state}))
            .await
            .ok();
        assert_eq!(titles(&page), want, "{state}");
    }
    // Running at some time between from and to.
    let between = gw
        .get(
            ADS,
            &op,
            json!({"slotId": slot_id, "from": TODAY + 8 * DAY + HOUR,
                               "to": TODAY + 8 * DAY + 2 * HOUR}),
        )
        .await
        .ok();
    assert_eq!(titles(&between), ["下周开屏", "第三个"]);
    let bad = gw
        .get(ADS, &op, json!({"state": "running", "from": 5, "to": 1}))
        .await
        .fails("param_invalid");
    assert_eq!(bad.fields(), ["state", "from"]);
}

#[tokio::test]
async fn an_ad_points_at_a_stored_image_and_a_live_target() {
    let gw = Gw::new();
    let op = gw.operator().await;
    let slot = new_slot(&gw, &op, "checks", 3).await["id"]
        .as_i64()
        .unwrap();
    let refusal = |mut data: Value, field: &str, patch: Value| {
        for (k, v) in patch.as_object().unwrap() {
            data[k] = v.clone();
        }
        (data, field.to_owned())
    };
    let base = ad(slot, "检查", 1, 5);
    let cases = [
        refusal(base.clone(), "slotId", json!({"slotId": 99999})),
        refusal(
            base.clone(),
            "image",
            json!({"image": "0123456789abcdef0123456789abcdef.png"}),
        ),
        refusal(base.clone(), "image", json!({"image": "../../etc/passwd"})),
        refusal(base.clone(), "linkTarget", json!({"linkTarget": "ftp://x"})),
        refusal(
            base.clone(),
            "linkTarget",
            json!({"linkType": "shop", "linkTarget": "99999"}),
        ),
        refusal(
            base.clone(),
            "linkTarget",
            json!({"linkType": "shop", "linkTarget": frozen_shop(&gw).to_string()}),
        ),
        refusal(
            base.clone(),
            "linkTarget",
            json!({"linkType": "product", "linkTarget": off_sale_product(&gw).to_string()}),
        ),
        refusal(base.clone(), "linkType", json!({"linkType": "mail"})),
        refusal(base.clone(), "endAt", json!({"endAt": TODAY})),
        refusal(base.clone(), "title", json!({"title": "  "})),
    ];
    let before = number(&gw, "SELECT count(*) FROM ad");
    for (data, field) in cases {
        let env = gw
            .post(SAVE, &op, data.clone())
            .await
            .fails("param_invalid");
        assert!(
            env.fields().contains(&field),
            "{data}: {:?} {}",
            env.fields(),
            env.msg
        );
    }
    assert_eq!(
        number(&gw, "SELECT count(*) FROM ad"),
        before,
        "nothing was written"
    );
    let frozen = frozen_shop(&gw);
    let mut data = base.clone();
    data["linkType"] = json!("shop");
    data["linkTarget"] = json!(frozen.to_string());
    let env = gw.post(SAVE, &op, data).await.fails("param_invalid");
    assert!(env.msg.starts_with("只能链接营业中的店铺"), "{}", env.msg);

    // An existing link whose shop froze since may stay while other fields change; it is flagged.
    let product = product_on_sale(&gw, 0);
    let mut data = base.clone();
    data["linkType"] = json!("product");
    data["linkTarget"] = json!(product.to_string());
    let made = gw.post(SAVE, &op, data.clone()).await.ok();
    execute(
        &gw,
        &format!("UPDATE product SET status = 'offSale' WHERE id = {product}"),
    );
    data["id"] = made["id"].clone();
    data["version"] = made["version"].clone();
    data["title"] = json!("改了标题");
    let kept = gw.post(SAVE, &op, data.clone()).await.ok();
    assert_eq!(kept["linkProblem"], "商品已下架");
    // Stale, or without a version: nothing changes.
    data["title"] = json!("过期");
    gw.post(SAVE, &op, data.clone())
        .await
        .fails("data_conflict");
    data.as_object_mut().unwrap().remove("version");
    gw.post(SAVE, &op, data).await.fails("param_invalid");
    let mut missing = base.clone();
    missing["id"] = json!(99999);
    missing["version"] = json!(1);
    gw.post(SAVE, &op, missing).await.fails("data_not_found");

    // The seed's ads flag what went wrong since they were made.
    let seeded = gw.get(ADS, &op, json!({"pageSize": 100})).await.ok();
    let problems: Vec<&str> = seeded["list"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|a| a["linkProblem"].as_str())
        .collect();
    assert!(problems.contains(&"店铺已冻结"), "{problems:?}");
    assert!(problems.contains(&"商品已下架"), "{problems:?}");
}

#[tokio::test]
async fn a_slots_ads_are_reordered_as_a_whole() {
    let gw = Gw::new();
    let op = gw.operator().await;
    let slot = new_slot(&gw, &op, "order", 3).await["id"].as_i64().unwrap();
    let mut ids = Vec::new();
    for t in ["甲", "乙", "丙"] {
        ids.push(
            new_ad(&gw, &op, slot, t, (1, 3)).await["id"]
                .as_i64()
                .unwrap(),
        );
    }
    let sorted = gw
        .post(
            SORT,
            &op,
            json!({"slotId": slot, "ids": [ids[2], ids[0], ids[1]]}),
        )
        .await
        .ok();
    assert_eq!(titles(&sorted), ["丙", "甲", "乙"]);
    let versions: Vec<i64> = sorted
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["version"].as_i64().unwrap())
        .collect();
    assert_eq!(versions, [2, 2, 2], "every ad moved");
    let detail = gw.get(SLOT, &op, json!({"id": slot})).await.ok();
    assert_eq!(titles(&json!({"list": detail["ads"]})), ["丙", "甲", "乙"]);
    let other = number(&gw, "SELECT id FROM ad WHERE slot_id = 1 LIMIT 1");
    for bad in [
        json!([ids[0], ids[1]]),
        json!([ids[0], ids[1], ids[1]]),
        json!([ids[0], ids[1], other]),
    ] {
        let env = gw
            .post(SORT, &op, json!({"slotId": slot, "ids": bad}))
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), ["ids"]);
    }
    let again = gw.get(SLOT, &op, json!({"id": slot})).await.ok();
    assert_eq!(titles(&json!({"list": again["ads"]})), ["丙", "甲", "乙"]);
    gw.post(SORT, &op, json!({"slotId": 9999, "ids": []}))
        .await
        .fails("data_not_found");
}

#[tokio::test]
async fn the_picker_offers_active_shops_and_products_on_sale() {
    let gw = Gw::new();
    let op = gw.operator().await;
    let shops = gw
        .get(TARGETS, &op, json!({"kind": "shop", "keyword": "店"}))
        .await
        .ok();
    let shops = shops.as_array().unwrap();
    assert!(!shops.is_empty() && shops.len() <= 20);
    assert!(
        shops
            .iter()
            .all(|s| s["status"] == "active" && s["name"].as_str().unwrap().contains('店'))
    );
    let products = gw.get(TARGETS, &op, json!({"kind": "product"})).await.ok();
    assert!(
        products
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["status"] == "onSale")
    );
    let id = product_on_sale(&gw, 3);
    let by_id = gw
        .get(
            TARGETS,
            &op,
            json!({"kind": "product", "keyword": id.to_string()}),
        )
        .await
        .ok();
    assert!(by_id.as_array().unwrap().iter().any(|p| p["id"] == id));
    let frozen = frozen_shop(&gw);
    let none = gw
        .get(
            TARGETS,
            &op,
            json!({"kind": "shop", "keyword": frozen.to_string()}),
        )
        .await
        .ok();
    assert!(none.as_array().unwrap().iter().all(|s| s["id"] != frozen));
    for bad in [json!({}), json!({"kind": "member"})] {
        let env = gw.get(TARGETS, &op, bad).await.fails("param_invalid");
        assert_eq!(env.fields(), ["kind"]);
    }
}

/// Two operators enable two ads into a slot with one free place at the same moment: exactly one
/// gets it (the capacity check and the write are one transaction under the single writer).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_operators_racing_for_the_last_place_one_wins() {
    let gw = Arc::new(Gw::new());
    let first = gw.operator().await;
    let second = gw.operator().await;
    for round in 0..6 {
        let slot = new_slot(&gw, &first, &format!("race_{round}"), 2).await["id"]
            .as_i64()
            .unwrap();
        let taken = new_ad(&gw, &first, slot, "已投放", (1, 30)).await;
        enable(&gw, &first, &taken).await.ok();
        let a = new_ad(&gw, &first, slot, "甲", (5, 10)).await;
        let b = new_ad(&gw, &second, slot, "乙", (8, 12)).await;
        let codes = race(
            &gw,
            [(&first, &a), (&second, &b)]
                .into_iter()
                .map(|(mat, ad)| {
                    (
                        STATUS.to_owned(),
                        mat.clone(),
                        json!({"id": ad["id"], "version": ad["version"], "status": "enabled"}),
                    )
                })
                .collect(),
        )
        .await;
        assert_eq!(
            codes.into_iter().collect::<Vec<_>>(),
            [("SUCCESS".to_owned(), 1), ("state_invalid".to_owned(), 1)],
            "round {round}"
        );
        let enabled = number(
            &gw,
            &format!("SELECT count(*) FROM ad WHERE slot_id = {slot} AND status = 'enabled'"),
        );
        assert_eq!(enabled, 2);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn eight_saves_of_one_version_one_wins() {
    let gw = Arc::new(Gw::new());
    let op = gw.operator().await;
    let slot = new_slot(&gw, &op, "saves", 2).await;
    let a = new_ad(&gw, &op, slot["id"].as_i64().unwrap(), "原标题", (1, 2)).await;
    let calls = (0..8)
        .map(|i| {
            let mut data = ad(slot["id"].as_i64().unwrap(), &format!("标题{i}"), 1, 2);
            data["id"] = a["id"].clone();
            data["version"] = json!(1);
            (SAVE.to_owned(), op.clone(), data)
        })
        .collect();
    let codes = race(&gw, calls).await;
    assert_eq!(codes.get("SUCCESS"), Some(&1), "{codes:?}");
    assert_eq!(codes.get("data_conflict"), Some(&7), "{codes:?}");
    let slot_calls = (0..8)
        .map(|i| {
            (
                SAVE_SLOT.to_owned(),
                op.clone(),
                json!({"id": slot["id"], "version": 1, "name": format!("位{i}"), "code": "saves",
                       "page": "home", "width": 1, "height": 1, "maxAds": 2}),
            )
        })
        .collect();
    let codes = race(&gw, slot_calls).await;
    assert_eq!(
        (codes.get("SUCCESS"), codes.get("data_conflict")),
        (Some(&1), Some(&7))
    );
}

/// An ad's state follows the clock even when the same list was answered a moment before (kept
/// answers last at most within a second).
#[tokio::test]
async fn a_listed_ads_state_follows_the_clock() {
    let gw = Gw::new();
    let op = gw.operator().await;
    let slot = new_slot(&gw, &op, "clock_test", 1).await;
    let slot_id = slot["id"].as_i64().unwrap();
    let a = new_ad(&gw, &op, slot_id, "明天开始", (1, 3)).await;
    enable(&gw, &op, &a).await.ok();
    let ask = json!({"slotId": slot_id});
    for _ in 0..2 {
        let page = gw.get(ADS, &op, ask.clone()).await.ok();
        assert_eq!(page["list"][0]["state"], "scheduled");
    }
    // Tomorrow, then the day after the end (signed in again: the session has expired).
    use mock_gateway::clock::Clock;
    gw.clock.advance(TODAY + DAY - gw.clock.now_ms());
    let op = gw.operator().await;
    let page = gw.get(ADS, &op, ask.clone()).await.ok();
    assert_eq!(page["list"][0]["state"], "active");
    gw.clock.advance(2 * DAY);
    let op = gw.operator().await;
    let page = gw.get(ADS, &op, ask).await.ok();
    assert_eq!(page["list"][0]["state"], "expired");
}
