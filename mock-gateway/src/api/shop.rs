//! 店铺管理: the list with its tab counts, the line chart, the detail, the review and the status.

use std::collections::HashMap;

use core_wasm::format::format_timestamp;
use core_wasm::lifecycle::Entity;
use core_wasm::ops::StatusParams;
use core_wasm::ops::shop::{
    Audit, Detail, List, Region, Regions, SetStatus, ShopCounts, ShopDay, ShopDetail,
    ShopListParams, ShopPage, ShopRow, ShopStats, ShopStatsParams, Stats,
};
use core_wasm::ops::{AuditParams, IdParams, NoParams};

use crate::clock::{DAY_OFFSET_MS, start_of_day};
use crate::error::AppError;
use crate::files::signed_url;
use crate::kit::Paging;
use crate::kit::list::{aggregate, query, rows};
use crate::kit::moves::{self, GivenReason, Target};
use crate::kit::{Audited, Ctx, Filter, ListSpec, Operation, Order, required};
use crate::store::search::{self, Needle};
use crate::store::{Sign, inquiries, products, rows_in_order, shops, snapshot};
use rusqlite::Connection;

const DAY: i64 = 86_400_000;

/// How many of its latest products and inquiries a shop's detail shows.
const DETAIL_ROWS: i64 = 10;

/// The list's filters: name (part), province and city (exact: choices of `shop.regions`), belt,
/// level, status.
const FILTERS: &[Filter] = &[
    Filter::Contains(NAME, &["name"]),
    Filter::Exact("province", "province"),
    Filter::Exact("city", "city"),
    Filter::Exact("beltId", "belt_id"),
    Filter::Exact("level", "level"),
    Filter::State(STATUS, "status", Entity::Shop),
];

/// The params the list's plan depends on.
const NAME: &str = "name";
const STATUS: &str = "status";

/// `shop.list`: newest first unless sorted.
pub const LIST: ListSpec = ListSpec {
    table: shops::TABLE,
    columns: shops::COLUMNS,
    filters: FILTERS,
    sorts: shops::SORTS,
    order: Order::Fixed("created_at DESC, id DESC"),
};

/// The tabs count under the list's filters except the status.
const COUNTED: ListSpec = ListSpec {
    filters: FILTERS.split_at(5).0,
    ..LIST
};

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Stats>(stats),
        Operation::typed::<Detail>(detail),
        Operation::typed::<Audit>(audit),
        Operation::typed::<SetStatus>(set_status),
        Operation::typed::<Regions>(regions),
    ]
}

fn counts_of(by_status: &HashMap<String, i64>) -> ShopCounts {
    let mut counts = ShopCounts::default();
    for (status, n) in by_status {
        shops::add_count(&mut counts, status, *n);
    }
    counts
}

/// `shop.list`: a page, its total and the four tabs' counts.
fn list(ctx: &Ctx, p: ShopListParams) -> Result<ShopPage, AppError> {
    if p.level.is_some_and(|l| !(1..=5).contains(&l)) {
        return Err(AppError::field("level", "level 须为 1 到 5 的整数"));
    }
    let sign = |key: &str| signed_url(&ctx.state, key);
    // One snapshot: the counts, the total and the page agree even while writes commit.
    ctx.state.store.read(|c| {
        snapshot(c, |c| {
            let exact = shops::Exact {
                province: p.province.as_deref(),
                city: p.city.as_deref(),
                belt: p.belt_id,
                level: p.level,
            };
            if let Some(needle) = p.name.as_deref().map(str::trim).and_then(Needle::new) {
                return searched(c, &p, &needle, exact, &sign);
            }
            let (list, paging) = rows(c, &LIST, &p, |r| shops::row(r, &sign))?;
            let by_status = if p.name.is_some() {
                // A name the index cannot answer (a NUL): count the filtered shops, once.
                aggregate(c, &COUNTED, &p, shops::BY_STATUS, shops::by_status)?
            } else {
                shops::tally(c, exact)?
            };
            Ok(page_of(list, paging, &p, &by_status))
        })
    })
}

/// `shop.list` with a part of the name: the counts from the search index (with an exact filter
/// too, from the cheaper of the name's matches and the filter's shops), the page walked in the
/// list's order or read from the matches (`search::page`).
fn searched(
    c: &Connection,
    p: &ShopListParams,
    needle: &Needle,
    exact: shops::Exact<'_>,
    sign: Sign<'_>,
) -> Result<ShopPage, AppError> {
    let q = query(c, &LIST, p)?;
    let found = search::find(c, &search::SHOP_NAME, needle)?;
    let filtered = exact.province.is_some()
        || exact.city.is_some()
        || exact.belt.is_some()
        || exact.level.is_some();
    let tally = shops::tally(c, exact)?;
    let by_status = if filtered {
        let mut wher = q.filters_except(&[NAME, STATUS]);
        let shops = tally.values().sum();
        let (clause, args) = search::membership(c, &search::SHOP_NAME, needle, &found, shops)?;
        wher.push(clause, args);
        shops::count_by_status(c, &wher)?
    } else {
        search::named(&found.buckets, &search::SHOP_BUCKETS)
    };
    let total = match &p.status {
        Some(s) => by_status.get(s).copied().unwrap_or(0),
        None => by_status.values().sum(),
    };
    let sizes = search::Sizes {
        total,
        rows: match &p.status {
            Some(s) => tally.get(s).copied().unwrap_or(0),
            None => tally.values().sum(),
        },
    };
    let ids = search::page(
        c,
        &search::SHOP_NAME,
        needle,
        &found,
        &q.filters_except(&[NAME]),
        q.order(),
        q.paging.offset(),
        q.paging.page_size,
        sizes,
    )?;
    let list = rows_in_order(c, (shops::TABLE, shops::COLUMNS), &ids, |r| {
        shops::row(r, sign)
    })?;
    Ok(page_of(list, q.paging, p, &by_status))
}

/// The answer: the page, its total (the status tab's count) and the tabs' counts.
fn page_of(
    list: Vec<ShopRow>,
    paging: Paging,
    p: &ShopListParams,
    by_status: &HashMap<String, i64>,
) -> ShopPage {
    let counts = counts_of(by_status);
    let total = match &p.status {
        Some(s) => by_status.get(s).copied().unwrap_or(0),
        None => counts.all,
    };
    ShopPage {
        list,
        total,
        page: paging.page,
        page_size: paging.page_size,
        counts,
    }
}

/// `shop.stats {days}`: per UTC+8 day, oldest first and ending today, the shops registered that
/// day and the shops active at its end; and the tabs' counts. `days` is 7, 30 (the default) or 90.
fn stats(ctx: &Ctx, p: ShopStatsParams) -> Result<ShopStats, AppError> {
    let days = p.days.unwrap_or(30);
    if ![7, 30, 90].contains(&days) {
        return Err(AppError::field("days", "days 须为 7、30 或 90"));
    }
    let today = start_of_day(ctx.now);
    let start = today - (days - 1) * DAY;
    let first_day = (start + DAY_OFFSET_MS) / DAY;
    ctx.state.store.read(|c| {
        let by_status = shops::tally(c, shops::Exact::default())?;
        let mut new_shops = vec![0; days as usize];
        let mut delta = vec![0i64; days as usize];
        for (d, new, moved) in shops::days_since(c, first_day)? {
            if let (Some(n), Some(m)) = (new_shops.get_mut(d as usize), delta.get_mut(d as usize)) {
                *n = new;
                *m = moved;
            }
        }
        let mut active = by_status.get("active").copied().unwrap_or(0);
        let mut series = Vec::with_capacity(days as usize);
        for d in (0..days as usize).rev() {
            let date = format_timestamp(
                (start + d as i64 * DAY) as f64,
                (DAY_OFFSET_MS / 60_000) as i32,
            );
            series.push(ShopDay {
                date: date.chars().take(10).collect(),
                new_shops: new_shops[d],
                active_shops: active,
            });
            active -= delta[d];
        }
        series.reverse();
        Ok(ShopStats {
            series,
            counts: counts_of(&by_status),
        })
    })
}

/// `shop.regions`: the provinces shops are in, each with its cities, in name order (the list's
/// region cascader offers what exists).
fn regions(ctx: &Ctx, _: NoParams) -> Result<Vec<Region>, AppError> {
    ctx.state.store.read(shops::regions)
}

/// `shop.detail {id}`: the shop, its owner, its main categories' names, its latest products and
/// inquiries.
fn detail(ctx: &Ctx, p: IdParams) -> Result<ShopDetail, AppError> {
    let id = required(p.id, "id")?;
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.state.store.read(|c| {
        let shop = shops::get(c, id, &sign)?.ok_or(AppError::NotFound)?;
        let owner = shops::member_brief_of(c, shop.owner_member_id)?
            .ok_or_else(|| AppError::internal("a shop's owner is missing"))?;
        let main_categories = shops::main_category_names(c, id)?;
        let products = products::latest_of_shop(c, id, DETAIL_ROWS, &sign)?;
        let inquiries = inquiries::latest_of_shop(c, id, DETAIL_ROWS)?;
        Ok(ShopDetail {
            shop,
            owner,
            main_categories,
            products,
            inquiries,
        })
    })
}

/// Moves shop `id` (read at `version`) to `to` and answers it; the audit row names the shop, the
/// action and the reason.
fn move_shop(
    ctx: &Ctx,
    id: i64,
    version: i64,
    field: &str,
    to: &str,
    reason: GivenReason<'_>,
) -> Result<ShopRow, AppError> {
    moves::check_params(Entity::Shop, ctx.api, field, to, reason)?;
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.audited(|tx| {
        let target = Target {
            entity: Entity::Shop,
            table: shops::TABLE,
            column: "status",
            id,
            version: Some(version),
        };
        let mv = moves::apply(tx, ctx, target, field, to, reason)?;
        let shop = shops::get(tx, id, &sign)?.ok_or(AppError::NotFound)?;
        let summary = format!("{}店铺 {}", moves::describe(&mv), shop.name);
        Ok(Audited::new(shop, id, summary))
    })
}

/// `shop.audit {id, version, approve, reasonCode?, reason?}`: a pending shop is approved (营业中)
/// or rejected (已驳回, with a reason).
fn audit(ctx: &Ctx, p: AuditParams) -> Result<ShopRow, AppError> {
    let id = required(p.id, "id")?;
    let version = required(p.version, "version")?;
    let approve = required(p.approve, "approve")?;
    let to = if approve { "active" } else { "rejected" };
    let reason = GivenReason::new(p.reason_code.as_deref(), p.reason.as_deref());
    move_shop(ctx, id, version, "approve", to, reason)
}

/// `shop.setStatus {id, version, status, reasonCode?, reason?}`: freeze (reason), unfreeze, close
/// (reason), as the lifecycle allows.
fn set_status(ctx: &Ctx, p: StatusParams) -> Result<ShopRow, AppError> {
    let id = required(p.id, "id")?;
    let version = required(p.version, "version")?;
    let to = required(p.status.as_deref(), "status")?;
    let reason = GivenReason::new(p.reason_code.as_deref(), p.reason.as_deref());
    move_shop(ctx, id, version, "status", to, reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::HashCost;
    use crate::store::{demo, migrations, seed};
    use serde_json::json;

    /// A name search answers what the list's `LIKE` answers: counts, total and page, with and
    /// without a tab, an exact filter and an order.
    #[test]
    fn a_name_search_answers_as_like() -> Result<(), AppError> {
        let mut conn = Connection::open_in_memory()?;
        migrations::migrate(&mut conn)?;
        seed::load(&mut conn, HashCost::TEST, 1_772_416_800_000)?;
        demo::load(&mut conn, 1, 1_772_416_800_000)?;
        let sign = |key: &str| key.to_owned();
        for name in ["五金", "有限公司", "鑫", "旗舰店", "无此店"] {
            for extra in [
                json!({}),
                json!({"status": "active"}),
                json!({"level": 3, "sortField": "name", "sortOrder": "asc"}),
                json!({"status": "pending", "page": 2, "pageSize": 10}),
            ] {
                let mut params = json!({ "name": name });
                if let (Some(p), Some(e)) = (params.as_object_mut(), extra.as_object()) {
                    p.extend(e.clone());
                }
                let p: ShopListParams =
                    serde_json::from_value(params.clone()).map_err(AppError::internal)?;
                let exact = shops::Exact {
                    level: p.level,
                    ..Default::default()
                };
                let needle = Needle::new(name).ok_or_else(|| AppError::internal(name))?;
                let got = searched(&conn, &p, &needle, exact, &sign)?;
                let (list, paging) = rows(&conn, &LIST, &p, |r| shops::row(r, &sign))?;
                let by_status = aggregate(&conn, &COUNTED, &p, shops::BY_STATUS, shops::by_status)?;
                let want = page_of(list, paging, &p, &by_status);
                assert_eq!(got, want, "{params}");
            }
        }
        Ok(())
    }
}
