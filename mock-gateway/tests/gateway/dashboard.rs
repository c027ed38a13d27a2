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
    let stats = gw.get(STATS, &admin, json!({})).await.ok();
    let want = json!({
        "shops": 200,
        "newShopsToday": int(&gw, &format!("SELECT count(*) FROM shop WHERE created_at >= {today}")),
        "productsOnSale": int(&gw, "SELECT count(*) FROM product WHERE status = 'onSale'"),
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
