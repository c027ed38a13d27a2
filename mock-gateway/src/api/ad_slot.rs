//! 广告位管理 / 广告位详情: slots with their size and capacity; a slot's ads in display order and
//! its occupancy over the coming weeks.

use core_wasm::lifecycle::Entity;
use core_wasm::ops::ad_slot::{
    AdSlotDetail, AdSlotListParams, AdSlotRow, AdSlotSaveParams, Delete, Detail, List, Save,
    SetStatus,
};
use core_wasm::ops::{DeleteParams, Deleted, IdParams, Page, StatusParams};
use core_wasm::rules::Form;
use core_wasm::schedule::occupancy;
use rusqlite::types::Value as Sql;

use super::editing::check_form;
use crate::clock::start_of_day;
use crate::error::AppError;
use crate::files::signed_url;
use crate::kit::list::list as page;
use crate::kit::moves::{GivenReason, Target, apply, check_params};
use crate::kit::write::{delete_versioned, insert, taken, update_versioned};
use crate::kit::{Audited, Ctx, Filter, ListSpec, Operation, Order, required};
use crate::store::{ad_slots, ads};

/// How far ahead the detail's occupancy looks.
pub const OCCUPANCY_WEEKS: i64 = 8;

const WEEK: i64 = 7 * 24 * 3_600_000;

/// `adSlot.list`: name or code, page, status; by id unless sorted.
pub const LIST: ListSpec = ListSpec {
    table: ad_slots::TABLE,
    columns: ad_slots::COLUMNS,
    filters: &[
        Filter::Contains("keyword", &["name", "code"]),
        Filter::Exact("onPage", "page"),
        Filter::Status("status", "status"),
    ],
    sorts: &[
        ("id", "id"),
        ("code", "code"),
        ("maxAds", "max_ads"),
        ("createdAt", "created_at"),
    ],
    order: Order::By("id"),
};

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Detail>(detail),
        Operation::typed::<Save>(save),
        Operation::typed::<SetStatus>(set_status),
        Operation::typed::<Delete>(delete),
    ]
}

fn list(ctx: &Ctx, p: AdSlotListParams) -> Result<Page<AdSlotRow>, AppError> {
    ctx.state.store.read(|c| {
        let mut found = page(c, &LIST, &p, ad_slots::row)?;
        ad_slots::add_active_counts(c, &mut found.list, ctx.now)?;
        Ok(found)
    })
}

/// `adSlot.detail`: the slot, its ads in display order, and how many of its enabled ads run at
/// each stretch from the start of today (UTC+8) over [`OCCUPANCY_WEEKS`] weeks, over capacity
/// marked.
fn detail(ctx: &Ctx, p: IdParams) -> Result<AdSlotDetail, AppError> {
    let id = required(p.id, "id")?;
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.state.store.read(|c| {
        let slot = ad_slots::get(c, id, ctx.now)?.ok_or(AppError::NotFound)?;
        let ads = ads::of_slot(c, id, ctx.now, &sign)?;
        let periods: Vec<(i64, i64)> = ads
            .iter()
            .filter(|a| a.status == "enabled")
            .map(|a| (a.start_at, a.end_at))
            .collect();
        let from = start_of_day(ctx.now);
        let occupancy = occupancy(&periods, slot.max_ads, from, from + OCCUPANCY_WEEKS * WEEK);
        Ok(AdSlotDetail {
            slot,
            ads,
            occupancy,
        })
    })
}

/// `adSlot.save`: creates (enabled) without `id`; updates name, code, page, size and capacity with
/// `version`. The code is unique, case-insensitively. A lower capacity is allowed: the detail's
/// occupancy marks the stretches now over it, and enabling more is refused there.
fn save(ctx: &Ctx, p: AdSlotSaveParams) -> Result<AdSlotRow, AppError> {
    check_form(Form::AdSlot, &p, p.id, p.version)?;
    let (name, code, on_page) = (p.name.trim(), p.code.trim(), p.page.trim());
    let cols = [
        ("name", Sql::Text(name.to_owned())),
        ("code", Sql::Text(code.to_owned())),
        ("page", Sql::Text(on_page.to_owned())),
        ("width", Sql::Integer(p.width.unwrap_or_default())),
        ("height", Sql::Integer(p.height.unwrap_or_default())),
        ("max_ads", Sql::Integer(p.max_ads.unwrap_or_default())),
    ];
    ctx.audited(|tx| {
        if taken(tx, ad_slots::TABLE, &cols[1..2], p.id)? {
            return Err(AppError::duplicate(
                "code",
                format!("广告位编码 {code} 已存在"),
            ));
        }
        let (id, summary) = match (p.id, p.version) {
            (Some(id), Some(version)) => {
                let old = ad_slots::get(tx, id, ctx.now)?.ok_or(AppError::NotFound)?;
                update_versioned(tx, ad_slots::TABLE, id, version, &cols, ctx.now)?;
                let summary = format!(
                    "修改广告位 {}（{}）→ {name}（{code}），{}×{}，容量 {}",
                    old.name,
                    old.code,
                    p.width.unwrap_or_default(),
                    p.height.unwrap_or_default(),
                    p.max_ads.unwrap_or_default()
                );
                (id, summary)
            }
            _ => {
                let mut with_status = cols.to_vec();
                with_status.push(("status", Sql::Text("enabled".into())));
                let id = insert(tx, ad_slots::TABLE, &with_status, ctx.now)?;
                let summary = format!(
                    "新增广告位 {name}（{code}），{}×{}，容量 {}",
                    p.width.unwrap_or_default(),
                    p.height.unwrap_or_default(),
                    p.max_ads.unwrap_or_default()
                );
                (id, summary)
            }
        };
        let slot = ad_slots::get(tx, id, ctx.now)?.ok_or(AppError::NotFound)?;
        Ok(Audited::new(slot, id, summary))
    })
}

/// `adSlot.setStatus {id, version, status}`: enables or disables a slot (a disabled slot shows no
/// ads; its ads keep their own switches).
fn set_status(ctx: &Ctx, p: StatusParams) -> Result<AdSlotRow, AppError> {
    let id = required(p.id, "id")?;
    let version = required(p.version, "version")?;
    let to = required(p.status.clone(), "status")?;
    check_params(
        Entity::AdSlot,
        ctx.api,
        "status",
        &to,
        GivenReason::default(),
    )?;
    ctx.audited(|tx| {
        let target = Target {
            entity: Entity::AdSlot,
            table: ad_slots::TABLE,
            column: "status",
            id,
            version: Some(version),
        };
        let mv = apply(tx, ctx, target, "status", &to, GivenReason::default())?;
        let slot = ad_slots::get(tx, id, ctx.now)?.ok_or(AppError::NotFound)?;
        let summary = format!(
            "{}广告位 {}（{}）",
            mv.transition.action, slot.name, slot.code
        );
        Ok(Audited::new(slot, id, summary))
    })
}

/// `adSlot.delete {id, version?}`: refused with `data_in_use` while the slot holds ads, counting
/// and naming them (`广告位「首页轮播」下还有 3 条广告（春季上新、…），不能删除`): each ad is
/// deleted or moved first, seen. The check and the delete are one transaction under the store's
/// one writer, so an ad saved into the slot meanwhile is seen (or, saved after, finds no slot).
fn delete(ctx: &Ctx, p: DeleteParams) -> Result<Deleted, AppError> {
    let id = required(p.id, "id")?;
    ctx.audited(|tx| {
        let slot = ad_slots::get(tx, id, ctx.now)?.ok_or(AppError::NotFound)?;
        if p.version.is_some_and(|v| v != slot.version) {
            return Err(AppError::Conflict);
        }
        let held = ad_slots::ads_in(tx, id)?;
        if held.any() {
            return Err(AppError::InUse(format!(
                "广告位「{}」下还有 {} 条广告（{}），不能删除",
                slot.name,
                held.count,
                held.listed()
            )));
        }
        delete_versioned(tx, ad_slots::TABLE, id, p.version)?;
        ad_slots::forget_timeline(tx, id)?;
        let summary = format!("删除广告位 {}（{}）", slot.name, slot.code);
        Ok(Audited::new(Deleted { id }, id, summary))
    })
}
