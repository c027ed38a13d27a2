//! Declarative lists. A domain declares a [`ListSpec`] — its table, the filters its params carry,
//! the sortable columns (wire name → SQL column) and the default order — and [`list`] validates the
//! params against it, builds the SQL with bound values only, counts, pages and answers `Page<T>`.
//! A list that answers more than a page (tab counts, its own plan for some filters) takes the
//! validated [`Query`] from [`query`] and hands its `WHERE` to its store.

use std::collections::HashMap;
use std::sync::{LazyLock, RwLock};

use core_wasm::lifecycle::{Entity, Refusal};
use core_wasm::ops::Page;
use core_wasm::validate::FieldError;
use rusqlite::types::Value as Sql;
use rusqlite::{Connection, Row, params_from_iter};
use serde::Serialize;
use serde_json::{Map, Value};

use super::params::Paging;
use crate::error::AppError;
use crate::store::{Where, like_contains, snapshot};

/// The statuses a `status` filter accepts.
pub const STATUSES: [&str; 2] = ["enabled", "disabled"];

/// Refuses a status other than `enabled` or `disabled` (a filter or a written field).
pub fn check_status(field: &str, status: Option<&str>, errors: &mut Vec<FieldError>) {
    if status.is_some_and(|s| !STATUSES.contains(&s)) {
        errors.push(FieldError::new(
            field,
            format!("{field} 须为 enabled 或 disabled"),
        ));
    }
}

/// One filter: which param (wire name) narrows which column(s), and how.
#[derive(Debug, Clone, Copy)]
pub enum Filter {
    /// The column equals the param.
    Exact(&'static str, &'static str),
    /// The param (trimmed) is part of any of the columns (`LIKE`, with `%` and `_` escaped).
    Contains(&'static str, &'static [&'static str]),
    /// `from` ≤ column ≤ `to`, each optional; `from` after `to` is refused on `from`.
    Range {
        /// The lower bound's param.
        from: &'static str,
        /// The upper bound's param.
        to: &'static str,
        /// The column.
        column: &'static str,
    },
    /// The param is `enabled` or `disabled` (refused otherwise) and equals the column.
    Status(&'static str, &'static str),
    /// The param is a state of the entity's lifecycle (refused otherwise) and equals the column.
    State(&'static str, &'static str, Entity),
    /// A clause of the list's own with one `?`, bound to the param: what a column comparison cannot
    /// say (a category's subtree, a state derived from the time a handler passes in).
    Clause(&'static str, &'static str),
    /// The param is the id of a node of a tree; the column is that id or any id below it. The ids
    /// are resolved first (`IN (?, …)` with each bound), so the column's index answers.
    Subtree(&'static str, &'static str, Subtree),
    /// A range of amounts on one column: `from` ≤ column ≤ `to`, each optional, neither negative,
    /// `from` above `to` refused on `from`. Each bound is (param, label in the errors).
    Amounts {
        /// The lower bound's param and label.
        from: (&'static str, &'static str),
        /// The upper bound's param and label.
        to: (&'static str, &'static str),
        /// The column.
        column: &'static str,
    },
}

/// The ids of a tree's node and of every node below it (the node's own id even when unknown: it
/// then matches nothing).
pub type Subtree = fn(&Connection, i64) -> Result<Vec<i64>, AppError>;

/// The order when the call names no `sortField`.
#[derive(Debug, Clone, Copy)]
pub enum Order {
    /// A sortable column's wire name; `sortOrder` still applies.
    By(&'static str),
    /// A sortable column's wire name, descending (newest first); `sortOrder` still applies, and a
    /// `sortField` without one is ascending.
    ByDesc(&'static str),
    /// A fixed `ORDER BY` text.
    Fixed(&'static str),
}

/// A list: table, selected columns, filters, sortable columns and default order.
#[derive(Debug, Clone, Copy)]
pub struct ListSpec {
    /// The table (or join) to select from.
    pub table: &'static str,
    /// The selected columns, in the order the row reader reads them.
    pub columns: &'static str,
    /// The filters, in the order their errors are reported.
    pub filters: &'static [Filter],
    /// Sortable columns: `sortField` wire name → SQL column.
    pub sorts: &'static [(&'static str, &'static str)],
    /// The order without `sortField`.
    pub order: Order,
}

/// A validated query: each filter's clause with its bound values, the order and the paging.
#[derive(Debug)]
pub struct Query {
    parts: Vec<Part>,
    order: String,
    /// The sort column (`None`: a fixed order).
    pub column: Option<&'static str>,
    /// Whether the sort column descends.
    pub desc: bool,
    /// The page asked for.
    pub paging: Paging,
}

/// One filter given: its param, its clause and the values the clause binds.
#[derive(Debug)]
struct Part {
    param: &'static str,
    clause: String,
    args: Vec<Sql>,
}

impl Query {
    /// Whether the call gave the filter of `param`.
    pub fn has(&self, param: &str) -> bool {
        self.parts.iter().any(|p| p.param == param)
    }

    /// The values the filter of `param` binds (a status, a subtree's ids), when given.
    pub fn values(&self, param: &str) -> Option<&[Sql]> {
        self.parts
            .iter()
            .find(|p| p.param == param)
            .map(|p| p.args.as_slice())
    }

    /// The `WHERE` of every filter given but those of `except` (tab counts leave out the tab's).
    pub fn filters_except(&self, except: &[&str]) -> Where {
        let mut wher = Where::default();
        for part in self.parts.iter().filter(|p| !except.contains(&p.param)) {
            wher.push(part.clause.clone(), part.args.iter().cloned());
        }
        wher
    }

    /// The `ORDER BY` text.
    pub fn order(&self) -> &str {
        &self.order
    }
}

/// `spec`'s query under `params` (the list operation's catalogue params, whose wire names the
/// filters use): every invalid param answers `param_invalid` naming its field; a subtree filter
/// is resolved to its ids through `conn`.
pub fn query<P: Serialize>(
    conn: &Connection,
    spec: &ListSpec,
    params: &P,
) -> Result<Query, AppError> {
    read(conn, spec, params)
}

/// One page of `spec`'s rows under `params` (the list operation's catalogue params, whose wire
/// names the filters use), read by `row`; invalid params answer `param_invalid` naming each field.
pub fn list<P: Serialize, T>(
    conn: &Connection,
    spec: &ListSpec,
    params: &P,
    row: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
) -> Result<Page<T>, AppError> {
    let q = read(conn, spec, params)?;
    let wher = q.filters_except(&[]);
    let sql = PageSql::new(conn, spec, &wher, &q)?;
    let (list, total) = sql.consistent(conn, |c| {
        let list = sql.fetch(c, &wher, &q, row)?;
        let total = match total_of_page(&q.paging, list.len()) {
            Some(total) => total,
            None => c
                .prepare_cached(&format!(
                    "SELECT count(*) FROM {} {}",
                    spec.table,
                    wher.sql()
                ))?
                .query_row(params_from_iter(wher.args.iter()), |r| r.get(0))?,
        };
        Ok((list, total))
    })?;
    Ok(Page {
        list,
        total,
        page: q.paging.page,
        page_size: q.paging.page_size,
    })
}

/// The total a page tells by itself: a page shorter than asked holds every row from its offset on
/// (an empty page beyond the first tells nothing). Then the rows are not counted again.
fn total_of_page(paging: &Paging, rows: usize) -> Option<i64> {
    let rows = i64::try_from(rows).ok()?;
    (rows < paging.page_size && (rows > 0 || paging.offset() == 0)).then(|| paging.offset() + rows)
}

/// [`list`] without counting: the page's rows and the paging, for lists that know their total
/// from elsewhere (a tally kept by triggers).
pub fn rows<P: Serialize, T>(
    conn: &Connection,
    spec: &ListSpec,
    params: &P,
    row: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
) -> Result<(Vec<T>, Paging), AppError> {
    let q = read(conn, spec, params)?;
    let wher = q.filters_except(&[]);
    let sql = PageSql::new(conn, spec, &wher, &q)?;
    let list = sql.consistent(conn, |c| sql.fetch(c, &wher, &q, row))?;
    Ok((list, q.paging))
}

/// How a page is read: in one statement, or as its ids first and then the rows of those ids.
///
/// A column that looks a row up elsewhere (a correlated subquery: a shop's owner, a buyer's
/// nickname) is computed for every row a sort holds — every match when no index gives the order —
/// not for the page's twenty (a member list by nickname looked up 720 names for 20 rows). There
/// the ids are sorted alone and the lookups run for the page's rows only. Where an index gives
/// the order, one statement already computes the page's rows alone, and a second would only add
/// to it: the plan decides, once per statement text.
struct PageSql<'s> {
    spec: &'s ListSpec,
    /// The one statement: the page's rows in order.
    whole: String,
    /// Whether its plan sorts rows with lookups in their columns.
    deferred: bool,
}

impl<'s> PageSql<'s> {
    fn new(
        conn: &Connection,
        spec: &'s ListSpec,
        wher: &Where,
        q: &Query,
    ) -> Result<PageSql<'s>, AppError> {
        let whole = format!(
            "SELECT {} FROM {} {} ORDER BY {} LIMIT ? OFFSET ?",
            spec.columns,
            spec.table,
            wher.sql(),
            q.order
        );
        // Only over a plain table, whose `id` is unambiguous.
        let looks_up = spec.columns.contains("SELECT") && !spec.table.contains(' ');
        let deferred = looks_up && sorts(conn, &whole)?;
        Ok(PageSql {
            spec,
            whole,
            deferred,
        })
    }

    /// Runs `f` in one read snapshot when the page takes two statements, so they agree while
    /// writes commit (inside a caller's transaction, in that).
    fn consistent<T>(
        &self,
        conn: &Connection,
        f: impl FnOnce(&Connection) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        if self.deferred && conn.is_autocommit() {
            snapshot(conn, f)
        } else {
            f(conn)
        }
    }

    fn fetch<T>(
        &self,
        conn: &Connection,
        wher: &Where,
        q: &Query,
        row: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Vec<T>, AppError> {
        let paging = [
            Sql::Integer(q.paging.page_size),
            Sql::Integer(q.paging.offset()),
        ];
        let args = wher.args.iter().chain(paging.iter());
        if !self.deferred {
            let mut stmt = conn.prepare_cached(&self.whole)?;
            let list = stmt
                .query_map(params_from_iter(args), row)?
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(list);
        }
        let (table, order) = (self.spec.table, &q.order);
        let sql = format!(
            "SELECT id FROM {table} {} ORDER BY {order} LIMIT ? OFFSET ?",
            wher.sql()
        );
        let ids = conn
            .prepare_cached(&sql)?
            .query_map(params_from_iter(args), |r| r.get::<_, i64>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        // The same order again, over the page's rows alone.
        let sql = format!(
            "SELECT {} FROM {table} WHERE id IN ({}) ORDER BY {order}",
            self.spec.columns,
            vec!["?"; ids.len()].join(", ")
        );
        let mut stmt = conn.prepare_cached(&sql)?;
        let list = stmt
            .query_map(params_from_iter(ids.iter()), row)?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(list)
    }
}

/// Whether the plan of `sql` sorts its rows in a temporary b-tree, asked once per text: a plan
/// does not change while the gateway runs (it ignores bound values, and the statistics are
/// gathered at start). Either answer reads the same rows; a stale one only costs time.
fn sorts(conn: &Connection, sql: &str) -> Result<bool, AppError> {
    static KNOWN: LazyLock<RwLock<HashMap<String, bool>>> = LazyLock::new(Default::default);
    let known = |sql: &str| {
        KNOWN
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .get(sql)
            .copied()
    };
    if let Some(sorts) = known(sql) {
        return Ok(sorts);
    }
    let mut stmt = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}"))?;
    // The plan is the same whatever is bound: nulls will do.
    let nulls = vec![Sql::Null; stmt.parameter_count()];
    let steps = stmt
        .query_map(params_from_iter(nulls.iter()), |r| r.get::<_, String>(3))?
        .collect::<Result<Vec<_>, _>>()?;
    let sorts = steps
        .iter()
        .any(|step| step.starts_with("USE TEMP B-TREE FOR") && step.contains("ORDER BY"));
    KNOWN
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .insert(sql.to_owned(), sorts);
    Ok(sorts)
}

/// One row of `SELECT {select} FROM spec.table WHERE <spec's filters>` under `params` (totals
/// beside a list: the same filters, the same refusals), read by `row`.
pub fn aggregate<P: Serialize, T>(
    conn: &Connection,
    spec: &ListSpec,
    params: &P,
    select: &str,
    row: impl FnOnce(&Row<'_>) -> rusqlite::Result<T>,
) -> Result<T, AppError> {
    let wher = read(conn, spec, params)?.filters_except(&[]);
    let sql = format!("SELECT {select} FROM {} {}", spec.table, wher.sql());
    Ok(conn
        .prepare_cached(&sql)?
        .query_row(params_from_iter(wher.args.iter()), row)?)
}

/// A param's value as bound: a whole number, else trimmed text.
fn bound(v: &Value) -> Sql {
    match v {
        Value::Number(n) => n.as_i64().map_or(Sql::Null, Sql::Integer),
        Value::String(s) => Sql::Text(s.trim().to_owned()),
        other => Sql::Text(other.to_string()),
    }
}

fn read<P: Serialize>(conn: &Connection, spec: &ListSpec, params: &P) -> Result<Query, AppError> {
    let params = match serde_json::to_value(params).map_err(AppError::internal)? {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    let int = |name: &str| params.get(name).and_then(Value::as_i64);
    let text = |name: &str| {
        params
            .get(name)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
    };
    let mut errors = Vec::new();
    let paging = Paging::read(int("page"), int("pageSize"), &mut errors);
    let mut parts: Vec<Part> = Vec::new();
    for filter in spec.filters {
        let mut push = |param: &'static str, clause: String, args: Vec<Sql>| {
            parts.push(Part {
                param,
                clause,
                args,
            })
        };
        match *filter {
            Filter::Exact(param, column) => {
                if let Some(v) = params.get(param).filter(|v| !v.is_null()) {
                    push(param, format!("{column} = ?"), vec![bound(v)]);
                }
            }
            Filter::Contains(param, columns) => {
                if let Some(v) = text(param) {
                    let any: Vec<String> = columns
                        .iter()
                        .map(|c| format!("{c} LIKE ? ESCAPE '\\'"))
                        .collect();
                    let pattern = like_contains(v);
                    push(
                        param,
                        format!("({})", any.join(" OR ")),
                        columns.iter().map(|_| Sql::Text(pattern.clone())).collect(),
                    );
                }
            }
            Filter::Range { from, to, column } => {
                let (lo, hi) = (int(from), int(to));
                if let (Some(lo), Some(hi)) = (lo, hi) {
                    if lo > hi {
                        errors.push(FieldError::new(from, "开始时间不能晚于结束时间"));
                    }
                }
                for (param, bound, op) in [(from, lo, ">="), (to, hi, "<=")] {
                    if let Some(b) = bound {
                        push(param, format!("{column} {op} ?"), vec![Sql::Integer(b)]);
                    }
                }
            }
            Filter::Amounts { from, to, column } => {
                let (lo, hi) = (int(from.0), int(to.0));
                for ((param, label), value) in [(from, lo), (to, hi)] {
                    if value.is_some_and(|v| v < 0) {
                        errors.push(FieldError::new(param, format!("{label}不能为负数")));
                    }
                }
                if let (Some(lo), Some(hi)) = (lo, hi) {
                    if lo > hi {
                        let message = format!("{}不能高于{}", from.1, to.1);
                        errors.push(FieldError::new(from.0, message));
                    }
                }
                for ((param, _), bound, op) in [(from, lo, ">="), (to, hi, "<=")] {
                    if let Some(b) = bound {
                        push(param, format!("{column} {op} ?"), vec![Sql::Integer(b)]);
                    }
                }
            }
            Filter::Status(param, column) => {
                if let Some(s) = text(param) {
                    check_status(param, Some(s), &mut errors);
                    push(
                        param,
                        format!("{column} = ?"),
                        vec![Sql::Text(s.to_owned())],
                    );
                }
            }
            Filter::State(param, column, entity) => {
                if let Some(s) = text(param) {
                    if entity.lifecycle().state(s).is_none() {
                        let refusal = Refusal::UnknownState(s.to_owned());
                        errors.push(FieldError::new(param, refusal.message(entity)));
                    }
                    push(
                        param,
                        format!("{column} = ?"),
                        vec![Sql::Text(s.to_owned())],
                    );
                }
            }
            Filter::Clause(param, clause) => {
                if let Some(v) = params.get(param).filter(|v| !v.is_null()) {
                    push(param, format!("({clause})"), vec![bound(v)]);
                }
            }
            Filter::Subtree(param, column, subtree) => {
                if let Some(id) = int(param) {
                    let ids = subtree(conn, id)?;
                    let marks = vec!["?"; ids.len()].join(", ");
                    push(
                        param,
                        format!("{column} IN ({marks})"),
                        ids.into_iter().map(Sql::Integer).collect(),
                    );
                }
            }
        }
    }
    let sort = text("sortField").map(|field| {
        let found = spec.sorts.iter().find(|(wire, _)| *wire == field);
        if found.is_none() {
            let names: Vec<&str> = spec.sorts.iter().map(|(wire, _)| *wire).collect();
            errors.push(FieldError::new(
                "sortField",
                if names.is_empty() {
                    "此列表不能按 sortField 排序".to_owned()
                } else {
                    format!("sortField 须为 {}", names.join("、"))
                },
            ));
        }
        found.map(|(_, column)| *column)
    });
    let given_dir = match text("sortOrder") {
        None => None,
        Some("asc") | Some("ascend") => Some("ASC"),
        Some("desc") | Some("descend") => Some("DESC"),
        Some(_) => {
            errors.push(FieldError::new(
                "sortOrder",
                "sortOrder 须为 asc、desc、ascend 或 descend",
            ));
            None
        }
    };
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let sort = sort.flatten();
    // Only a default order of `ByDesc` without a `sortField` descends unasked.
    let dir = match (given_dir, spec.order, sort) {
        (Some(dir), _, _) => dir,
        (None, Order::ByDesc(_), None) => "DESC",
        (None, _, _) => "ASC",
    };
    let default = match spec.order {
        Order::By(wire) | Order::ByDesc(wire) => spec
            .sorts
            .iter()
            .find(|(w, _)| *w == wire)
            .map(|(_, column)| *column),
        Order::Fixed(_) => None,
    };
    let column = sort.or(default);
    let order = match (column, spec.order) {
        (Some(column), _) => format!("{column} {dir}, id {dir}"),
        (None, Order::Fixed(text)) => text.to_owned(),
        (None, Order::By(_) | Order::ByDesc(_)) => format!("id {dir}"),
    };
    Ok(Query {
        parts,
        order,
        column,
        desc: dir == "DESC",
        paging,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const SPEC: ListSpec = ListSpec {
        table: "t",
        columns: "id, name, status, at",
        filters: &[
            Filter::Contains("keyword", &["name", "note"]),
            Filter::Exact("kind", "kind"),
            Filter::Status("status", "status"),
            Filter::Range {
                from: "from",
                to: "to",
                column: "at",
            },
        ],
        sorts: &[("id", "id"), ("createdAt", "created_at")],
        order: Order::Fixed("at DESC, id DESC"),
    };

    /// `read` without a subtree to resolve (an empty database answers).
    fn read(spec: &ListSpec, params: &Value) -> Result<Query, AppError> {
        super::read(&Connection::open_in_memory()?, spec, params)
    }

    fn fields(e: AppError) -> Vec<String> {
        match e {
            AppError::Invalid(f) => f.into_iter().map(|f| f.field).collect(),
            other => vec![format!("{other:?}")],
        }
    }

    #[test]
    fn filters_become_bound_parameters_never_sql_text() -> Result<(), AppError> {
        let q = read(
            &SPEC,
            &json!({"keyword": " 50%_'; DROP TABLE t; -- ", "kind": "a'b", "status": "enabled",
                    "from": 1, "to": 2, "sortField": "createdAt", "sortOrder": "descend"}),
        )?;
        let wher = q.filters_except(&[]);
        assert_eq!(
            wher.sql(),
            "WHERE (name LIKE ? ESCAPE '\\' OR note LIKE ? ESCAPE '\\') AND kind = ? \
             AND status = ? AND at >= ? AND at <= ?"
        );
        assert_eq!(
            wher.args[0],
            Sql::Text("%50\\%\\_'; DROP TABLE t; --%".into())
        );
        assert_eq!(wher.args[2], Sql::Text("a'b".into()));
        assert_eq!(q.order, "created_at DESC, id DESC");
        assert_eq!(read(&SPEC, &json!({}))?.order, "at DESC, id DESC");
        Ok(())
    }

    #[test]
    fn every_invalid_param_is_named() {
        let e = read(
            &SPEC,
            &json!({"page": 0, "pageSize": 1000, "status": "gone", "from": 3, "to": 2,
                    "sortField": "name; --", "sortOrder": "up"}),
        )
        .err()
        .map(fields);
        assert_eq!(
            e,
            Some(
                [
                    "page",
                    "pageSize",
                    "status",
                    "from",
                    "sortField",
                    "sortOrder"
                ]
                .map(String::from)
                .to_vec()
            )
        );
    }

    #[test]
    fn a_clause_binds_its_param() -> Result<(), AppError> {
        let spec = ListSpec {
            filters: &[Filter::Clause("at", "start <= ? AND 1 = 1")],
            ..SPEC
        };
        let wher = read(&spec, &json!({"at": 5}))?.filters_except(&[]);
        assert_eq!(wher.sql(), "WHERE (start <= ? AND 1 = 1)");
        assert_eq!(wher.args, [Sql::Integer(5)]);
        assert_eq!(
            read(&spec, &json!({"at": null}))?.filters_except(&[]).sql(),
            ""
        );
        Ok(())
    }

    #[test]
    fn a_default_sort_column_follows_sort_order() -> Result<(), AppError> {
        let spec = ListSpec {
            order: Order::By("id"),
            ..SPEC
        };
        assert_eq!(
            read(&spec, &json!({"sortOrder": "desc"}))?.order,
            "id DESC, id DESC"
        );
        Ok(())
    }

    #[test]
    fn only_a_short_page_tells_its_total() {
        let at = |page, page_size| Paging { page, page_size };
        assert_eq!(total_of_page(&at(1, 20), 0), Some(0));
        assert_eq!(total_of_page(&at(1, 20), 7), Some(7));
        assert_eq!(total_of_page(&at(3, 20), 5), Some(45));
        // A full page may have more behind it; an empty one beyond the first may follow fewer rows.
        assert_eq!(total_of_page(&at(1, 20), 20), None);
        assert_eq!(total_of_page(&at(3, 20), 0), None);
    }

    /// A page sorted where no index gives the order, with a lookup among its columns, is read as
    /// its ids first; by an indexed column, in one statement; both answer the rows one statement
    /// would, in its order, with the total.
    #[test]
    fn a_sorted_page_with_lookups_reads_its_ids_first_and_answers_the_same_rows()
    -> Result<(), AppError> {
        const LOOKUP: ListSpec = ListSpec {
            table: "o",
            columns: "id, name, (SELECT label FROM kind WHERE kind.id = o.kind)",
            filters: &[Filter::Contains("name", &["name"])],
            sorts: &[("id", "id"), ("name", "name"), ("at", "at")],
            order: Order::Fixed("at DESC, id DESC"),
        };
        let conn = Connection::open_in_memory()?;
        conn.execute_batch(
            "CREATE TABLE o (id INTEGER PRIMARY KEY, name TEXT, at INTEGER, kind INTEGER);
             CREATE INDEX o_at ON o (at);
             CREATE TABLE kind (id INTEGER PRIMARY KEY, label TEXT);
             INSERT INTO kind VALUES (0, 'a'), (1, 'b'), (2, 'c');",
        )?;
        for i in 0..57_i64 {
            conn.execute(
                "INSERT INTO o VALUES (?1, ?2, ?3, ?4)",
                rusqlite::params![i + 1, format!("n{}", (i * 7) % 10), i / 2, i % 3],
            )?;
        }
        type Row3 = (i64, String, String);
        let read3 =
            |r: &Row<'_>| -> rusqlite::Result<Row3> { Ok((r.get(0)?, r.get(1)?, r.get(2)?)) };
        for (params, deferred) in [
            (
                json!({"sortField": "name", "sortOrder": "desc", "page": 2, "pageSize": 10}),
                true,
            ),
            (
                json!({"name": "n3", "sortField": "name", "page": 1, "pageSize": 10}),
                true,
            ),
            (json!({"page": 3, "pageSize": 10}), false),
        ] {
            let q = read(&LOOKUP, &params)?;
            let wher = q.filters_except(&[]);
            assert_eq!(
                PageSql::new(&conn, &LOOKUP, &wher, &q)?.deferred,
                deferred,
                "{params}"
            );
            let page = list(&conn, &LOOKUP, &params, read3)?;
            let whole = format!(
                "SELECT {} FROM o {} ORDER BY {} LIMIT 10 OFFSET {}",
                LOOKUP.columns,
                wher.sql(),
                q.order,
                q.paging.offset()
            );
            let expected = conn
                .prepare(&whole)?
                .query_map(params_from_iter(wher.args.iter()), read3)?
                .collect::<Result<Vec<_>, _>>()?;
            let total: i64 = conn.query_row(
                &format!("SELECT count(*) FROM o {}", wher.sql()),
                params_from_iter(wher.args.iter()),
                |r| r.get(0),
            )?;
            assert!(!expected.is_empty(), "{params}");
            assert_eq!((page.list, page.total), (expected, total), "{params}");
        }
        Ok(())
    }

    fn under(_: &Connection, id: i64) -> Result<Vec<i64>, AppError> {
        Ok(vec![id, id * 10, id * 10 + 1])
    }

    #[test]
    fn a_subtree_binds_its_ids_and_amounts_name_their_bounds() -> Result<(), AppError> {
        let spec = ListSpec {
            filters: &[
                Filter::Subtree("categoryId", "category_id", under),
                Filter::Amounts {
                    from: ("priceMin", "最低价"),
                    to: ("priceMax", "最高价"),
                    column: "price",
                },
            ],
            sorts: &[("id", "id"), ("price", "price")],
            order: Order::ByDesc("id"),
            ..SPEC
        };
        let q = read(
            &spec,
            &json!({"categoryId": 2, "priceMin": 5, "priceMax": 9}),
        )?;
        let wher = q.filters_except(&["priceMax"]);
        assert_eq!(wher.sql(), "WHERE category_id IN (?, ?, ?) AND price >= ?");
        assert_eq!(wher.args, [2, 20, 21, 5].map(Sql::Integer));
        assert!(q.has("priceMax") && !q.has("nothing"));
        assert_eq!(q.values("categoryId").map(<[Sql]>::len), Some(3));
        // Newest first unasked; a sortField alone ascends; a sortOrder alone turns the default.
        assert_eq!((q.order(), q.desc), ("id DESC, id DESC", true));
        let by_price = read(&spec, &json!({"sortField": "price"}))?;
        assert_eq!(by_price.order(), "price ASC, id ASC");
        assert_eq!(
            read(&spec, &json!({"sortOrder": "asc"}))?.order(),
            "id ASC, id ASC"
        );
        let e = read(&spec, &json!({"priceMin": -1, "priceMax": -2}))
            .err()
            .map(fields);
        assert_eq!(
            e,
            Some(
                ["priceMin", "priceMax", "priceMin"]
                    .map(String::from)
                    .to_vec()
            )
        );
        Ok(())
    }
}
