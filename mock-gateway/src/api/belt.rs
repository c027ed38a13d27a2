//! 产业带: the belts with their shop counts (reference data for the shop filters); one belt with its
//! shops, and creating or editing a belt (the 产业带 screen).

use core_wasm::ops::NoParams;
use core_wasm::ops::belt::Regions;
use core_wasm::ops::belt::{
    BeltDetail, BeltListParams, BeltRow, BeltSaveParams, Delete, Detail, List, Save,
};
use core_wasm::ops::shop::Region;
use core_wasm::ops::{DeleteParams, Deleted, IdParams, Page};
use core_wasm::rules::Form;
use rusqlite::types::Value as Sql;

use super::editing::check_form;
use crate::error::AppError;
use crate::files::signed_url;
use crate::kit::list::list as page;
use crate::kit::write::{delete_versioned, insert, taken, update_versioned};
use crate::kit::{Audited, Ctx, Filter, ListSpec, Operation, Order, required};
use crate::store::{belts, shops};

/// The most shops a belt's detail lists.
pub const DETAIL_SHOPS: i64 = 50;

/// `belt.list`: by id unless sorted.
pub const LIST: ListSpec = ListSpec {
    table: belts::TABLE,
    columns: belts::COLUMNS,
    filters: &[
        Filter::Contains("name", &["name"]),
        Filter::Exact("province", "province"),
    ],
    sorts: &[
        ("id", "id"),
        ("name", "name"),
        ("shopCount", belts::SHOP_COUNT),
    ],
    order: Order::By("id"),
};

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Regions>(regions),
        Operation::typed::<Detail>(detail),
        Operation::typed::<Save>(save),
        Operation::typed::<Delete>(delete),
    ]
}

/// `belt.list`: a page of belts; `shopCount` counts their shops now.
fn list(ctx: &Ctx, p: BeltListParams) -> Result<Page<BeltRow>, AppError> {
    ctx.state.store.read(|c| page(c, &LIST, &p, belts::row))
}

/// `belt.regions`: the provinces belts are in, each with its cities (the list's province filter).
fn regions(ctx: &Ctx, _: NoParams) -> Result<Vec<Region>, AppError> {
    ctx.state.store.read(belts::regions)
}

/// `belt.detail`: the belt and its shops, most products first (at most [`DETAIL_SHOPS`];
/// `shopCount` counts them all).
fn detail(ctx: &Ctx, p: IdParams) -> Result<BeltDetail, AppError> {
    let id = required(p.id, "id")?;
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.state.store.read(|c| {
        let belt = belts::get(c, id)?.ok_or(AppError::NotFound)?;
        let shops = shops::of_belt(c, id, DETAIL_SHOPS, &sign)?;
        Ok(BeltDetail { belt, shops })
    })
}

/// `belt.save`: creates without `id`; with `id` and `version` replaces name, region and
/// description. Names are unique (`data_duplicate` at `name`).
fn save(ctx: &Ctx, p: BeltSaveParams) -> Result<BeltRow, AppError> {
    check_form(Form::Belt, &p, p.id, p.version)?;
    let (name, province, city) = (p.name.trim(), p.province.trim(), p.city.trim());
    let cols = [
        ("name", Sql::Text(name.to_owned())),
        ("province", Sql::Text(province.to_owned())),
        ("city", Sql::Text(city.to_owned())),
        ("description", Sql::Text(p.description.trim().to_owned())),
    ];
    ctx.audited(|tx| {
        if taken(tx, belts::TABLE, &cols[..1], p.id)? {
            return Err(AppError::duplicate(
                "name",
                format!("产业带「{name}」已存在"),
            ));
        }
        let (id, summary) = match (p.id, p.version) {
            (Some(id), Some(version)) => {
                let old = belts::get(tx, id)?.ok_or(AppError::NotFound)?;
                update_versioned(tx, belts::TABLE, id, version, &cols, ctx.now)?;
                (
                    id,
                    format!("修改产业带 {} → {name}（{province} {city}）", old.name),
                )
            }
            _ => {
                let id = insert(tx, belts::TABLE, &cols, ctx.now)?;
                (id, format!("新增产业带 {name}（{province} {city}）"))
            }
        };
        let row = belts::get(tx, id)?.ok_or(AppError::NotFound)?;
        Ok(Audited::new(row, id, summary))
    })
}

/// `belt.delete {id, version?}`: refused with `data_in_use` while shops belong to the belt,
/// counting and naming them (`产业带「…」下还有 12 家店铺（…），不能删除`): a shop's belt is its
/// own record's, not changed behind its back.
fn delete(ctx: &Ctx, p: DeleteParams) -> Result<Deleted, AppError> {
    let id = required(p.id, "id")?;
    ctx.audited(|tx| {
        let belt = belts::get(tx, id)?.ok_or(AppError::NotFound)?;
        if p.version.is_some_and(|v| v != belt.version) {
            return Err(AppError::Conflict);
        }
        let shops = belts::shops_in(tx, id)?;
        if shops.any() {
            return Err(AppError::InUse(format!(
                "产业带「{}」下还有 {} 家店铺（{}），不能删除",
                belt.name,
                shops.count,
                shops.listed()
            )));
        }
        delete_versioned(tx, belts::TABLE, id, p.version)?;
        let summary = format!(
            "删除产业带 {}（{} {}）",
            belt.name, belt.province, belt.city
        );
        Ok(Audited::new(Deleted { id }, id, summary))
    })
}
