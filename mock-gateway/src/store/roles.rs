//! Roles (`sys_role`, a tree by `parent_id`), the menus they own (`sys_role_menu`) and the actions
//! they hold on them (`sys_role_action`).

use core_wasm::perms::Action;
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::uses::{Uses, named};
use crate::error::AppError;

/// The table.
pub const TABLE: &str = "sys_role";

/// A stored role.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoleRow {
    /// Id.
    pub id: i64,
    /// Parent role, `None` at the top.
    pub parent_id: Option<i64>,
    /// Name, unique among siblings.
    pub name: String,
    /// Free text.
    pub remark: String,
    /// Optimistic-lock version.
    pub version: i64,
}

const COLUMNS: &str = "id, parent_id, name, remark, version";

fn role_row(r: &Row<'_>) -> rusqlite::Result<RoleRow> {
    Ok(RoleRow {
        id: r.get(0)?,
        parent_id: r.get(1)?,
        name: r.get(2)?,
        remark: r.get(3)?,
        version: r.get(4)?,
    })
}

/// Every role, by id.
pub fn all(conn: &Connection) -> Result<Vec<RoleRow>, AppError> {
    let mut stmt = conn.prepare_cached(&format!("SELECT {COLUMNS} FROM sys_role ORDER BY id"))?;
    let rows = stmt
        .query_map([], role_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// A role by id.
pub fn get(conn: &Connection, id: i64) -> Result<Option<RoleRow>, AppError> {
    Ok(conn
        .query_row(
            &format!("SELECT {COLUMNS} FROM sys_role WHERE id = ?1"),
            [id],
            role_row,
        )
        .optional()?)
}

/// The ids among `ids` that name no role.
pub fn missing(conn: &Connection, ids: &[i64]) -> Result<Vec<i64>, AppError> {
    super::tree::missing(conn, super::tree::TreeTable::Roles, ids)
}

/// Whether a sibling under `parent_id` other than `except` already has `name`.
pub fn sibling_name_taken(
    conn: &Connection,
    parent_id: Option<i64>,
    name: &str,
    except: Option<i64>,
) -> Result<bool, AppError> {
    super::tree::sibling_name_taken(conn, super::tree::TreeTable::Roles, parent_id, name, except)
}

/// Inserts a role.
pub fn insert(
    conn: &Connection,
    parent_id: Option<i64>,
    name: &str,
    remark: &str,
    now: i64,
) -> Result<i64, rusqlite::Error> {
    conn.execute(
        "INSERT INTO sys_role (parent_id, name, remark, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?4)",
        params![parent_id, name, remark, now],
    )?;
    Ok(conn.last_insert_rowid())
}

/// Updates a role when its version is `version`; false when stale or gone.
pub fn update(
    conn: &Connection,
    role: &RoleRow,
    version: i64,
    now: i64,
) -> Result<bool, rusqlite::Error> {
    let n = conn.execute(
        "UPDATE sys_role SET parent_id = ?3, name = ?4, remark = ?5, version = version + 1,
            updated_at = ?6
         WHERE id = ?1 AND version = ?2",
        params![
            role.id,
            version,
            role.parent_id,
            role.name,
            role.remark,
            now
        ],
    )?;
    Ok(n == 1)
}

/// Bumps a role's version (its menus changed), checking `version` when given.
pub fn touch(conn: &Connection, id: i64, version: Option<i64>, now: i64) -> Result<bool, AppError> {
    let n = conn.execute(
        "UPDATE sys_role SET version = version + 1, updated_at = ?3
         WHERE id = ?1 AND (?2 IS NULL OR version = ?2)",
        params![id, version, now],
    )?;
    Ok(n == 1)
}

/// The menu ids a role owns, ascending.
pub fn menu_ids(conn: &Connection, role_id: i64) -> Result<Vec<i64>, AppError> {
    let mut stmt = conn
        .prepare_cached("SELECT menu_id FROM sys_role_menu WHERE role_id = ?1 ORDER BY menu_id")?;
    let ids = stmt
        .query_map([role_id], |r| r.get(0))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ids)
}

/// The distinct menu ids any of `role_ids` owns.
pub fn menu_ids_of_roles(conn: &Connection, role_ids: &[i64]) -> Result<Vec<i64>, AppError> {
    let mut out = Vec::new();
    for &role_id in role_ids {
        out.extend(menu_ids(conn, role_id)?);
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// Replaces the menus a role owns.
pub fn set_menus(conn: &Connection, role_id: i64, menu_ids: &[i64]) -> Result<(), AppError> {
    conn.execute("DELETE FROM sys_role_menu WHERE role_id = ?1", [role_id])?;
    let mut stmt = conn
        .prepare_cached("INSERT OR IGNORE INTO sys_role_menu (role_id, menu_id) VALUES (?1, ?2)")?;
    for menu_id in menu_ids {
        stmt.execute(params![role_id, menu_id])?;
    }
    Ok(())
}

/// The actions a role holds, as (menu id, action), ascending.
pub fn actions(conn: &Connection, role_id: i64) -> Result<Vec<(i64, Action)>, AppError> {
    let mut stmt = conn.prepare_cached(
        "SELECT menu_id, action FROM sys_role_action WHERE role_id = ?1 ORDER BY menu_id, action",
    )?;
    let rows = stmt
        .query_map([role_id], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    // A stored action this build does not know (written by a newer one) holds nothing.
    let mut held: Vec<(i64, Action)> = rows
        .into_iter()
        .filter_map(|(menu, action)| Some((menu, Action::parse(&action)?)))
        .collect();
    // In the core's order (新增, 编辑, 删除, …), as 权限管理 lists them.
    held.sort_unstable();
    Ok(held)
}

/// The distinct actions any of `role_ids` holds.
pub fn actions_of_roles(
    conn: &Connection,
    role_ids: &[i64],
) -> Result<Vec<(i64, Action)>, AppError> {
    let mut out = Vec::new();
    for &role_id in role_ids {
        out.extend(actions(conn, role_id)?);
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// Replaces the actions a role holds.
pub fn set_actions(
    conn: &Connection,
    role_id: i64,
    actions: &[(i64, Action)],
) -> Result<(), AppError> {
    conn.execute("DELETE FROM sys_role_action WHERE role_id = ?1", [role_id])?;
    let mut stmt = conn.prepare_cached(
        "INSERT OR IGNORE INTO sys_role_action (role_id, menu_id, action) VALUES (?1, ?2, ?3)",
    )?;
    for (menu_id, action) in actions {
        stmt.execute(params![role_id, menu_id, action.as_str()])?;
    }
    Ok(())
}

/// How many roles exist.
pub fn count(conn: &Connection) -> Result<i64, AppError> {
    Ok(conn.query_row("SELECT count(*) FROM sys_role", [], |r| r.get(0))?)
}

/// The users holding role `id` (by username, oldest first): while any do, it cannot go.
pub fn holders(conn: &Connection, id: i64) -> Result<Uses, AppError> {
    named(
        conn,
        "SELECT u.username FROM sys_user_role ur JOIN sys_user u ON u.id = ur.user_id
         WHERE ur.role_id = ?1 ORDER BY u.id",
        id,
    )
}

/// The roles right under role `id` (by name, oldest first): a role with children cannot go.
pub fn children(conn: &Connection, id: i64) -> Result<Uses, AppError> {
    named(
        conn,
        "SELECT name FROM sys_role WHERE parent_id = ?1 ORDER BY id",
        id,
    )
}
