//! Writes: one audited transaction per write, and the generic insert, versioned update and delete
//! every table with `id`, `version`, `created_at` and `updated_at` shares, and a list's new order.

use std::collections::HashSet;

use core_wasm::ops::audit::{AuditChange, Subject, label_of, subject, subject_of};
use rusqlite::types::Value as Sql;
use rusqlite::{Connection, Transaction, params, params_from_iter};

use super::ctx::Ctx;
use crate::error::AppError;
use crate::store::audit::{self, Described, NewAudit};

/// A write's result with what the audit log records about it.
#[derive(Debug)]
pub struct Audited<T> {
    /// What the handler answers.
    pub value: T,
    /// The record written.
    pub target: Option<i64>,
    /// What changed, for people.
    pub summary: String,
    /// The target's kind when the operation's domain does not say it (a phone revealed: a shop's
    /// or a member's); None: the core's [`subject_of`] the operation.
    pub kind: Option<&'static Subject>,
    /// What changed beside the target's own row, for people (a role's pages added and removed,
    /// which live in another table): shown after the row's own changed fields.
    pub changes: Vec<AuditChange>,
}

impl<T> Audited<T> {
    /// `value`, recorded as a write of `target` described by `summary`.
    pub fn new(value: T, target: impl Into<Option<i64>>, summary: impl Into<String>) -> Self {
        Audited {
            value,
            target: target.into(),
            summary: summary.into(),
            kind: None,
            changes: Vec::new(),
        }
    }

    /// The same, with `changes` the target's own row does not show.
    pub fn with_changes(mut self, changes: Vec<AuditChange>) -> Self {
        self.changes = changes;
        self
    }

    /// The same, its target being of the kind `code` (a core subject's code or entity name:
    /// `shop`, `member`); an unknown code leaves the operation's own kind.
    pub fn on(mut self, code: &str) -> Self {
        self.kind = subject(code).or(self.kind);
        self
    }
}

impl Ctx {
    /// Runs `f` in one write transaction and records the caller's audit row (who, when, op, target,
    /// summary, and what the write changed of the target) in the same transaction: both commit or
    /// neither does, and a write cannot skip it.
    pub fn audited<T>(
        &self,
        f: impl FnOnce(&Transaction<'_>) -> Result<Audited<T>, AppError>,
    ) -> Result<T, AppError> {
        let caller = self.caller()?;
        self.state.store.write(|tx| {
            let done = f(tx)?;
            record_with(
                tx,
                self,
                Some(caller.id),
                &caller.username,
                done.target.map(|id| (id, done.kind)),
                &done.summary,
                done.changes,
            )?;
            Ok(done.value)
        })
    }
}

/// Records an audit row for `ctx`'s operation by `actor` (sign-in records the user signing in),
/// its target of the operation's own kind.
pub fn record(
    conn: &Connection,
    ctx: &Ctx,
    actor: Option<i64>,
    username: &str,
    target: Option<i64>,
    summary: &str,
) -> Result<(), AppError> {
    record_with(
        conn,
        ctx,
        actor,
        username,
        target.map(|id| (id, None)),
        summary,
        Vec::new(),
    )
}

/// [`record`] with the target's kind when the handler names it, and `extra` changes after the
/// ones the store's watch saw. Everything else is generic: the kind from the operation's domain,
/// the target's name as the write left it (as it was, for a delete), its fields the write changed
/// as the store's watch saw them, and the label — the catalogue's, or the lifecycle move's the
/// write made (冻结店铺).
fn record_with(
    conn: &Connection,
    ctx: &Ctx,
    actor: Option<i64>,
    username: &str,
    target: Option<(i64, Option<&'static Subject>)>,
    summary: &str,
    extra: Vec<AuditChange>,
) -> Result<(), AppError> {
    let (target_id, kind) = match target {
        Some((id, kind)) => (Some(id), kind.or_else(|| subject_of(ctx.api))),
        None => (None, None),
    };
    let mut described = match (kind, target_id) {
        (Some(kind), Some(id)) => audit::describe(conn, kind, id)?,
        _ => Described::default(),
    };
    described.changes.extend(extra);
    let moved = described
        .moved
        .as_ref()
        .map(|(from, to)| (from.as_str(), to.as_str()));
    let label = label_of(ctx.api, kind, moved);
    audit::insert(
        conn,
        &NewAudit {
            sys_user_id: actor,
            username,
            api: ctx.api,
            label: &label,
            target_id,
            target_type: kind.map(|k| k.code),
            target_name: described.name.as_deref(),
            changes: &described.changes,
            summary,
            at: ctx.now,
            ip: &ctx.ip,
        },
    )
}

/// Column values of a write: static column names, bound values.
pub type Columns<'a> = &'a [(&'static str, Sql)];

/// Inserts a row of `table` with `columns`, `created_at` and `updated_at` = now; its id.
pub fn insert(
    conn: &Connection,
    table: &str,
    columns: Columns<'_>,
    now: i64,
) -> Result<i64, AppError> {
    let names: Vec<&str> = columns.iter().map(|(c, _)| *c).collect();
    let marks = vec!["?"; columns.len()].join(", ");
    let sql = format!(
        "INSERT INTO {table} ({}, created_at, updated_at) VALUES ({marks}, ?, ?)",
        names.join(", ")
    );
    let values = columns
        .iter()
        .map(|(_, v)| v.clone())
        .chain([Sql::Integer(now), Sql::Integer(now)]);
    conn.prepare_cached(&sql)?
        .execute(params_from_iter(values))?;
    Ok(conn.last_insert_rowid())
}

/// `UPDATE table SET columns…, version = version + 1, updated_at = now WHERE id = ? AND
/// version = ?`. No row matched: `data_conflict` when the row exists (stale version),
/// `data_not_found` when it does not; nothing was changed either way.
pub fn update_versioned(
    conn: &Connection,
    table: &str,
    id: i64,
    version: i64,
    columns: Columns<'_>,
    now: i64,
) -> Result<(), AppError> {
    let sets: String = columns.iter().map(|(c, _)| format!("{c} = ?, ")).collect();
    let sql = format!(
        "UPDATE {table} SET {sets}version = version + 1, updated_at = ? WHERE id = ? AND version = ?"
    );
    let values = columns.iter().map(|(_, v)| v.clone()).chain([
        Sql::Integer(now),
        Sql::Integer(id),
        Sql::Integer(version),
    ]);
    if conn
        .prepare_cached(&sql)?
        .execute(params_from_iter(values))?
        == 1
    {
        return Ok(());
    }
    Err(missing_or_stale(conn, table, id)?)
}

/// Deletes a row of `table` when its version is `version` (any version when `None`);
/// `data_conflict` when stale, `data_not_found` when gone.
pub fn delete_versioned(
    conn: &Connection,
    table: &str,
    id: i64,
    version: Option<i64>,
) -> Result<(), AppError> {
    let sql = format!("DELETE FROM {table} WHERE id = ?1 AND (?2 IS NULL OR version = ?2)");
    if conn.prepare_cached(&sql)?.execute(params![id, version])? == 1 {
        return Ok(());
    }
    Err(missing_or_stale(conn, table, id)?)
}

/// Whether a row of `table` other than `except` already holds all of `columns` (a unique value
/// taken; the columns' collation decides case). Checked inside the write's transaction, so no
/// concurrent write slips in between.
pub fn taken(
    conn: &Connection,
    table: &str,
    columns: Columns<'_>,
    except: Option<i64>,
) -> Result<bool, AppError> {
    let wher: String = columns
        .iter()
        .map(|(c, _)| format!("{c} = ? AND "))
        .collect();
    let sql = format!("SELECT EXISTS (SELECT 1 FROM {table} WHERE {wher}id != coalesce(?, -1))");
    let values = columns
        .iter()
        .map(|(_, v)| v.clone())
        .chain([except.map_or(Sql::Null, Sql::Integer)]);
    Ok(conn.query_row(&sql, params_from_iter(values), |r| r.get(0))?)
}

fn missing_or_stale(conn: &Connection, table: &str, id: i64) -> Result<AppError, AppError> {
    let exists: bool = conn.query_row(
        &format!("SELECT EXISTS (SELECT 1 FROM {table} WHERE id = ?1)"),
        [id],
        |r| r.get(0),
    )?;
    Ok(if exists {
        AppError::Conflict
    } else {
        AppError::NotFound
    })
}

/// Puts the rows of `table` in `scope` (a column and its value; None: the whole table) in the
/// order of `ids`, which must name each of them once: `sort` becomes 10, 20, …; a row whose place
/// changes gets a new version. Anything else is a field error of `ids`, and nothing changes.
pub fn reorder(
    conn: &Connection,
    table: &str,
    scope: Option<(&str, i64)>,
    ids: &[i64],
    now: i64,
) -> Result<(), AppError> {
    let (wher, args) = match scope {
        Some((column, value)) => (format!(" WHERE {column} = ?"), vec![Sql::Integer(value)]),
        None => (String::new(), Vec::new()),
    };
    let sql = format!("SELECT id, sort FROM {table}{wher}");
    let current: Vec<(i64, i64)> = conn
        .prepare_cached(&sql)?
        .query_map(params_from_iter(args.iter()), |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?
        .collect::<Result<_, _>>()?;
    let given: HashSet<i64> = ids.iter().copied().collect();
    let all: HashSet<i64> = current.iter().map(|(id, _)| *id).collect();
    if given.len() != ids.len() {
        return Err(AppError::field("ids", "排序中有重复的记录"));
    }
    if given != all {
        return Err(AppError::field(
            "ids",
            format!(
                "排序须恰好包含全部 {} 条记录（收到 {} 条，或有记录已被他人增删，请刷新后重试）",
                all.len(),
                ids.len()
            ),
        ));
    }
    let sql = format!(
        "UPDATE {table} SET sort = ?1, version = version + 1, updated_at = ?2
         WHERE id = ?3 AND sort != ?1"
    );
    let mut update = conn.prepare_cached(&sql)?;
    for (i, id) in ids.iter().enumerate() {
        update.execute(rusqlite::params![(i as i64 + 1) * 10, now, id])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Result<Connection, AppError> {
        let conn = Connection::open_in_memory()?;
        conn.execute_batch(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
                version INTEGER NOT NULL DEFAULT 1, created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL)",
        )?;
        Ok(conn)
    }

    fn row(conn: &Connection, id: i64) -> Result<(String, i64, i64), AppError> {
        Ok(conn.query_row(
            "SELECT name, version, updated_at FROM t WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )?)
    }

    #[test]
    fn a_stale_version_conflicts_and_changes_nothing() -> Result<(), AppError> {
        let conn = table()?;
        let id = insert(&conn, "t", &[("name", Sql::Text("a".into()))], 10)?;
        update_versioned(&conn, "t", id, 1, &[("name", Sql::Text("b".into()))], 20)?;
        assert_eq!(row(&conn, id)?, ("b".into(), 2, 20));
        let stale = update_versioned(&conn, "t", id, 1, &[("name", Sql::Text("c".into()))], 30);
        assert!(matches!(stale, Err(AppError::Conflict)));
        assert_eq!(row(&conn, id)?, ("b".into(), 2, 20));
        let gone = update_versioned(&conn, "t", 99, 1, &[("name", Sql::Text("c".into()))], 30);
        assert!(matches!(gone, Err(AppError::NotFound)));
        assert!(matches!(
            delete_versioned(&conn, "t", id, Some(1)),
            Err(AppError::Conflict)
        ));
        delete_versioned(&conn, "t", id, Some(2))?;
        assert!(matches!(
            delete_versioned(&conn, "t", id, None),
            Err(AppError::NotFound)
        ));
        Ok(())
    }
}
