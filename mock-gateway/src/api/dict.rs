//! 数据字典: the generic table screen's list, save (create or update) and delete.

use core_wasm::ops;
use core_wasm::validate::{self, DictForm, FieldError};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::audit;
use crate::api::list::{check_status, descending, sort_column};
use crate::dispatch::{Ctx, Operation, Paging, Reply, lenient, params, required};
use crate::error::AppError;
use crate::store::dict::{self, DictFields};
use crate::store::{self, users};

/// The menu that guards the dictionary's operations.
pub const MENU: &str = ops::dict::MENU;

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::of::<ops::dict::List>(list),
        Operation::of::<ops::dict::Save>(save),
        Operation::of::<ops::dict::Delete>(delete),
    ]
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ListParams {
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    page: Option<i64>,
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    page_size: Option<i64>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    r#type: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    keyword: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    status: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    sort_field: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    sort_order: Option<String>,
}

/// `mtop.admin.dict.list {page, pageSize, type?, keyword?, status?, sortField?, sortOrder?}` →
/// `{list, total, page, pageSize}`; without `sortField` by type, then sort, then id.
fn list(ctx: &Ctx, data: Value) -> Result<Reply, AppError> {
    let p: ListParams = params(data)?;
    let mut errors = Vec::new();
    let paging = Paging::read(p.page, p.page_size, &mut errors);
    check_status(p.status.as_deref(), &mut errors);
    let sort_column = sort_column(p.sort_field.as_deref(), &dict::SORT_FIELDS, &mut errors);
    let descending = descending(p.sort_order.as_deref(), &mut errors);
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let query = dict::ListQuery {
        r#type: p.r#type.map(|t| t.trim().to_owned()),
        keyword: p.keyword.map(|k| k.trim().to_owned()),
        status: p.status,
        sort_column,
        descending,
        page: paging.page,
        page_size: paging.page_size,
    };
    let (items, total) = ctx.state.store.read(|c| dict::list(c, &query))?;
    Reply::page(items, total, &paging)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SaveParams {
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    id: Option<i64>,
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    version: Option<i64>,
    #[serde(default)]
    r#type: String,
    #[serde(default)]
    key: String,
    #[serde(default)]
    label: String,
    #[serde(default)]
    value: String,
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    sort: Option<i64>,
    #[serde(default)]
    remark: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    status: Option<String>,
}

fn key_taken(r#type: &str, key: &str) -> AppError {
    AppError::duplicate("key", format!("字典键 {type}/{key} 已存在"))
}

/// `mtop.admin.dict.save {id?, version?, type, key, label, value, sort?, remark?, status?}` → the
/// entry. Without `id` it creates (sort 0, enabled unless given); with `id` it replaces type, key,
/// label and value, keeps sort, remark and status when they are absent, and needs `version`.
fn save(ctx: &Ctx, data: Value) -> Result<Reply, AppError> {
    let p: SaveParams = params(data)?;
    let form = DictForm {
        r#type: p.r#type.trim().to_owned(),
        key: p.key.trim().to_owned(),
        label: p.label.trim().to_owned(),
        value: p.value.trim().to_owned(),
        sort: p.sort,
        remark: p.remark.map(|r| r.trim().to_owned()),
    };
    let mut errors = validate::dict_form(&form);
    check_status(p.status.as_deref(), &mut errors);
    if p.id.is_some() && p.version.is_none() {
        errors.push(FieldError::new("version", "缺少参数 version"));
    }
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let unique = |e: rusqlite::Error| -> AppError {
        // A concurrent insert of the same key slipped between the check and the write.
        if store::is_unique_violation(&e) {
            key_taken(&form.r#type, &form.key)
        } else {
            e.into()
        }
    };
    let saved = ctx.state.store.write(|tx| {
        let existing = match p.id {
            Some(id) => Some(dict::get(tx, id)?.ok_or(AppError::NotFound)?),
            None => None,
        };
        if dict::key_taken(tx, &form.r#type, &form.key, p.id)? {
            return Err(key_taken(&form.r#type, &form.key));
        }
        let fields = DictFields {
            r#type: &form.r#type,
            key: &form.key,
            label: &form.label,
            value: &form.value,
            sort: form.sort.or(existing.as_ref().map(|e| e.sort)).unwrap_or(0),
            remark: form
                .remark
                .as_deref()
                .or(existing.as_ref().map(|e| e.remark.as_str()))
                .unwrap_or(""),
            status: p
                .status
                .as_deref()
                .or(existing.as_ref().map(|e| e.status.as_str()))
                .unwrap_or(users::STATUS_ENABLED),
        };
        let id = match (&existing, p.version) {
            (Some(_), None) => return Err(AppError::internal("an update passed without version")),
            (Some(old), Some(version)) => {
                if !dict::update(tx, old.id, version, &fields, ctx.now).map_err(unique)? {
                    return Err(AppError::Conflict);
                }
                audit(
                    tx,
                    ctx,
                    Some(old.id),
                    &format!(
                        "修改字典 {}/{}（{}）→ {}/{}（{}）",
                        old.r#type, old.key, old.label, form.r#type, form.key, form.label
                    ),
                )?;
                old.id
            }
            (None, _) => {
                let id = dict::insert(tx, &fields, ctx.now).map_err(unique)?;
                audit(
                    tx,
                    ctx,
                    Some(id),
                    &format!("新增字典 {}/{}（{}）", form.r#type, form.key, form.label),
                )?;
                id
            }
        };
        dict::get(tx, id)?.ok_or(AppError::NotFound)
    })?;
    Reply::json(saved)
}

#[derive(Deserialize)]
struct DeleteParams {
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    id: Option<i64>,
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    version: Option<i64>,
}

/// `mtop.admin.dict.delete {id, version?}` → `{id}`; a stale version answers `data_conflict`.
fn delete(ctx: &Ctx, data: Value) -> Result<Reply, AppError> {
    let p: DeleteParams = params(data)?;
    let id = required(p.id, "id")?;
    ctx.state.store.write(|tx| {
        let existing = dict::get(tx, id)?.ok_or(AppError::NotFound)?;
        if p.version.is_some_and(|v| v != existing.version) {
            return Err(AppError::Conflict);
        }
        dict::delete(tx, id)?;
        audit(
            tx,
            ctx,
            Some(id),
            &format!(
                "删除字典 {}/{}（{}）",
                existing.r#type, existing.key, existing.label
            ),
        )
    })?;
    Reply::json(json!({ "id": id }))
}
