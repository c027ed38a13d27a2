//! The system menu (`sys_menu`, a tree by `parent_id`).

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::uses::{Uses, named};
use crate::error::AppError;

/// The table.
pub const TABLE: &str = "sys_menu";

/// A stored menu node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MenuRow {
    /// Id.
    pub id: i64,
    /// Parent node, `None` at the top.
    pub parent_id: Option<i64>,
    /// The label.
    pub alias: String,
    /// The route name (seeded as the full path).
    pub name: String,
    /// An icon name.
    pub icon: Option<String>,
    /// 1 shown, 0 hidden.
    pub visible: i64,
    /// Order among siblings.
    pub sort: i64,
    /// The access flag guarding the route.
    pub access: Option<String>,
    /// Optimistic-lock version.
    pub version: i64,
    /// The page module it opens, fixed when seeded and kept through moves and renames (operation
    /// guards and the web's links name pages by it); `None`: its path.
    pub page: Option<String>,
}

const COLUMNS: &str = "id, parent_id, alias, name, icon, visible, sort, access, version, page";

fn menu_row(r: &Row<'_>) -> rusqlite::Result<MenuRow> {
    Ok(MenuRow {
        id: r.get(0)?,
        parent_id: r.get(1)?,
        alias: r.get(2)?,
        name: r.get(3)?,
        icon: r.get(4)?,
        visible: r.get(5)?,
        sort: r.get(6)?,
        access: r.get(7)?,
        version: r.get(8)?,
        page: r.get(9)?,
    })
}

/// Every node, in sibling order (sort, then id).
pub fn all(conn: &Connection) -> Result<Vec<MenuRow>, AppError> {
    let mut stmt =
        conn.prepare_cached(&format!("SELECT {COLUMNS} FROM sys_menu ORDER BY sort, id"))?;
    let rows = stmt
        .query_map([], menu_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// A node by id.
pub fn get(conn: &Connection, id: i64) -> Result<Option<MenuRow>, AppError> {
    Ok(conn
        .query_row(
            &format!("SELECT {COLUMNS} FROM sys_menu WHERE id = ?1"),
            [id],
            menu_row,
        )
        .optional()?)
}

/// The ids among `ids` that name no node.
pub fn missing(conn: &Connection, ids: &[i64]) -> Result<Vec<i64>, AppError> {
    super::tree::missing(conn, super::tree::TreeTable::Menus, ids)
}

/// Whether a sibling under `parent_id` other than `except` already has `name`.
pub fn sibling_name_taken(
    conn: &Connection,
    parent_id: Option<i64>,
    name: &str,
    except: Option<i64>,
) -> Result<bool, AppError> {
    super::tree::sibling_name_taken(conn, super::tree::TreeTable::Menus, parent_id, name, except)
}

/// Inserts a node (`row.id` and `row.version` are ignored).
pub fn insert(conn: &Connection, row: &MenuRow, now: i64) -> Result<i64, rusqlite::Error> {
    conn.execute(
        "INSERT INTO sys_menu (parent_id, alias, name, icon, visible, sort, access, page, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)",
        params![
            row.parent_id,
            row.alias,
            row.name,
            row.icon,
            row.visible,
            row.sort,
            row.access,
            row.page,
            now
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

/// Updates a node when its version is `version` (its `page` stays); false when stale or gone.
pub fn update(
    conn: &Connection,
    row: &MenuRow,
    version: i64,
    now: i64,
) -> Result<bool, rusqlite::Error> {
    let n = conn.execute(
        "UPDATE sys_menu SET parent_id = ?3, alias = ?4, name = ?5, icon = ?6, visible = ?7,
            sort = ?8, access = ?9, version = version + 1, updated_at = ?10
         WHERE id = ?1 AND version = ?2",
        params![
            row.id,
            version,
            row.parent_id,
            row.alias,
            row.name,
            row.icon,
            row.visible,
            row.sort,
            row.access,
            now
        ],
    )?;
    Ok(n == 1)
}

/// How many menu nodes exist.
pub fn count(conn: &Connection) -> Result<i64, AppError> {
    Ok(conn.query_row("SELECT count(*) FROM sys_menu", [], |r| r.get(0))?)
}

/// The nodes right under node `id` (by label, in sibling order): a node with children cannot go.
pub fn children(conn: &Connection, id: i64) -> Result<Uses, AppError> {
    named(
        conn,
        "SELECT alias FROM sys_menu WHERE parent_id = ?1 ORDER BY sort, id",
        id,
    )
}

/// The roles owning node `id` (by name, oldest first): while any do, it cannot go.
pub fn owners(conn: &Connection, id: i64) -> Result<Uses, AppError> {
    named(
        conn,
        "SELECT r.name FROM sys_role_menu rm JOIN sys_role r ON r.id = rm.role_id
         WHERE rm.menu_id = ?1 ORDER BY r.id",
        id,
    )
}
