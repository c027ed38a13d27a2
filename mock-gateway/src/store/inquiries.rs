//! 询价单 (`inquiry`): buyers' inquiries to shops.

use core_wasm::ops::inquiry::InquiryRow;
use rusqlite::Row;

/// The table.
pub const TABLE: &str = "inquiry";

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
