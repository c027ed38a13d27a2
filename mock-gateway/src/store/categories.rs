//! 类目 (`category`): the tree, at most three levels. It is small (a few hundred nodes): it is read
//! whole and shaped in memory; the level and the product counts are computed, not stored.

use std::collections::HashMap;

use core_wasm::constants::MAX_CATEGORY_DEPTH;
use core_wasm::ops::category::CategoryNode;
use core_wasm::tree;
use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::error::AppError;

/// The table.
pub const TABLE: &str = "category";

/// What siblings share, as an expression over a `category` row: the parent's id, 0 at the top
/// (names are unique among siblings).
pub const SIBLINGS: &str = "coalesce(parent_id, 0)";

/// The columns [`row`] reads.
pub const COLUMNS: &str = "id, parent_id, name, sort, icon, visible, version";

/// Reads a row selected with [`COLUMNS`] as a node without children, level or counts (see
/// [`tree`]).
pub fn row(r: &Row<'_>) -> rusqlite::Result<CategoryNode> {
    Ok(CategoryNode {
        id: r.get(0)?,
        parent_id: r.get(1)?,
        name: r.get(2)?,
        sort: r.get(3)?,
        icon: r.get(4)?,
        visible: r.get(5)?,
        level: 0,
        product_count: 0,
        may_add_child: false,
        version: r.get(6)?,
        children: Vec::new(),
    })
}

/// Every category, flat, siblings in `sort` order.
pub fn all(conn: &Connection) -> Result<Vec<CategoryNode>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM category ORDER BY parent_id, sort, id");
    let rows = conn
        .prepare_cached(&sql)?
        .query_map([], row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// One category (flat).
pub fn get(conn: &Connection, id: i64) -> Result<Option<CategoryNode>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM category WHERE id = ?1");
    Ok(conn.prepare_cached(&sql)?.query_row([id], row).optional()?)
}

/// Puts category `id` at `sort` among its siblings (a new version only when its place changes).
pub fn set_sort(conn: &Connection, id: i64, sort: i64, now: i64) -> Result<(), AppError> {
    conn.prepare_cached(
        "UPDATE category SET sort = ?1, version = version + 1, updated_at = ?2
         WHERE id = ?3 AND sort != ?1",
    )?
    .execute(params![sort, now, id])?;
    Ok(())
}

/// How many records of one kind use a category, and the names of the first few.
pub type Named = (i64, Vec<String>);

/// What uses a category (what refuses its deletion).
#[derive(Debug)]
pub struct Uses {
    /// Its children, in sibling order.
    pub children: Named,
    /// Products in it (not below it).
    pub products: Named,
    /// Purchase opportunities in it.
    pub opportunities: Named,
    /// Shops with it among their main categories.
    pub shops: Named,
}

/// What uses category `id`, each kind counted and the first `names` of each named.
pub fn uses(conn: &Connection, id: i64, names: usize) -> Result<Uses, AppError> {
    let named = |sql: &str| -> Result<Named, AppError> {
        let total: i64 =
            conn.query_row(&format!("SELECT count(*) FROM ({sql})"), [id], |r| r.get(0))?;
        let first = conn
            .prepare(&format!("{sql} LIMIT {names}"))?
            .query_map([id], |r| r.get(0))?
            .collect::<Result<Vec<String>, _>>()?;
        Ok((total, first))
    };
    Ok(Uses {
        children: named("SELECT name FROM category WHERE parent_id = ?1 ORDER BY sort, id")?,
        products: named("SELECT title FROM product WHERE category_id = ?1 ORDER BY id")?,
        opportunities: named("SELECT title FROM opportunity WHERE category_id = ?1 ORDER BY id")?,
        shops: named(
            "SELECT name FROM shop WHERE EXISTS
                (SELECT 1 FROM json_each(shop.main_category_ids) WHERE value = ?1) ORDER BY id",
        )?,
    })
}

/// Products per category (their own, not their descendants'), from the trigger-kept tally (a
/// few hundred rows, however many products).
pub fn product_counts(conn: &Connection) -> Result<HashMap<i64, i64>, AppError> {
    let mut stmt = conn.prepare_cached(
        "SELECT category_id, sum(n) FROM product_tally GROUP BY category_id HAVING sum(n) > 0",
    )?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let mut out = HashMap::new();
    for row in rows {
        let (id, n): (i64, i64) = row?;
        out.insert(id, n);
    }
    Ok(out)
}

/// The `(id, parent)` links of flat nodes (the core's tree rules read them).
pub fn links(flat: &[CategoryNode]) -> Vec<(i64, Option<i64>)> {
    flat.iter().map(|n| (n.id, n.parent_id)).collect()
}

/// Shapes flat nodes (siblings in order) into the tree: level, product counts of each node and
/// its descendants, and whether a child fits under the depth rule.
pub fn tree(flat: Vec<CategoryNode>, own_counts: &HashMap<i64, i64>) -> Vec<CategoryNode> {
    let links = links(&flat);
    let mut by_parent: HashMap<Option<i64>, Vec<CategoryNode>> = HashMap::new();
    for mut node in flat {
        node.level = tree::depth(&links, node.id) as i64;
        node.may_add_child = tree::fits_depth(&links, None, Some(node.id), MAX_CATEGORY_DEPTH);
        by_parent.entry(node.parent_id).or_default().push(node);
    }
    fn build(
        parent: Option<i64>,
        by_parent: &mut HashMap<Option<i64>, Vec<CategoryNode>>,
        counts: &HashMap<i64, i64>,
    ) -> Vec<CategoryNode> {
        let mut nodes = by_parent.remove(&parent).unwrap_or_default();
        for node in &mut nodes {
            node.children = build(Some(node.id), by_parent, counts);
            node.product_count = counts.get(&node.id).copied().unwrap_or(0)
                + node.children.iter().map(|c| c.product_count).sum::<i64>();
        }
        nodes
    }
    build(None, &mut by_parent, own_counts)
}

/// The names from the root down to `id` (`纺织服装 / 女装 / 连衣裙`); empty when unknown.
pub fn path(flat: &[CategoryNode], id: i64) -> Vec<String> {
    let by_id: HashMap<i64, &CategoryNode> = flat.iter().map(|n| (n.id, n)).collect();
    let mut out = Vec::new();
    let mut at = Some(id);
    while let Some(node) = at.and_then(|i| by_id.get(&i)) {
        if out.len() > MAX_CATEGORY_DEPTH * 4 {
            break; // a cycle in bad data: stop rather than loop
        }
        out.push(node.name.clone());
        at = node.parent_id;
    }
    out.reverse();
    out
}

/// `id` and every category below it, read from the table (a list's subtree filter: the ids are
/// bound one by one so the product index on category answers). The ids alone, through the parent
/// index: reading every category's row for them was a list call's twentieth. `UNION` ends even
/// on a cycle.
pub fn subtree(conn: &Connection, id: i64) -> Result<Vec<i64>, AppError> {
    Ok(conn
        .prepare_cached(
            "WITH RECURSIVE sub(id) AS (
                 SELECT ?1 UNION SELECT c.id FROM category c JOIN sub ON c.parent_id = sub.id)
             SELECT id FROM sub",
        )?
        .query_map([id], |r| r.get(0))?
        .collect::<Result<Vec<_>, _>>()?)
}
