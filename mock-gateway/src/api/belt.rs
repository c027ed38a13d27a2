//! 产业带: the belts with their shop counts (reference data for the shop filters); one belt with its
//! shops, and creating or editing a belt (the 产业带 screen).

use core_wasm::ops::belt::{
    BeltDetail, BeltListParams, BeltRow, BeltSaveParams, Detail, List, Save,
};
use core_wasm::ops::{IdParams, Page};
use core_wasm::rules::Form;
use rusqlite::types::Value as Sql;

use super::editing::check_form;
use crate::error::AppError;
use crate::files::signed_url;
use crate::kit::list::list as page;
use crate::kit::write::{insert, taken, update_versioned};
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
        Operation::typed::<Detail>(detail),
        Operation::typed::<Save>(save),
    ]
}

/// `belt.list`: a page of belts; `shopCount` counts their shops now.
fn list(ctx: &Ctx, p: BeltListParams) -> Result<Page<BeltRow>, AppError> {
    ctx.state.store.read(|c| page(c, &LIST, &p, belts::row))
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
