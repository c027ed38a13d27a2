//! 采购商机 (`opportunity`, `opportunity_reply`): buyers' purchase opportunities and the replies.

use core_wasm::ops::opportunity::OpportunityRow;
use rusqlite::Row;

/// The table.
pub const TABLE: &str = "opportunity";

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
