//! 视图 (`list_view`): saved views of the lists, per user; `content` is the view's JSON.

use core_wasm::ops::view::{ViewContent, ViewRow};
use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::error::AppError;

/// The table.
pub const TABLE: &str = "list_view";

/// The columns [`row`] reads, over `list_view v JOIN sys_user u ON u.id = v.owner_id`, with the
/// caller's id bound as `?1`.
const COLUMNS: &str = "v.id, v.list, v.name, u.nickname, v.owner_id = ?1, v.shared,
    v.is_default AND v.owner_id = ?1, v.content, v.version, v.updated_at";

/// Reads a row selected with [`COLUMNS`]. A content that no longer parses reads as empty: the
/// view still opens (as the list's own state) and can be saved anew or deleted.
fn row(r: &Row<'_>) -> rusqlite::Result<ViewRow> {
    let content: String = r.get(7)?;
    Ok(ViewRow {
        id: r.get(0)?,
        list: r.get(1)?,
        name: r.get(2)?,
        owner: r.get(3)?,
        mine: r.get(4)?,
        shared: r.get(5)?,
        is_default: r.get(6)?,
        content: serde_json::from_str::<ViewContent>(&content).unwrap_or_default(),
        version: r.get(8)?,
        updated_at: r.get(9)?,
    })
}

/// The views `caller` is offered on `list`: their own, then those others shared, each by name.
pub fn offered(conn: &Connection, caller: i64, list: &str) -> Result<Vec<ViewRow>, AppError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM list_view v JOIN sys_user u ON u.id = v.owner_id
         WHERE v.list = ?2 AND (v.owner_id = ?1 OR v.shared)
         ORDER BY v.owner_id != ?1, u.nickname, v.name, v.id"
    );
    let rows = conn
        .prepare_cached(&sql)?
        .query_map(params![caller, list], row)?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}

/// View `id` as `caller` sees it (whoever owns it), if it exists.
pub fn get(conn: &Connection, caller: i64, id: i64) -> Result<Option<ViewRow>, AppError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM list_view v JOIN sys_user u ON u.id = v.owner_id WHERE v.id = ?2"
    );
    Ok(conn
        .prepare_cached(&sql)?
        .query_row(params![caller, id], row)
        .optional()?)
}

/// How many views `owner` keeps on `list`.
pub fn count_own(conn: &Connection, owner: i64, list: &str) -> Result<usize, AppError> {
    let n: i64 = conn.query_row(
        "SELECT count(*) FROM list_view WHERE owner_id = ?1 AND list = ?2",
        params![owner, list],
        |r| r.get(0),
    )?;
    Ok(usize::try_from(n).unwrap_or(usize::MAX))
}

/// Unsets `owner`'s default on `list` other than view `except` (one default per list).
pub fn unset_other_default(
    conn: &Connection,
    owner: i64,
    list: &str,
    except: i64,
    now: i64,
) -> Result<(), AppError> {
    conn.execute(
        "UPDATE list_view SET is_default = 0, version = version + 1, updated_at = ?4
         WHERE owner_id = ?1 AND list = ?2 AND id != ?3 AND is_default",
        params![owner, list, except, now],
    )?;
    Ok(())
}
