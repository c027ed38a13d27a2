//! Schema migrations, in code, tracked by `PRAGMA user_version`: migration `i` (1-based) brings a
//! database from version `i - 1` to `i`. Never edit a released migration; append a new one.

use rusqlite::Connection;

use crate::error::AppError;

/// Every migration, oldest first.
pub const MIGRATIONS: &[&str] = &[
    // 1: system users, roles, menus, sessions, login failures, audit log.
    r#"
    CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );

    CREATE TABLE sys_role (
        id         INTEGER PRIMARY KEY,
        parent_id  INTEGER REFERENCES sys_role(id),
        name       TEXT NOT NULL,
        remark     TEXT NOT NULL DEFAULT '',
        version    INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX sys_role_sibling_name ON sys_role (coalesce(parent_id, 0), name);

    CREATE TABLE sys_user (
        id            INTEGER PRIMARY KEY,
        username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
        nickname      TEXT NOT NULL,
        avatar        TEXT NOT NULL DEFAULT '',
        password_hash TEXT NOT NULL,
        status        TEXT NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
        version       INTEGER NOT NULL DEFAULT 1,
        created_at    INTEGER NOT NULL,
        updated_at    INTEGER NOT NULL
    );

    CREATE TABLE sys_user_role (
        user_id INTEGER NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        role_id INTEGER NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, role_id)
    ) WITHOUT ROWID;

    CREATE TABLE sys_menu (
        id         INTEGER PRIMARY KEY,
        parent_id  INTEGER REFERENCES sys_menu(id),
        alias      TEXT NOT NULL,
        name       TEXT NOT NULL,
        icon       TEXT,
        visible    INTEGER NOT NULL DEFAULT 1,
        sort       INTEGER NOT NULL DEFAULT 0,
        access     TEXT,
        version    INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX sys_menu_sibling_name ON sys_menu (coalesce(parent_id, 0), name);

    CREATE TABLE sys_role_menu (
        role_id INTEGER NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
        menu_id INTEGER NOT NULL REFERENCES sys_menu(id) ON DELETE CASCADE,
        PRIMARY KEY (role_id, menu_id)
    ) WITHOUT ROWID;

    CREATE TABLE session (
        token_hash  TEXT PRIMARY KEY,
        user_id     INTEGER NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        login_at    INTEGER NOT NULL,
        issued_at   INTEGER NOT NULL,
        last_seen   INTEGER NOT NULL,
        replaced_at INTEGER,
        family      TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX session_user ON session (user_id);
    CREATE INDEX session_family ON session (family);

    CREATE TABLE login_failure (
        id       INTEGER PRIMARY KEY,
        username TEXT NOT NULL COLLATE NOCASE,
        at       INTEGER NOT NULL
    );
    CREATE INDEX login_failure_user_at ON login_failure (username, at);

    CREATE TABLE audit_log (
        id          INTEGER PRIMARY KEY,
        sys_user_id INTEGER,
        username    TEXT NOT NULL,
        api         TEXT NOT NULL,
        target_id   INTEGER,
        summary     TEXT NOT NULL,
        at          INTEGER NOT NULL,
        ip          TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX audit_log_at ON audit_log (at);
    "#,
    // 2: 数据字典. `dict_type`/`dict_key` rather than `type`/`key`, which read like keywords; codes
    // compare case-insensitively so `Shop_Level` cannot shadow `shop_level`.
    r#"
    CREATE TABLE sys_dict (
        id         INTEGER PRIMARY KEY,
        dict_type  TEXT NOT NULL COLLATE NOCASE,
        dict_key   TEXT NOT NULL COLLATE NOCASE,
        label      TEXT NOT NULL,
        value      TEXT NOT NULL,
        sort       INTEGER NOT NULL DEFAULT 0,
        remark     TEXT NOT NULL DEFAULT '',
        status     TEXT NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
        version    INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX sys_dict_type_key ON sys_dict (dict_type, dict_key);
    CREATE INDEX sys_dict_type_sort ON sys_dict (dict_type, sort, id);
    "#,
    // 3: stored images. The bytes live in the private folder beside the database (one file per
    // key); the row keeps the type read from them, the size and who uploaded it (no foreign key:
    // deleting a user keeps their uploads, as the audit log keeps their rows).
    r#"
    CREATE TABLE files (
        id         INTEGER PRIMARY KEY,
        key        TEXT NOT NULL UNIQUE,
        mime       TEXT NOT NULL,
        bytes      INTEGER NOT NULL,
        created_by INTEGER,
        created_at INTEGER NOT NULL
    );
    "#,
];

/// The schema version this build expects.
pub fn latest() -> i64 {
    MIGRATIONS.len() as i64
}

/// Applies every migration the database has not seen, each in its own transaction.
pub fn migrate(conn: &mut Connection) -> Result<(), AppError> {
    let current: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if current > latest() {
        return Err(AppError::internal(format!(
            "the database is at schema version {current}, newer than this build ({})",
            latest()
        )));
    }
    for (index, sql) in MIGRATIONS.iter().enumerate().skip(current as usize) {
        let version = index as i64 + 1;
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", version)?;
        tx.commit()?;
        tracing::info!(version, "database migrated");
    }
    Ok(())
}

/// Drops every table and index and resets the schema version (`--reset`).
pub fn drop_everything(conn: &mut Connection) -> Result<(), AppError> {
    conn.pragma_update(None, "foreign_keys", "OFF")?;
    let tx = conn.transaction()?;
    let tables: Vec<String> = {
        let mut stmt = tx.prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
        )?;
        stmt.query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?
    };
    for table in tables {
        tx.execute_batch(&format!("DROP TABLE \"{}\"", table.replace('"', "\"\"")))?;
    }
    tx.pragma_update(None, "user_version", 0)?;
    tx.commit()?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    tracing::info!("database reset");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrating_twice_is_a_no_op_and_reset_starts_over() -> Result<(), AppError> {
        let mut conn = Connection::open_in_memory()?;
        migrate(&mut conn)?;
        migrate(&mut conn)?;
        let v: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        assert_eq!(v, latest());
        conn.execute(
            "INSERT INTO meta (key, value) VALUES ('x', 'y')",
            rusqlite::params![],
        )?;
        drop_everything(&mut conn)?;
        let v: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        assert_eq!(v, 0);
        migrate(&mut conn)?;
        let n: i64 = conn.query_row("SELECT count(*) FROM meta", [], |r| r.get(0))?;
        assert_eq!(n, 0);
        Ok(())
    }

    #[test]
    fn a_newer_database_is_refused() -> Result<(), AppError> {
        let mut conn = Connection::open_in_memory()?;
        conn.pragma_update(None, "user_version", latest() + 1)?;
        assert!(migrate(&mut conn).is_err());
        Ok(())
    }
}
