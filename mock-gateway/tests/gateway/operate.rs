//! 运营管理 as a whole: the 运营 role reaches every operation of its menus (pickers included) and
//! nothing of 基础信息 or 系统管理; the guest reaches none. Helpers the 运营 domains' tests share.

use std::sync::Arc;

use core_wasm::ops::{Guard, catalogue};
use core_wasm::protocol::Method;
use mock_gateway::dispatch::Registry;
use mock_gateway::files::SEED_PRODUCT_IMAGES;
use serde_json::{Value, json};

use crate::common::*;

pub const HOUR: i64 = 3_600_000;
pub const DAY: i64 = 24 * HOUR;
/// 2026-03-02 00:00 UTC+8: the start of the test clock's day.
pub const TODAY: i64 = START_MS - 10 * HOUR;

/// A stored picture's key.
pub fn picture(i: usize) -> &'static str {
    SEED_PRODUCT_IMAGES[i % SEED_PRODUCT_IMAGES.len()]
}

/// One number read from the database.
pub fn number(gw: &Gw, sql: &str) -> i64 {
    gw.state
        .store
        .read(|c| Ok(c.query_row(sql, [], |r| r.get(0))?))
        .unwrap_or_else(|e| panic!("{sql}: {e:?}"))
}

/// Changes the database behind the gateway's back (a shop frozen by 基础信息, say).
pub fn execute(gw: &Gw, sql: &str) {
    gw.state
        .store
        .write(|tx| Ok(tx.execute(sql, [])?))
        .unwrap_or_else(|e| panic!("{sql}: {e:?}"));
}

/// An active shop with products on sale.
pub fn active_shop(gw: &Gw) -> i64 {
    number(
        gw,
        "SELECT s.id FROM shop s WHERE s.status = 'active' AND EXISTS
            (SELECT 1 FROM product p WHERE p.shop_id = s.id AND p.status = 'onSale')
         ORDER BY s.id LIMIT 1",
    )
}

/// A product on sale in an active shop (the `n`-th).
pub fn product_on_sale(gw: &Gw, n: i64) -> i64 {
    number(
        gw,
        &format!(
            "SELECT p.id FROM product p JOIN shop s ON s.id = p.shop_id
             WHERE p.status = 'onSale' AND s.status = 'active' ORDER BY p.id LIMIT 1 OFFSET {n}"
        ),
    )
}

/// A frozen shop.
pub fn frozen_shop(gw: &Gw) -> i64 {
    number(
        gw,
        "SELECT id FROM shop WHERE status = 'frozen' ORDER BY id LIMIT 1",
    )
}

/// An off-sale product.
pub fn off_sale_product(gw: &Gw) -> i64 {
    number(
        gw,
        "SELECT id FROM product WHERE status = 'offSale' ORDER BY id LIMIT 1",
    )
}

/// Calls `api` with `data` as `mat`, by its catalogued method.
pub async fn call(gw: &Gw, api: &str, mat: &str, data: Value) -> Env {
    let method = catalogue()
        .find(|op| op.api == api)
        .map_or(Method::Get, |op| op.method);
    gw.call_at("/m", method, api, mat, data).await
}

/// Runs `n` copies of a call at once (each on its own task) and counts the answers' codes.
pub async fn race(
    gw: &Arc<Gw>,
    calls: Vec<(String, String, Value)>,
) -> std::collections::BTreeMap<String, usize> {
    let tasks: Vec<_> = calls
        .into_iter()
        .map(|(api, mat, data)| {
            let gw = Arc::clone(gw);
            tokio::spawn(async move { call(&gw, &api, &mat, data).await })
        })
        .collect();
    let mut codes = std::collections::BTreeMap::new();
    for t in tasks {
        let env = t.await.expect("join");
        *codes.entry(env.code).or_insert(0) += 1;
    }
    codes
}

fn operate_only(guard: Guard) -> bool {
    let menus = guard.menus();
    !menus.is_empty() && menus.iter().all(|m| m.starts_with("operate/"))
}

#[tokio::test]
async fn the_operator_reaches_every_operate_operation_and_nothing_else() {
    let gw = Gw::new();
    let operator = gw.operator().await;
    let guest = gw.guest().await;
    let registry = Registry::standard();
    let mut reached = 0;
    for op in catalogue() {
        // Operations of other branches not merged yet have no handler to reach; session
        // operations (sign-out among them) are everyone's.
        if registry.get(op.api).is_none() || op.guard.menus().is_empty() {
            continue;
        }
        let env = call(&gw, op.api, &operator, json!({})).await;
        if operate_only(op.guard) {
            assert_ne!(env.code, "permission_denied", "{}", op.api);
            reached += 1;
            let env = call(&gw, op.api, &guest, json!({})).await;
            assert_eq!(env.code, "permission_denied", "guest on {}", op.api);
        } else if !op.guard.menus().contains(&"home") {
            assert_eq!(env.code, "permission_denied", "{}", op.api);
        }
    }
    assert!(reached >= 33, "{reached}");
    // The pickers answer the operator (who cannot open 基础信息).
    for api in ["mtop.admin.ad.targets", "mtop.admin.activity.candidates"] {
        for kind in ["shop", "product"] {
            let found = call(&gw, api, &operator, json!({"kind": kind})).await.ok();
            assert_eq!(found.as_array().map(Vec::len), Some(20), "{api} {kind}");
        }
    }
    let found = call(&gw, "mtop.admin.recommend.candidates", &operator, json!({}))
        .await
        .ok();
    assert!(found.as_array().is_some_and(|a| !a.is_empty()));
    // 基础信息 stays closed to them, shop.impact included.
    let shop = active_shop(&gw);
    call(
        &gw,
        "mtop.admin.shop.impact",
        &operator,
        json!({"id": shop}),
    )
    .await
    .fails("permission_denied");
    if registry.get("mtop.admin.shop.list").is_some() {
        call(&gw, "mtop.admin.shop.list", &operator, json!({}))
            .await
            .fails("permission_denied");
    }
}
