//! 商品 (`product`): the list row; images are a JSON array of file keys, in display order.

use core_wasm::ops::product::{ProductCounts, ProductRow};
use std::collections::HashMap;

use rusqlite::types::Value as Sql;
use rusqlite::{Connection, OptionalExtension, Row, params_from_iter};

use super::Sign;
use crate::error::AppError;

/// The table.
pub const TABLE: &str = "product";

/// The columns [`row`] reads (select them `FROM product`).
pub const COLUMNS: &str = "id, title, shop_id,
    coalesce((SELECT name FROM shop WHERE shop.id = product.shop_id), ''),
    category_id,
    coalesce((SELECT name FROM category WHERE category.id = product.category_id), ''),
    json_extract(images, '$[0]'),
    price_min, price_max, unit, moq, stock, status, created_at, updated_at, version";

/// Reads a row selected with [`COLUMNS`]; the first image's key becomes a signed URL.
pub fn row(r: &Row<'_>, sign: Sign<'_>) -> rusqlite::Result<ProductRow> {
    let cover: Option<String> = r.get(6)?;
    Ok(ProductRow {
        id: r.get(0)?,
        title: r.get(1)?,
        shop_id: r.get(2)?,
        shop_name: r.get(3)?,
        category_id: r.get(4)?,
        category_name: r.get(5)?,
        cover_url: cover.filter(|k| !k.is_empty()).map(|k| sign(&k)),
        price_min: r.get(7)?,
        price_max: r.get(8)?,
        unit: r.get(9)?,
        moq: r.get(10)?,
        stock: r.get(11)?,
        status: r.get(12)?,
        created_at: r.get(13)?,
        updated_at: r.get(14)?,
        version: r.get(15)?,
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

/// Adds one status's count to the tabs (`draft` counts only in 全部).
pub fn add_count(counts: &mut ProductCounts, status: &str, n: i64) {
    counts.all += n;
    match status {
        "onSale" => counts.on_sale += n,
        "offSale" => counts.off_sale += n,
        "violation" => counts.violation += n,
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
