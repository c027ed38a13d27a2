//! 专题活动 / 专题详情: activities by state and time; create and edit (a draft on create); online
//! (at least one item, an end in the future) and offline; the items, added, removed and reordered.

use std::collections::HashSet;

use core_wasm::lifecycle::{Entity, Refusal};
use core_wasm::ops::activity::{
    ActivityDetail, ActivityItemsParams, ActivityListParams, ActivityRow, ActivitySaveParams,
    Candidates, Detail, List, Save, SaveItems, SetStatus,
};
use core_wasm::ops::{IdParams, Page, PickItem, PickParams, StatusParams};
use core_wasm::rules::Form;
use core_wasm::schedule::online_refusal;
use core_wasm::validate::FieldError;
use rusqlite::Connection;
use rusqlite::types::Value as Sql;
use serde::Serialize;

use super::ad::pick_kind;
use super::editing::{check_form, minute, stored_image};
use crate::error::AppError;
use crate::files::signed_url;
use crate::kit::list::list as page;
use crate::kit::moves::{GivenReason, Target, apply, check_params};
use crate::kit::write::{insert, update_versioned};
use crate::kit::{Audited, Ctx, Filter, ListSpec, Operation, Order, required};
use crate::store::{Sign, activities, periods, targets};

/// The most items an activity holds.
pub const MAX_ITEMS: usize = 100;

/// `activity.list`: title, state, and the period as bounds (runs after `from`, starts by `to`);
/// latest start first unless sorted.
pub const LIST: ListSpec = ListSpec {
    table: activities::TABLE,
    columns: activities::COLUMNS,
    filters: &[
        Filter::Contains("title", &["title"]),
        Filter::Exact("status", "status"),
        Filter::Clause("endAfter", periods::ENDS_AFTER),
        Filter::Clause("startBy", periods::STARTS_BY),
    ],
    sorts: &[
        ("id", "id"),
        ("startAt", "start_at"),
        ("endAt", "end_at"),
        ("updatedAt", "updated_at"),
    ],
    order: Order::Fixed("start_at DESC, id DESC"),
};

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Bounded<'a> {
    #[serde(flatten)]
    params: &'a ActivityListParams,
    end_after: Option<i64>,
    start_by: Option<i64>,
}

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Detail>(detail),
        Operation::typed::<Save>(save),
        Operation::typed::<SetStatus>(set_status),
        Operation::typed::<SaveItems>(save_items),
        Operation::typed::<Candidates>(candidates),
    ]
}

fn list(ctx: &Ctx, p: ActivityListParams) -> Result<Page<ActivityRow>, AppError> {
    let mut errors = Vec::new();
    if let Some(s) = p.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        if Entity::Activity.lifecycle().state(s).is_none() {
            let refusal = Refusal::UnknownState(s.to_owned());
            errors.push(FieldError::new("status", refusal.message(Entity::Activity)));
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
    let bounded = Bounded {
        params: &p,
        end_after: p.from,
        start_by: p.to,
    };
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.state
        .store
        .read(|c| page(c, &LIST, &bounded, |r| activities::row(r, &sign)))
}

fn detail_of(conn: &Connection, id: i64, sign: Sign<'_>) -> Result<ActivityDetail, AppError> {
    let activity = activities::get(conn, id, sign)?.ok_or(AppError::NotFound)?;
    let items = activities::items(conn, id, sign)?;
    Ok(ActivityDetail { activity, items })
}

/// `activity.detail`: the activity and its items in order, each flagged when its shop is no longer
/// active or its product no longer on sale.
fn detail(ctx: &Ctx, p: IdParams) -> Result<ActivityDetail, AppError> {
    let id = required(p.id, "id")?;
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.state.store.read(|c| detail_of(c, id, &sign))
}

/// `activity.save`: a draft without `id`; with `id` and `version` replaces title, banner,
/// description and period. The banner, when given, must be a stored image; an online activity's
/// end must stay in the future (it could not have gone online otherwise).
fn save(ctx: &Ctx, p: ActivitySaveParams) -> Result<ActivityRow, AppError> {
    check_form(Form::Activity, &p, p.id, p.version)?;
    let (start, end) = (
        required(p.start_at, "startAt")?,
        required(p.end_at, "endAt")?,
    );
    let (title, banner, description) = (p.title.trim(), p.banner.trim(), p.description.trim());
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.audited(|tx| {
        stored_image(tx, "banner", "专题横幅", banner, true)?;
        let cols = [
            ("title", Sql::Text(title.to_owned())),
            ("banner", Sql::Text(banner.to_owned())),
            ("description", Sql::Text(description.to_owned())),
            ("start_at", Sql::Integer(start)),
            ("end_at", Sql::Integer(end)),
        ];
        let period = format!("{} 至 {}", minute(start), minute(end));
        let (id, summary) = match (p.id, p.version) {
            (Some(id), Some(version)) => {
                let old = activities::get(tx, id, &sign)?.ok_or(AppError::NotFound)?;
                if old.version != version {
                    return Err(AppError::Conflict);
                }
                if old.status == "online" && end <= ctx.now {
                    return Err(AppError::field(
                        "endAt",
                        "已上线的专题结束时间须晚于当前时间，如需结束请下线",
                    ));
                }
                update_versioned(tx, activities::TABLE, id, version, &cols, ctx.now)?;
                (id, format!("修改专题 {title}（{period}）"))
            }
            _ => {
                let mut with_status = cols.to_vec();
                with_status.push(("status", Sql::Text("draft".into())));
                let id = insert(tx, activities::TABLE, &with_status, ctx.now)?;
                (id, format!("新增专题 {title}（{period}）"))
            }
        };
        let row = activities::get(tx, id, &sign)?.ok_or(AppError::NotFound)?;
        Ok(Audited::new(row, id, summary))
    })
}

/// `activity.setStatus {id, version, status}`: online needs at least one item and an end in the
/// future (`state_invalid` saying which), offline any time, back online by the same rule.
fn set_status(ctx: &Ctx, p: StatusParams) -> Result<ActivityRow, AppError> {
    let id = required(p.id, "id")?;
    let version = required(p.version, "version")?;
    let to = required(p.status.clone(), "status")?;
    check_params(
        Entity::Activity,
        ctx.api,
        "status",
        &to,
        GivenReason::default(),
    )?;
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.audited(|tx| {
        let old = activities::get(tx, id, &sign)?.ok_or(AppError::NotFound)?;
        if old.version != version {
            return Err(AppError::Conflict);
        }
        let allowed = core_wasm::lifecycle::check(Entity::Activity, &old.status, &to);
        if to == "online" && matches!(allowed, Ok(Some(_))) {
            if let Some(why) = online_refusal(old.item_count, old.end_at, ctx.now) {
                return Err(AppError::StateInvalid(why.to_owned()));
            }
        }
        let target = Target {
            entity: Entity::Activity,
            table: activities::TABLE,
            column: "status",
            id,
            version: Some(version),
        };
        let mv = apply(tx, ctx, target, "status", &to, GivenReason::default())?;
        let row = activities::get(tx, id, &sign)?.ok_or(AppError::NotFound)?;
        let summary = format!("{}专题 {}", mv.transition.action, row.title);
        Ok(Audited::new(row, id, summary))
    })
}

/// `activity.saveItems {id, version, items}`: replaces the items (added, removed, reordered) with
/// a new version of the activity. Each item names an existing shop or product once; one newly
/// added must be an active shop or a product on sale (items already there may stay, flagged); at
/// most [`MAX_ITEMS`]; an online activity keeps at least one.
fn save_items(ctx: &Ctx, p: ActivityItemsParams) -> Result<ActivityDetail, AppError> {
    let id = required(p.id, "id")?;
    let version = required(p.version, "version")?;
    if p.items.len() > MAX_ITEMS {
        return Err(AppError::field(
            "items",
            format!("一个专题最多 {MAX_ITEMS} 个商品或店铺"),
        ));
    }
    let mut errors = Vec::new();
    let mut wanted: Vec<(String, i64)> = Vec::with_capacity(p.items.len());
    let mut seen = HashSet::new();
    for (i, item) in p.items.iter().enumerate() {
        let field = format!("items[{i}]");
        let kind = item.kind.trim();
        let Some(target) = item.target_id.filter(|&t| t > 0) else {
            errors.push(FieldError::new(&field, format!("第 {} 项缺少编号", i + 1)));
            continue;
        };
        if !targets::KINDS.contains(&kind) {
            errors.push(FieldError::new(
                &field,
                format!("第 {} 项的类型须为 shop 或 product", i + 1),
            ));
            continue;
        }
        if !seen.insert((kind.to_owned(), target)) {
            errors.push(FieldError::new(&field, format!("第 {} 项重复", i + 1)));
            continue;
        }
        wanted.push((kind.to_owned(), target));
    }
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.audited(|tx| {
        let old = activities::get(tx, id, &sign)?.ok_or(AppError::NotFound)?;
        if old.version != version {
            return Err(AppError::Conflict);
        }
        if old.status == "online" && wanted.is_empty() {
            return Err(AppError::StateInvalid(
                "已上线的专题至少需要一个商品或店铺，如需清空请先下线".into(),
            ));
        }
        let before: HashSet<(String, i64)> = activities::item_refs(tx, id)?.into_iter().collect();
        let mut errors = Vec::new();
        for (i, (kind, target)) in wanted.iter().enumerate() {
            let field = format!("items[{i}]");
            let noun = if kind == "shop" { "店铺" } else { "商品" };
            match targets::get(tx, kind, *target)? {
                None => errors.push(FieldError::new(
                    &field,
                    format!("第 {} 项：{noun} #{target} 不存在", i + 1),
                )),
                Some(t) if !before.contains(&(kind.clone(), *target)) => {
                    if let Some(problem) = t.problem(kind) {
                        errors.push(FieldError::new(
                            &field,
                            format!("第 {} 项：{}{problem}，不能加入专题", i + 1, t.name),
                        ));
                    }
                }
                Some(_) => {}
            }
        }
        if !errors.is_empty() {
            return Err(AppError::Invalid(errors));
        }
        activities::replace_items(tx, id, &wanted)?;
        update_versioned(tx, activities::TABLE, id, version, &[], ctx.now)?;
        let added = wanted.iter().filter(|w| !before.contains(*w)).count();
        let kept: HashSet<&(String, i64)> = wanted.iter().collect();
        let removed = before.iter().filter(|b| !kept.contains(b)).count();
        let summary = format!(
            "编辑专题 {} 的商品与店铺：共 {} 项（新增 {added}，移除 {removed}）",
            old.title,
            wanted.len()
        );
        Ok(Audited::new(detail_of(tx, id, &sign)?, id, summary))
    })
}

/// `activity.candidates {kind, keyword?}`: active shops or products on sale, at most 20.
fn candidates(ctx: &Ctx, p: PickParams) -> Result<Vec<PickItem>, AppError> {
    let kind = pick_kind(&p)?;
    ctx.state
        .store
        .read(|c| targets::pick(c, kind, p.keyword.as_deref()))
}
