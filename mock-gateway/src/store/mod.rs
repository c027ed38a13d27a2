//! The SQLite store: one writer connection, a few readers (WAL lets them read while it writes),
//! schema migrations and the first-start seed. One module per table group.

pub mod activities;
pub mod ad_slots;
pub mod ads;
pub mod audit;
pub mod belts;
pub mod categories;
pub mod contacts;
pub mod dashboard;
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
pub mod periods;
pub mod pictures;
pub mod products;
pub mod recommends;
pub mod related;
pub mod roles;
pub mod search;
pub mod seed;
pub mod sessions;
pub mod shops;
pub mod targets;
pub mod tree;
pub mod users;
pub mod uses;
pub mod views;

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use rusqlite::config::DbConfig;
use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};

use crate::config::{DbImage, DbLocation, HashCost};
use crate::error::AppError;

/// The database: every write goes through [`Store::write`], one transaction at a time.
pub struct Store {
    writer: Mutex<Connection>,
    readers: Vec<Mutex<Connection>>,
    next_reader: AtomicUsize,
    /// Row writes to the access tables, as of the last commit (see [`Store::access_generation`]).
    access_generation: AtomicU64,
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
            DbLocation::Image(image) => {
                let mut conn = Connection::open_in_memory()?;
                conn.deserialize_read_exact(rusqlite::MAIN_DB, &image.0[..], image.0.len(), false)?;
                conn
            }
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
        // After the seeds: the audit log's watch sees the writes the gateway serves.
        audit::open(&mut writer, now_ms)?;
        analyze_once(&writer, now_ms)?;
        forget_histograms(&writer)?;
        let access_generation = access_writes(&writer)?;

        let readers = match location {
            DbLocation::Memory | DbLocation::Image(_) => Vec::new(),
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
            access_generation: AtomicU64::new(access_generation),
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
        // Read inside the transaction, so a failure here rolls the write back rather than
        // answering an error for a write that committed.
        let access = access_writes(&tx)?;
        tx.commit()?;
        self.access_generation.fetch_max(access, Ordering::AcqRel);
        Ok(value)
    }

    /// How many rows of the tables deciding who may do what (`sys_user`, `sys_role`, `sys_menu`,
    /// `sys_user_role`, `sys_role_menu`) committed writes have changed, counted by triggers
    /// (migration 8): a user or a menu view loaded under one value stays true until it changes
    /// (`crate::cache`). A write to any other table leaves it as it is.
    pub fn access_generation(&self) -> u64 {
        self.access_generation.load(Ordering::Acquire)
    }

    /// The database as it stands, whole: what [`DbLocation::Image`] opens a copy of.
    pub fn image(&self) -> Result<DbImage, AppError> {
        let mut conn = lock(&self.writer);
        let data = conn.serialize(rusqlite::MAIN_DB)?;
        Ok(DbImage(Arc::from(&data[..])))
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

/// The triggers' count of row writes to the access tables, on `conn` (a transaction sees its own).
fn access_writes(conn: &Connection) -> Result<u64, AppError> {
    let n: i64 = conn
        .prepare_cached("SELECT coalesce(sum(n), 0) FROM write_generation")?
        .query_row([], |r| r.get(0))?;
    Ok(u64::try_from(n).unwrap_or(0))
}

/// The `meta` key recording that the products' planner statistics were gathered in full.
const PRODUCT_STATS: &str = "product_stats_at";

/// Gathers the planner's statistics of `product` in full, once (after the first seed; again after
/// `--reset`): with them it knows a category narrows a million products far more than a status
/// tab does, and picks the category's index. Sampled statistics (`analysis_limit`) mistook a
/// status for as selective as a category, and the tab sorted by price under a category took
/// 1–2 s instead of milliseconds. A few seconds at a million products.
///
/// Every index is also marked `noskipscan`: with four statuses and ~100 categories the statistics
/// make skip-scans look cheap, and the planner then sorted 700,000 rows for a status tab sorted
/// by price, or walked a status index for a price range (seconds), where an index that leads
/// with the filter answers in microseconds. Each filter has such an index.
fn analyze_once(conn: &Connection, now_ms: i64) -> Result<(), AppError> {
    let done: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM meta WHERE key = ?1)",
        [PRODUCT_STATS],
        |r| r.get(0),
    )?;
    if done {
        return Ok(());
    }
    let started = std::time::Instant::now();
    conn.execute_batch(
        "PRAGMA analysis_limit = 0;
         ANALYZE product;
         UPDATE sqlite_stat1 SET stat = stat || ' noskipscan'
             WHERE idx IS NOT NULL AND stat NOT LIKE '%noskipscan%';
         ANALYZE sqlite_schema;",
    )?;
    conn.execute(
        "INSERT INTO meta (key, value) VALUES (?1, ?2)",
        rusqlite::params![PRODUCT_STATS, now_ms.to_string()],
    )?;
    tracing::info!(
        ms = started.elapsed().as_millis() as u64,
        "planner statistics of product gathered"
    );
    Ok(())
}

/// Keeps the planner's per-index averages (`sqlite_stat1`, what [`analyze_once`] and the seed's
/// `ANALYZE` are for) and drops its sampled histograms (`sqlite_stat4`: the bundled SQLite is built
/// with `SQLITE_ENABLE_STAT4`). With histograms, SQLite plans a prepared statement again whenever a
/// newly bound value might change the plan, so every list call re-planned its query:
/// `sqlite3Reprepare` was 27 % of a list call's instructions (callgrind). The lists' plans follow
/// from the averages and each filter's own index (`mock-gateway/bench/lists.sh` at a million
/// products, before and after, in issue 11's closing note). Done at every start: cheap, and it
/// also clears histograms an older gateway left in its file.
fn forget_histograms(conn: &Connection) -> Result<(), AppError> {
    let kept: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat4')",
        [],
        |r| r.get(0),
    )?;
    if kept {
        conn.execute_batch("DELETE FROM sqlite_stat4; ANALYZE sqlite_schema;")?;
    }
    Ok(())
}

/// Prepared statements kept per connection. The lists' SQL varies with the filters given and the
/// sort (six lists under a mixed workload of filters and sorts prepare about 1,300 texts); with
/// rusqlite's default of 16 nearly every call planned its statements again (a third of a list
/// call's time under `bench/peer.sh`, perf).
const STATEMENT_CACHE: usize = 1024;

fn configure(conn: &Connection, writer: bool) -> Result<(), AppError> {
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    // A `LIKE ?` makes SQLite plan its statement again at every new pattern bound (a pattern
    // without a leading `%` could use an index), even when taken from the cache: another tenth of
    // a list call. The lists' patterns always start with `%` (`like_contains`), so a plan that
    // ignores bound values (the query planner stability guarantee) loses nothing.
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
    // The search triggers call it whoever writes.
    search::register(conn)?;
    if writer {
        // `journal_mode` answers a row; an in-memory database stays in `memory` mode.
        let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        // An answered write must survive whatever happens next. In WAL mode `NORMAL` writes each
        // commit to the log before it returns — enough when only the process dies (SIGKILL: the
        // crash test passes either way) — but syncs the log only at checkpoints, so a power loss
        // or an OS crash could take back the last acknowledged writes. `FULL` syncs the log at
        // every commit: about 1.5 ms per write on this machine's disk, paid by writes alone
        // (readers never wait for the writer in WAL mode).
        conn.pragma_update(None, "synchronous", "FULL")?;
    } else {
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        // Readers map the file (up to SQLite's 2 GB default cap): a search walking a list in price
        // order reads a row on another page at every step, and reading each through `pread`
        // into the connection's own 2 MB cache halved its throughput at a million products
        // (bench/lists.sh, 螺丝 in 已下架 by price: 490 → 1,100 req/s). The pages stay the OS's,
        // shared by the readers.
        // (It answers the size taken, or no row at all for an in-memory database.)
        conn.execute_batch("PRAGMA mmap_size = 2147418112")?;
    }
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
}

/// The newest `limit` rows of `table` whose `owner` column is `id` (newest first), selected with
/// `columns` and read by `row`: the related records a detail shows.
fn latest<T>(
    conn: &Connection,
    (table, columns, owner): (&str, &str, &str),
    id: i64,
    limit: i64,
    row: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
) -> Result<Vec<T>, AppError> {
    let sql = format!(
        "SELECT {columns} FROM {table} WHERE {owner} = ?1
         ORDER BY created_at DESC, id DESC LIMIT {limit}"
    );
    Ok(conn
        .prepare_cached(&sql)?
        .query_map([id], row)?
        .collect::<Result<Vec<_>, _>>()?)
}

/// A `WHERE` being built: clauses joined by `AND`, each `?` bound in order to `args`.
#[derive(Debug, Default, Clone)]
pub struct Where {
    clauses: Vec<String>,
    /// The bound values, in the order of the clauses' `?`.
    pub args: Vec<rusqlite::types::Value>,
}

impl Where {
    /// Adds a clause and the values its `?` bind.
    pub fn push(&mut self, clause: String, args: impl IntoIterator<Item = rusqlite::types::Value>) {
        self.clauses.push(clause);
        self.args.extend(args);
    }

    /// `WHERE …`, or nothing without a clause.
    pub fn sql(&self) -> String {
        if self.clauses.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", self.clauses.join(" AND "))
        }
    }
}

/// Runs `f` in one read transaction: every statement in it sees the same committed writes (a
/// list's counts, total and page agree even while writes commit). Rolled back when done.
pub fn snapshot<T>(
    conn: &Connection,
    f: impl FnOnce(&Connection) -> Result<T, AppError>,
) -> Result<T, AppError> {
    // The two statements are kept prepared (a transaction's own `BEGIN` and `ROLLBACK` were
    // parsed at every call); the guard ends the snapshot however `f` ends, a panic included, so
    // the pooled connection is never left inside it.
    struct Ends<'c>(&'c Connection);
    impl Drop for Ends<'_> {
        fn drop(&mut self) {
            if let Err(e) = self
                .0
                .prepare_cached("ROLLBACK")
                .and_then(|mut s| s.execute([]))
            {
                tracing::error!(error = %e, "a read snapshot did not end");
            }
        }
    }
    conn.prepare_cached("BEGIN")?.execute([])?;
    let _ends = Ends(conn);
    f(conn)
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

/// The rows of `ids` in `table`, selected with `columns` and read by `row`, in the order of `ids`
/// (an id not found is left out): a page whose ids were chosen first.
pub fn rows_in_order<T>(
    c: &Connection,
    (table, columns): (&str, &str),
    ids: &[i64],
    mut row: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
) -> Result<Vec<T>, AppError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // The id last, after the columns the row reader reads by position.
    let sql = format!(
        "SELECT {columns}, id FROM {table} WHERE id IN ({})",
        vec!["?"; ids.len()].join(", ")
    );
    let mut stmt = c.prepare_cached(&sql)?;
    let last = stmt.column_count().saturating_sub(1);
    let mut found = std::collections::HashMap::new();
    let mut rows = stmt.query(rusqlite::params_from_iter(ids.iter()))?;
    while let Some(r) = rows.next()? {
        found.insert(r.get::<_, i64>(last)?, row(r)?);
    }
    Ok(ids.iter().filter_map(|id| found.remove(id)).collect())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::HashCost;
    use rusqlite::StatementStatus;

    const NOW: i64 = 1_772_416_800_000;

    /// How often a list's query, bound anew for each status tab, was planned again.
    fn replans(conn: &Connection) -> Result<i32, AppError> {
        let mut stmt = conn.prepare(
            "SELECT id FROM product WHERE status = ?1 ORDER BY price_min DESC, id DESC LIMIT 20",
        )?;
        for status in ["onSale", "offSale", "draft", "violation", "onSale"] {
            let ids: Vec<i64> = stmt
                .query_map([status], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            assert!(!ids.is_empty(), "{status}");
        }
        Ok(stmt.get_status(StatementStatus::RePrepare))
    }

    #[test]
    fn a_list_query_bound_anew_is_not_planned_again_and_the_averages_stay() -> Result<(), AppError>
    {
        let mut conn = Connection::open_in_memory()?;
        migrations::migrate(&mut conn)?;
        seed::load(&mut conn, HashCost::TEST, NOW)?;
        demo::load(&mut conn, 1, NOW)?;
        analyze_once(&conn, NOW)?;
        // With the sampled histograms, each new status planned the statement again.
        assert!(replans(&conn)? > 0);

        forget_histograms(&conn)?;
        assert_eq!(replans(&conn)?, 0);
        let count = |sql: &str| conn.query_row(sql, [], |r| r.get::<_, i64>(0));
        assert_eq!(count("SELECT COUNT(*) FROM sqlite_stat4")?, 0);
        assert!(count("SELECT COUNT(*) FROM sqlite_stat1 WHERE tbl = 'product'")? > 3);
        Ok(())
    }

    /// A name filter's statement bound with a new pattern at each call: SQLite planned it again
    /// each time, cached or not, until the connection was told to plan without bound values.
    #[test]
    fn a_like_filter_bound_anew_is_not_planned_again() -> Result<(), AppError> {
        let replans = |conn: &Connection| -> Result<i32, AppError> {
            let mut stmt = conn.prepare(
                "SELECT id FROM sys_dict WHERE label LIKE ?1 ESCAPE '\\' ORDER BY id LIMIT 20",
            )?;
            for pattern in ["%单位%", "%a%", "%店铺%", "%单位%"] {
                let ids: Vec<i64> = stmt
                    .query_map([pattern], |r| r.get(0))?
                    .collect::<Result<_, _>>()?;
                assert!(ids.len() <= 20);
            }
            Ok(stmt.get_status(StatementStatus::RePrepare))
        };
        let mut conn = Connection::open_in_memory()?;
        migrations::migrate(&mut conn)?;
        assert!(replans(&conn)? > 0);
        configure(&conn, false)?;
        assert_eq!(replans(&conn)?, 0);
        Ok(())
    }
}
