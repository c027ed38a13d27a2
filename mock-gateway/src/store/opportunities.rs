//! 采购商机 (`opportunity`, `opportunity_reply`): buyers' purchase opportunities and the replies.

use core_wasm::ops::opportunity::{OpportunityReply, OpportunityRow};
use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::error::AppError;

/// The table.
pub const TABLE: &str = "opportunity";

/// The list's category filter, bound to a category id: that category and every one under it (the
/// tree is three levels deep at most).
pub const IN_CATEGORY_SUBTREE: &str =
    "category_id IN (WITH RECURSIVE sub(id) AS (SELECT ? UNION ALL
        SELECT c.id FROM category c JOIN sub ON c.parent_id = sub.id) SELECT id FROM sub)";

/// The columns [`row`] reads (select them `FROM opportunity`).
pub const COLUMNS: &str = "id, buyer_member_id,
    coalesce((SELECT nickname FROM member WHERE member.id = opportunity.buyer_member_id), ''),
    title, category_id,
    coalesce((SELECT name FROM category WHERE category.id = opportunity.category_id), ''),
    quantity, unit, budget, deadline, state,
    (SELECT count(*) FROM opportunity_reply r WHERE r.opportunity_id = opportunity.id),
    created_at, version";

/// Reads a row selected with [`COLUMNS`].
pub fn row(r: &Row<'_>) -> rusqlite::Result<OpportunityRow> {
    Ok(OpportunityRow {
        id: r.get(0)?,
        buyer_member_id: r.get(1)?,
        buyer_nickname: r.get(2)?,
        title: r.get(3)?,
        category_id: r.get(4)?,
        category_name: r.get(5)?,
        quantity: r.get(6)?,
        unit: r.get(7)?,
        budget: r.get(8)?,
        deadline: r.get(9)?,
        state: r.get(10)?,
        reply_count: r.get(11)?,
        created_at: r.get(12)?,
        version: r.get(13)?,
    })
}

/// An opportunity by id.
pub fn get(conn: &Connection, id: i64) -> Result<Option<OpportunityRow>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM opportunity WHERE id = ?1");
    Ok(conn.prepare_cached(&sql)?.query_row([id], row).optional()?)
}

/// An opportunity's description (not in the list row: it can be long).
pub fn description(conn: &Connection, id: i64) -> Result<String, AppError> {
    Ok(conn
        .prepare_cached("SELECT description FROM opportunity WHERE id = ?1")?
        .query_row([id], |r| r.get(0))?)
}

/// An opportunity's thread, oldest first: a shop's reply is signed by the shop, an operator's by
/// the operator's name.
pub fn replies(conn: &Connection, id: i64) -> Result<Vec<OpportunityReply>, AppError> {
    Ok(conn
        .prepare_cached(
            "SELECT r.id, r.shop_id, coalesce(s.name, ''), r.operator_name, r.content, r.at
             FROM opportunity_reply r LEFT JOIN shop s ON s.id = r.shop_id
             WHERE r.opportunity_id = ?1 ORDER BY r.at, r.id",
        )?
        .query_map([id], |r| {
            let shop_id: Option<i64> = r.get(1)?;
            let (shop, operator): (String, String) = (r.get(2)?, r.get(3)?);
            Ok(OpportunityReply {
                id: r.get(0)?,
                author_kind: if shop_id.is_some() {
                    "shop"
                } else {
                    "operator"
                }
                .to_owned(),
                author: if shop_id.is_some() { shop } else { operator },
                shop_id,
                content: r.get(4)?,
                at: r.get(5)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?)
}

/// Adds an operator's reply (system user `sys_user_id`, signed `operator_name`) at `at`.
pub fn insert_operator_reply(
    conn: &Connection,
    id: i64,
    sys_user_id: i64,
    operator_name: &str,
    content: &str,
    at: i64,
) -> Result<(), AppError> {
    conn.prepare_cached(
        "INSERT INTO opportunity_reply (opportunity_id, shop_id, sys_user_id, operator_name,
            content, at)
         VALUES (?1, NULL, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![id, sys_user_id, operator_name, content, at])?;
    Ok(())
}
