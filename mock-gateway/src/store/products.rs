//! 商品 (`product`): the list row; images are a JSON array of file keys, in display order.

use core_wasm::lifecycle::Entity;
use core_wasm::ops::product::{ProductCounts, ProductRow};
use std::collections::HashMap;

use rusqlite::types::Value as Sql;
use rusqlite::{Connection, OptionalExtension, Row, params, params_from_iter};

use super::search::HELD;
use super::{Sign, Where};
use crate::error::AppError;

/// The table.
pub const TABLE: &str = "product";

/// The shop states that hold a product from sale, as the core declares them
/// (`Lifecycle::held`); migration 15's triggers spell the same list.
pub const HELD_BY: HeldBy = HeldBy;

/// See [`HELD_BY`].
pub struct HeldBy;

impl HeldBy {
    /// `('frozen', 'closed')`.
    pub fn sql(&self) -> String {
        let states: Vec<String> = Entity::Product
            .lifecycle()
            .holding_shop_states()
            .map(|s| format!("'{s}'"))
            .collect();
        format!("({})", states.join(", "))
    }
}

/// The columns [`row`] reads (select them `FROM product`).
pub const COLUMNS: &str = "id, title, shop_id,
    coalesce((SELECT name FROM shop WHERE shop.id = product.shop_id), ''),
    coalesce((SELECT status FROM shop WHERE shop.id = product.shop_id), ''),
    category_id,
    coalesce((SELECT name FROM category WHERE category.id = product.category_id), ''),
    json_extract(images, '$[0]'),
    price_min, price_max, unit, moq, stock, status, created_at, updated_at, version";

/// Reads a row selected with [`COLUMNS`]; the first image's key becomes a signed URL.
pub fn row(r: &Row<'_>, sign: Sign<'_>) -> rusqlite::Result<ProductRow> {
    let cover: Option<String> = r.get(7)?;
    Ok(ProductRow {
        id: r.get(0)?,
        title: r.get(1)?,
        shop_id: r.get(2)?,
        shop_name: r.get(3)?,
        shop_status: r.get(4)?,
        category_id: r.get(5)?,
        category_name: r.get(6)?,
        cover_url: cover.filter(|k| !k.is_empty()).map(|k| sign(&k)),
        price_min: r.get(8)?,
        price_max: r.get(9)?,
        unit: r.get(10)?,
        moq: r.get(11)?,
        stock: r.get(12)?,
        status: r.get(13)?,
        created_at: r.get(14)?,
        updated_at: r.get(15)?,
        version: r.get(16)?,
    })
}

/// A product by id.
pub fn get(conn: &Connection, id: i64, sign: Sign<'_>) -> Result<Option<ProductRow>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM product WHERE id = ?1");
    Ok(conn
        .prepare_cached(&sql)?
        .query_row([id], |r| row(r, sign))
        .optional()?)
}

/// A product's image keys and description.
pub fn images_and_description(
    conn: &Connection,
    id: i64,
) -> Result<Option<(Vec<String>, String)>, AppError> {
    let found: Option<(String, String)> = conn
        .prepare_cached("SELECT images, description FROM product WHERE id = ?1")?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    Ok(found.map(|(images, description)| {
        (
            serde_json::from_str(&images).unwrap_or_default(),
            description,
        )
    }))
}

/// A product's state and version.
pub fn state_of(conn: &Connection, id: i64) -> Result<Option<(String, i64)>, AppError> {
    Ok(conn
        .prepare_cached("SELECT status, version FROM product WHERE id = ?1")?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

/// Adds one status's count to the tabs.
pub fn add_count(counts: &mut ProductCounts, status: &str, n: i64) {
    counts.all += n;
    match status {
        "onSale" => counts.on_sale += n,
        "offSale" => counts.off_sale += n,
        "violation" => counts.violation += n,
        "draft" => counts.draft += n,
        // `HELD`: on sale in a shop that holds it, not for sale to buyers: in 全部 only.
        _ => {}
    }
}

/// Products per status, from the trigger-kept tally: all of them, or those in `categories`.
pub fn tally(
    conn: &Connection,
    categories: Option<&[i64]>,
) -> Result<HashMap<String, i64>, AppError> {
    let (sql, args): (String, Vec<Sql>) = match categories {
        None => (
            "SELECT status, sum(n) FROM product_tally GROUP BY status".to_owned(),
            Vec::new(),
        ),
        Some(ids) => (
            format!(
                "SELECT status, sum(n) FROM product_tally WHERE category_id IN ({}) GROUP BY status",
                vec!["?"; ids.len()].join(", ")
            ),
            ids.iter().map(|&id| Sql::Integer(id)).collect(),
        ),
    };
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt.query_map(params_from_iter(args), |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A shop's newest `limit` products.
pub fn latest_of_shop(
    conn: &Connection,
    shop_id: i64,
    limit: i64,
    sign: Sign<'_>,
) -> Result<Vec<ProductRow>, AppError> {
    super::latest(conn, (TABLE, COLUMNS, "shop_id"), shop_id, limit, |r| {
        row(r, sign)
    })
}

/// Products per status under `wher`.
pub fn count_by_status(c: &Connection, wher: &Where) -> Result<HashMap<String, i64>, AppError> {
    let sql = format!(
        "SELECT CASE WHEN status = 'onSale' AND shop_held THEN '{HELD}' ELSE status END, count(*)
         FROM product {} GROUP BY 1",
        wher.sql()
    );
    let mut stmt = c.prepare_cached(&sql)?;
    let rows = stmt.query_map(params_from_iter(wher.args.iter()), |r| {
        Ok((r.get(0)?, r.get(1)?))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The ids of one page of the products matching `wher` in `order` (from the indexes alone where
/// they cover the filters and the sort).
pub fn page_ids(
    c: &Connection,
    wher: &Where,
    order: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<i64>, AppError> {
    super::search::page_ids(c, TABLE, wher, order, limit, offset)
}

/// The rows of `ids`, in the order of `ids` (an id not found is left out).
pub fn in_order(c: &Connection, ids: &[i64], sign: Sign<'_>) -> Result<Vec<ProductRow>, AppError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT {COLUMNS} FROM product WHERE id IN ({})",
        vec!["?"; ids.len()].join(", ")
    );
    let mut rows: HashMap<i64, ProductRow> = c
        .prepare_cached(&sql)?
        .query_map(params_from_iter(ids.iter()), |r| row(r, sign))?
        .map(|row| row.map(|p| (p.id, p)))
        .collect::<Result<_, _>>()?;
    Ok(ids.iter().filter_map(|id| rows.remove(id)).collect())
}

/// What a product's move checks: its status and title, its shop's status and name (empty when
/// the shop is gone).
pub fn with_shop(
    c: &Connection,
    id: i64,
) -> Result<Option<(String, String, String, String)>, AppError> {
    Ok(c.prepare_cached(
        "SELECT p.status, p.title, coalesce(s.status, ''), coalesce(s.name, '')
         FROM product p LEFT JOIN shop s ON s.id = p.shop_id WHERE p.id = ?1",
    )?
    .query_row([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
    .optional()?)
}

/// Moves product `id` from `from` to `to` at `now` (a new version); whether it was still `from`.
pub fn set_status(
    c: &Connection,
    id: i64,
    from: &str,
    to: &str,
    now: i64,
) -> Result<bool, AppError> {
    let changed = c
        .prepare_cached(
            "UPDATE product SET status = ?1, version = version + 1, updated_at = ?2
             WHERE id = ?3 AND status = ?4",
        )?
        .execute(params![to, now, id, from])?;
    Ok(changed == 1)
}

/// The query plan of [`page_ids`] (each step's detail), for the tests that keep the list's filters
/// on their indexes.
#[cfg(test)]
pub fn page_plan(c: &Connection, wher: &Where, order: &str) -> Result<Vec<String>, AppError> {
    let sql = format!(
        "EXPLAIN QUERY PLAN SELECT id FROM product {} ORDER BY {order} LIMIT 20 OFFSET 0",
        wher.sql()
    );
    Ok(c.prepare(&sql)?
        .query_map(params_from_iter(wher.args.iter()), |r| r.get(3))?
        .collect::<Result<Vec<_>, _>>()?)
}
