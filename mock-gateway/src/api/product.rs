//! 商品管理: the product list (filters, tab counts, sorts), a product's detail, and bulk moves of
//! its sale status.

use std::collections::HashMap;

use core_wasm::lifecycle::{Entity, Refusal};
use core_wasm::ops::product::{
    Detail, List, ProductCounts, ProductDetail, ProductListParams, ProductPage, ProductRow,
    ProductStatusParams, SetStatus,
};
use core_wasm::ops::{BulkItem, BulkResults, IdParams};
use core_wasm::validate::FieldError;
use rusqlite::types::Value as Sql;
use rusqlite::{Connection, OptionalExtension, params, params_from_iter};

use crate::error::AppError;
use crate::files::signed_url;
use crate::kit::moves::{self, GivenReason, check_move, check_reason};
use crate::kit::write::record;
use crate::kit::{Ctx, Operation, Paging, required};
use crate::store::{categories, like_contains, products};

/// The most products one `setStatus` moves.
pub const MAX_BULK: usize = 100;

/// Sortable columns: `sortField` wire name → SQL column. Without one: newest first.
const SORTS: [(&str, &str); 5] = [
    ("id", "id"),
    ("priceMin", "price_min"),
    ("stock", "stock"),
    ("createdAt", "created_at"),
    ("updatedAt", "updated_at"),
];

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Detail>(detail),
        Operation::typed::<SetStatus>(set_status),
    ]
}

/// The `WHERE` of a list: clauses with their bound values.
#[derive(Debug, Default, Clone)]
struct Where {
    clauses: Vec<String>,
    args: Vec<Sql>,
}

impl Where {
    fn push(&mut self, clause: String, args: impl IntoIterator<Item = Sql>) {
        self.clauses.push(clause);
        self.args.extend(args);
    }

    fn sql(&self) -> String {
        if self.clauses.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", self.clauses.join(" AND "))
        }
    }
}

/// `product.list`'s params, checked.
struct Query {
    paging: Paging,
    status: Option<String>,
    /// The sort column (`created_at` by default).
    column: &'static str,
    /// Descending (the default without a sort column: newest first).
    desc: bool,
}

impl Query {
    /// `ORDER BY` text: the column, then the id, in one direction.
    fn order(&self) -> String {
        let dir = if self.desc { "DESC" } else { "ASC" };
        format!("{} {dir}, id {dir}", self.column)
    }
}

fn check(p: &ProductListParams) -> Result<Query, AppError> {
    let mut errors = Vec::new();
    let paging = Paging::read(p.page, p.page_size, &mut errors);
    let status = p.status.as_deref().map(str::trim).filter(|s| !s.is_empty());
    if let Some(s) = status {
        if Entity::Product.lifecycle().state(s).is_none() {
            let refusal = Refusal::UnknownState(s.to_owned());
            errors.push(FieldError::new("status", refusal.message(Entity::Product)));
        }
    }
    for (field, label, value) in [
        ("priceMin", "最低价", p.price_min),
        ("priceMax", "最高价", p.price_max),
    ] {
        if value.is_some_and(|v| v < 0) {
            errors.push(FieldError::new(field, format!("{label}不能为负数")));
        }
    }
    if let (Some(lo), Some(hi)) = (p.price_min, p.price_max) {
        if lo > hi {
            errors.push(FieldError::new("priceMin", "最低价不能高于最高价"));
        }
    }
    let column = match p.sort_field.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(field) => match SORTS.iter().find(|(wire, _)| *wire == field) {
            Some((_, column)) => Some(*column),
            None => {
                let names: Vec<&str> = SORTS.iter().map(|(wire, _)| *wire).collect();
                errors.push(FieldError::new(
                    "sortField",
                    format!("sortField 须为 {}", names.join("、")),
                ));
                None
            }
        },
    };
    let dir = match p.sort_order.as_deref().map(str::trim) {
        None | Some("") => None,
        Some("asc" | "ascend") => Some("ASC"),
        Some("desc" | "descend") => Some("DESC"),
        Some(_) => {
            errors.push(FieldError::new(
                "sortOrder",
                "sortOrder 须为 asc、desc、ascend 或 descend",
            ));
            None
        }
    };
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    Ok(Query {
        paging,
        status: status.map(str::to_owned),
        column: column.unwrap_or("created_at"),
        desc: match (column, dir) {
            (_, Some(dir)) => dir == "DESC",
            (Some(_), None) => false,
            (None, None) => true,
        },
    })
}

/// `product.list`: filters title (part of), shop, category (with its descendants: resolved to ids
/// first, so the product index on category answers), status, and a range of the lowest price; the
/// tab counts under the same filters except the status.
fn list(ctx: &Ctx, p: ProductListParams) -> Result<ProductPage, AppError> {
    let q = check(&p)?;
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.state.store.read(|c| {
        // One snapshot: the counts, the total and the page agree even while writes commit.
        let snapshot = c.unchecked_transaction()?;
        let c: &Connection = &snapshot;
        let mut wher = Where::default();
        let title = p.title.as_deref().map(str::trim).filter(|t| !t.is_empty());
        if let Some(t) = title {
            wher.push(
                "title LIKE ? ESCAPE '\\'".into(),
                [Sql::Text(like_contains(t))],
            );
        }
        if let Some(shop) = p.shop_id {
            wher.push("shop_id = ?".into(), [Sql::Integer(shop)]);
        }
        let subtree = match p.category_id {
            Some(id) => Some(categories::with_descendants(&categories::all(c)?, id)),
            None => None,
        };
        if let Some(ids) = &subtree {
            let marks = vec!["?"; ids.len()].join(", ");
            wher.push(
                format!("category_id IN ({marks})"),
                ids.iter().map(|&id| Sql::Integer(id)),
            );
        }
        if let Some(lo) = p.price_min {
            wher.push("price_min >= ?".into(), [Sql::Integer(lo)]);
        }
        if let Some(hi) = p.price_max {
            wher.push("price_min <= ?".into(), [Sql::Integer(hi)]);
        }
        // A title substring without a shop or a category (whose indexes narrow first) is read
        // in one scan of the title index, which holds the status and every sort column: the
        // counts and the page come from its matches. Any index order would be walked row by
        // row until twenty titles match (seconds for a rare word at a million products).
        let by_title = title.is_some() && p.shop_id.is_none() && subtree.is_none();
        let (by_status, page_ids) = if by_title {
            let matches = title_matches(c, &wher, q.column)?;
            let mut by_status: HashMap<String, i64> = HashMap::new();
            for (_, status, _) in &matches {
                *by_status.entry(status.clone()).or_default() += 1;
            }
            let mut chosen: Vec<(i64, i64)> = matches
                .into_iter()
                .filter(|(_, status, _)| q.status.as_ref().is_none_or(|s| s == status))
                .map(|(id, _, key)| (key, id))
                .collect();
            chosen.sort_unstable();
            if q.desc {
                chosen.reverse();
            }
            let page: Vec<i64> = chosen
                .iter()
                .skip(usize::try_from(q.paging.offset()).unwrap_or(usize::MAX))
                .take(usize::try_from(q.paging.page_size).unwrap_or(0))
                .map(|(_, id)| *id)
                .collect();
            (by_status, Some(page))
        } else if title.is_none()
            && p.shop_id.is_none()
            && p.price_min.is_none()
            && p.price_max.is_none()
        {
            // No filter but the category: the tally answers the counts.
            (products::tally(c, subtree.as_deref())?, None)
        } else {
            (count_by_status(c, &wher)?, None)
        };
        let mut counts = ProductCounts::default();
        for (status, n) in &by_status {
            products::add_count(&mut counts, status, *n);
        }
        let total = match &q.status {
            Some(s) => by_status.get(s).copied().unwrap_or(0),
            None => counts.all,
        };
        if let Some(s) = &q.status {
            wher.push("status = ?".into(), [Sql::Text(s.clone())]);
        }
        let ids = match page_ids {
            Some(ids) => ids,
            None if total == 0 || q.paging.offset() >= total => Vec::new(),
            None => {
                // The page's ids first (from the indexes alone where they cover the filters and
                // the sort), then the rows of those ids: names and covers are looked up for 20
                // rows, not for every row the sorter sees. Two statements, so the planner cannot
                // answer an outer order by walking an index over every product.
                let sql = format!(
                    "SELECT id FROM product {} ORDER BY {} LIMIT ? OFFSET ?",
                    wher.sql(),
                    q.order()
                );
                let mut args = wher.args;
                args.push(Sql::Integer(q.paging.page_size));
                args.push(Sql::Integer(q.paging.offset()));
                c.prepare_cached(&sql)?
                    .query_map(params_from_iter(args), |r| r.get::<_, i64>(0))?
                    .collect::<Result<Vec<_>, _>>()?
            }
        };
        let list = if ids.is_empty() {
            Vec::new()
        } else {
            let sql = format!(
                "SELECT {} FROM product WHERE id IN ({})",
                products::COLUMNS,
                vec!["?"; ids.len()].join(", ")
            );
            let mut rows: HashMap<i64, ProductRow> = c
                .prepare_cached(&sql)?
                .query_map(params_from_iter(ids.iter()), |r| products::row(r, &sign))?
                .map(|row| row.map(|p| (p.id, p)))
                .collect::<Result<_, _>>()?;
            // Put back in the page's order.
            ids.iter().filter_map(|id| rows.remove(id)).collect()
        };
        Ok(ProductPage {
            list,
            total,
            page: q.paging.page,
            page_size: q.paging.page_size,
            counts,
        })
    })
}

fn count_by_status(c: &Connection, wher: &Where) -> Result<HashMap<String, i64>, AppError> {
    let sql = format!(
        "SELECT status, count(*) FROM product {} GROUP BY status",
        wher.sql()
    );
    let mut stmt = c.prepare_cached(&sql)?;
    let rows = stmt.query_map(params_from_iter(wher.args.iter()), |r| {
        Ok((r.get(0)?, r.get(1)?))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Every product matching `wher` (a title substring, perhaps a price range) as (id, status, the
/// sort column's value), from one scan of the title index.
fn title_matches(
    c: &Connection,
    wher: &Where,
    column: &str,
) -> Result<Vec<(i64, String, i64)>, AppError> {
    let sql = format!(
        "SELECT id, status, {column} FROM product INDEXED BY product_title_cover {}",
        wher.sql()
    );
    let mut stmt = c.prepare_cached(&sql)?;
    let rows = stmt.query_map(params_from_iter(wher.args.iter()), |r| {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
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
        let shop_status: String = c
            .prepare_cached("SELECT status FROM shop WHERE id = ?1")?
            .query_row([product.shop_id], |r| r.get(0))
            .optional()?
            .unwrap_or_default();
        Ok(ProductDetail {
            images: images.iter().map(|k| sign(k)).collect(),
            product,
            description,
            category_path,
            shop_status,
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
        let found: Option<(String, String, String, String)> = tx
            .prepare_cached(
                "SELECT p.status, p.title, coalesce(s.status, ''), coalesce(s.name, '')
                 FROM product p LEFT JOIN shop s ON s.id = p.shop_id WHERE p.id = ?1",
            )?
            .query_row([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .optional()?;
        let (from, title, shop_status, shop_name) = found.ok_or(AppError::NotFound)?;
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
        let changed = tx
            .prepare_cached(
                "UPDATE product SET status = ?1, version = version + 1, updated_at = ?2
                 WHERE id = ?3 AND status = ?4",
            )?
            .execute(params![to, ctx.now, id, from])?;
        if changed != 1 {
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
