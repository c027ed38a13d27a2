//! 数据字典: the generic table screen's list, save (create or update) and delete.

use core_wasm::lifecycle::Entity;
use core_wasm::ops::dict::{Delete, DictEntry, DictListParams, DictSaveParams, List, Save};
use core_wasm::ops::{DeleteParams, Deleted, Page};
use core_wasm::rules::{self, Form};
use core_wasm::validate::FieldError;
use rusqlite::types::Value as Sql;

use crate::error::AppError;
use crate::kit::list::list as page;
use crate::kit::state::transition;
use crate::kit::write::{delete_versioned, insert, taken, update_versioned};
use crate::kit::{Audited, Ctx, Filter, ListSpec, Operation, Order, required};
use crate::store::dict::{self, TABLE};

/// `dict.list`: type and keyword filters, status, five sortable columns; by type, sort, id.
pub const LIST: ListSpec = ListSpec {
    table: TABLE,
    columns: dict::COLUMNS,
    filters: &[
        Filter::Contains("type", &["dict_type"]),
        Filter::Contains("keyword", &["dict_key", "label", "value"]),
        Filter::Status("status", "status"),
    ],
    sorts: &[
        ("id", "id"),
        ("type", "dict_type"),
        ("key", "dict_key"),
        ("sort", "sort"),
        ("createdAt", "created_at"),
    ],
    order: Order::Fixed("dict_type ASC, sort ASC, id ASC"),
};

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Save>(save),
        Operation::typed::<Delete>(delete),
    ]
}

/// `dict.list`: a page of entries; without `sortField` by type, then sort, then id.
fn list(ctx: &Ctx, p: DictListParams) -> Result<Page<DictEntry>, AppError> {
    ctx.state.store.read(|c| page(c, &LIST, &p, dict::row))
}

/// `dict.save`: without `id` it creates (sort 0, enabled unless given); with `id` it replaces type,
/// key, label and value, keeps sort, remark and status when absent, and needs `version`.
fn save(ctx: &Ctx, p: DictSaveParams) -> Result<DictEntry, AppError> {
    let mut errors = rules::validate(Form::Dict, &rules::values_of(&p));
    // What is stored is what was checked, trimmed.
    let form = DictSaveParams {
        r#type: p.r#type.trim().to_owned(),
        key: p.key.trim().to_owned(),
        label: p.label.trim().to_owned(),
        value: p.value.trim().to_owned(),
        remark: p.remark.as_deref().map(|r| r.trim().to_owned()),
        ..p.clone()
    };
    if p.id.is_some() && p.version.is_none() {
        errors.push(FieldError::new("version", "缺少参数 version"));
    }
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    ctx.audited(|tx| {
        let old = match p.id {
            Some(id) => Some(dict::get(tx, id)?.ok_or(AppError::NotFound)?),
            None => None,
        };
        if let (Some(old), Some(to)) = (&old, &p.status) {
            transition(Entity::Dict, "status", &old.status, to)?;
        }
        let key = [
            ("dict_type", text(&form.r#type)),
            ("dict_key", text(&form.key)),
        ];
        if taken(tx, TABLE, &key, p.id)? {
            let taken = format!("字典键 {}/{} 已存在", form.r#type, form.key);
            return Err(AppError::duplicate("key", taken));
        }
        let sort = form.sort.or(old.as_ref().map(|o| o.sort)).unwrap_or(0);
        let remark = form
            .remark
            .as_deref()
            .or(old.as_ref().map(|o| o.remark.as_str()));
        let status = p
            .status
            .as_deref()
            .or(old.as_ref().map(|o| o.status.as_str()));
        let cols = dict::columns(
            &form,
            sort,
            remark.unwrap_or(""),
            status.unwrap_or("enabled"),
        );
        let name = format!("{}/{}（{}）", form.r#type, form.key, form.label);
        let (id, summary) = match (old, p.version) {
            (Some(old), Some(version)) => {
                update_versioned(tx, TABLE, old.id, version, &cols, ctx.now)?;
                let was = format!("{}/{}（{}）", old.r#type, old.key, old.label);
                (old.id, format!("修改字典 {was}→ {name}"))
            }
            _ => {
                let id = insert(tx, TABLE, &cols, ctx.now)?;
                (id, format!("新增字典 {name}"))
            }
        };
        Ok(Audited::new(
            dict::get(tx, id)?.ok_or(AppError::NotFound)?,
            id,
            summary,
        ))
    })
}

fn text(s: &str) -> Sql {
    Sql::Text(s.to_owned())
}

/// `dict.delete {id, version?}`: a stale version answers `data_conflict`.
fn delete(ctx: &Ctx, p: DeleteParams) -> Result<Deleted, AppError> {
    let id = required(p.id, "id")?;
    ctx.audited(|tx| {
        let old = dict::get(tx, id)?.ok_or(AppError::NotFound)?;
        delete_versioned(tx, TABLE, id, p.version)?;
        let summary = format!("删除字典 {}/{}（{}）", old.r#type, old.key, old.label);
        Ok(Audited::new(Deleted { id }, id, summary))
    })
}
