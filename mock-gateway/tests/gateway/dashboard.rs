//! 首页: the six KPI figures from what the database holds; "today" is the UTC+8 day.

use serde_json::json;

use crate::common::*;
use crate::data::*;

const STATS: &str = "mtop.admin.dashboard.stats";
const HOUR: i64 = 3_600_000;

#[tokio::test]
async fn the_figures_are_the_databases_and_follow_its_changes() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let today = START_MS - 10 * HOUR; // 2026-03-02 00:00 UTC+8
    let mut stats = gw.get(STATS, &admin, json!({})).await.ok();
    // The to-do is the next test's.
    stats
        .as_object_mut()
        .expect("an object")
        .remove("todo")
        .expect("a to-do");
    let want = json!({
        "shops": 200,
        "newShopsToday": int(&gw, &format!("SELECT count(*) FROM shop WHERE created_at >= {today}")),
        // What buyers can buy: a frozen or closed shop holds its products from sale.
        "productsOnSale": int(&gw, "SELECT count(*) FROM product p JOIN shop s ON s.id = p.shop_id
            WHERE p.status = 'onSale' AND s.status NOT IN ('frozen', 'closed')"),
        "pendingShops": int(&gw, "SELECT count(*) FROM shop WHERE status = 'pending'"),
        "pendingOpportunities": int(&gw, "SELECT count(*) FROM opportunity WHERE state = 'pending'"),
        "inquiriesToday": int(&gw, &format!("SELECT count(*) FROM inquiry WHERE created_at >= {today}")),
    });
    assert_eq!(stats, want);
    assert!(stats["newShopsToday"].as_i64() > Some(0), "{stats}");
    assert!(stats["pendingShops"].as_i64() > Some(0), "{stats}");
    // Approving a shop takes it off the pending figure.
    let id = int(&gw, "SELECT id FROM shop WHERE status = 'pending' LIMIT 1");
    let version = int(&gw, &format!("SELECT version FROM shop WHERE id = {id}"));
    gw.post(
        "mtop.admin.shop.audit",
        &admin,
        json!({"id": id, "version": version, "approve": true}),
    )
    .await
    .ok();
    let after = gw.get(STATS, &admin, json!({})).await.ok();
    assert_eq!(
        after["pendingShops"].as_i64(),
        want["pendingShops"].as_i64().map(|n| n - 1)
    );
    // Tomorrow (UTC+8) the day's figures start over.
    gw.clock.advance(14 * HOUR + 1);
    let admin = gw.admin().await;
    let tomorrow = gw.get(STATS, &admin, json!({})).await.ok();
    assert_eq!(
        (&tomorrow["newShopsToday"], &tomorrow["inquiriesToday"]),
        (&json!(0), &json!(0))
    );
    assert_eq!(tomorrow["shops"], 200);
    // The operator owns 首页; the guest fails its access flag.
    let operator = gw.operator().await;
    gw.get(STATS, &operator, json!({})).await.ok();
    let guest = gw.guest().await;
    gw.get(STATS, &guest, json!({}))
        .await
        .fails("permission_denied");
}

/// Each item of `list` as `(its name field, its count)`.
fn counts(list: &serde_json::Value, name: &str) -> Vec<(String, i64)> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|q| {
            (
                q[name].as_str().expect("a name").to_owned(),
                q["count"].as_i64().expect("a count"),
            )
        })
        .collect()
}

/// The to-do's queues, as `(key, count)`, with each queue's link.
fn todo(stats: &serde_json::Value) -> Vec<(String, i64)> {
    counts(&stats["todo"], "key")
}

#[tokio::test]
async fn the_to_do_lists_what_the_caller_may_act_on_with_live_counts() {
    let gw = Gw::new();
    let now = START_MS;
    let ending = int(
        &gw,
        &format!(
            "SELECT count(*) FROM ad WHERE status = 'enabled' AND start_at <= {now} \
             AND end_at > {now} AND end_at <= {}",
            now + 3 * 86_400_000
        ),
    );
    let pending = |table: &str, column: &str| {
        int(
            &gw,
            &format!("SELECT count(*) FROM {table} WHERE {column} = 'pending'"),
        )
    };
    let admin = gw.admin().await;
    let stats = gw.get(STATS, &admin, json!({})).await.ok();
    assert_eq!(
        todo(&stats),
        vec![
            ("pendingShops".to_owned(), pending("shop", "status")),
            (
                "pendingOpportunities".to_owned(),
                pending("opportunity", "state")
            ),
            ("pendingInquiries".to_owned(), pending("inquiry", "state")),
            ("endingAds".to_owned(), ending),
        ]
    );
    let shops = &stats["todo"][0];
    assert_eq!(shops["title"], "待审核店铺");
    assert_eq!(
        shops["label"],
        format!("待审核店铺 {} 家", pending("shop", "status"))
    );
    assert_eq!(shops["page"], "baseMgmt/shopMgmt");
    assert_eq!(
        shops["query"],
        json!({"status": "pending", "sortField": "createdAt", "sortOrder": "ascend"})
    );
    // The operator works operations, not shops' reviews: no 待审核店铺.
    let operator = gw.operator().await;
    let theirs = gw.get(STATS, &operator, json!({})).await.ok();
    let keys: Vec<String> = todo(&theirs).into_iter().map(|(k, _)| k).collect();
    assert_eq!(
        keys,
        ["pendingOpportunities", "pendingInquiries", "endingAds"]
    );
    // Closing an inquiry takes it off the queue at once.
    let id = int(
        &gw,
        "SELECT id FROM inquiry WHERE state = 'pending' LIMIT 1",
    );
    let version = int(&gw, &format!("SELECT version FROM inquiry WHERE id = {id}"));
    gw.post(
        "mtop.admin.inquiry.close",
        &operator,
        json!({"id": id, "version": version, "reasonCode": "other", "reason": "买家已取消"}),
    )
    .await
    .ok();
    let after = gw.get(STATS, &operator, json!({})).await.ok();
    assert_eq!(todo(&after)[1].1, pending("inquiry", "state"));
    assert_eq!(todo(&after)[1].1, todo(&theirs)[1].1 - 1);
}

const BADGES: &str = "mtop.admin.dashboard.badges";

/// The badges as `(page, count)`.
fn badges(answer: &serde_json::Value) -> Vec<(String, i64)> {
    counts(answer, "page")
}

#[tokio::test]
async fn the_menu_badges_count_the_review_queues_for_those_who_may_open_them() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let shops = int(&gw, "SELECT count(*) FROM shop WHERE status = 'pending'");
    let opportunities = int(
        &gw,
        "SELECT count(*) FROM opportunity WHERE state = 'pending'",
    );
    assert!(shops > 0 && opportunities > 0);
    let answer = gw.get(BADGES, &admin, json!({})).await.ok();
    assert_eq!(
        badges(&answer),
        vec![
            ("baseMgmt/shopMgmt".to_owned(), shops),
            ("operate/business/toExamine".to_owned(), opportunities),
        ]
    );
    // Approving a shop takes it off its badge.
    let id = int(&gw, "SELECT id FROM shop WHERE status = 'pending' LIMIT 1");
    let version = int(&gw, &format!("SELECT version FROM shop WHERE id = {id}"));
    gw.post(
        "mtop.admin.shop.audit",
        &admin,
        json!({"id": id, "version": version, "approve": true}),
    )
    .await
    .ok();
    assert_eq!(answer[0]["label"], format!("待审核店铺 {shops} 家"));
    assert_eq!(answer[1]["label"], format!("待审核商机 {opportunities} 条"));
    let after = gw.get(BADGES, &admin, json!({})).await.ok();
    assert_eq!(
        badges(&after)[0],
        ("baseMgmt/shopMgmt".to_owned(), shops - 1)
    );
    // A user who may open neither screen may ask, and is told of none.
    let guest = gw.guest().await;
    let none = gw.get(BADGES, &guest, json!({})).await.ok();
    assert_eq!(badges(&none), vec![]);
}
