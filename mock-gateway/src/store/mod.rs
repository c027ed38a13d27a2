//! The SQLite store: one writer connection, a few readers (WAL lets them read while it writes),
//! schema migrations and the first-start seed. One module per table group.

pub mod activities;
pub mod ad_slots;
pub mod ads;
pub mod audit;
pub mod belts;
pub mod categories;
pub mod demo;
pub mod dict;
pub mod entries;
pub mod files;
pub mod history;
pub mod inquiries;
pub mod invitations;
pub mod members;
pub mod menus;
pub mod migrations;
pub mod opportunities;
pub mod pictures;
pub mod products;
pub mod recommends;
pub mod roles;
pub mod seed;
pub mod sessions;
pub mod shops;
pub mod targets;
pub mod tree;
pub mod users;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};

use crate::config::{DbLocation, HashCost};
use crate::error::AppError;

/// The database: every write goes through [`Store::write`], one transaction at a time.
pub struct Store {
    writer: Mutex<Connection>,
    readers: Vec<Mutex<Connection>>,
    next_reader: AtomicUsize,
}

/// Locks a connection; a poisoned lock only means a panic happened while it was held, and the
/// connection rolled its transaction back when the guard dropped, so it is still good.
fn lock(conn: &Mutex<Connection>) -> MutexGuard<'_, Connection> {
    conn.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Store {
    /// Opens (creating when missing) the database, migrates it, optionally drops everything first,
    /// and seeds it on first start (the demo data `scale` times [`demo::BASE`]; the seed's
    /// pictures go to `files`).
    pub fn open(
        location: &DbLocation,
        reset: bool,
        readers: usize,
        cost: HashCost,
        scale: u32,
        now_ms: i64,
        files: &files::Folder,
    ) -> Result<Store, AppError> {
        let mut writer = match location {
            DbLocation::Memory => Connection::open_in_memory()?,
            DbLocation::File(path) => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(|e| {
                        AppError::internal(format!("cannot create {}: {e}", dir.display()))
                    })?;
                }
                Connection::open(path)?
            }
        };
        configure(&writer, true)?;
        if reset {
            migrations::drop_everything(&mut writer)?;
        }
        migrations::migrate(&mut writer)?;
        files::seed(&writer, files, now_ms)?;
        seed::load(&mut writer, cost, now_ms)?;
        demo::load(&mut writer, scale, now_ms)?;
        demo::operate::load(&mut writer, scale, now_ms)?;
        analyze_once(&writer)?;

        let readers = match location {
            DbLocation::Memory => Vec::new(),
            DbLocation::File(path) => (0..readers.max(1))
                .map(|_| {
                    let conn = Connection::open_with_flags(
                        path,
                        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
                    )?;
                    configure(&conn, false)?;
                    conn.pragma_update(None, "query_only", "ON")?;
                    Ok(Mutex::new(conn))
                })
                .collect::<Result<Vec<_>, AppError>>()?,
        };
        Ok(Store {
            writer: Mutex::new(writer),
            readers,
            next_reader: AtomicUsize::new(0),
        })
    }

    /// Runs a read. It sees every committed write.
    pub fn read<T>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        if self.readers.is_empty() {
            let conn = lock(&self.writer);
            return f(&conn);
        }
        let n = self.readers.len();
        let start = self.next_reader.fetch_add(1, Ordering::Relaxed);
        for i in 0..n {
            if let Ok(conn) = self.readers[(start + i) % n].try_lock() {
                return f(&conn);
            }
        }
        let conn = lock(&self.readers[start % n]);
        f(&conn)
    }

    /// Runs `f` in one immediate transaction: committed when it returns `Ok`, rolled back otherwise.
    pub fn write<T>(
        &self,
        f: impl FnOnce(&Transaction<'_>) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let mut conn = lock(&self.writer);
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let value = f(&tx)?;
        tx.commit()?;
        Ok(value)
    }

    /// Moves the write-ahead log into the database file (on shutdown).
    pub fn checkpoint(&self) -> Result<(), AppError> {
        let conn = lock(&self.writer);
        conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .or_else(|e| match e {
                // An in-memory database has no log: nothing to do.
                rusqlite::Error::QueryReturnedNoRows => Ok(()),
                e => Err(e),
            })?;
        Ok(())
    }
}

/// Gathers the query planner's statistics when the database has none (after the first seed): with
/// them it knows a category or a shop narrows a million products far more than a status tab, and
/// picks their indexes. A few seconds at a million products, once.
fn analyze_once(conn: &Connection) -> Result<(), AppError> {
    let table: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1')",
        [],
        |r| r.get(0),
    )?;
    // Dropping a table (`--reset`) drops its statistics too.
    let have = table
        && conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_stat1 WHERE tbl = 'product')",
            [],
            |r| r.get(0),
        )?;
    if !have {
        let started = std::time::Instant::now();
        // No skip-scans: with four statuses and a hundred categories the statistics make them
        // look cheap, and the planner then walks a status or category index it cannot seek,
        // sorting hundreds of thousands of rows (seconds) where a plain index answers in
        // microseconds. Every filter has an index that leads with it.
        conn.execute_batch(
            "ANALYZE;
             UPDATE sqlite_stat1 SET stat = stat || ' noskipscan'
                 WHERE idx IS NOT NULL AND stat NOT LIKE '%noskipscan%';
             ANALYZE sqlite_schema;",
        )?;
        tracing::info!(
            ms = started.elapsed().as_millis() as u64,
            "planner statistics gathered"
        );
    }
    Ok(())
}

fn configure(conn: &Connection, writer: bool) -> Result<(), AppError> {
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    if writer {
        // `journal_mode` answers a row; an in-memory database stays in `memory` mode.
        let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
    }
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
}

/// Turns a stored file key into a short-lived signed URL (`crate::files::signed_url` over the
/// state): row readers take one so lists can answer URLs without knowing how they are signed.
pub type Sign<'a> = &'a dyn Fn(&str) -> String;

/// Escapes `%`, `_` and `\` for a `LIKE ... ESCAPE '\'` pattern matching `needle` anywhere.
pub fn like_contains(needle: &str) -> String {
    let mut out = String::with_capacity(needle.len() + 2);
    out.push('%');
    for c in needle.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

/// Whether an error is a UNIQUE constraint violation (a race lost against a concurrent insert).
pub fn is_unique_violation(e: &rusqlite::Error) -> bool {
    matches!(
        e,
        rusqlite::Error::SqliteFailure(f, _)
            if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
    )
}
