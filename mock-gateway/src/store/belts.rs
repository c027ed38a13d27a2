//! 产业带 (`belt`): industrial belts; the shop count is computed from the shops.

use core_wasm::ops::belt::BeltRow;
use core_wasm::ops::shop::Region;
use rusqlite::{Connection, OptionalExtension, Row};

use super::uses::{Uses, named};
use crate::error::AppError;

/// The table.
pub const TABLE: &str = "belt";

/// The shop count, as an expression over a `belt` row (sortable).
pub const SHOP_COUNT: &str = "(SELECT count(*) FROM shop WHERE shop.belt_id = belt.id)";

/// The columns [`row`] reads (select them `FROM belt`).
pub const COLUMNS: &str = "id, name, province, city, description,
    (SELECT count(*) FROM shop WHERE shop.belt_id = belt.id), version";

/// Reads a row selected with [`COLUMNS`].
pub fn row(r: &Row<'_>) -> rusqlite::Result<BeltRow> {
    Ok(BeltRow {
        id: r.get(0)?,
        name: r.get(1)?,
        province: r.get(2)?,
        city: r.get(3)?,
        description: r.get(4)?,
        shop_count: r.get(5)?,
        version: r.get(6)?,
    })
}

/// The provinces belts are in, each with its belts' cities, in name order (the list's province
/// filter offers what exists).
pub fn regions(conn: &Connection) -> Result<Vec<Region>, AppError> {
    super::shops::regions_of(
        conn,
        "SELECT DISTINCT province, city FROM belt WHERE province != ''
         ORDER BY province, city",
    )
}

/// A belt by id.
pub fn get(conn: &Connection, id: i64) -> Result<Option<BeltRow>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM belt WHERE id = ?1");
    Ok(conn.prepare_cached(&sql)?.query_row([id], row).optional()?)
}

/// The shops of belt `id` (by name, most products first): a belt with shops cannot go.
pub fn shops_in(conn: &Connection, id: i64) -> Result<Uses, AppError> {
    named(
        conn,
        "SELECT name FROM shop WHERE belt_id = ?1 ORDER BY product_count DESC, id",
        id,
    )
}
