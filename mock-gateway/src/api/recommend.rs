//! 首页推荐商家: recommended shops with order and period; only active shops are recommended, and a
//! recommendation whose shop is frozen or closed since is flagged.

use core_wasm::ops::recommend::{
    Candidates, Delete, List, RecommendListParams, RecommendRow, RecommendSaveParams, Save, Sort,
};
use core_wasm::ops::{DeleteParams, Deleted, Page, PickItem, PickParams, SortParams};
use core_wasm::rules::Form;
use rusqlite::types::Value as Sql;
use serde::Serialize;

use super::editing::{check_form, minute, reorder};
use crate::error::AppError;
use crate::kit::list::list as page;
use crate::kit::write::{delete_versioned, insert, update_versioned};
use crate::kit::{Audited, Ctx, Filter, ListSpec, Operation, Order, required};
use crate::store::recommends::{self, SHOP_NAME};
use crate::store::{periods, targets};

/// `recommend.list`: the shop's name, and the period's state as bounds at the call's time; in
/// display order unless sorted.
pub const LIST: ListSpec = ListSpec {
    table: recommends::TABLE,
    columns: recommends::COLUMNS,
    filters: &[
        Filter::Contains("shopName", &[SHOP_NAME]),
        Filter::Clause("startAfter", periods::STARTS_AFTER),
        Filter::Clause("runningAt", periods::RUNNING_AT),
        Filter::Clause("endBy", periods::ENDS_BY),
    ],
    sorts: &[
        ("id", "id"),
        ("sort", "sort"),
        ("startAt", "start_at"),
        ("endAt", "end_at"),
    ],
    order: Order::Fixed("sort ASC, id ASC"),
};

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Bounded<'a> {
    #[serde(flatten)]
    params: &'a RecommendListParams,
    start_after: Option<i64>,
    running_at: Option<i64>,
    end_by: Option<i64>,
}

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Save>(save),
        Operation::typed::<Delete>(delete),
        Operation::typed::<Sort>(sort),
        Operation::typed::<Candidates>(candidates),
    ]
}

fn list(ctx: &Ctx, p: RecommendListParams) -> Result<Page<RecommendRow>, AppError> {
    let state = p.state.as_deref().map(str::trim).filter(|s| !s.is_empty());
    let mut b = Bounded {
        params: &p,
        start_after: None,
        running_at: None,
        end_by: None,
    };
    match state {
        None => {}
        Some("scheduled") => b.start_after = Some(ctx.now),
        Some("active") => b.running_at = Some(ctx.now),
        Some("expired") => b.end_by = Some(ctx.now),
        Some(_) => {
            return Err(AppError::field(
                "state",
                "state 须为 scheduled、active 或 expired",
            ));
        }
    }
    ctx.state
        .store
        .read(|c| page(c, &LIST, &b, |r| recommends::row(r, ctx.now)))
}

/// `recommend.save`: creates (last in order) without `id`; with `id` and `version` replaces shop,
/// reason and period. The shop must be active (`param_invalid` at `shopId`), and not recommended
/// already in an overlapping period (`data_duplicate`).
fn save(ctx: &Ctx, p: RecommendSaveParams) -> Result<RecommendRow, AppError> {
    check_form(Form::Recommend, &p, p.id, p.version)?;
    let shop_id = required(p.shop_id, "shopId")?;
    let (start, end) = (
        required(p.start_at, "startAt")?,
        required(p.end_at, "endAt")?,
    );
    let reason = p.reason.trim();
    ctx.audited(|tx| {
        let old = match p.id {
            Some(id) => Some(recommends::get(tx, id, ctx.now)?.ok_or(AppError::NotFound)?),
            None => None,
        };
        if let (Some(old), Some(version)) = (&old, p.version) {
            if old.version != version {
                return Err(AppError::Conflict);
            }
        }
        let shop = targets::get(tx, "shop", shop_id)?
            .ok_or_else(|| AppError::field("shopId", "推荐店铺不存在"))?;
        if shop.status != "active" {
            return Err(AppError::field("shopId", "只能推荐营业中的店铺"));
        }
        if recommends::overlapping(tx, shop_id, p.id, start, end)?.is_some() {
            return Err(AppError::duplicate(
                "shopId",
                format!("店铺「{}」在该时段已有推荐", shop.name),
            ));
        }
        let cols = [
            ("shop_id", Sql::Integer(shop_id)),
            ("reason", Sql::Text(reason.to_owned())),
            ("start_at", Sql::Integer(start)),
            ("end_at", Sql::Integer(end)),
        ];
        let period = format!("{} 至 {}", minute(start), minute(end));
        let (id, summary) = match (&old, p.version) {
            (Some(o), Some(version)) => {
                update_versioned(tx, recommends::TABLE, o.id, version, &cols, ctx.now)?;
                (o.id, format!("修改推荐商家 {}（{period}）", shop.name))
            }
            _ => {
                let mut with_sort = cols.to_vec();
                with_sort.push(("sort", Sql::Integer(recommends::next_sort(tx)?)));
                let id = insert(tx, recommends::TABLE, &with_sort, ctx.now)?;
                (id, format!("新增推荐商家 {}（{period}）", shop.name))
            }
        };
        let row = recommends::get(tx, id, ctx.now)?.ok_or(AppError::NotFound)?;
        Ok(Audited::new(row, id, summary))
    })
}

/// `recommend.delete {id, version?}`.
fn delete(ctx: &Ctx, p: DeleteParams) -> Result<Deleted, AppError> {
    let id = required(p.id, "id")?;
    ctx.audited(|tx| {
        let old = recommends::get(tx, id, ctx.now)?.ok_or(AppError::NotFound)?;
        delete_versioned(tx, recommends::TABLE, id, p.version)?;
        let summary = format!("删除推荐商家 {}", old.shop_name);
        Ok(Audited::new(Deleted { id }, id, summary))
    })
}

/// `recommend.sort {ids}`: every recommendation, in the new order.
fn sort(ctx: &Ctx, p: SortParams) -> Result<Vec<RecommendRow>, AppError> {
    let ids = required(p.ids, "ids")?;
    ctx.audited(|tx| {
        reorder(tx, recommends::TABLE, None, &ids, ctx.now)?;
        let rows = recommends::all(tx, ctx.now)?;
        let order: Vec<&str> = rows.iter().map(|r| r.shop_name.as_str()).collect();
        let summary = format!("调整推荐商家顺序：{}", order.join("、"));
        Ok(Audited::new(rows, None, summary))
    })
}

/// `recommend.candidates {keyword?}`: active shops, at most 20 (`kind` is `shop` when given).
fn candidates(ctx: &Ctx, p: PickParams) -> Result<Vec<PickItem>, AppError> {
    let kind = p.kind.as_deref().map(str::trim).unwrap_or("shop");
    if !kind.is_empty() && kind != "shop" {
        return Err(AppError::field("kind", "只能推荐店铺：kind 须为 shop"));
    }
    ctx.state
        .store
        .read(|c| targets::pick(c, "shop", p.keyword.as_deref()))
}
