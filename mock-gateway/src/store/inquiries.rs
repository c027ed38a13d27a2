//! 询价单 (`inquiry`): buyers' inquiries to shops.

use core_wasm::ops::inquiry::InquiryRow;
use rusqlite::{Connection, OptionalExtension, Row};

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
    quantity, expect_price, message, state, created_at, version";

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
    })
}

/// An inquiry by id.
pub fn get(conn: &Connection, id: i64) -> Result<Option<InquiryRow>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM inquiry WHERE id = ?1");
    Ok(conn.prepare_cached(&sql)?.query_row([id], row).optional()?)
}

/// A buyer's newest `limit` inquiries.
pub fn latest_of_buyer(
    conn: &Connection,
    member_id: i64,
    limit: i64,
) -> Result<Vec<InquiryRow>, AppError> {
    super::latest(
        conn,
        (TABLE, COLUMNS, "buyer_member_id"),
        member_id,
        limit,
        row,
    )
}

/// A shop's newest `limit` inquiries.
pub fn latest_of_shop(
    conn: &Connection,
    shop_id: i64,
    limit: i64,
) -> Result<Vec<InquiryRow>, AppError> {
    super::latest(conn, (TABLE, COLUMNS, "shop_id"), shop_id, limit, row)
}
