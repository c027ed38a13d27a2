//! 店铺管理: the list (filters, sorts, tab counts), the chart, the detail, the review and the
//! status writes with their reasons, timelines, refusals and parallel writers.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::common::*;
use crate::data::*;

const LIST: &str = "mtop.admin.shop.list";
const STATS: &str = "mtop.admin.shop.stats";
const DETAIL: &str = "mtop.admin.shop.detail";
const AUDIT: &str = "mtop.admin.shop.audit";
const STATUS: &str = "mtop.admin.shop.setStatus";
const HISTORY: &str = "mtop.admin.history.list";
const DAY: i64 = 86_400_000;

/// A shop in `status`, the oldest first: (id, version).
fn shop_in(gw: &Gw, status: &str) -> (i64, i64) {
    let id = int(
        gw,
        &format!("SELECT id FROM shop WHERE status = '{status}' ORDER BY id LIMIT 1"),
    );
    (
        id,
        int(gw, &format!("SELECT version FROM shop WHERE id = {id}")),
    )
}

/// What a refused write must leave alone: the shop's row, its timeline, the audit log.
fn snapshot(gw: &Gw, id: i64) -> (String, i64, i64, i64) {
    (
        text(
            gw,
            &format!(
                "SELECT status || '/' || version || '/' || updated_at FROM shop WHERE id = {id}"
            ),
        ),
        int(
            gw,
            &format!(
                "SELECT count(*) FROM state_history WHERE entity = 'shop' AND record_id = {id}"
            ),
        ),
        int(gw, "SELECT count(*) FROM audit_log"),
        int(
            gw,
            "SELECT coalesce(sum(n), 0) FROM shop_tally WHERE status = 'pending'",
        ),
    )
}

fn counts(page: &Value) -> [i64; 4] {
    let c = &page["counts"];
    ["all", "pending", "active", "frozen"].map(|k| c[k].as_i64().unwrap_or(-1))
}

#[tokio::test]
async fn the_list_is_newest_first_with_masked_phones_and_the_tab_counts() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let page = gw.get(LIST, &admin, json!({})).await.ok();
    assert_eq!(page["total"], 200);
    assert_eq!(page["pageSize"], 20);
    let by_status = |s: &str| {
        int(
            &gw,
            &format!("SELECT count(*) FROM shop WHERE status = '{s}'"),
        )
    };
    assert_eq!(
        counts(&page),
        [
            200,
            by_status("pending"),
            by_status("active"),
            by_status("frozen")
        ]
    );
    let rows = list(&page);
    assert_eq!(rows.len(), 20);
    let created: Vec<i64> = rows
        .iter()
        .map(|r| r["createdAt"].as_i64().unwrap_or(0))
        .collect();
    assert!(created.windows(2).all(|w| w[0] >= w[1]), "newest first");
    for r in &rows {
        assert!(is_masked(r["contactPhone"].as_str().unwrap_or("")), "{r}");
        assert!(!r["ownerNickname"].as_str().unwrap_or("").is_empty(), "{r}");
        assert_eq!(r["beltName"] == "", r["beltId"].is_null(), "{r}");
        if let Some(url) = r["logoUrl"].as_str() {
            assert!(url.starts_with("/files/") && url.contains("sig="), "{url}");
        }
    }
    assert!(
        rows.iter().any(|r| r["logoUrl"].is_string()),
        "seeded logos show"
    );
    // The operator role does not own 店铺管理.
    let operator = gw.operator().await;
    gw.get(LIST, &operator, json!({}))
        .await
        .fails("permission_denied");
}

#[tokio::test]
async fn each_filter_narrows_the_page_and_the_counts_ignore_only_the_status() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let city = text(
        &gw,
        "SELECT city FROM shop GROUP BY city ORDER BY count(*) DESC LIMIT 1",
    );
    let belt = int(
        &gw,
        "SELECT belt_id FROM shop WHERE belt_id IS NOT NULL LIMIT 1",
    );
    let word = text(&gw, "SELECT substr(name, 3, 2) FROM shop WHERE id = 7");
    for (filter, wher) in [
        (json!({"city": city}), format!("city = '{city}'")),
        (json!({"beltId": belt}), format!("belt_id = {belt}")),
        (
            json!({"beltId": belt.to_string()}),
            format!("belt_id = {belt}"),
        ),
        (json!({"level": 5}), "level = 5".to_owned()),
        (json!({"name": word}), format!("name LIKE '%{word}%'")),
        (
            json!({"name": word, "level": 2}),
            format!("name LIKE '%{word}%' AND level = 2"),
        ),
    ] {
        let mut with_status = filter.clone();
        with_status["status"] = json!("active");
        let all = gw.get(LIST, &admin, filter.clone()).await.ok();
        let active = gw.get(LIST, &admin, with_status).await.ok();
        let n = |extra: &str| {
            int(
                &gw,
                &format!("SELECT count(*) FROM shop WHERE {wher}{extra}"),
            )
        };
        assert_eq!(all["total"], n(""), "{filter}");
        assert_eq!(active["total"], n(" AND status = 'active'"), "{filter}");
        let want = [
            n(""),
            n(" AND status = 'pending'"),
            n(" AND status = 'active'"),
            n(" AND status = 'frozen'"),
        ];
        assert_eq!(counts(&all), want, "{filter}");
        assert_eq!(
            counts(&active),
            want,
            "the status does not change the tabs: {filter}"
        );
        assert!(
            column(&active, "status").iter().all(|s| s == "active"),
            "{filter}"
        );
    }
    // A status outside the tabs still filters.
    let rejected = gw
        .get(LIST, &admin, json!({"status": "rejected"}))
        .await
        .ok();
    assert_eq!(
        rejected["total"],
        int(&gw, "SELECT count(*) FROM shop WHERE status = 'rejected'")
    );
    let pages = gw
        .get(
            LIST,
            &admin,
            json!({"city": city, "pageSize": 10, "page": 2}),
        )
        .await
        .ok();
    assert!(column(&pages, "city").iter().all(|c| c == &json!(city)));
}

#[tokio::test]
async fn sorts_order_the_rows_and_the_pending_tab_reads_oldest_first() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let by_count = gw
        .get(
            LIST,
            &admin,
            json!({"sortField": "productCount", "sortOrder": "descend", "pageSize": 50}),
        )
        .await
        .ok();
    let counts: Vec<i64> = column(&by_count, "productCount")
        .iter()
        .filter_map(Value::as_i64)
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]));
    assert_eq!(counts[0], int(&gw, "SELECT max(product_count) FROM shop"));
    let pending = gw
        .get(
            LIST,
            &admin,
            json!({"status": "pending", "sortField": "createdAt", "sortOrder": "asc"}),
        )
        .await
        .ok();
    let waits: Vec<i64> = column(&pending, "createdAt")
        .iter()
        .filter_map(Value::as_i64)
        .collect();
    assert!(waits.windows(2).all(|w| w[0] <= w[1]));
    assert!(START_MS - waits[0] > DAY, "the oldest has waited over 24 h");
    for (field, sql) in [("name", "name"), ("level", "level"), ("id", "id")] {
        let page = gw
            .get(
                LIST,
                &admin,
                json!({"sortField": field, "status": "active", "pageSize": 100}),
            )
            .await
            .ok();
        let want = ints(
            &gw,
            &format!("SELECT id FROM shop WHERE status = 'active' ORDER BY {sql}, id LIMIT 100"),
        );
        let got: Vec<i64> = column(&page, "id")
            .iter()
            .filter_map(Value::as_i64)
            .collect();
        assert_eq!(got, want, "{field}");
    }
}

#[tokio::test]
async fn bad_list_parameters_name_their_field() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    for (bad, field) in [
        (json!({"level": 9}), "level"),
        (json!({"level": "x"}), "level"),
        (json!({"status": "gone"}), "status"),
        (json!({"beltId": [1]}), "beltId"),
        (json!({"sortField": "contactPhone"}), "sortField"),
        (json!({"pageSize": 500}), "pageSize"),
    ] {
        let env = gw
            .get(LIST, &admin, bad.clone())
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{bad}: {}", env.msg);
    }
}

#[tokio::test]
async fn the_chart_has_one_point_per_day_ending_today_that_adds_up() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    for days in [7, 30, 90] {
        let stats = gw.get(STATS, &admin, json!({"days": days})).await.ok();
        let series = stats["series"].as_array().cloned().unwrap_or_default();
        assert_eq!(series.len(), days as usize);
        assert_eq!(series[days as usize - 1]["date"], "2026-03-02");
        let since = START_MS - 10 * 3_600_000 - (days - 1) * DAY; // 00:00 UTC+8, days - 1 ago
        let new: i64 = series.iter().filter_map(|d| d["newShops"].as_i64()).sum();
        assert_eq!(
            new,
            int(
                &gw,
                &format!("SELECT count(*) FROM shop WHERE created_at >= {since}")
            )
        );
        let active_now = int(&gw, "SELECT count(*) FROM shop WHERE status = 'active'");
        assert_eq!(series[days as usize - 1]["activeShops"], active_now);
        assert_eq!(stats["counts"]["active"], active_now);
        assert_eq!(stats["counts"]["all"], 200);
    }
    let month = gw.get(STATS, &admin, json!({})).await.ok();
    let series = month["series"].as_array().cloned().unwrap_or_default();
    assert_eq!(series.len(), 30, "30 days by default");
    assert!(
        series
            .iter()
            .filter(|d| d["newShops"].as_i64() > Some(0))
            .count()
            >= 25,
        "a shape"
    );
    // The active count a week ago is what the timelines say it was then.
    let week_ago_end = START_MS - 10 * 3_600_000 - 6 * DAY;
    let then = int(
        &gw,
        &format!(
            "SELECT count(*) FROM shop WHERE (SELECT to_state FROM state_history h
                WHERE h.entity = 'shop' AND h.record_id = shop.id AND h.at < {week_ago_end}
                ORDER BY at DESC, id DESC LIMIT 1) = 'active'"
        ),
    );
    assert_eq!(series[30 - 8]["activeShops"], then);
    for bad in [json!({"days": 8}), json!({"days": "x"}), json!({"days": 0})] {
        let env = gw.get(STATS, &admin, bad).await.fails("param_invalid");
        assert_eq!(env.fields(), ["days"]);
    }
    // Approving today moves today's point and the tabs.
    let (id, version) = shop_in(&gw, "pending");
    gw.post(
        AUDIT,
        &admin,
        json!({"id": id, "version": version, "approve": true}),
    )
    .await
    .ok();
    let after = gw.get(STATS, &admin, json!({"days": 7})).await.ok();
    assert_eq!(
        after["series"][6]["activeShops"].as_i64(),
        series[29]["activeShops"].as_i64().map(|n| n + 1)
    );
    assert_eq!(after["series"][5], month["series"][28], "earlier days stay");
}

#[tokio::test]
async fn the_detail_has_the_owner_categories_and_latest_products_and_inquiries() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let id = int(
        &gw,
        "SELECT id FROM shop WHERE product_count > 10 AND inquiry_count > 0 LIMIT 1",
    );
    let d = gw.get(DETAIL, &admin, json!({"id": id})).await.ok();
    assert_eq!(d["shop"]["id"], id);
    let owner = int(
        &gw,
        &format!("SELECT owner_member_id FROM shop WHERE id = {id}"),
    );
    assert_eq!(d["owner"]["id"], owner);
    assert_eq!(d["owner"]["type"], "seller");
    assert!(is_masked(d["owner"]["phone"].as_str().unwrap_or("")));
    let mains = d["mainCategories"].as_array().cloned().unwrap_or_default();
    assert!(
        !mains.is_empty()
            && mains
                .iter()
                .all(|m| m.as_str().is_some_and(|s| !s.is_empty()))
    );
    let products = d["products"].as_array().cloned().unwrap_or_default();
    assert_eq!(products.len(), 10);
    assert!(products.iter().all(|p| p["shopId"] == id));
    let newest = int(
        &gw,
        &format!(
            "SELECT id FROM product WHERE shop_id = {id} ORDER BY created_at DESC, id DESC LIMIT 1"
        ),
    );
    assert_eq!(products[0]["id"], newest);
    let inquiries = d["inquiries"].as_array().cloned().unwrap_or_default();
    let n = int(
        &gw,
        &format!("SELECT count(*) FROM inquiry WHERE shop_id = {id}"),
    )
    .min(10);
    assert_eq!(inquiries.len() as i64, n);
    assert!(inquiries.iter().all(|q| q["shopId"] == id));
    gw.get(DETAIL, &admin, json!({"id": 999_999}))
        .await
        .fails("data_not_found");
    let env = gw
        .get(DETAIL, &admin, json!({}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["id"]);
}

#[tokio::test]
async fn approving_a_pending_shop_moves_the_tabs_and_writes_its_timeline() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let (id, version) = shop_in(&gw, "pending");
    let before = gw.get(LIST, &admin, json!({})).await.ok();
    gw.clock.advance(5_000);
    let shop = gw
        .post(
            AUDIT,
            &admin,
            json!({"id": id, "version": version, "approve": true,
                                    "reasonCode": "other"}),
        )
        .await
        .ok();
    assert_eq!(shop["status"], "active");
    assert_eq!(shop["version"], version + 1);
    assert_eq!(shop["updatedAt"], START_MS + 5_000);
    let after = gw.get(LIST, &admin, json!({})).await.ok();
    let [all, pending, active, frozen] = counts(&before);
    assert_eq!(counts(&after), [all, pending - 1, active + 1, frozen]);
    let timeline = gw
        .get(HISTORY, &admin, json!({"entity": "shop", "id": id}))
        .await
        .ok();
    assert_eq!(timeline[0]["fromState"], "pending");
    assert_eq!(timeline[0]["toState"], "active");
    assert_eq!(timeline[0]["action"], "通过");
    assert_eq!(timeline[0]["operator"], "系统管理员");
    assert_eq!(timeline[0]["at"], START_MS + 5_000);
    assert_eq!(timeline[0]["reasonCode"], "", "an approval keeps no reason");
    assert_eq!(timeline[1]["fromState"], Value::Null, "the application");
    let audit = text(
        &gw,
        "SELECT api || ' ' || summary FROM audit_log ORDER BY id DESC LIMIT 1",
    );
    assert!(
        audit.starts_with(AUDIT) && audit.contains("通过店铺"),
        "{audit}"
    );
}

#[tokio::test]
async fn rejecting_needs_a_reason_code_from_the_dictionary_and_words_for_other() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let (id, version) = shop_in(&gw, "pending");
    let untouched = snapshot(&gw, id);
    let reject = |extra: Value| {
        let mut data = json!({"id": id, "version": version, "approve": false});
        if let (Some(d), Some(e)) = (data.as_object_mut(), extra.as_object()) {
            d.extend(e.clone());
        }
        data
    };
    for (extra, field) in [
        (json!({}), "reasonCode"),
        (json!({"reason": "资料不全"}), "reasonCode"),
        (json!({"reasonCode": "other"}), "reason"),
        (json!({"reasonCode": "other", "reason": "   "}), "reason"),
        (json!({"reasonCode": "counterfeit"}), "reasonCode"),
        (
            json!({"reasonCode": "license_invalid", "reason": "字".repeat(201)}),
            "reason",
        ),
    ] {
        let env = gw
            .post(AUDIT, &admin, reject(extra.clone()))
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{extra}: {}", env.msg);
        assert_eq!(snapshot(&gw, id), untouched, "{extra} changed something");
    }
    // A code switched off in the dictionary is no longer accepted.
    let entry = gw
        .get(
            "mtop.admin.dict.list",
            &admin,
            json!({"type": "reason_shop_reject", "keyword": "duplicate_shop"}),
        )
        .await
        .ok();
    let e = &entry["list"][0];
    gw.post(
        "mtop.admin.dict.save",
        &admin,
        json!({"id": e["id"], "version": e["version"], "type": e["type"], "key": e["key"],
               "label": e["label"], "value": e["value"], "status": "disabled"}),
    )
    .await
    .ok();
    let env = gw
        .post(
            AUDIT,
            &admin,
            reject(json!({"reasonCode": "duplicate_shop"})),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["reasonCode"]);
    assert!(env.msg.contains("reason_shop_reject"), "{}", env.msg);
    assert_eq!(snapshot(&gw, id).0, untouched.0);

    let shop = gw
        .post(
            AUDIT,
            &admin,
            reject(json!({"reasonCode": "other", "reason": " 门头照片与地址不符 "})),
        )
        .await
        .ok();
    assert_eq!(shop["status"], "rejected");
    let timeline = gw
        .get(HISTORY, &admin, json!({"entity": "shop", "id": id}))
        .await
        .ok();
    assert_eq!(
        (
            &timeline[0]["action"],
            &timeline[0]["reasonCode"],
            &timeline[0]["reasonLabel"],
            &timeline[0]["reason"]
        ),
        (
            &json!("驳回"),
            &json!("other"),
            &json!("其他"),
            &json!("门头照片与地址不符")
        )
    );
}

#[tokio::test]
async fn moves_the_lifecycle_lacks_are_state_invalid_and_change_nothing() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let (active, av) = shop_in(&gw, "active");
    let (pending, pv) = shop_in(&gw, "pending");
    let (closed, cv) = shop_in(&gw, "closed");
    let cases = [
        (
            AUDIT,
            json!({"id": active, "version": av, "approve": true}),
            active,
        ),
        (
            AUDIT,
            json!({"id": active, "version": av, "approve": false, "reasonCode": "license_invalid"}),
            active,
        ),
        (
            STATUS,
            json!({"id": active, "version": av, "status": "active"}),
            active,
        ),
        (
            STATUS,
            json!({"id": active, "version": av, "status": "pending"}),
            active,
        ),
        (
            STATUS,
            json!({"id": pending, "version": pv, "status": "active"}),
            pending,
        ),
        (
            STATUS,
            json!({"id": pending, "version": pv, "status": "frozen", "reasonCode": "counterfeit"}),
            pending,
        ),
        (
            STATUS,
            json!({"id": closed, "version": cv, "status": "active"}),
            closed,
        ),
        (
            STATUS,
            json!({"id": closed, "version": cv, "status": "frozen", "reasonCode": "counterfeit"}),
            closed,
        ),
    ];
    for (api, data, id) in cases {
        let untouched = snapshot(&gw, id);
        let env = gw
            .post(api, &admin, data.clone())
            .await
            .fails("state_invalid");
        assert!(env.msg.starts_with("状态不允许此操作"), "{}", env.msg);
        assert_eq!(snapshot(&gw, id), untouched, "{data}");
    }
}

#[tokio::test]
async fn stale_unknown_and_malformed_writes_are_refused_and_change_nothing() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let (id, version) = shop_in(&gw, "pending");
    let untouched = snapshot(&gw, id);
    gw.post(
        AUDIT,
        &admin,
        json!({"id": id, "version": version + 1, "approve": true}),
    )
    .await
    .fails("data_conflict");
    gw.post(
        AUDIT,
        &admin,
        json!({"id": 999_999, "version": 1, "approve": true}),
    )
    .await
    .fails("data_not_found");
    for (bad, field) in [
        (json!({"version": version, "approve": true}), "id"),
        (
            json!({"id": "abc", "version": version, "approve": true}),
            "id",
        ),
        (json!({"id": id, "approve": true}), "version"),
        (json!({"id": id, "version": version}), "approve"),
        (
            json!({"id": id, "version": version, "approve": "yes"}),
            "approve",
        ),
        (
            json!({"id": id, "version": version, "approve": false, "reasonCode": 5}),
            "reasonCode",
        ),
    ] {
        let env = gw
            .post(AUDIT, &admin, bad.clone())
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{bad}: {}", env.msg);
    }
    for (bad, field) in [
        (json!({"id": id, "version": version}), "status"),
        (
            json!({"id": id, "version": version, "status": "archived"}),
            "status",
        ),
        (json!({"id": id, "version": version, "status": 3}), "status"),
    ] {
        let env = gw
            .post(STATUS, &admin, bad.clone())
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{bad}: {}", env.msg);
    }
    assert_eq!(snapshot(&gw, id), untouched);
    // Reads are GET, writes POST.
    gw.get(
        AUDIT,
        &admin,
        json!({"id": id, "version": version, "approve": true}),
    )
    .await
    .fails("param_invalid");
    assert_eq!(snapshot(&gw, id), untouched);
}

#[tokio::test]
async fn freezing_needs_a_reason_unfreezing_brings_it_back_and_closing_is_final() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let (id, v) = shop_in(&gw, "active");
    let env = gw
        .post(
            STATUS,
            &admin,
            json!({"id": id, "version": v, "status": "frozen"}),
        )
        .await;
    assert_eq!(env.fails("param_invalid").fields(), ["reasonCode"]);
    let frozen = gw
        .post(
            STATUS,
            &admin,
            json!({"id": id, "version": v, "status": "frozen", "reasonCode": "complaints"}),
        )
        .await
        .ok();
    assert_eq!(
        (&frozen["status"], &frozen["version"]),
        (&json!("frozen"), &json!(v + 1))
    );
    let thawed = gw
        .post(
            STATUS,
            &admin,
            json!({"id": id, "version": v + 1, "status": "active"}),
        )
        .await
        .ok();
    assert_eq!(thawed["status"], "active");
    // A second tab still at the frozen version gets the conflict.
    gw.post(
        STATUS,
        &admin,
        json!({"id": id, "version": v + 1, "status": "active"}),
    )
    .await
    .fails("data_conflict");
    let env = gw
        .post(
            STATUS,
            &admin,
            json!({"id": id, "version": v + 2, "status": "closed", "reasonCode": "other"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["reason"]);
    let closed = gw
        .post(
            STATUS,
            &admin,
            json!({"id": id, "version": v + 2, "status": "closed",
                                     "reasonCode": "owner_request"}),
        )
        .await
        .ok();
    assert_eq!(closed["status"], "closed");
    let timeline = gw
        .get(HISTORY, &admin, json!({"entity": "shop", "id": id}))
        .await
        .ok();
    let moves: Vec<(Value, Value, Value)> = timeline
        .as_array()
        .map(|t| {
            t.iter()
                .take(3)
                .map(|h| {
                    (
                        h["action"].clone(),
                        h["reasonLabel"].clone(),
                        h["reason"].clone(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(
        moves,
        [
            (json!("关闭"), json!("店主申请"), json!("")),
            (json!("解冻"), json!(""), json!("")),
            (json!("冻结"), json!("投诉较多"), json!("")),
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn eight_parallel_reviews_of_one_version_give_one_success() {
    let gw = Arc::new(Gw::new());
    let admin = gw.admin().await;
    let (id, version) = shop_in(&gw, "pending");
    let history_before = snapshot(&gw, id).1;
    let tasks: Vec<_> = (0..8)
        .map(|i| {
            let gw = Arc::clone(&gw);
            let admin = admin.clone();
            tokio::spawn(async move {
                let data = if i % 2 == 0 {
                    json!({"id": id, "version": version, "approve": true})
                } else {
                    json!({"id": id, "version": version, "approve": false,
                           "reasonCode": "info_mismatch"})
                };
                gw.post(AUDIT, &admin, data).await
            })
        })
        .collect();
    let mut codes = Vec::new();
    for t in tasks {
        codes.push(t.await.expect("join").code);
    }
    codes.sort();
    let mut want = vec!["SUCCESS".to_owned()];
    want.extend(std::iter::repeat_n("data_conflict".to_owned(), 7));
    want.sort();
    assert_eq!(codes, want);
    let (_, history, ..) = snapshot(&gw, id);
    assert_eq!(
        int(&gw, &format!("SELECT version FROM shop WHERE id = {id}")),
        version + 1
    );
    assert_eq!(history, history_before + 1, "one timeline row");
}
