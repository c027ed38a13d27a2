//! The audit log (`audit_log`): one row per write, inside the write's own transaction, naming its
//! target (kind, name at the time) and the target's fields the write changed, before → after.
//!
//! What a write changed is seen by SQLite itself: [`watch`] puts temporary triggers on the writer
//! connection, which note every row written to a table holding a kind of target ([`TABLES`]) —
//! the changed columns of an update, the whole row of an insert or a delete — for the transaction
//! under way; the commit and rollback hooks forget them. [`describe`] reads, when the write is
//! recorded, what was noted of the target's own row. No handler lists what it changed.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use core_wasm::ops::audit::{
    self as core_audit, ALWAYS_HIDDEN, AuditChange, AuditEntry, AuditOperator, Field, Raw, Shows,
    Subject, camel, subject,
};
use rusqlite::functions::{Context, FunctionFlags};
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::error::AppError;

pub mod seed;

/// Readies the log at start, after the other seeds: older rows get their labels, the demo's
/// history its entries (once), and the writer its watch.
pub fn open(conn: &mut Connection, now: i64) -> Result<(), AppError> {
    label_old_rows(conn)?;
    seed::load(conn, now)?;
    watch(conn)
}

/// A row to record.
#[derive(Debug, Clone)]
pub struct NewAudit<'a> {
    /// Who.
    pub sys_user_id: Option<i64>,
    /// Their login name.
    pub username: &'a str,
    /// The operation.
    pub api: &'a str,
    /// What people call it (its catalogue label, or the move it made).
    pub label: &'a str,
    /// The record written.
    pub target_id: Option<i64>,
    /// Its kind (a core subject's code).
    pub target_type: Option<&'a str>,
    /// Its name at the time.
    pub target_name: Option<&'a str>,
    /// Its changed fields.
    pub changes: &'a [AuditChange],
    /// What changed.
    pub summary: &'a str,
    /// When.
    pub at: i64,
    /// From where.
    pub ip: &'a str,
}

/// Records a write.
pub fn insert(conn: &Connection, row: &NewAudit<'_>) -> Result<(), AppError> {
    let changes = if row.changes.is_empty() {
        None
    } else {
        Some(serde_json::to_string(row.changes).map_err(AppError::internal)?)
    };
    conn.prepare_cached(
        "INSERT INTO audit_log (sys_user_id, username, api, label, target_id, target_type,
            target_name, changes, summary, at, ip)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )?
    .execute(params![
        row.sys_user_id,
        row.username,
        row.api,
        row.label,
        row.target_id,
        row.target_type,
        row.target_name,
        changes,
        row.summary,
        row.at,
        row.ip
    ])?;
    Ok(())
}

/// The log with its operators, as the list reads it (`a`: the log, `u`: the user now).
pub const FROM: &str = "audit_log a LEFT JOIN sys_user u ON u.id = a.sys_user_id";

/// The columns [`row`] reads, from [`FROM`].
pub const COLUMNS: &str = "a.id, a.sys_user_id, a.username, u.nickname, a.api, a.label, \
     a.target_id, a.target_type, a.target_name, a.changes, a.summary, a.at, a.ip";

/// Reads a row selected with [`COLUMNS`]. A row older than the labels (migration 12) reads its
/// operation's catalogue label and its kind of target from the core.
pub fn row(r: &Row<'_>) -> rusqlite::Result<AuditEntry> {
    let api: String = r.get(4)?;
    let target_id: Option<i64> = r.get(6)?;
    let target_type: Option<String> = r.get::<_, Option<String>>(7)?.or_else(|| {
        target_id.and_then(|_| core_audit::subject_of(&api).map(|s| s.code.to_owned()))
    });
    let label = match r.get::<_, Option<String>>(5)? {
        Some(label) => label,
        None => core_audit::label_of(&api, None, None),
    };
    let changes: Option<String> = r.get(9)?;
    Ok(AuditEntry {
        id: r.get(0)?,
        sys_user_id: r.get(1)?,
        username: r.get(2)?,
        nickname: r.get(3)?,
        target_type_label: target_type
            .as_deref()
            .and_then(subject)
            .map(|s| s.label.to_owned()),
        api,
        label,
        target_id,
        target_type,
        target_name: r.get(8)?,
        // A row this build cannot read shows no changes rather than failing the page.
        changes: changes
            .and_then(|c| serde_json::from_str(&c).ok())
            .unwrap_or_default(),
        summary: r.get(10)?,
        at: r.get(11)?,
        ip: r.get(12)?,
    })
}

/// The system users the log can be filtered by.
pub fn operators(conn: &Connection) -> Result<Vec<AuditOperator>, AppError> {
    Ok(conn
        .prepare_cached("SELECT id, username, nickname FROM sys_user ORDER BY id")?
        .query_map([], |r| {
            Ok(AuditOperator {
                id: r.get(0)?,
                username: r.get(1)?,
                nickname: r.get(2)?,
            })
        })?
        .collect::<Result<_, _>>()?)
}

/// The table of each kind of target (a core subject's code).
pub const TABLES: &[(&str, &str)] = &[
    ("sys_user", "sysUser"),
    ("sys_role", "role"),
    ("sys_menu", "menu"),
    ("sys_dict", "dict"),
    ("shop", "shop"),
    ("product", "product"),
    ("member", "member"),
    ("category", "category"),
    ("belt", "belt"),
    ("ad_slot", "adSlot"),
    ("ad", "ad"),
    ("activity", "activity"),
    ("entry", "entry"),
    ("recommend", "recommend"),
    ("inquiry", "inquiry"),
    ("opportunity", "opportunity"),
    ("list_view", "view"),
];

/// The table holding `subject`'s records.
pub fn table_of(subject: &Subject) -> Option<&'static str> {
    TABLES
        .iter()
        .find(|(_, code)| *code == subject.code)
        .map(|(table, _)| *table)
}

/// A column's name for a field's wire name (`contactPhone` → `contact_phone`). The dictionary's
/// `dict_type`/`dict_key` are the fields `dictType`/`dictKey`: the rule holds both ways.
fn column_of(field: &str) -> String {
    let mut out = String::with_capacity(field.len() + 4);
    for c in field.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// How a row was written (the triggers' second argument).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Insert,
    Update,
    Delete,
}

/// One row write a trigger noted: for an update the columns that changed (old, new); for an
/// insert every column (new); for a delete every column (old). Columns by their index in
/// `fields`, the table's columns as wire names (read once, when the connection was watched).
#[derive(Debug)]
struct Written {
    table: &'static str,
    id: i64,
    kind: Kind,
    fields: Arc<[String]>,
    columns: Vec<(usize, Raw, Raw)>,
}

/// Each watched table's columns as wire names (`contact_phone` → `contactPhone`), in order.
type Fields = HashMap<&'static str, Arc<[String]>>;

/// The most row writes noted per transaction: a reorder of a whole list writes every row, and
/// what a write of thousands of rows changed is beyond a log line anyway.
const MOST: usize = 2_000;

/// The SQL function the watch's triggers call: `audit_note(table, id, kind, old0, new0, old1,
/// new1, …)`.
const NOTE: &str = "audit_note";

thread_local! {
    /// The rows the transaction under way on this thread wrote. The writer's statements run on
    /// the thread of the `Store::write` that runs them, from its start to its commit, so the
    /// triggers and [`describe`] meet here without a lock.
    static SEEN: RefCell<Vec<Written>> = const { RefCell::new(Vec::new()) };
}

fn forget() {
    SEEN.with(|seen| seen.borrow_mut().clear());
}

fn raw(v: ValueRef<'_>) -> Raw {
    match v {
        ValueRef::Null => Raw::Null,
        ValueRef::Integer(n) => Raw::Int(n),
        ValueRef::Real(x) => Raw::Real(x),
        ValueRef::Text(t) => Raw::Text(String::from_utf8_lossy(t).into_owned()),
        ValueRef::Blob(b) => Raw::Text(format!("{} bytes", b.len())),
    }
}

/// What a trigger's call notes: the table (one of [`TABLES`]), the row and its columns.
fn note(ctx: &Context<'_>, tables: &Fields) -> rusqlite::Result<()> {
    let name = ctx.get_raw(0).as_str().unwrap_or_default();
    let Some((&table, fields)) = tables.get_key_value(name) else {
        return Ok(());
    };
    let kind = match ctx.get::<i64>(2)? {
        1 => Kind::Insert,
        2 => Kind::Update,
        _ => Kind::Delete,
    };
    let pairs = ctx.len().saturating_sub(3) / 2;
    let columns = (0..pairs)
        .filter_map(|i| {
            let (before, after) = (ctx.get_raw(3 + 2 * i), ctx.get_raw(4 + 2 * i));
            (kind != Kind::Update || before != after).then(|| (i, raw(before), raw(after)))
        })
        .collect();
    let written = Written {
        table,
        id: ctx.get(1)?,
        kind,
        fields: fields.clone(),
        columns,
    };
    SEEN.with(|seen| {
        let mut seen = seen.borrow_mut();
        if seen.len() < MOST {
            seen.push(written);
        }
    });
    Ok(())
}

/// Watches the writer connection: temporary triggers on every table of targets hand each row
/// written (its columns before and after) to [`note`], which keeps it for the transaction under
/// way; the commit and rollback hooks forget it. Temporary: they live on this connection only,
/// outside the schema and its migrations. (SQLite's preupdate hook would do the same without
/// triggers, but rusqlite builds it only with bindgen, that is with libclang on every machine.)
pub fn watch(conn: &mut Connection) -> Result<(), AppError> {
    let mut tables = Fields::new();
    for (table, _) in TABLES {
        let columns: Vec<String> = conn
            .prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid")?
            .query_map([table], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        if columns.is_empty() {
            // Not in this database (a test's own tables).
            continue;
        }
        tables.insert(table, columns.iter().map(|c| camel(c)).collect());
        let args = |old: &str, new: &str| -> String {
            columns
                .iter()
                .map(|c| {
                    let side = |row: &str| match row {
                        "" => "NULL".to_owned(),
                        row => format!("{row}.\"{c}\""),
                    };
                    format!(", {}, {}", side(old), side(new))
                })
                .collect()
        };
        conn.execute_batch(&format!(
            "CREATE TEMP TRIGGER IF NOT EXISTS audit_watch_{table}_insert AFTER INSERT ON main.{table}
             BEGIN SELECT {NOTE}('{table}', NEW.rowid, 1{}); END;
             CREATE TEMP TRIGGER IF NOT EXISTS audit_watch_{table}_update AFTER UPDATE ON main.{table}
             BEGIN SELECT {NOTE}('{table}', NEW.rowid, 2{}); END;
             CREATE TEMP TRIGGER IF NOT EXISTS audit_watch_{table}_delete AFTER DELETE ON main.{table}
             BEGIN SELECT {NOTE}('{table}', OLD.rowid, 3{}); END;",
            args("", "NEW"),
            args("OLD", "NEW"),
            args("OLD", ""),
        ))?;
    }
    conn.create_scalar_function(NOTE, -1, FunctionFlags::SQLITE_UTF8, move |ctx| {
        note(ctx, &tables).map(|()| rusqlite::types::Null)
    })?;
    conn.commit_hook(Some(|| {
        forget();
        // Let the commit go on.
        false
    }))?;
    conn.rollback_hook(Some(forget))?;
    forget();
    Ok(())
}

/// A write's target as the log records it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Described {
    /// Its name after the write (before it, for a deleted record).
    pub name: Option<String>,
    /// Its changed fields.
    pub changes: Vec<AuditChange>,
    /// Its lifecycle's state before → after, when the write moved it.
    pub moved: Option<(String, String)>,
}

/// The record `id` of `subject` as the transaction under way left it: its name, and what the
/// hook saw written to its own row (nothing when the connection is not watched).
pub fn describe(conn: &Connection, subject: &Subject, id: i64) -> Result<Described, AppError> {
    let Some(table) = table_of(subject) else {
        return Ok(Described::default());
    };
    // Per field: the first value before, the last after; whether the row was created or deleted.
    let mut created = false;
    let mut deleted = false;
    let mut seen: Vec<(&'static Field, Raw, Raw)> = Vec::new();
    SEEN.with(|all| {
        for w in all
            .borrow()
            .iter()
            .filter(|w| w.table == table && w.id == id)
        {
            match w.kind {
                Kind::Insert => created = true,
                Kind::Delete => deleted = true,
                Kind::Update => {}
            }
            for (i, before, after) in &w.columns {
                // A column the core does not declare is not shown (a test keeps them declared).
                let Some(field) = w.fields.get(*i).and_then(|name| subject.field(name)) else {
                    continue;
                };
                match seen.iter_mut().find(|(f, ..)| *f == field) {
                    Some(slot) => slot.2 = after.clone(),
                    None => seen.push((field, before.clone(), after.clone())),
                }
            }
        }
    });
    if deleted {
        // Named by what it held; nothing of it is left to change.
        let name = match subject.name.and_then(|n| subject.field(n)) {
            Some(field) => seen
                .iter()
                .find(|(f, ..)| *f == field)
                .map(|(_, before, _)| before.clone()),
            None => None,
        };
        let name = match name {
            Some(value) => named(conn, subject, value)?,
            None => None,
        };
        return Ok(Described {
            name,
            ..Described::default()
        });
    }
    let mut described = Described {
        name: name_of(conn, subject, id)?,
        ..Described::default()
    };
    // In the subject's order of fields, not the table's.
    for field in subject.fields {
        let Some((_, before, after)) = seen.iter().find(|(f, ..)| *f == field) else {
            continue;
        };
        if field.shows == Shows::State && !created {
            described.moved = Some((before.text(), after.text()));
        }
        let before = if created {
            None
        } else {
            Some(resolved(conn, field, before)?)
        };
        let after = resolved(conn, field, after)?;
        if let Some(change) = core_audit::change(subject, field, before.as_ref(), &after) {
            described.changes.push(change);
        }
    }
    Ok(described)
}

/// A reference by the name of the record it points at (`#id` when that is gone); others as they
/// are.
fn resolved(conn: &Connection, field: &core_audit::Field, value: &Raw) -> Result<Raw, AppError> {
    Ok(match (field.shows, value) {
        (Shows::Ref(code), Raw::Int(id)) => match subject(code) {
            Some(s) => Raw::Text(name_of(conn, s, *id)?.unwrap_or_else(|| format!("#{id}"))),
            None => value.clone(),
        },
        (Shows::Refs(code), Raw::Text(json)) => {
            let ids: Vec<i64> = serde_json::from_str(json).unwrap_or_default();
            let mut names = Vec::with_capacity(ids.len());
            for id in ids {
                let name = match subject(code) {
                    Some(s) => name_of(conn, s, id)?,
                    None => None,
                };
                names.push(name.unwrap_or_else(|| format!("#{id}")));
            }
            if names.is_empty() {
                Raw::Null
            } else {
                Raw::Text(names.join("、"))
            }
        }
        _ => value.clone(),
    })
}

/// The name of record `id` of `subject` as it stands (None when it has no name or is gone).
pub fn name_of(conn: &Connection, subject: &Subject, id: i64) -> Result<Option<String>, AppError> {
    let (Some(table), Some(field)) = (table_of(subject), subject.name) else {
        return Ok(None);
    };
    let column = column_of(field);
    let value: Option<Raw> = conn
        .prepare_cached(&format!("SELECT {column} FROM {table} WHERE id = ?1"))?
        .query_row([id], |r| Ok(raw(r.get_ref(0)?)))
        .optional()?;
    match value {
        Some(value) => named(conn, subject, value),
        None => Ok(None),
    }
}

/// The name a value of `subject`'s name field gives (a recommendation is named by its shop's).
fn named(conn: &Connection, subject: &Subject, value: Raw) -> Result<Option<String>, AppError> {
    let Some(field) = subject.name.and_then(|n| subject.field(n)) else {
        return Ok(None);
    };
    Ok(match (field.shows, &value) {
        (Shows::Ref(code), Raw::Int(id)) => match core_audit::subject(code) {
            // One step only: a name is never a reference to a reference.
            Some(s) if s.name.and_then(|n| s.field(n)).map(|f| f.shows) == Some(Shows::Text) => {
                name_of(conn, s, *id)?
            }
            _ => None,
        },
        _ if value.is_empty() => None,
        _ => Some(value.text()),
    })
}

/// The columns of every table of targets that the core's subjects do not declare (for the test
/// that keeps the declarations whole: a new column needs a label or `Shows::Hidden`).
pub fn undeclared(conn: &Connection) -> Result<Vec<String>, AppError> {
    let mut out = Vec::new();
    for (table, code) in TABLES {
        let Some(s) = subject(code) else {
            out.push(format!("{table}: no subject {code}"));
            continue;
        };
        let columns: Vec<String> = conn
            .prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid")?
            .query_map([table], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        for column in columns {
            let field = camel(&column);
            if !ALWAYS_HIDDEN.contains(&field.as_str()) && s.field(&field).is_none() {
                out.push(format!("{table}.{column} ({code}.{field})"));
            }
        }
    }
    Ok(out)
}

/// Gives rows older than the labels (migration 12) their operation's catalogue label and their
/// target's kind, once: the filters then find them too.
pub fn label_old_rows(conn: &Connection) -> Result<(), AppError> {
    let old: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM audit_log WHERE label IS NULL)",
        [],
        |r| r.get(0),
    )?;
    if !old {
        return Ok(());
    }
    let apis: Vec<String> = conn
        .prepare("SELECT DISTINCT api FROM audit_log WHERE label IS NULL")?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for api in apis {
        let kind = core_audit::subject_of(&api).map(|s| s.code);
        conn.execute(
            "UPDATE audit_log SET label = ?1,
                target_type = CASE WHEN target_id IS NULL THEN NULL ELSE ?2 END
             WHERE label IS NULL AND api = ?3",
            params![core_audit::label_of(&api, None, None), kind, api],
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn db() -> Result<Connection, AppError> {
        let mut conn = Connection::open_in_memory()?;
        conn.execute_batch(
            "CREATE TABLE shop (id INTEGER PRIMARY KEY, name TEXT NOT NULL, status TEXT NOT NULL,
                contact_phone TEXT NOT NULL, belt_id INTEGER, version INTEGER NOT NULL DEFAULT 1);
             CREATE TABLE belt (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
             CREATE TABLE other (id INTEGER PRIMARY KEY, x TEXT);
             INSERT INTO belt VALUES (1, '义乌小商品'), (2, '永康五金');
             INSERT INTO shop VALUES (7, '宏发五金', 'active', '13812345678', 1, 1);",
        )?;
        watch(&mut conn)?;
        Ok(conn)
    }

    fn shop() -> &'static Subject {
        subject("shop").expect("shop")
    }

    #[test]
    fn an_update_of_the_target_reads_before_and_after_by_name() -> Result<(), AppError> {
        let mut conn = db()?;
        let tx = conn.transaction()?;
        tx.execute_batch(
            "UPDATE shop SET status = 'frozen', belt_id = 2, version = 2 WHERE id = 7;
             UPDATE other SET x = 'y';
             INSERT INTO shop VALUES (8, '别家', 'active', '1', NULL, 1);",
        )?;
        let d = describe(&tx, shop(), 7)?;
        assert_eq!(d.name.as_deref(), Some("宏发五金"));
        assert_eq!(d.moved, Some(("active".into(), "frozen".into())));
        let changes: Vec<_> = d
            .changes
            .iter()
            .map(|c| {
                format!(
                    "{}: {} → {}",
                    c.label,
                    c.before.clone().unwrap_or_default(),
                    c.after
                )
            })
            .collect();
        assert_eq!(
            changes,
            ["产业带: 义乌小商品 → 永康五金", "状态: 营业中 → 已冻结"]
        );
        // What the commit saw is forgotten: the next transaction starts clean.
        tx.commit()?;
        assert_eq!(describe(&conn, shop(), 7)?.changes, []);
        Ok(())
    }

    #[test]
    fn a_created_record_lists_its_fields_a_deleted_one_its_name() -> Result<(), AppError> {
        let mut conn = db()?;
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO shop VALUES (9, '新店', 'pending', '13900001111', NULL, 1)",
            [],
        )?;
        let d = describe(&tx, shop(), 9)?;
        let shown: Vec<_> = d
            .changes
            .iter()
            .map(|c| (c.before.clone(), c.after.clone()))
            .collect();
        assert_eq!(
            shown,
            [
                (None, "新店".to_owned()),
                (None, "139****1111".to_owned()),
                (None, "待审核".to_owned())
            ]
        );
        assert_eq!(d.moved, None);
        tx.execute("DELETE FROM shop WHERE id = 7", [])?;
        let gone = describe(&tx, shop(), 7)?;
        assert_eq!(gone.name.as_deref(), Some("宏发五金"));
        assert_eq!(gone.changes, []);
        // A rollback forgets too.
        tx.rollback()?;
        assert_eq!(describe(&conn, shop(), 9)?.changes, []);
        Ok(())
    }

    #[test]
    fn field_names_map_to_columns_both_ways() {
        for column in ["contact_phone", "dict_type", "owner_member_id", "name"] {
            assert_eq!(column_of(&camel(column)), column);
        }
    }
}
