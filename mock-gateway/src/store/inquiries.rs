//! 询价单 (`inquiry`): buyers' inquiries to shops.

use core_wasm::ops::inquiry::{InquiryQuote, InquiryRow};
use core_wasm::ops::{Page, PickItem};
use rusqlite::types::Value as Sql;
use rusqlite::{Connection, OptionalExtension, Row, params_from_iter};

use super::like_contains;
use super::related::PageAt;
use super::targets::PICK_LIMIT;
use crate::error::AppError;

/// The table.
pub const TABLE: &str = "inquiry";

/// The list's buyer filter, bound to a `LIKE` pattern of the nickname: the matching members
/// first, then their inquiries by index.
pub const BUYER_LIKE: &str =
    "buyer_member_id IN (SELECT id FROM member WHERE nickname LIKE ? ESCAPE '\\')";

/// The columns [`row`] reads (select them `FROM inquiry`).
pub const COLUMNS: &str = "id, buyer_member_id,
    coalesce((SELECT nickname FROM member WHERE member.id = inquiry.buyer_member_id), ''),
    shop_id,
    coalesce((SELECT name FROM shop WHERE shop.id = inquiry.shop_id), ''),
    product_id,
    coalesce((SELECT title FROM product WHERE product.id = inquiry.product_id), ''),
    quantity, expect_price, message, state, created_at, version,
    quote_unit_price, quote_quantity, quote_lead_days, quoted_at";

/// Reads a row selected with [`COLUMNS`].
pub fn row(r: &Row<'_>) -> rusqlite::Result<InquiryRow> {
    Ok(InquiryRow {
        id: r.get(0)?,
        buyer_member_id: r.get(1)?,
        buyer_nickname: r.get(2)?,
        shop_id: r.get(3)?,
        shop_name: r.get(4)?,
        product_id: r.get(5)?,
        product_title: r.get(6)?,
        quantity: r.get(7)?,
        expect_price: r.get(8)?,
        message: r.get(9)?,
        state: r.get(10)?,
        created_at: r.get(11)?,
        version: r.get(12)?,
        quote: quote(r, 13)?,
    })
}

/// The quote read from the four columns from `at` on: one when all four are set.
fn quote(r: &Row<'_>, at: usize) -> rusqlite::Result<Option<InquiryQuote>> {
    let unit_price: Option<i64> = r.get(at)?;
    let quantity: Option<i64> = r.get(at + 1)?;
    let lead_days: Option<i64> = r.get(at + 2)?;
    let quoted_at: Option<i64> = r.get(at + 3)?;
    Ok(match (unit_price, quantity, lead_days, quoted_at) {
        (Some(unit_price), Some(quantity), Some(lead_days), Some(quoted_at)) => {
            Some(InquiryQuote {
                unit_price,
                quantity,
                lead_days,
                quoted_at,
            })
        }
        _ => None,
    })
}

/// An inquiry by id.
pub fn get(conn: &Connection, id: i64) -> Result<Option<InquiryRow>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM inquiry WHERE id = ?1");
    Ok(conn.prepare_cached(&sql)?.query_row([id], row).optional()?)
}

/// A page of a buyer's inquiries, newest first.
pub fn page_of_buyer(
    conn: &Connection,
    member_id: i64,
    at: PageAt,
) -> Result<Page<InquiryRow>, AppError> {
    super::related::page_of(
        conn,
        (TABLE, COLUMNS, "buyer_member_id"),
        member_id,
        at,
        row,
    )
}

/// The list filter's shop picker: shops that were asked at least once, in any state, whose name
/// holds `keyword` (or whose id it is, when digits); blank: the first ones. At most
/// [`PICK_LIMIT`], by id.
pub fn asked_shops(conn: &Connection, keyword: Option<&str>) -> Result<Vec<PickItem>, AppError> {
    let keyword = keyword.map(str::trim).filter(|k| !k.is_empty());
    let mut args = Vec::new();
    let filter = match keyword {
        Some(k) => {
            args.push(Sql::Text(like_contains(k)));
            args.push(k.parse::<i64>().map_or(Sql::Null, Sql::Integer));
            " AND (name LIKE ? ESCAPE '\\' OR id = ?)"
        }
        None => "",
    };
    args.push(Sql::Integer(PICK_LIMIT));
    let sql = format!(
        "SELECT id, name, city, status FROM shop
         WHERE EXISTS (SELECT 1 FROM inquiry WHERE inquiry.shop_id = shop.id){filter}
         ORDER BY id LIMIT ?"
    );
    let rows = conn
        .prepare_cached(&sql)?
        .query_map(params_from_iter(args.iter()), |r| {
            Ok(PickItem {
                kind: "shop".to_owned(),
                id: r.get(0)?,
                name: r.get(1)?,
                extra: r.get(2)?,
                status: r.get(3)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// A shop's newest `limit` inquiries.
pub fn latest_of_shop(
    conn: &Connection,
    shop_id: i64,
    limit: i64,
) -> Result<Vec<InquiryRow>, AppError> {
    super::latest(conn, (TABLE, COLUMNS, "shop_id"), shop_id, limit, row)
}
