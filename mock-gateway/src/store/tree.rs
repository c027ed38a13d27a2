//! Queries shared by the tree-shaped tables (`sys_role`, `sys_menu`: `id`, `parent_id`, `name`).

use rusqlite::{Connection, params};

use crate::error::AppError;

/// A tree-shaped table. Only these names ever reach the SQL text, never client input.
#[derive(Debug, Clone, Copy)]
pub enum TreeTable {
    /// `sys_role`.
    Roles,
    /// `sys_menu`.
    Menus,
}

impl TreeTable {
    const fn name(self) -> &'static str {
        match self {
            TreeTable::Roles => "sys_role",
            TreeTable::Menus => "sys_menu",
        }
    }
}

/// The ids among `ids` that name no row of `table`.
pub fn missing(conn: &Connection, table: TreeTable, ids: &[i64]) -> Result<Vec<i64>, AppError> {
    let mut stmt = conn.prepare_cached(&format!("SELECT 1 FROM {} WHERE id = ?1", table.name()))?;
    let mut out = Vec::new();
    for &id in ids {
        if !stmt.exists([id])? {
            out.push(id);
        }
    }
    Ok(out)
}

/// Whether a sibling under `parent_id` other than `except` already has `name`.
pub fn sibling_name_taken(
    conn: &Connection,
    table: TreeTable,
    parent_id: Option<i64>,
    name: &str,
    except: Option<i64>,
) -> Result<bool, AppError> {
    let sql = format!(
        "SELECT EXISTS (SELECT 1 FROM {}
            WHERE coalesce(parent_id, 0) = coalesce(?1, 0) AND name = ?2 AND id != coalesce(?3, -1))",
        table.name()
    );
    Ok(conn.query_row(&sql, params![parent_id, name, except], |r| r.get(0))?)
}
