//! 询价单's quotes and its shop picker: every quoted inquiry carries the shop's quote (unit price,
//! quantity, lead time, when) in the detail and the list; the filter's shops come from a read of
//! this screen's own, so an operator without 店铺管理 can pick one.

use serde_json::{Value, json};

use crate::common::*;
use crate::data::*;

const LIST: &str = "mtop.admin.inquiry.list";
const DETAIL: &str = "mtop.admin.inquiry.detail";
const SHOPS: &str = "mtop.admin.inquiry.shops";

/// A quote's four fields are there and make sense for its inquiry.
#[track_caller]
fn assert_sane(inquiry: &Value, now: i64) {
    let quote = &inquiry["quote"];
    assert!(quote.is_object(), "a quote: {inquiry}");
    let unit_price = quote["unitPrice"].as_i64().unwrap_or(0);
    assert!(unit_price > 0, "{quote}");
    assert!(quote["quantity"].as_i64().unwrap_or(0) >= inquiry["quantity"].as_i64().unwrap_or(1));
    assert!(
        (1..=90).contains(&quote["leadDays"].as_i64().unwrap_or(0)),
        "{quote}"
    );
    let at = quote["quotedAt"].as_i64().unwrap_or(0);
    assert!(
        at >= inquiry["createdAt"].as_i64().unwrap_or(i64::MAX) && at <= now,
        "quoted after the asking, not in the future: {inquiry}"
    );
    // Near what was asked: within a factor of two of the expected price.
    let expected = inquiry["expectPrice"].as_i64().unwrap_or(1);
    assert!(
        unit_price <= expected * 2 && unit_price * 2 >= expected,
        "{inquiry}"
    );
}

#[tokio::test]
async fn every_quoted_inquiry_carries_its_quote() {
    let gw = Gw::new();
    let op = gw.operator().await;
    let now = gw.clock_s() * 1000 + 999;
    let quoted = ints(
        &gw,
        "SELECT id FROM inquiry WHERE state = 'quoted' ORDER BY id",
    );
    assert!(quoted.len() > 20, "the seed quotes many: {}", quoted.len());
    // In the list, on every quoted row; never on a pending one.
    for state in ["quoted", "pending"] {
        let page = gw
            .get(LIST, &op, json!({"state": state, "pageSize": 100}))
            .await
            .ok();
        for row in list(&page) {
            if state == "quoted" {
                assert_sane(&row, now);
            } else {
                assert!(row["quote"].is_null(), "{row}");
            }
        }
    }
    // In the detail, the same.
    for id in quoted.iter().take(10) {
        let detail = gw.get(DETAIL, &op, json!({"id": id})).await.ok();
        assert_eq!(detail["inquiry"]["state"], "quoted");
        assert_sane(&detail["inquiry"], now);
    }
    let stored = text(
        &gw,
        &format!(
            "SELECT quote_unit_price || '/' || quote_quantity || '/' || quote_lead_days || '/' ||
                quoted_at FROM inquiry WHERE id = {}",
            quoted[0]
        ),
    );
    let detail = gw.get(DETAIL, &op, json!({"id": quoted[0]})).await.ok();
    let q = &detail["inquiry"]["quote"];
    assert_eq!(
        stored,
        format!(
            "{}/{}/{}/{}",
            q["unitPrice"], q["quantity"], q["leadDays"], q["quotedAt"]
        )
    );
    // A pending one has none yet.
    let pending = int(&gw, "SELECT min(id) FROM inquiry WHERE state = 'pending'");
    let detail = gw.get(DETAIL, &op, json!({"id": pending})).await.ok();
    assert!(detail["inquiry"]["quote"].is_null());
    // Closed ones keep a quote they had.
    let closed_quoted = int(
        &gw,
        "SELECT count(*) FROM inquiry WHERE state = 'closed' AND quoted_at IS NOT NULL",
    );
    assert!(closed_quoted > 0, "some were closed after their quote");
}

#[tokio::test]
async fn inquiries_quoted_before_quotes_were_stored_get_one_from_the_migration() {
    let gw = Gw::new();
    let quoted = ints(
        &gw,
        "SELECT id FROM inquiry WHERE state = 'quoted' ORDER BY id",
    );
    // As a database migrated from before: quoted, with no quote.
    gw.state
        .store
        .write(|tx| {
            tx.execute_batch(
                "UPDATE inquiry SET quote_unit_price = NULL, quote_quantity = NULL,
                    quote_lead_days = NULL, quoted_at = NULL",
            )?;
            Ok(())
        })
        .expect("clear the quotes");
    let migration = mock_gateway::store::migrations::MIGRATIONS
        .iter()
        .rev()
        .find(|sql| sql.contains("ADD COLUMN quote_unit_price"))
        .expect("the quotes' migration");
    let backfill = &migration[migration.find("UPDATE inquiry").expect("its backfill")..];
    gw.state
        .store
        .write(|tx| Ok(tx.execute_batch(backfill)?))
        .expect("run the backfill");
    assert_eq!(
        ints(
            &gw,
            "SELECT id FROM inquiry WHERE quoted_at IS NOT NULL AND quote_unit_price > 0
                AND quote_quantity > 0 AND quote_lead_days > 0 AND quoted_at >= created_at
             ORDER BY id"
        ),
        quoted,
        "every quoted inquiry, and only those"
    );
}

#[tokio::test]
async fn the_shop_picker_finds_asked_shops_by_name_or_id_without_the_shop_menu() {
    let gw = Gw::new();
    // The operator owns 询价单 but not 店铺管理.
    let op = gw.operator().await;
    gw.get("mtop.admin.shop.list", &op, json!({}))
        .await
        .fails("permission_denied");
    let first = gw.get(SHOPS, &op, json!({"kind": "shop"})).await.ok();
    let items = first.as_array().cloned().unwrap_or_default();
    assert_eq!(items.len(), 20, "at most 20");
    let asked = ints(
        &gw,
        "SELECT DISTINCT shop_id FROM inquiry ORDER BY shop_id LIMIT 20",
    );
    let ids: Vec<i64> = items.iter().filter_map(|i| i["id"].as_i64()).collect();
    assert_eq!(ids, asked, "shops that were asked, by id");
    assert!(
        items.iter().all(|i| i["kind"] == "shop"
            && i["name"] != ""
            && i["extra"] != ""
            && i["status"] != "")
    );

    // By part of the name.
    let shop = asked[3];
    let name = text(&gw, &format!("SELECT name FROM shop WHERE id = {shop}"));
    let part: String = name.chars().skip(1).take(3).collect();
    let found = gw
        .get(SHOPS, &op, json!({"kind": "shop", "keyword": part}))
        .await
        .ok();
    let found = found.as_array().cloned().unwrap_or_default();
    assert!(found.iter().any(|i| i["id"] == shop && i["name"] == name));
    assert!(
        found
            .iter()
            .all(|i| i["name"].as_str().unwrap_or("").contains(&part))
    );
    // By id (what a link from 店铺详情 carries); kind may be left out.
    let by_id = gw
        .get(SHOPS, &op, json!({"keyword": shop.to_string()}))
        .await
        .ok();
    assert!(
        by_id
            .as_array()
            .is_some_and(|a| a.iter().any(|i| i["id"] == shop))
    );
    // A shop nobody asked is not offered; a frozen one that was asked is.
    let unasked = int(
        &gw,
        "SELECT min(id) FROM shop WHERE id NOT IN (SELECT shop_id FROM inquiry)",
    );
    let none = gw
        .get(SHOPS, &op, json!({"keyword": unasked.to_string()}))
        .await
        .ok();
    assert!(
        none.as_array()
            .is_some_and(|a| a.iter().all(|i| i["id"] != unasked))
    );
    let frozen = int(
        &gw,
        "SELECT count(*) FROM shop WHERE status != 'active'
            AND id IN (SELECT shop_id FROM inquiry)",
    );
    if frozen > 0 {
        let any = int(
            &gw,
            "SELECT min(id) FROM shop WHERE status != 'active'
                AND id IN (SELECT shop_id FROM inquiry)",
        );
        let got = gw
            .get(SHOPS, &op, json!({"keyword": any.to_string()}))
            .await
            .ok();
        assert!(
            got.as_array()
                .is_some_and(|a| a.iter().any(|i| i["id"] == any))
        );
    }
    // `%` and `_` are literal.
    let literal = gw.get(SHOPS, &op, json!({"keyword": "%"})).await.ok();
    assert_eq!(literal, json!([]));
    // Only shops.
    let env = gw
        .get(SHOPS, &op, json!({"kind": "product"}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["kind"]);
    // Who may not open 询价单 may not pick.
    let guest = gw.guest().await;
    gw.get(SHOPS, &guest, json!({}))
        .await
        .fails("permission_denied");
    // The list filtered by the picked shop holds exactly its inquiries.
    let page = gw
        .get(LIST, &op, json!({"shopId": shop, "pageSize": 100}))
        .await
        .ok();
    assert_eq!(
        page["total"],
        int(
            &gw,
            &format!("SELECT count(*) FROM inquiry WHERE shop_id = {shop}")
        )
    );
    assert!(
        list(&page)
            .iter()
            .all(|r| r["shopId"] == shop && r["shopName"] == name)
    );
}
