//! 广告管理: ads by slot, derived state and period; create and edit (disabled on create); enable
//! within the slot's capacity; a slot's display order; the link picker.

use core_wasm::lifecycle::Entity;
use core_wasm::ops::ad::{
    AdListParams, AdRow, AdSaveParams, AdSortParams, Delete, List, Save, SetStatus, Sort, Targets,
};
use core_wasm::ops::ad_slot::AdSlotRow;
use core_wasm::ops::{DeleteParams, Deleted, Page, PickItem, PickParams, StatusParams};
use core_wasm::rules::Form;
use core_wasm::schedule::overflow;
use core_wasm::validate::FieldError;
use rusqlite::Connection;
use rusqlite::types::Value as Sql;
use serde::Serialize;

use super::editing::{check_form, minute, reorder, stored_image};
use crate::error::AppError;
use crate::files::signed_url;
use crate::kit::list::list as page;
use crate::kit::moves::{GivenReason, Target, apply, check_params};
use crate::kit::write::{delete_versioned, insert, update_versioned};
use crate::kit::{Audited, Ctx, Filter, ListSpec, Operation, Order, required};
use crate::store::{ad_slots, ads, periods, targets};

/// `ad.list`: slot, title, and the derived state and period as bounds on the switch, the start
/// and the end (the handler turns `state`, `from` and `to` into them at the call's time); by slot
/// and display order unless sorted.
pub const LIST: ListSpec = ListSpec {
    table: ads::TABLE,
    columns: ads::COLUMNS,
    filters: &[
        Filter::Exact("slotId", "slot_id"),
        Filter::Contains("title", &["title"]),
        Filter::Exact("switch", "status"),
        Filter::Clause("startAfter", periods::STARTS_AFTER),
        Filter::Clause("startBefore", periods::STARTS_BEFORE),
        Filter::Clause("endAfter", periods::ENDS_AFTER),
        Filter::Clause("endBy", periods::ENDS_BY),
    ],
    sorts: &[
        ("id", "id"),
        ("sort", "sort"),
        ("startAt", "start_at"),
        ("endAt", "end_at"),
    ],
    order: Order::Fixed("slot_id ASC, sort ASC, id ASC"),
};

/// `ad.list`'s params with the state and period turned into bounds.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Bounded<'a> {
    #[serde(flatten)]
    params: &'a AdListParams,
    switch: Option<&'static str>,
    start_after: Option<i64>,
    start_before: Option<i64>,
    end_after: Option<i64>,
    end_by: Option<i64>,
}

/// The bounds of `state` (one of lifecycle `adState`) and the period `[from, to]` at `now`: an ad
/// is scheduled when enabled and starting after now, active when enabled and running now, expired
/// when enabled and ended, else disabled; it runs in the period when it ends after `from` and
/// starts by `to`.
fn bounds(p: &AdListParams, now: i64) -> Result<Bounded<'_>, AppError> {
    let mut errors = Vec::new();
    let state = p.state.as_deref().map(str::trim).filter(|s| !s.is_empty());
    if let Some(s) = state {
        if Entity::AdState.lifecycle().state(s).is_none() {
            let refusal = core_wasm::lifecycle::Refusal::UnknownState(s.to_owned());
            errors.push(FieldError::new("state", refusal.message(Entity::AdState)));
        }
    }
    if let (Some(from), Some(to)) = (p.from, p.to) {
        if from > to {
            errors.push(FieldError::new("from", "开始时间不能晚于结束时间"));
        }
    }
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let mut b = Bounded {
        params: p,
        switch: None,
        start_after: None,
        start_before: p.to.map(|t| t.saturating_add(1)),
        end_after: p.from,
        end_by: None,
    };
    let tighter_start = |b: Option<i64>, v: i64| Some(b.map_or(v, |b| b.min(v)));
    let tighter_end = |b: Option<i64>, v: i64| Some(b.map_or(v, |b| b.max(v)));
    match state {
        Some("disabled") => b.switch = Some("disabled"),
        Some("scheduled") => {
            b.switch = Some("enabled");
            b.start_after = Some(now);
        }
        Some("active") => {
            b.switch = Some("enabled");
            b.start_before = tighter_start(b.start_before, now.saturating_add(1));
            b.end_after = tighter_end(b.end_after, now);
        }
        Some("expired") => {
            b.switch = Some("enabled");
            b.end_by = Some(now);
        }
        _ => {}
    }
    Ok(b)
}

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Save>(save),
        Operation::typed::<SetStatus>(set_status),
        Operation::typed::<Sort>(sort),
        Operation::typed::<Delete>(delete),
        Operation::typed::<Targets>(targets_of),
    ]
}

fn list(ctx: &Ctx, p: AdListParams) -> Result<Page<AdRow>, AppError> {
    let bounded = bounds(&p, ctx.now)?;
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.state
        .store
        .read(|c| page(c, &LIST, &bounded, |r| ads::row(r, ctx.now, &sign)))
}

/// Why enabling `period` beside the slot's other enabled ads (but `except`) is refused: the first
/// stretch over capacity, named.
fn capacity_refusal(
    conn: &Connection,
    slot: &AdSlotRow,
    except: Option<i64>,
    period: (i64, i64),
) -> Result<Option<AppError>, AppError> {
    let others = ad_slots::enabled_periods(conn, slot.id, except)?;
    Ok(overflow(&others, period, slot.max_ads).map(|o| {
        AppError::StateInvalid(format!(
            "广告位「{}」在 {} 至 {} 已满（容量 {}）",
            slot.name,
            minute(o.start),
            minute(o.end),
            slot.max_ads
        ))
    }))
}

/// The link's target checked: a URL passes (its shape is the rules'); a shop or product must exist
/// and, when newly chosen, be active or on sale (as the picker offers).
fn check_link(
    conn: &Connection,
    link_type: &str,
    link_target: &str,
    newly_chosen: bool,
) -> Result<(), AppError> {
    if link_type == "url" {
        return Ok(());
    }
    let (noun, want) = if link_type == "shop" {
        ("店铺", "营业中的店铺")
    } else {
        ("商品", "在售的商品")
    };
    let id = link_target.parse::<i64>().unwrap_or(0);
    let Some(target) = targets::get(conn, link_type, id)? else {
        return Err(AppError::field("linkTarget", format!("链接的{noun}不存在")));
    };
    if newly_chosen {
        if let Some(problem) = target.problem(link_type) {
            return Err(AppError::field(
                "linkTarget",
                format!("只能链接{want}（{}：{problem}）", target.name),
            ));
        }
    }
    Ok(())
}

/// `ad.save`: creates a disabled ad at the end of its slot without `id`; with `id` and `version`
/// replaces its fields. The slot must exist, the image be a stored file, the link's shop or product
/// exist. An enabled ad whose period or slot changes is checked against the capacity again.
fn save(ctx: &Ctx, p: AdSaveParams) -> Result<AdRow, AppError> {
    check_form(Form::Ad, &p, p.id, p.version)?;
    let slot_id = required(p.slot_id, "slotId")?;
    let (start, end) = (
        required(p.start_at, "startAt")?,
        required(p.end_at, "endAt")?,
    );
    let (title, image) = (p.title.trim(), p.image.trim());
    let (link_type, link_target) = (p.link_type.trim(), p.link_target.trim());
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.audited(|tx| {
        let old = match p.id {
            Some(id) => Some(ads::get(tx, id, ctx.now, &sign)?.ok_or(AppError::NotFound)?),
            None => None,
        };
        if let (Some(old), Some(version)) = (&old, p.version) {
            if old.version != version {
                return Err(AppError::Conflict);
            }
        }
        let slot = ad_slots::get(tx, slot_id, ctx.now)?
            .ok_or_else(|| AppError::field("slotId", "广告位不存在"))?;
        stored_image(tx, "image", "广告图片", image, false)?;
        let relinked = old
            .as_ref()
            .is_none_or(|o| o.link_type != link_type || o.link_target != link_target);
        check_link(tx, link_type, link_target, relinked)?;
        let moved_slot = old.as_ref().is_some_and(|o| o.slot_id != slot_id);
        if let Some(o) = old.as_ref().filter(|o| o.status == "enabled") {
            if moved_slot || o.start_at != start || o.end_at != end {
                if let Some(refusal) = capacity_refusal(tx, &slot, Some(o.id), (start, end))? {
                    return Err(refusal);
                }
            }
        }
        let sort = match &old {
            Some(o) if !moved_slot => o.sort,
            _ => ads::next_sort(tx, slot_id)?,
        };
        let cols = [
            ("slot_id", Sql::Integer(slot_id)),
            ("title", Sql::Text(title.to_owned())),
            ("image", Sql::Text(image.to_owned())),
            ("link_type", Sql::Text(link_type.to_owned())),
            ("link_target", Sql::Text(link_target.to_owned())),
            ("start_at", Sql::Integer(start)),
            ("end_at", Sql::Integer(end)),
            ("sort", Sql::Integer(sort)),
        ];
        let period = format!("{} 至 {}", minute(start), minute(end));
        let (id, summary) = match (&old, p.version) {
            (Some(o), Some(version)) => {
                update_versioned(tx, ads::TABLE, o.id, version, &cols, ctx.now)?;
                let summary = format!("修改广告 {}（广告位 {}，{period}）", title, slot.name);
                (o.id, summary)
            }
            _ => {
                let mut with_status = cols.to_vec();
                with_status.push(("status", Sql::Text("disabled".into())));
                let id = insert(tx, ads::TABLE, &with_status, ctx.now)?;
                (
                    id,
                    format!("新增广告 {title}（广告位 {}，{period}）", slot.name),
                )
            }
        };
        let ad = ads::get(tx, id, ctx.now, &sign)?.ok_or(AppError::NotFound)?;
        Ok(Audited::new(ad, id, summary))
    })
}

/// `ad.setStatus {id, version, status}`: enabling is refused (`state_invalid`, naming the period)
/// when the slot's other enabled ads already fill it at some time in the ad's period. The check
/// and the write are one transaction under the store's single writer, so two enables racing for
/// the last place cannot both pass.
fn set_status(ctx: &Ctx, p: StatusParams) -> Result<AdRow, AppError> {
    let id = required(p.id, "id")?;
    let version = required(p.version, "version")?;
    let to = required(p.status.clone(), "status")?;
    check_params(Entity::Ad, ctx.api, "status", &to, GivenReason::default())?;
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.audited(|tx| {
        let ad = ads::get(tx, id, ctx.now, &sign)?.ok_or(AppError::NotFound)?;
        if ad.version != version {
            return Err(AppError::Conflict);
        }
        if ad.status == "disabled" && to == "enabled" {
            let slot = ad_slots::get(tx, ad.slot_id, ctx.now)?.ok_or(AppError::NotFound)?;
            if let Some(refusal) = capacity_refusal(tx, &slot, Some(id), (ad.start_at, ad.end_at))?
            {
                return Err(refusal);
            }
        }
        let target = Target {
            entity: Entity::Ad,
            table: ads::TABLE,
            column: "status",
            id,
            version: Some(version),
        };
        let mv = apply(tx, ctx, target, "status", &to, GivenReason::default())?;
        let ad = ads::get(tx, id, ctx.now, &sign)?.ok_or(AppError::NotFound)?;
        let summary = format!(
            "{}广告 {}（广告位 {}）",
            mv.transition.action, ad.title, ad.slot_name
        );
        Ok(Audited::new(ad, id, summary))
    })
}

/// `ad.sort {slotId, ids}`: the slot's ads in a new display order; `ids` must be exactly its ads.
fn sort(ctx: &Ctx, p: AdSortParams) -> Result<Vec<AdRow>, AppError> {
    let slot_id = required(p.slot_id, "slotId")?;
    let ids = required(p.ids, "ids")?;
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.audited(|tx| {
        let slot = ad_slots::get(tx, slot_id, ctx.now)?.ok_or(AppError::NotFound)?;
        reorder(tx, ads::TABLE, Some(("slot_id", slot_id)), &ids, ctx.now)?;
        let rows = ads::of_slot(tx, slot_id, ctx.now, &sign)?;
        let order: Vec<String> = rows.iter().map(|a| a.title.clone()).collect();
        let summary = format!("调整广告位 {} 的广告顺序：{}", slot.name, order.join("、"));
        Ok(Audited::new(rows, slot_id, summary))
    })
}

/// `ad.delete {id, version?}`: whatever its state (a running ad leaves its slot at once, which
/// frees its place there); its timeline goes with it, the audit log keeps the delete.
fn delete(ctx: &Ctx, p: DeleteParams) -> Result<Deleted, AppError> {
    let id = required(p.id, "id")?;
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.audited(|tx| {
        let ad = ads::get(tx, id, ctx.now, &sign)?.ok_or(AppError::NotFound)?;
        delete_versioned(tx, ads::TABLE, id, p.version)?;
        ads::forget_timeline(tx, id)?;
        let summary = format!("删除广告 {}（广告位 {}）", ad.title, ad.slot_name);
        Ok(Audited::new(Deleted { id }, id, summary))
    })
}

/// The kind of a picker's search, checked.
pub fn pick_kind(p: &PickParams) -> Result<&str, AppError> {
    let kind = p.kind.as_deref().map(str::trim).unwrap_or_default();
    if targets::KINDS.contains(&kind) {
        Ok(kind)
    } else if kind.is_empty() {
        Err(AppError::field("kind", "缺少参数 kind"))
    } else {
        Err(AppError::field("kind", "kind 须为 shop 或 product"))
    }
}

/// `ad.targets {kind, keyword?}`: active shops or products on sale, at most 20.
fn targets_of(ctx: &Ctx, p: PickParams) -> Result<Vec<PickItem>, AppError> {
    let kind = pick_kind(&p)?;
    ctx.state
        .store
        .read(|c| targets::pick(c, kind, p.keyword.as_deref()))
}
