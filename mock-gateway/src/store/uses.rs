//! What still uses a record, for the refusal of its delete (`data_in_use` names them): how many
//! records of one kind, and the names of the first few.

use rusqlite::Connection;

use crate::error::AppError;

/// How many names a refusal lists before `等`.
pub const NAMED: usize = 5;

/// Records of one kind using another: their count and the first [`NAMED`] names.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Uses {
    /// How many there are.
    pub count: i64,
    /// The first few names, in the query's order.
    pub names: Vec<String>,
}

impl Uses {
    /// Whether anything uses the record.
    pub fn any(&self) -> bool {
        self.count > 0
    }

    /// The names as people read a list (`A、B、C`), with ` 等` when more were left out.
    pub fn listed(&self) -> String {
        let more = if self.count > self.names.len() as i64 {
            " 等"
        } else {
            ""
        };
        format!("{}{more}", self.names.join("、"))
    }

    /// As [`Uses::listed`], each name in 「」 (role and menu names may hold spaces).
    pub fn quoted(&self) -> String {
        let more = if self.count > self.names.len() as i64 {
            " 等"
        } else {
            ""
        };
        let names: Vec<String> = self.names.iter().map(|n| format!("「{n}」")).collect();
        format!("{}{more}", names.join("、"))
    }
}

/// Runs `sql` (one text column, `?1` bound to `id`; a constant of the store, never input): every
/// row counted, the first [`NAMED`] named. Inside a write's transaction, so what it finds is what
/// the delete would break.
pub fn named(conn: &Connection, sql: &str, id: i64) -> Result<Uses, AppError> {
    let count: i64 = conn
        .prepare_cached(&format!("SELECT count(*) FROM ({sql})"))?
        .query_row([id], |r| r.get(0))?;
    let names = if count == 0 {
        Vec::new()
    } else {
        conn.prepare_cached(&format!("{sql} LIMIT {NAMED}"))?
            .query_map([id], |r| r.get(0))?
            .collect::<Result<Vec<String>, _>>()?
    };
    Ok(Uses { count, names })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_first_few_and_says_when_there_are_more() -> Result<(), AppError> {
        let conn = Connection::open_in_memory()?;
        conn.execute_batch(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, owner INTEGER, name TEXT);
             INSERT INTO t (owner, name) VALUES (1, 'a'), (1, 'b'), (2, 'c'), (2, 'd'), (2, 'e'),
                 (2, 'f'), (2, 'g'), (2, 'h');",
        )?;
        let sql = "SELECT name FROM t WHERE owner = ?1 ORDER BY id";
        let one = named(&conn, sql, 1)?;
        assert_eq!((one.count, one.listed()), (2, "a、b".to_owned()));
        assert_eq!(one.quoted(), "「a」、「b」");
        let two = named(&conn, sql, 2)?;
        assert_eq!(
            (two.count, two.listed()),
            (6, "c、d、e、f、g 等".to_owned())
        );
        let none = named(&conn, sql, 3)?;
        assert!(!none.any());
        Ok(())
    }
}
