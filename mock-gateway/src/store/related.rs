//! A record's related rows a page at a time (a member's inquiries, opportunities, invitations):
//! what a detail shows of them, every one reachable, none cut off silently.

use core_wasm::ops::Page;
use rusqlite::Connection;

use crate::error::AppError;

/// Which page, validated by the caller (`kit::params::Paging`'s fields: the store does not import
/// the kit, which imports it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageAt {
    /// From 1.
    pub page: i64,
    /// Rows per page.
    pub page_size: i64,
}

/// The page `at` of the rows of `table` whose `owner` column is `id`, newest first (by
/// `created_at`, then id), selected with `columns` and read by `row`, with their total.
pub fn page_of<T>(
    conn: &Connection,
    (table, columns, owner): (&str, &str, &str),
    id: i64,
    at: PageAt,
    row: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
) -> Result<Page<T>, AppError> {
    let total: i64 = conn
        .prepare_cached(&format!("SELECT count(*) FROM {table} WHERE {owner} = ?1"))?
        .query_row([id], |r| r.get(0))?;
    let list = conn
        .prepare_cached(&format!(
            "SELECT {columns} FROM {table} WHERE {owner} = ?1
             ORDER BY created_at DESC, id DESC LIMIT ?2 OFFSET ?3"
        ))?
        .query_map(
            [id, at.page_size, (at.page - 1).saturating_mul(at.page_size)],
            row,
        )?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Page {
        list,
        total,
        page: at.page,
        page_size: at.page_size,
    })
}
