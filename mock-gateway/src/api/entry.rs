//! 功能入口: the home page's entries with icon, link, order and visibility.

use core_wasm::ops::entry::{Delete, EntryListParams, EntryRow, EntrySaveParams, List, Save, Sort};
use core_wasm::ops::{DeleteParams, Deleted, Page, SortParams};
use core_wasm::rules::Form;
use rusqlite::types::Value as Sql;

use super::editing::{check_form, reorder};
use crate::error::AppError;
use crate::kit::list::list as page;
use crate::kit::write::{delete_versioned, insert, taken, update_versioned};
use crate::kit::{Audited, Ctx, Filter, ListSpec, Operation, Order, required};
use crate::store::entries;

/// `entry.list`: name, visibility; in display order unless sorted.
pub const LIST: ListSpec = ListSpec {
    table: entries::TABLE,
    columns: entries::COLUMNS,
    filters: &[
        Filter::Contains("name", &["name"]),
        Filter::Exact("visible", "visible"),
    ],
    sorts: &[("id", "id"), ("sort", "sort"), ("updatedAt", "updated_at")],
    order: Order::Fixed("sort ASC, id ASC"),
};

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Save>(save),
        Operation::typed::<Sort>(sort),
        Operation::typed::<Delete>(delete),
    ]
}

fn list(ctx: &Ctx, p: EntryListParams) -> Result<Page<EntryRow>, AppError> {
    if p.visible.is_some_and(|v| v != 0 && v != 1) {
        return Err(AppError::field("visible", "visible 须为 0 或 1"));
    }
    ctx.state.store.read(|c| page(c, &LIST, &p, entries::row))
}

/// `entry.save`: creates (shown unless `visible` is 0, last in order) without `id`; with `id` and
/// `version` replaces name, icon, link and, when given, visibility. Names are unique: two entries
/// called alike on the home page would confuse its visitors.
fn save(ctx: &Ctx, p: EntrySaveParams) -> Result<EntryRow, AppError> {
    check_form(Form::Entry, &p, p.id, p.version)?;
    let (name, icon, link) = (p.name.trim(), p.icon.trim(), p.link.trim());
    ctx.audited(|tx| {
        let named = [("name", Sql::Text(name.to_owned()))];
        if taken(tx, entries::TABLE, &named, p.id)? {
            return Err(AppError::duplicate(
                "name",
                format!("入口名称「{name}」已存在"),
            ));
        }
        let mut cols = vec![
            ("name", Sql::Text(name.to_owned())),
            ("icon", Sql::Text(icon.to_owned())),
            ("link", Sql::Text(link.to_owned())),
        ];
        if let Some(visible) = p.visible {
            cols.push(("visible", Sql::Integer(visible)));
        }
        let (id, summary) = match (p.id, p.version) {
            (Some(id), Some(version)) => {
                let old = entries::get(tx, id)?.ok_or(AppError::NotFound)?;
                update_versioned(tx, entries::TABLE, id, version, &cols, ctx.now)?;
                (id, format!("修改功能入口 {} → {name}（{link}）", old.name))
            }
            _ => {
                cols.push(("sort", Sql::Integer(entries::next_sort(tx)?)));
                if p.visible.is_none() {
                    cols.push(("visible", Sql::Integer(1)));
                }
                let id = insert(tx, entries::TABLE, &cols, ctx.now)?;
                (id, format!("新增功能入口 {name}（{link}）"))
            }
        };
        let row = entries::get(tx, id)?.ok_or(AppError::NotFound)?;
        Ok(Audited::new(row, id, summary))
    })
}

/// `entry.sort {ids}`: every entry, in the new order.
fn sort(ctx: &Ctx, p: SortParams) -> Result<Vec<EntryRow>, AppError> {
    let ids = required(p.ids, "ids")?;
    ctx.audited(|tx| {
        reorder(tx, entries::TABLE, None, &ids, ctx.now)?;
        let rows = entries::all(tx)?;
        let order: Vec<&str> = rows.iter().map(|e| e.name.as_str()).collect();
        let summary = format!("调整功能入口顺序：{}", order.join("、"));
        Ok(Audited::new(rows, None, summary))
    })
}

/// `entry.delete {id, version?}`: the others keep their places (`sort` may have a gap, which
/// orders the same).
fn delete(ctx: &Ctx, p: DeleteParams) -> Result<Deleted, AppError> {
    let id = required(p.id, "id")?;
    ctx.audited(|tx| {
        let entry = entries::get(tx, id)?.ok_or(AppError::NotFound)?;
        delete_versioned(tx, entries::TABLE, id, p.version)?;
        let summary = format!("删除功能入口 {}（{}）", entry.name, entry.link);
        Ok(Audited::new(Deleted { id }, id, summary))
    })
}
