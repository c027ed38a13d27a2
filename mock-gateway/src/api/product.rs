//! 商品管理: the product list (filters, tab counts, sorts), a product's detail, and bulk moves of
//! its sale status.

use core_wasm::lifecycle::{Entity, Refusal};
use core_wasm::ops::product::{
    Detail, List, ProductCounts, ProductDetail, ProductListParams, ProductPage,
    ProductStatusParams, SetStatus,
};
use core_wasm::ops::{BulkItem, BulkResults, IdParams};
use core_wasm::validate::FieldError;
use rusqlite::Connection;
use rusqlite::types::Value as Sql;

use crate::error::AppError;
use crate::files::signed_url;
use crate::kit::list::{Query, query};
use crate::kit::moves::{self, GivenReason, check_move, check_reason};
use crate::kit::write::record;
use crate::kit::{Ctx, Filter, ListSpec, Operation, Order, required};
use crate::store::search::{self, Needle};
use crate::store::{Sign, Where, categories, products, snapshot};

/// The most products one `setStatus` moves.
pub const MAX_BULK: usize = 100;

/// `product.list`: title (part of), shop, category (with its descendants: resolved to ids first,
/// so the product index on category answers), status, and a range of the lowest price; newest
/// first unless sorted. The status comes first so its refusal is named first.
pub const LIST: ListSpec = ListSpec {
    table: products::TABLE,
    columns: products::COLUMNS,
    filters: &[
        Filter::State(STATUS, "status", Entity::Product),
        Filter::Amounts {
            from: ("priceMin", "最低价"),
            to: ("priceMax", "最高价"),
            column: "price_min",
        },
        Filter::Contains(TITLE, &["title"]),
        Filter::Exact(SHOP, "shop_id"),
        Filter::Subtree(CATEGORY, "category_id", categories::subtree),
    ],
    sorts: &[
        ("id", "id"),
        ("priceMin", "price_min"),
        ("stock", "stock"),
        ("createdAt", "created_at"),
        ("updatedAt", "updated_at"),
    ],
    order: Order::ByDesc("createdAt"),
};

/// The filters' params the list's plan depends on.
const STATUS: &str = "status";
const TITLE: &str = "title";
const SHOP: &str = "shopId";
const CATEGORY: &str = "categoryId";

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Detail>(detail),
        Operation::typed::<SetStatus>(set_status),
    ]
}

/// `product.list`: [`LIST`]'s page, and the tab counts under the same filters except the status.
fn list(ctx: &Ctx, p: ProductListParams) -> Result<ProductPage, AppError> {
    let sign = |key: &str| signed_url(&ctx.state, key);
    // One snapshot: the counts, the total and the page agree even while writes commit.
    ctx.state
        .store
        .read(|c| snapshot(c, |c| page_of(c, &p, &sign)))
}

fn page_of(c: &Connection, p: &ProductListParams, sign: Sign<'_>) -> Result<ProductPage, AppError> {
    let q = query(c, &LIST, p)?;
    let status: Option<String> = match q.values(STATUS) {
        Some([Sql::Text(s)]) => Some(s.clone()),
        _ => None,
    };
    let subtree: Option<Vec<i64>> = q.values(CATEGORY).map(|ids| {
        ids.iter()
            .filter_map(|v| match v {
                Sql::Integer(id) => Some(*id),
                _ => None,
            })
            .collect()
    });
    let prices = q.has("priceMin") || q.has("priceMax");
    // A title without a shop or a category (whose indexes narrow first; the title then filters
    // their few rows) is answered by the search index: counts and page without reading every
    // title (seconds at a million products).
    let needle = match (&p.title, q.has(SHOP) || subtree.is_some()) {
        (Some(title), false) => Needle::new(title.trim()),
        _ => None,
    };
    let mut found = search::Found::default();
    let by_status = if let Some(needle) = &needle {
        found = search::find(c, &search::PRODUCT_TITLE, needle)?;
        if prices {
            // The index holds no prices: count the matches in the range.
            let mut wher = q.filters_except(&[STATUS, TITLE]);
            let rows = tab_rows(c, None)?;
            let (clause, args) =
                search::membership(c, &search::PRODUCT_TITLE, needle, &found, rows)?;
            wher.push(clause, args);
            products::count_by_status(c, &wher)?
        } else {
            search::named(&found.buckets, &search::PRODUCT_BUCKETS)
        }
    } else if !q.has(TITLE) && !q.has(SHOP) && !prices {
        // No filter but the category: the tally answers the counts.
        products::tally(c, subtree.as_deref())?
    } else {
        products::count_by_status(c, &q.filters_except(&[STATUS]))?
    };
    let mut counts = ProductCounts::default();
    for (status, n) in &by_status {
        products::add_count(&mut counts, status, *n);
    }
    let total = match &status {
        Some(s) => by_status.get(s).copied().unwrap_or(0),
        None => counts.all,
    };
    let (offset, size) = (q.paging.offset(), q.paging.page_size);
    // The page's ids first (from the indexes alone where they cover the filters and the sort),
    // then the rows of those ids: names and covers are looked up for 20 rows, not for every row
    // the sorter sees. Two statements, so the planner cannot answer an outer order by walking an
    // index over every product.
    let ids = if total == 0 || offset >= total {
        Vec::new()
    } else if let Some(needle) = &needle {
        let sizes = search::Sizes {
            total,
            rows: tab_rows(c, status.as_deref())?,
        };
        let others = rows_under(&q, status.as_deref(), &[TITLE]);
        search::page(
            c,
            &search::PRODUCT_TITLE,
            needle,
            &found,
            &others,
            q.order(),
            offset,
            size,
            sizes,
        )?
    } else {
        products::page_ids(
            c,
            &rows_under(&q, status.as_deref(), &[]),
            q.order(),
            size,
            offset,
        )?
    };
    Ok(ProductPage {
        list: products::in_order(c, &ids, sign)?,
        total,
        page: q.paging.page,
        page_size: q.paging.page_size,
        counts,
    })
}

/// The filters of the page's rows but `except`: 在售 is what buyers can buy, so a product its
/// shop holds from sale is not among them (its tab count leaves it out too).
fn rows_under(q: &Query, status: Option<&str>, except: &[&str]) -> Where {
    let mut wher = q.filters_except(except);
    if status == Some("onSale") {
        wher.push("shop_held = 0".to_owned(), []);
    }
    wher
}

/// The products in the status tab (all of them without one), from the tally.
fn tab_rows(c: &Connection, status: Option<&str>) -> Result<i64, AppError> {
    let by_status = products::tally(c, None)?;
    Ok(match status {
        Some(s) => by_status.get(s).copied().unwrap_or(0),
        None => by_status.values().sum(),
    })
}

/// `product.detail`: the row, every image as a signed URL, the description, the category's path
/// from the root and the shop's state.
fn detail(ctx: &Ctx, p: IdParams) -> Result<ProductDetail, AppError> {
    let id = required(p.id, "id")?;
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.state.store.read(|c| {
        let product = products::get(c, id, &sign)?.ok_or(AppError::NotFound)?;
        let (images, description) =
            products::images_and_description(c, id)?.ok_or(AppError::NotFound)?;
        let category_path = categories::path(&categories::all(c)?, product.category_id);
        Ok(ProductDetail {
            images: images.iter().map(|k| sign(k)).collect(),
            product,
            description,
            category_path,
        })
    })
}

/// What became of one product of a bulk move.
enum Outcome {
    Moved,
    Already(String),
}

/// `product.setStatus {ids, status, reasonCode?, reason?}`: each product moves on its own, in its
/// own transaction (one audit row and one timeline row per product moved); the answer has one
/// result per id, in the order given. A product already there is skipped (ok, not an error); a
/// move the lifecycle refuses, an unknown id or a shop that is not open fails that product only.
/// A reason the target state needs is checked once, before any product is touched: missing or
/// unknown, the whole call is `param_invalid` at the field.
fn set_status(ctx: &Ctx, p: ProductStatusParams) -> Result<BulkResults, AppError> {
    let mut errors = Vec::new();
    let ids = p.ids.clone().unwrap_or_default();
    if ids.is_empty() || ids.len() > MAX_BULK {
        errors.push(FieldError::new(
            "ids",
            format!("请选择 1 到 {MAX_BULK} 件商品"),
        ));
    }
    let to = p.status.as_deref().map(str::trim).unwrap_or_default();
    if to.is_empty() {
        errors.push(FieldError::new("status", "缺少参数 status"));
    } else if Entity::Product.lifecycle().state(to).is_none() {
        let refusal = Refusal::UnknownState(to.to_owned());
        errors.push(FieldError::new("status", refusal.message(Entity::Product)));
    }
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let given = GivenReason::new(p.reason_code.as_deref(), p.reason.as_deref());
    // Every way into `to` that asks for a reason asks the same (violation: product_violation).
    let needs_reason = Entity::Product
        .lifecycle()
        .transitions
        .iter()
        .find(|t| t.to == to && t.reason);
    if let Some(t) = needs_reason {
        ctx.state.store.read(|c| check_reason(c, t, given))?;
    }
    let results = ids
        .iter()
        .map(|&id| match move_one(ctx, id, to, given) {
            Ok(Outcome::Moved) => BulkItem {
                id,
                ok: true,
                skipped: false,
                code: None,
                msg: None,
            },
            Ok(Outcome::Already(label)) => BulkItem {
                id,
                ok: true,
                skipped: true,
                code: None,
                msg: Some(format!("已是「{label}」")),
            },
            Err(e) => {
                if let AppError::Internal(detail) = &e {
                    tracing::error!(%detail, id, "a product's move failed");
                }
                BulkItem {
                    id,
                    ok: false,
                    skipped: false,
                    code: Some(e.code().as_str().to_owned()),
                    msg: Some(e.msg()),
                }
            }
        })
        .collect();
    Ok(BulkResults { results })
}

/// Moves one product to `to` in its own transaction, with its timeline and audit rows.
fn move_one(ctx: &Ctx, id: i64, to: &str, given: GivenReason<'_>) -> Result<Outcome, AppError> {
    let caller = ctx.caller()?;
    let life = Entity::Product.lifecycle();
    ctx.state.store.write(|tx| {
        let (from, title, shop_status, shop_name) =
            products::with_shop(tx, id)?.ok_or(AppError::NotFound)?;
        let Some(mv) = check_move(tx, Entity::Product, ctx.api, "status", &from, to, given)? else {
            return Ok(Outcome::Already(life.label(to).to_owned()));
        };
        // A product goes on sale only in an open shop.
        if to == "onSale" && shop_status != "active" {
            return Err(AppError::StateInvalid(format!(
                "店铺「{shop_name}」{}，商品不能上架",
                Entity::Shop.lifecycle().label(&shop_status)
            )));
        }
        if !products::set_status(tx, id, &from, to, ctx.now)? {
            // Unreachable under the one writer; refuse rather than record a move not made.
            return Err(AppError::Conflict);
        }
        moves::record(tx, ctx, Entity::Product, id, &mv)?;
        let summary = format!(
            "商品「{title}」{}：{} → {}",
            moves::describe(&mv),
            life.label(&from),
            life.label(to)
        );
        record(
            tx,
            ctx,
            Some(caller.id),
            &caller.username,
            Some(id),
            &summary,
        )?;
        Ok(Outcome::Moved)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::HashCost;
    use crate::store::{demo, migrations, seed};
    use serde_json::json;

    /// Each filter of [`LIST`], as the kit writes it, reads the page by price through its own index
    /// (the bench at a million products relies on them), as the list's own `WHERE` builder did.
    #[test]
    fn each_filter_reads_its_page_through_its_index() -> Result<(), AppError> {
        let mut conn = Connection::open_in_memory()?;
        migrations::migrate(&mut conn)?;
        seed::load(&mut conn, HashCost::TEST, 1_772_416_800_000)?;
        demo::load(&mut conn, 1, 1_772_416_800_000)?;
        let by_price = json!({"sortField": "priceMin", "sortOrder": "desc"});
        for (filter, index) in [
            (json!({"status": "onSale"}), "product_status_price"),
            (json!({"categoryId": 1}), "product_category_price"),
            (json!({"priceMin": 100, "priceMax": 900}), "product_price"),
            (json!({"shopId": 3}), "product_shop_created"),
        ] {
            let mut params = by_price.clone();
            if let (Some(p), Some(f)) = (params.as_object_mut(), filter.as_object()) {
                p.extend(f.clone());
            }
            let q = query(&conn, &LIST, &params)?;
            let plan = products::page_plan(&conn, &q.filters_except(&[]), q.order())?;
            assert!(
                plan.iter().any(|step| step.contains(index)),
                "{filter}: {plan:?}"
            );
        }
        Ok(())
    }

    /// A title search answers what the list's `LIKE` answers — counts, total and page — in every
    /// tab, order and page, whichever way the search index finds the page.
    #[test]
    fn a_title_search_answers_as_like() -> Result<(), AppError> {
        let mut conn = Connection::open_in_memory()?;
        migrations::migrate(&mut conn)?;
        seed::load(&mut conn, HashCost::TEST, 1_772_416_800_000)?;
        demo::load(&mut conn, 1, 1_772_416_800_000)?;
        let sign = |key: &str| key.to_owned();
        for title in [
            "连衣裙",
            "螺丝",
            "钢",
            "不粘炒锅",
            "T",
            "logo",
            "%",
            "无此商品",
        ] {
            for extra in [
                json!({}),
                json!({"status": "onSale"}),
                json!({"status": "draft", "sortField": "priceMin", "sortOrder": "asc"}),
                json!({"sortField": "stock", "sortOrder": "desc", "page": 2, "pageSize": 10}),
                json!({"priceMin": 1000, "priceMax": 50000}),
            ] {
                let mut params = json!({ "title": title });
                if let (Some(p), Some(e)) = (params.as_object_mut(), extra.as_object()) {
                    p.extend(e.clone());
                }
                let got = page_of(
                    &conn,
                    &serde_json::from_value(params.clone()).map_err(AppError::internal)?,
                    &sign,
                )?;
                let q = query(&conn, &LIST, &params)?;
                let mut want = ProductCounts::default();
                for (status, n) in products::count_by_status(&conn, &q.filters_except(&[STATUS]))? {
                    products::add_count(&mut want, &status, n);
                }
                assert_eq!(got.counts, want, "{params}");
                let ids = products::page_ids(
                    &conn,
                    &rows_under(&q, params["status"].as_str(), &[]),
                    q.order(),
                    q.paging.page_size,
                    q.paging.offset(),
                )?;
                let got_ids: Vec<i64> = got.list.iter().map(|p| p.id).collect();
                assert_eq!(got_ids, ids, "{params}");
            }
        }
        Ok(())
    }
}
