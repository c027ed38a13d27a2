//! 商品管理: product.list (filters, tab counts, sorts, paging), product.detail (signed images,
//! category path), product.setStatus (bulk, per-row results, reasons, timelines, concurrency).

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::http::StatusCode;
use mock_gateway::files::SEED_PRODUCT_IMAGES;
use rusqlite::params;
use serde_json::{Value, json};

use crate::common::*;

const LIST: &str = "mtop.admin.product.list";
const DETAIL: &str = "mtop.admin.product.detail";
const SET_STATUS: &str = "mtop.admin.product.setStatus";

/// Runs SQL against the gateway's database (to cross-check answers independently).
fn sql<T>(gw: &Gw, f: impl FnOnce(&rusqlite::Connection) -> rusqlite::Result<T>) -> T {
    gw.state.store.read(|c| Ok(f(c)?)).expect("a test query")
}

fn count(gw: &Gw, query: &str) -> i64 {
    sql(gw, |c| c.query_row(query, [], |r| r.get(0)))
}

fn ids_where(gw: &Gw, wher: &str, n: usize) -> Vec<i64> {
    sql(gw, |c| {
        c.prepare(&format!(
            "SELECT p.id FROM product p JOIN shop s ON s.id = p.shop_id WHERE {wher}
             ORDER BY p.id LIMIT {n}"
        ))?
        .query_map([], |r| r.get(0))?
        .collect()
    })
}

fn status_of(gw: &Gw, id: i64) -> String {
    sql(gw, |c| {
        c.query_row("SELECT status FROM product WHERE id = ?1", [id], |r| {
            r.get(0)
        })
    })
}

/// A product's tab, read from its shop's state rather than the gateway's own `shop_held`: on
/// sale in a frozen or closed shop is `held` (in 全部 only).
const TAB: &str = "CASE WHEN status = 'onSale' AND (SELECT status FROM shop WHERE shop.id = \
    product.shop_id) IN ('frozen', 'closed') THEN 'held' ELSE status END";

/// What buyers can buy: on sale in a shop that does not hold it.
const BUYABLE: &str = "status = 'onSale' AND (SELECT status FROM shop WHERE shop.id = \
    product.shop_id) NOT IN ('frozen', 'closed')";

/// Products per tab, counted from the product and shop tables themselves.
fn real_counts(gw: &Gw) -> BTreeMap<String, i64> {
    sql(gw, |c| {
        c.prepare(&format!("SELECT {TAB}, count(*) FROM product GROUP BY 1"))?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect()
    })
}

fn history_rows(gw: &Gw, id: i64) -> i64 {
    sql(gw, |c| {
        c.query_row(
            "SELECT count(*) FROM state_history WHERE entity = 'product' AND record_id = ?1
             AND operator_id IS NOT NULL",
            [id],
            |r| r.get(0),
        )
    })
}

#[tokio::test]
async fn the_list_counts_every_tab_and_names_shop_and_category() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let page = gw.get(LIST, &admin, json!({})).await.ok();
    let real = real_counts(&gw);
    let all: i64 = real.values().sum();
    assert!(all >= 1000, "the seed has at least 1,000 products: {all}");
    assert_eq!(page["total"], all);
    assert_eq!(
        page["counts"],
        json!({"all": all, "onSale": real["onSale"], "offSale": real["offSale"],
               "violation": real["violation"], "draft": real.get("draft").copied().unwrap_or(0)})
    );
    assert_eq!(page["page"], 1);
    assert_eq!(page["pageSize"], 20);
    let rows = page["list"].as_array().expect("list");
    assert_eq!(rows.len(), 20);
    // Newest first by default.
    let created: Vec<i64> = rows
        .iter()
        .map(|r| r["createdAt"].as_i64().expect("t"))
        .collect();
    assert!(created.windows(2).all(|w| w[0] >= w[1]), "{created:?}");
    for r in rows {
        let (shop, category): (String, String) = sql(&gw, |c| {
            c.query_row(
                "SELECT s.name, c.name FROM product p JOIN shop s ON s.id = p.shop_id
                 JOIN category c ON c.id = p.category_id WHERE p.id = ?1",
                [r["id"].as_i64().expect("id")],
                |x| Ok((x.get(0)?, x.get(1)?)),
            )
        });
        assert_eq!(r["shopName"], shop);
        assert_eq!(r["categoryName"], category);
        assert!(r["priceMin"].as_i64() <= r["priceMax"].as_i64());
    }
    // A status tab narrows the rows, not the counts.
    let on_sale = gw.get(LIST, &admin, json!({"status": "onSale"})).await.ok();
    assert_eq!(on_sale["total"], real["onSale"]);
    assert_eq!(on_sale["counts"], page["counts"]);
    assert!(
        on_sale["list"]
            .as_array()
            .expect("list")
            .iter()
            .all(|r| r["status"] == "onSale")
    );
    let drafts = gw.get(LIST, &admin, json!({"status": "draft"})).await.ok();
    assert_eq!(
        drafts["total"], real["draft"],
        "draft has no tab but filters"
    );
}

#[tokio::test]
async fn the_cover_is_a_signed_url_of_the_first_image() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let id = ids_where(&gw, "1", 1)[0];
    let images = json!([SEED_PRODUCT_IMAGES[3], SEED_PRODUCT_IMAGES[5]]).to_string();
    gw.state
        .store
        .write(|tx| {
            tx.execute(
                "UPDATE product SET images = ?1,
                    created_at = (SELECT max(created_at) + 1 FROM product) WHERE id = ?2",
                params![images, id],
            )?;
            Ok(())
        })
        .expect("set images");
    let page = gw.get(LIST, &admin, json!({"pageSize": 10})).await.ok();
    let row = &page["list"][0];
    assert_eq!(row["id"], id, "the newest first");
    let url = row["coverUrl"].as_str().expect("coverUrl");
    assert!(
        url.starts_with(&format!("/files/{}?exp=", SEED_PRODUCT_IMAGES[3])),
        "{url}"
    );
    let raw = gw.get_path(url, None).await;
    assert_eq!(raw.status, StatusCode::OK);
    assert_eq!(raw.header("content-type").as_deref(), Some("image/png"));
    // A product without images has no cover.
    let bare = page["list"]
        .as_array()
        .expect("list")
        .iter()
        .find(|r| {
            let pid = r["id"].as_i64().unwrap_or(0);
            sql(&gw, |c| {
                c.query_row("SELECT images FROM product WHERE id = ?1", [pid], |x| {
                    x.get::<_, String>(0)
                })
            }) == "[]"
        })
        .cloned();
    if let Some(bare) = bare {
        assert!(bare["coverUrl"].is_null(), "{bare}");
    }
}

#[tokio::test]
async fn filters_narrow_rows_and_counts_alike() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let count_where = |wher: &str| -> BTreeMap<String, i64> {
        sql(&gw, |c| {
            c.prepare(&format!(
                "SELECT {TAB}, count(*) FROM product WHERE {wher} GROUP BY 1"
            ))?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect()
        })
    };
    let check = |page: &Value, real: &BTreeMap<String, i64>| {
        let all: i64 = real.values().sum();
        assert_eq!(page["counts"]["all"], all, "{}", page["counts"]);
        assert_eq!(
            page["counts"]["onSale"],
            real.get("onSale").copied().unwrap_or(0)
        );
        assert_eq!(
            page["counts"]["violation"],
            real.get("violation").copied().unwrap_or(0)
        );
    };
    // Title: part of it.
    let page = gw
        .get(LIST, &admin, json!({"title": " 连衣裙 ", "pageSize": 100}))
        .await
        .ok();
    let real = count_where("title LIKE '%连衣裙%'");
    assert!(real.values().sum::<i64>() > 0, "the seed sells 连衣裙");
    check(&page, &real);
    for r in page["list"].as_array().expect("list") {
        assert!(r["title"].as_str().unwrap_or("").contains("连衣裙"), "{r}");
    }
    // `%` is a character, not a wildcard.
    let none = gw.get(LIST, &admin, json!({"title": "%"})).await.ok();
    assert_eq!(none["total"], 0);
    // A shop.
    let shop: i64 = sql(&gw, |c| {
        c.query_row(
            "SELECT shop_id FROM product GROUP BY shop_id ORDER BY count(*) DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
    });
    let page = gw
        .get(LIST, &admin, json!({"shopId": shop, "pageSize": 100}))
        .await
        .ok();
    check(&page, &count_where(&format!("shop_id = {shop}")));
    assert!(
        page["list"]
            .as_array()
            .expect("list")
            .iter()
            .all(|r| r["shopId"] == shop)
    );
    // A top category: its products and its descendants'.
    let (top, top_name): (i64, String) = sql(&gw, |c| {
        c.query_row(
            "SELECT id, name FROM category WHERE parent_id IS NULL ORDER BY sort LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    });
    let subtree = format!(
        "category_id IN (SELECT id FROM category WHERE id = {top} OR parent_id = {top}
         OR parent_id IN (SELECT id FROM category WHERE parent_id = {top}))"
    );
    let real = count_where(&subtree);
    assert!(real.values().sum::<i64>() > 0, "{top_name} has products");
    let page = gw
        .get(LIST, &admin, json!({"categoryId": top, "pageSize": 100}))
        .await
        .ok();
    check(&page, &real);
    for r in page["list"].as_array().expect("list") {
        let detail = gw.get(DETAIL, &admin, json!({"id": r["id"]})).await.ok();
        assert_eq!(detail["categoryPath"][0], top_name.as_str());
    }
    // A leaf and a status together.
    let leaf: i64 = sql(&gw, |c| {
        c.query_row(
            "SELECT category_id FROM product GROUP BY category_id ORDER BY count(*) DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
    });
    let page = gw
        .get(
            LIST,
            &admin,
            json!({"categoryId": leaf, "status": "onSale", "pageSize": 100}),
        )
        .await
        .ok();
    let real = count_where(&format!("category_id = {leaf}"));
    check(&page, &real);
    assert_eq!(page["total"], real.get("onSale").copied().unwrap_or(0));
    // A price range over the lowest price, both ends inclusive.
    let page = gw
        .get(
            LIST,
            &admin,
            json!({"priceMin": 10_000, "priceMax": 50_000, "pageSize": 100}),
        )
        .await
        .ok();
    check(&page, &count_where("price_min BETWEEN 10000 AND 50000"));
    for r in page["list"].as_array().expect("list") {
        let p = r["priceMin"].as_i64().expect("price");
        assert!((10_000..=50_000).contains(&p), "{p}");
    }
    // An unknown category or shop matches nothing.
    let page = gw
        .get(LIST, &admin, json!({"categoryId": 999_999}))
        .await
        .ok();
    assert_eq!(page["total"], 0);
    assert_eq!(page["counts"]["all"], 0);
}

#[tokio::test]
async fn bad_filters_are_refused_naming_the_field() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    for (data, field, msg) in [
        (
            json!({"priceMin": 500, "priceMax": 100}),
            "priceMin",
            "最低价不能高于最高价",
        ),
        (json!({"priceMin": -1}), "priceMin", "最低价不能为负数"),
        (
            json!({"status": "sold"}),
            "status",
            "状态须为draft、onSale、offSale、violation之一，收到：sold",
        ),
        (
            json!({"sortField": "title"}),
            "sortField",
            "sortField 须为 id、priceMin、stock、createdAt、updatedAt",
        ),
        (
            json!({"sortOrder": "up"}),
            "sortOrder",
            "sortOrder 须为 asc、desc、ascend 或 descend",
        ),
        (
            json!({"pageSize": 500}),
            "pageSize",
            "pageSize 须在 10 到 100 之间",
        ),
        (json!({"shopId": "x"}), "shopId", "参数 shopId 须为整数"),
    ] {
        let env = gw
            .get(LIST, &admin, data.clone())
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{data}");
        assert_eq!(env.msg, msg, "{data}");
    }
}

#[tokio::test]
async fn every_sortable_column_sorts_both_ways_and_pages_do_not_overlap() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    for (field, key) in [
        ("id", "id"),
        ("priceMin", "priceMin"),
        ("stock", "stock"),
        ("createdAt", "createdAt"),
        ("updatedAt", "updatedAt"),
    ] {
        for order in ["ascend", "descend"] {
            let q = json!({"sortField": field, "sortOrder": order, "pageSize": 50,
                           "status": "onSale"});
            let first = gw.get(LIST, &admin, q.clone()).await.ok();
            let mut q2 = q.clone();
            q2["page"] = json!(2);
            let second = gw.get(LIST, &admin, q2).await.ok();
            let rows: Vec<&Value> = first["list"]
                .as_array()
                .expect("list")
                .iter()
                .chain(second["list"].as_array().expect("list"))
                .collect();
            assert_eq!(rows.len(), 100);
            let pairs: Vec<(i64, i64)> = rows
                .iter()
                .map(|r| (r[key].as_i64().expect(key), r["id"].as_i64().expect("id")))
                .collect();
            let mut sorted = pairs.clone();
            sorted.sort();
            if order == "descend" {
                sorted.reverse();
            }
            assert_eq!(pairs, sorted, "{field} {order}");
            let mut ids: Vec<i64> = pairs.iter().map(|p| p.1).collect();
            ids.sort();
            ids.dedup();
            assert_eq!(ids.len(), 100, "no row on both pages ({field} {order})");
        }
    }
    // Past the last page: no rows, the same total.
    let far = gw.get(LIST, &admin, json!({"page": 10_000})).await.ok();
    assert_eq!(far["list"], json!([]));
    assert!(far["total"].as_i64() > Some(0));
}

#[tokio::test]
async fn the_detail_has_signed_images_the_category_path_and_the_shop_state() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let id = ids_where(&gw, "s.status = 'frozen'", 1)[0];
    let images = json!([
        SEED_PRODUCT_IMAGES[0],
        SEED_PRODUCT_IMAGES[1],
        SEED_PRODUCT_IMAGES[2]
    ]);
    gw.state
        .store
        .write(|tx| {
            tx.execute(
                "UPDATE product SET images = ?1 WHERE id = ?2",
                params![images.to_string(), id],
            )?;
            Ok(())
        })
        .expect("set images");
    let d = gw.get(DETAIL, &admin, json!({"id": id})).await.ok();
    assert_eq!(d["product"]["id"], id);
    assert_eq!(d["product"]["shopStatus"], "frozen");
    let urls = d["images"].as_array().expect("images");
    assert_eq!(urls.len(), 3);
    for (url, key) in urls.iter().zip(SEED_PRODUCT_IMAGES) {
        let url = url.as_str().expect("url");
        assert!(url.starts_with(&format!("/files/{key}?")), "{url}");
        assert_eq!(gw.get_path(url, None).await.status, StatusCode::OK);
    }
    let (leaf, mid, top): (String, String, String) = sql(&gw, |c| {
        c.query_row(
            "SELECT c.name, m.name, t.name FROM product p JOIN category c ON c.id = p.category_id
             JOIN category m ON m.id = c.parent_id JOIN category t ON t.id = m.parent_id
             WHERE p.id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
    });
    assert_eq!(d["categoryPath"], json!([top, mid, leaf]));
    let description: String = sql(&gw, |c| {
        c.query_row("SELECT description FROM product WHERE id = ?1", [id], |r| {
            r.get(0)
        })
    });
    assert_eq!(d["description"], description);
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
async fn a_bulk_move_answers_each_product_in_the_order_given() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let on_sale = ids_where(&gw, "p.status = 'onSale' AND s.status = 'active'", 2);
    let off_sale = ids_where(&gw, "p.status = 'offSale'", 1)[0];
    let draft = ids_where(&gw, "p.status = 'draft'", 1)[0];
    let ids = json!([on_sale[0], off_sale, draft, 999_999, on_sale[1]]);
    let before = real_counts(&gw);
    let answer = gw
        .post(SET_STATUS, &admin, json!({"ids": ids, "status": "offSale"}))
        .await
        .ok();
    let results = answer["results"].as_array().expect("results");
    assert_eq!(
        results.iter().map(|r| r["id"].clone()).collect::<Vec<_>>(),
        ids.as_array().expect("ids").clone(),
        "in the order given"
    );
    assert_eq!(
        results[0],
        json!({"id": on_sale[0], "ok": true, "skipped": false})
    );
    assert_eq!(
        results[1],
        json!({"id": off_sale, "ok": true, "skipped": true, "msg": "已是「已下架」"})
    );
    assert_eq!(results[2]["ok"], false);
    assert_eq!(results[2]["code"], "state_invalid");
    assert_eq!(
        results[2]["msg"],
        "状态不允许此操作：不能从「草稿」变为「已下架」"
    );
    assert_eq!(
        results[3],
        json!({"id": 999_999, "ok": false, "skipped": false, "code": "data_not_found",
               "msg": "数据不存在"})
    );
    assert_eq!(results[4]["ok"], true);
    assert_eq!(status_of(&gw, on_sale[0]), "offSale");
    assert_eq!(status_of(&gw, draft), "draft");
    // The tab counts follow (the tally is kept by the database).
    let after = real_counts(&gw);
    assert_eq!(after["onSale"], before["onSale"] - 2);
    assert_eq!(after["offSale"], before["offSale"] + 2);
    let page = gw.get(LIST, &admin, json!({})).await.ok();
    assert_eq!(page["counts"]["onSale"], after["onSale"]);
    assert_eq!(page["counts"]["offSale"], after["offSale"]);
    // One timeline row and one audit row per product moved, none for the others.
    assert_eq!(history_rows(&gw, on_sale[0]), 1);
    assert_eq!(history_rows(&gw, off_sale), 0);
    let audit = gw
        .get("mtop.admin.audit.list", &admin, json!({"api": SET_STATUS}))
        .await
        .ok();
    assert_eq!(audit["total"], 2);
    let summary = audit["list"][1]["summary"].as_str().unwrap_or_default();
    assert!(summary.ends_with("下架：在售 → 已下架"), "{summary}");
    assert_eq!(audit["list"][1]["targetId"], on_sale[0]);
    // Back on sale: 上架.
    let again = gw
        .post(
            SET_STATUS,
            &admin,
            json!({"ids": [on_sale[0]], "status": "onSale"}),
        )
        .await
        .ok();
    assert_eq!(again["results"][0]["ok"], true);
    assert_eq!(status_of(&gw, on_sale[0]), "onSale");
}

#[tokio::test]
async fn a_violation_takedown_needs_a_reason_before_anything_moves() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let ids = ids_where(&gw, "p.status = 'onSale' AND s.status = 'active'", 3);
    for (data, field, msg) in [
        (
            json!({"ids": ids, "status": "violation"}),
            "reasonCode",
            None,
        ),
        (
            json!({"ids": ids, "status": "violation", "reasonCode": "other", "reason": "  "}),
            "reason",
            Some("选择「其他」时请填写具体原因"),
        ),
        (
            json!({"ids": ids, "status": "violation", "reasonCode": "freeze_reason"}),
            "reasonCode",
            Some("原因须为数据字典 reason_product_violation 中启用的一项，收到：freeze_reason"),
        ),
        (
            json!({"ids": [], "status": "offSale"}),
            "ids",
            Some("请选择 1 到 100 件商品"),
        ),
        (
            json!({"ids": (1..=101).collect::<Vec<i64>>(), "status": "offSale"}),
            "ids",
            Some("请选择 1 到 100 件商品"),
        ),
        (json!({"ids": ids}), "status", Some("缺少参数 status")),
        (
            json!({"ids": ids, "status": "deleted"}),
            "status",
            Some("状态须为draft、onSale、offSale、violation之一，收到：deleted"),
        ),
    ] {
        let env = gw
            .post(SET_STATUS, &admin, data.clone())
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{data}");
        if let Some(msg) = msg {
            assert_eq!(env.msg, msg, "{data}");
        }
    }
    for &id in &ids {
        assert_eq!(status_of(&gw, id), "onSale", "nothing moved");
        assert_eq!(history_rows(&gw, id), 0);
    }
    // A disabled reason is refused like an unknown one.
    gw.state
        .store
        .write(|tx| {
            tx.execute(
                "UPDATE sys_dict SET status = 'disabled'
                 WHERE dict_type = 'reason_product_violation' AND dict_key = 'prohibited'",
                [],
            )?;
            Ok(())
        })
        .expect("disable");
    gw.post(
        SET_STATUS,
        &admin,
        json!({"ids": ids, "status": "violation", "reasonCode": "prohibited"}),
    )
    .await
    .fails("param_invalid");
    // With a reason: moved, and the reason is on the timeline.
    let answer = gw
        .post(
            SET_STATUS,
            &admin,
            json!({"ids": ids, "status": "violation", "reasonCode": "counterfeit",
                   "reason": "仿冒某品牌商标"}),
        )
        .await
        .ok();
    assert!(
        answer["results"]
            .as_array()
            .expect("results")
            .iter()
            .all(|r| r["ok"] == true && r["skipped"] == false),
        "{answer}"
    );
    let (label, text, by): (String, String, String) = sql(&gw, |c| {
        c.query_row(
            "SELECT reason_label, reason, operator_name FROM state_history
             WHERE entity = 'product' AND record_id = ?1 AND to_state = 'violation'
             ORDER BY id DESC LIMIT 1",
            [ids[0]],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
    });
    assert_eq!(
        (label.as_str(), text.as_str(), by.as_str()),
        ("假冒伪劣", "仿冒某品牌商标", "系统管理员")
    );
    // Lifting it ends in 已下架, no reason needed; 上架 from violation is refused.
    let lifted = gw
        .post(
            SET_STATUS,
            &admin,
            json!({"ids": [ids[0]], "status": "onSale"}),
        )
        .await
        .ok();
    assert_eq!(lifted["results"][0]["code"], "state_invalid");
    let lifted = gw
        .post(
            SET_STATUS,
            &admin,
            json!({"ids": [ids[0]], "status": "offSale"}),
        )
        .await
        .ok();
    assert_eq!(lifted["results"][0]["ok"], true);
    assert_eq!(status_of(&gw, ids[0]), "offSale");
}

#[tokio::test]
async fn a_product_of_a_shop_that_is_not_open_cannot_go_on_sale() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let (id, shop): (i64, String) = sql(&gw, |c| {
        c.query_row(
            "SELECT p.id, s.name FROM product p JOIN shop s ON s.id = p.shop_id
             WHERE p.status = 'offSale' AND s.status = 'frozen' ORDER BY p.id LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    });
    let answer = gw
        .post(SET_STATUS, &admin, json!({"ids": [id], "status": "onSale"}))
        .await
        .ok();
    assert_eq!(answer["results"][0]["code"], "state_invalid");
    assert_eq!(
        answer["results"][0]["msg"],
        format!("店铺「{shop}」已冻结，商品不能上架")
    );
    assert_eq!(status_of(&gw, id), "offSale");
}

#[tokio::test]
async fn the_operator_cannot_touch_products() {
    let gw = Gw::new();
    let op = gw.operator().await;
    gw.get(LIST, &op, json!({}))
        .await
        .fails("permission_denied");
    gw.post(SET_STATUS, &op, json!({"ids": [1], "status": "offSale"}))
        .await
        .fails("permission_denied");
}

#[tokio::test]
async fn overlapping_bulk_and_single_moves_lose_nothing() {
    let gw = Arc::new(Gw::new());
    let admin = gw.admin().await;
    let ids = ids_where(&gw, "p.status = 'onSale' AND s.status = 'active'", 30);
    assert_eq!(ids.len(), 30);
    let mut tasks = Vec::new();
    // Two bulk calls over all 30, and a single call per id, all at once.
    for batch in [ids.clone(), ids.iter().rev().copied().collect()]
        .into_iter()
        .chain(ids.iter().map(|&id| vec![id]))
    {
        let gw = Arc::clone(&gw);
        let admin = admin.clone();
        tasks.push(tokio::spawn(async move {
            gw.post(
                SET_STATUS,
                &admin,
                json!({"ids": batch, "status": "offSale"}),
            )
            .await
            .ok()
        }));
    }
    let mut answers = Vec::new();
    for t in tasks {
        answers.push(t.await.expect("task"));
    }
    let (moved, skipped) = bulk_tally(&answers);
    for &id in &ids {
        assert_eq!(moved.get(&id), Some(&1), "{id} moved exactly once");
        assert_eq!(skipped.get(&id), Some(&2), "{id} skipped by the two others");
        assert_eq!(status_of(&gw, id), "offSale");
        assert_eq!(history_rows(&gw, id), 1, "{id}: one timeline row");
    }
    // The tally the tabs read agrees with the table.
    let page = gw.get(LIST, &admin, json!({})).await.ok();
    let real = real_counts(&gw);
    assert_eq!(page["counts"]["onSale"], real["onSale"]);
    assert_eq!(page["counts"]["offSale"], real["offSale"]);
    let tallied = count(&gw, "SELECT sum(n) FROM product_tally");
    assert_eq!(tallied, real.values().sum::<i64>());
}

#[tokio::test]
async fn pages_follow_the_sort_under_any_filter_title_searches_included() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let shop: i64 = sql(&gw, |c| {
        c.query_row(
            "SELECT shop_id FROM product GROUP BY shop_id ORDER BY count(*) DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
    });
    for (q, wher, order) in [
        (
            json!({"title": "套", "status": "onSale", "sortField": "priceMin",
                   "sortOrder": "descend", "pageSize": 10, "page": 2}),
            format!("title LIKE '%套%' AND {BUYABLE}"),
            "price_min DESC, id DESC",
        ),
        (
            json!({"title": "套", "priceMax": 100_000, "sortField": "stock", "pageSize": 10,
                   "page": 3}),
            "title LIKE '%套%' AND price_min <= 100000".to_owned(),
            "stock ASC, id ASC",
        ),
        (
            json!({"title": "套", "pageSize": 10}),
            "title LIKE '%套%'".to_owned(),
            "created_at DESC, id DESC",
        ),
        (
            json!({"title": "套", "sortField": "id", "sortOrder": "desc", "pageSize": 10}),
            "title LIKE '%套%'".to_owned(),
            "id DESC, id DESC",
        ),
        (
            json!({"shopId": shop, "sortField": "updatedAt", "pageSize": 10}),
            format!("shop_id = {shop}"),
            "updated_at ASC, id ASC",
        ),
        (
            json!({"priceMin": 5_000, "priceMax": 80_000, "status": "offSale",
                   "sortField": "createdAt", "sortOrder": "asc", "pageSize": 10, "page": 2}),
            "price_min BETWEEN 5000 AND 80000 AND status = 'offSale'".to_owned(),
            "created_at ASC, id ASC",
        ),
    ] {
        let page = q["page"].as_i64().unwrap_or(1);
        let (want, total): (Vec<i64>, i64) = sql(&gw, |c| {
            let ids = c
                .prepare(&format!(
                    "SELECT id FROM product WHERE {wher} ORDER BY {order} LIMIT 10 OFFSET {}",
                    (page - 1) * 10
                ))?
                .query_map([], |r| r.get(0))?
                .collect::<Result<Vec<i64>, _>>()?;
            let total = c.query_row(
                &format!("SELECT count(*) FROM product WHERE {wher}"),
                [],
                |r| r.get(0),
            )?;
            Ok((ids, total))
        });
        assert!(total > 10 * page, "{q}: the seed has enough rows ({total})");
        let got = gw.get(LIST, &admin, q.clone()).await.ok();
        assert_eq!(got["total"], total, "{q}");
        let ids: Vec<i64> = got["list"]
            .as_array()
            .expect("list")
            .iter()
            .map(|r| r["id"].as_i64().expect("id"))
            .collect();
        assert_eq!(ids, want, "{q}");
    }
}

#[tokio::test]
async fn a_frozen_shops_products_are_held_from_sale_and_return_when_it_reopens() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let (shop, on_sale): (i64, i64) = sql(&gw, |c| {
        c.query_row(
            "SELECT p.shop_id, count(*) FROM product p JOIN shop s ON s.id = p.shop_id
             WHERE s.status = 'active' AND p.status = 'onSale'
             GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    });
    assert!(on_sale > 0);
    let (tab, all, home, mine) = on_sale_figures(&gw, &admin, shop).await;
    assert_eq!(mine, on_sale);

    set_shop_status(&gw, &admin, shop, "frozen").await;
    // Out of 在售 everywhere buyers' figures are read; still in 全部, its own state kept.
    assert_eq!(
        on_sale_figures(&gw, &admin, shop).await,
        (tab - on_sale, all, home - on_sale, 0)
    );
    let held = gw
        .get(LIST, &admin, json!({"shopId": shop, "pageSize": 100}))
        .await
        .ok();
    let rows = held["list"].as_array().expect("list");
    assert!(rows.iter().all(|r| r["shopStatus"] == "frozen"), "{held}");
    assert_eq!(
        rows.iter().filter(|r| r["status"] == "onSale").count() as i64,
        on_sale
    );
    // A title search counts them out the same way (the search index's own buckets).
    let title: String = sql(&gw, |c| {
        c.query_row(
            "SELECT title FROM product WHERE shop_id = ?1 AND status = 'onSale' LIMIT 1",
            [shop],
            |r| r.get(0),
        )
    });
    let searched = gw.get(LIST, &admin, json!({"title": title})).await.ok();
    let real: i64 = sql(&gw, |c| {
        c.query_row(
            &format!(
                "SELECT count(*) FROM product WHERE title LIKE '%' || ?1 || '%' AND {BUYABLE}"
            ),
            [&title],
            |r| r.get(0),
        )
    });
    assert_eq!(searched["counts"]["onSale"], real);

    set_shop_status(&gw, &admin, shop, "active").await;
    assert_eq!(
        on_sale_figures(&gw, &admin, shop).await,
        (tab, all, home, on_sale)
    );
    let tallied: i64 = sql(&gw, |c| {
        c.query_row("SELECT sum(n) FROM product_tally", [], |r| r.get(0))
    });
    assert_eq!(tallied, all);
}

/// 在售's tab count, 全部's, 首页's 在售商品, and shop `shop`'s rows in the 在售 tab.
async fn on_sale_figures(gw: &Gw, admin: &str, shop: i64) -> (i64, i64, i64, i64) {
    let all = gw.get(LIST, admin, json!({})).await.ok();
    let home = gw
        .get("mtop.admin.dashboard.stats", admin, json!({}))
        .await
        .ok();
    let mine = gw
        .get(LIST, admin, json!({"shopId": shop, "status": "onSale"}))
        .await
        .ok();
    (
        all["counts"]["onSale"].as_i64().unwrap_or(-1),
        all["counts"]["all"].as_i64().unwrap_or(-1),
        home["productsOnSale"].as_i64().unwrap_or(-1),
        mine["total"].as_i64().unwrap_or(-1),
    )
}

async fn set_shop_status(gw: &Gw, admin: &str, shop: i64, status: &str) {
    let v: i64 = sql(gw, |c| {
        c.query_row("SELECT version FROM shop WHERE id = ?1", [shop], |r| {
            r.get(0)
        })
    });
    gw.post(
        "mtop.admin.shop.setStatus",
        admin,
        json!({"id": shop, "version": v, "status": status, "reasonCode": "complaints"}),
    )
    .await
    .ok();
}
