//! 店铺管理: the list with its tab counts, the line chart, the detail, the review and the status.

use std::collections::HashMap;

use core_wasm::format::format_timestamp;
use core_wasm::lifecycle::Entity;
use core_wasm::ops::StatusParams;
use core_wasm::ops::shop::{
    Audit, Detail, List, SetStatus, ShopCounts, ShopDay, ShopDetail, ShopListParams, ShopPage,
    ShopRow, ShopStats, ShopStatsParams, Stats,
};
use core_wasm::ops::{AuditParams, IdParams};

use crate::clock::{DAY_OFFSET_MS, start_of_day};
use crate::error::AppError;
use crate::files::signed_url;
use crate::kit::list::{aggregate, rows};
use crate::kit::moves::{self, GivenReason, Target};
use crate::kit::{Audited, Ctx, Filter, ListSpec, Operation, Order, required};
use crate::store::{inquiries, products, shops};

const DAY: i64 = 86_400_000;

/// How many of its latest products and inquiries a shop's detail shows.
const DETAIL_ROWS: i64 = 10;

/// The list's filters: name (part), city (exact), belt, level, status.
const FILTERS: &[Filter] = &[
    Filter::Contains("name", &["name"]),
    Filter::Exact("city", "city"),
    Filter::Exact("beltId", "belt_id"),
    Filter::Exact("level", "level"),
    Filter::State("status", "status", Entity::Shop),
];

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
    filters: FILTERS.split_at(4).0,
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
    ctx.state.store.read(|c| {
        let (list, paging) = rows(c, &LIST, &p, |r| shops::row(r, &sign))?;
        let by_status = if p.name.is_some() {
            // A part of a name cannot use the tally: count the filtered shops, once.
            aggregate(c, &COUNTED, &p, shops::BY_STATUS, shops::by_status)?
        } else {
            shops::tally(c, p.city.as_deref(), p.belt_id, p.level)?
        };
        let counts = counts_of(&by_status);
        let total = match &p.status {
            Some(s) => by_status.get(s).copied().unwrap_or(0),
            None => counts.all,
        };
        Ok(ShopPage {
            list,
            total,
            page: paging.page,
            page_size: paging.page_size,
            counts,
        })
    })
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
        let by_status = shops::tally(c, None, None, None)?;
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
