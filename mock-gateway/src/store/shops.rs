//! 店铺 (`shop`): the list row, the owner as other records show them, and the counters.
//!
//! Names of related records come from correlated sub-selects rather than joins: the list's
//! filters, sorts and counts then touch the `shop` table and its indexes alone, and the
//! sub-selects run for the page's rows only.

use core_wasm::format::mask_phone;
use core_wasm::ops::shop::{MemberBrief, Region, ShopCounts, ShopImpact, ShopRow};
use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, Row, params, params_from_iter};

use super::{Sign, Where};
use crate::error::AppError;

/// The table.
pub const TABLE: &str = "shop";

/// The list's sortable columns: `sortField` wire name → column. Each has an index with each exact
/// filter (see the test below).
pub const SORTS: &[(&str, &str)] = &[
    ("id", "id"),
    ("name", "name"),
    ("level", "level"),
    ("productCount", "product_count"),
    ("createdAt", "created_at"),
];

/// The columns [`row`] reads (select them `FROM shop`).
pub const COLUMNS: &str = "id, name, logo, owner_member_id,
    (SELECT nickname FROM member WHERE member.id = shop.owner_member_id),
    contact_name, contact_phone, province, city, belt_id,
    coalesce((SELECT name FROM belt WHERE belt.id = shop.belt_id), ''),
    level, status, product_count, inquiry_count, created_at, updated_at, version";

/// Reads a row selected with [`COLUMNS`]; the logo key becomes a signed URL, the phone is masked.
pub fn row(r: &Row<'_>, sign: Sign<'_>) -> rusqlite::Result<ShopRow> {
    let logo: Option<String> = r.get(2)?;
    let phone: String = r.get(6)?;
    Ok(ShopRow {
        id: r.get(0)?,
        name: r.get(1)?,
        logo_url: logo.filter(|k| !k.is_empty()).map(|k| sign(&k)),
        owner_member_id: r.get(3)?,
        owner_nickname: r.get::<_, Option<String>>(4)?.unwrap_or_default(),
        contact_name: r.get(5)?,
        contact_phone: mask_phone(&phone),
        province: r.get(7)?,
        city: r.get(8)?,
        belt_id: r.get(9)?,
        belt_name: r.get(10)?,
        level: r.get(11)?,
        status: r.get(12)?,
        product_count: r.get(13)?,
        inquiry_count: r.get(14)?,
        created_at: r.get(15)?,
        updated_at: r.get(16)?,
        version: r.get(17)?,
    })
}

/// A shop by id.
pub fn get(conn: &Connection, id: i64, sign: Sign<'_>) -> Result<Option<ShopRow>, AppError> {
    let sql = format!("SELECT {COLUMNS} FROM shop WHERE id = ?1");
    Ok(conn
        .prepare_cached(&sql)?
        .query_row([id], |r| row(r, sign))
        .optional()?)
}

/// A belt's shops, most products first, at most `limit`.
pub fn of_belt(
    conn: &Connection,
    belt_id: i64,
    limit: i64,
    sign: Sign<'_>,
) -> Result<Vec<ShopRow>, AppError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM shop WHERE belt_id = ?1 ORDER BY product_count DESC, id LIMIT ?2"
    );
    Ok(conn
        .prepare_cached(&sql)?
        .query_map([belt_id, limit], |r| row(r, sign))?
        .collect::<Result<Vec<_>, _>>()?)
}

/// A shop's state and version (what a write checks before moving it).
pub fn state_of(conn: &Connection, id: i64) -> Result<Option<(String, i64)>, AppError> {
    Ok(conn
        .prepare_cached("SELECT status, version FROM shop WHERE id = ?1")?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

/// The ids of a shop's main categories (a JSON array in the row).
pub fn main_category_ids(conn: &Connection, id: i64) -> Result<Vec<i64>, AppError> {
    let text: Option<String> = conn
        .prepare_cached("SELECT main_category_ids FROM shop WHERE id = ?1")?
        .query_row([id], |r| r.get(0))
        .optional()?;
    Ok(text
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default())
}

/// The columns [`member_brief`] reads (select them `FROM member`).
pub const BRIEF_COLUMNS: &str = "id, nickname, phone, member_type, status";

/// Reads a member selected with [`BRIEF_COLUMNS`], phone masked.
pub fn member_brief(r: &Row<'_>) -> rusqlite::Result<MemberBrief> {
    let phone: String = r.get(2)?;
    Ok(MemberBrief {
        id: r.get(0)?,
        nickname: r.get(1)?,
        phone: mask_phone(&phone),
        r#type: r.get(3)?,
        status: r.get(4)?,
    })
}

/// Member `id` as other records show them (a shop's owner, a buyer).
pub fn member_brief_of(conn: &Connection, id: i64) -> Result<Option<MemberBrief>, AppError> {
    let sql = format!("SELECT {BRIEF_COLUMNS} FROM member WHERE id = ?1");
    Ok(conn
        .prepare_cached(&sql)?
        .query_row([id], member_brief)
        .optional()?)
}

/// Adds one shop's status count to the tabs (`rejected` and `closed` count only in 全部).
pub fn add_count(counts: &mut ShopCounts, status: &str, n: i64) {
    counts.all += n;
    match status {
        "pending" => counts.pending += n,
        "active" => counts.active += n,
        "frozen" => counts.frozen += n,
        _ => {}
    }
}

/// The shop lifecycle's states, in the order [`BY_STATUS`] counts them.
const STATES: [&str; 5] = ["pending", "active", "rejected", "frozen", "closed"];

/// Shops per state under a list's filters, one pass (select it over `shop`; read by
/// [`by_status`]).
pub const BY_STATUS: &str = "count(*) FILTER (WHERE status = 'pending'),
    count(*) FILTER (WHERE status = 'active'),
    count(*) FILTER (WHERE status = 'rejected'),
    count(*) FILTER (WHERE status = 'frozen'),
    count(*) FILTER (WHERE status = 'closed')";

/// Reads [`BY_STATUS`]: shops per state.
pub fn by_status(r: &Row<'_>) -> rusqlite::Result<HashMap<String, i64>> {
    let mut out = HashMap::new();
    for (i, status) in STATES.iter().enumerate() {
        out.insert((*status).to_owned(), r.get(i)?);
    }
    Ok(out)
}

/// Shops per state under `wher`, one pass.
pub fn count_by_status(conn: &Connection, wher: &Where) -> Result<HashMap<String, i64>, AppError> {
    let sql = format!("SELECT {BY_STATUS} FROM shop {}", wher.sql());
    Ok(conn
        .prepare_cached(&sql)?
        .query_row(params_from_iter(wher.args.iter()), by_status)?)
}

/// The exact filters the tally answers: each `None` filters nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Exact<'a> {
    /// The province.
    pub province: Option<&'a str>,
    /// The city (with a province: that province's).
    pub city: Option<&'a str>,
    /// The belt.
    pub belt: Option<i64>,
    /// The level.
    pub level: Option<i64>,
}

/// Shops per status under the exact filters, from the tally the triggers keep (no name filter).
pub fn tally(conn: &Connection, f: Exact<'_>) -> Result<HashMap<String, i64>, AppError> {
    let mut stmt = conn.prepare_cached(
        "SELECT status, sum(n) FROM shop_tally
         WHERE (?1 IS NULL OR province = ?1) AND (?2 IS NULL OR city = ?2)
             AND (?3 IS NULL OR belt_id = ?3) AND (?4 IS NULL OR level = ?4)
         GROUP BY status",
    )?;
    let rows = stmt.query_map(params![f.province, f.city, f.belt, f.level], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })?;
    Ok(rows.collect::<Result<HashMap<_, _>, _>>()?)
}

/// The provinces and their cities that shops are in now, whatever their state, each in name
/// order: from the tally (a few hundred rows, not the shops).
pub fn regions(conn: &Connection) -> Result<Vec<Region>, AppError> {
    regions_of(
        conn,
        "SELECT province, city FROM shop_tally
         GROUP BY province, city HAVING sum(n) > 0 ORDER BY province, city",
    )
}

/// The (province, city) pairs `sql` selects, ordered by province, grouped by it.
pub fn regions_of(conn: &Connection, sql: &str) -> Result<Vec<Region>, AppError> {
    let mut stmt = conn.prepare_cached(sql)?;
    let pairs = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
    let mut out: Vec<Region> = Vec::new();
    for pair in pairs {
        let (province, city) = pair?;
        match out.last_mut() {
            Some(last) if last.province == province => last.cities.push(city),
            _ => out.push(Region {
                province,
                cities: vec![city],
            }),
        }
    }
    Ok(out)
}

/// The days from `first_day` on (UTC+8 day numbers) that have registrations or moves, as (days
/// after `first_day`, shops registered, change in active shops).
pub fn days_since(conn: &Connection, first_day: i64) -> Result<Vec<(i64, i64, i64)>, AppError> {
    let mut stmt = conn
        .prepare_cached("SELECT day - ?1, new_shops, active_delta FROM shop_day WHERE day >= ?1")?;
    let rows = stmt.query_map([first_day], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    Ok(rows.collect::<Result<Vec<_>, _>>()?)
}

/// The names of a shop's main categories, in the shop's order.
pub fn main_category_names(conn: &Connection, id: i64) -> Result<Vec<String>, AppError> {
    let ids = serde_json::to_string(&main_category_ids(conn, id)?).map_err(AppError::internal)?;
    Ok(conn
        .prepare_cached(
            "SELECT c.name FROM json_each(?1) j JOIN category c ON c.id = j.value
             ORDER BY j.key",
        )?
        .query_map([ids], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?)
}

/// The counts for shop `id` at `now` (ads and recommendations not yet expired count).
pub fn impact(conn: &Connection, id: i64, now: i64) -> Result<ShopImpact, AppError> {
    // Counts of the shop (`?1`); those that expire also take the time (`?2`).
    let count = |sql: &str| -> Result<i64, AppError> {
        Ok(conn.prepare_cached(sql)?.query_row([id], |r| r.get(0))?)
    };
    let count_at = |sql: &str| -> Result<i64, AppError> {
        Ok(conn
            .prepare_cached(sql)?
            .query_row(params![id, now], |r| r.get(0))?)
    };
    Ok(ShopImpact {
        products_on_sale: count(
            "SELECT count(*) FROM product WHERE shop_id = ?1 AND status = 'onSale'",
        )?,
        live_ads: count_at(
            "SELECT count(*) FROM ad WHERE status = 'enabled' AND end_at > ?2 AND (
                (link_type = 'shop' AND link_target = CAST(?1 AS TEXT))
                OR (link_type = 'product' AND CAST(link_target AS INTEGER) IN
                    (SELECT id FROM product WHERE shop_id = ?1)))",
        )?,
        recommendations: count_at(
            "SELECT count(*) FROM recommend WHERE shop_id = ?1 AND end_at > ?2",
        )?,
        activity_items: count(
            "SELECT count(*) FROM activity_item i JOIN activity a ON a.id = i.activity_id
             WHERE a.status != 'offline' AND (
                (i.kind = 'shop' AND i.target_id = ?1)
                OR (i.kind = 'product' AND i.target_id IN (SELECT id FROM product WHERE shop_id = ?1)))",
        )?,
        open_inquiries: count(
            "SELECT count(*) FROM inquiry
             WHERE shop_id = ?1 AND state IN ('pending', 'quoted')",
        )?,
    })
}

/// Whether shop `id` exists.
pub fn exists(conn: &Connection, id: i64) -> Result<bool, AppError> {
    Ok(conn
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM shop WHERE id = ?1)")?
        .query_row([id], |r| r.get(0))?)
}

/// A shop's status (empty when the shop is gone).
pub fn status_of(conn: &Connection, id: i64) -> Result<String, AppError> {
    Ok(conn
        .prepare_cached("SELECT status FROM shop WHERE id = ?1")?
        .query_row([id], |r| r.get(0))
        .optional()?
        .unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::HashCost;
    use crate::store::{demo, migrations, seed};

    /// Every exact filter with every sort reads its page in an index's order: no sort of the
    /// filtered rows, whatever their number.
    #[test]
    fn each_filter_with_each_sort_reads_the_page_in_index_order() -> Result<(), AppError> {
        let mut conn = Connection::open_in_memory()?;
        migrations::migrate(&mut conn)?;
        seed::load(&mut conn, HashCost::TEST, 1_772_416_800_000)?;
        demo::load(&mut conn, 1, 1_772_416_800_000)?;
        let filters = [
            None,
            Some("status"),
            Some("province"),
            Some("city"),
            Some("belt_id"),
            Some("level"),
        ];
        for filter in filters {
            for (wire, column) in SORTS {
                for dir in ["ASC", "DESC"] {
                    let wher = filter.map_or(String::new(), |f| format!("WHERE {f} = ?1"));
                    let sql = format!(
                        "EXPLAIN QUERY PLAN SELECT id FROM shop {wher}
                         ORDER BY {column} {dir}, id {dir} LIMIT 20"
                    );
                    let mut stmt = conn.prepare(&sql)?;
                    let args: Vec<rusqlite::types::Value> = filter
                        .map(|_| rusqlite::types::Value::Integer(1))
                        .into_iter()
                        .collect();
                    let plan: Vec<String> = stmt
                        .query_map(rusqlite::params_from_iter(args), |r| r.get(3))?
                        .collect::<Result<_, _>>()?;
                    assert!(
                        !plan.iter().any(|step| step.contains("TEMP B-TREE")),
                        "{filter:?} by {wire} {dir}: {plan:?}"
                    );
                    // …and finds the filtered rows through the index, not by reading them all.
                    if let Some(f) = filter {
                        assert!(
                            plan.iter().any(|step| step.starts_with("SEARCH shop USING")
                                && step.contains(&format!("({f}=?)"))),
                            "{f} by {wire} {dir}: {plan:?}"
                        );
                    }
                }
            }
        }
        Ok(())
    }
}
