//! 视图: a list's saved views. Each is guarded by its list's menu — whoever may not open the list
//! neither sees nor saves views of it — and only its owner changes or deletes it. What a view may
//! hold is the core's rule (`core_wasm::views`).

use core_wasm::ops::view::{Delete, List, Save, ViewListParams, ViewRow, ViewSaveParams};
use core_wasm::ops::{DeleteParams, Deleted};
use core_wasm::rules::Form;
use core_wasm::views::{MAX_VIEWS, check_content, has_views};
use rusqlite::types::Value as Sql;

use super::editing::check_form;
use crate::error::AppError;
use crate::kit::write::{delete_versioned, insert, taken, update_versioned};
use crate::kit::{Audited, Ctx, Operation, required};
use crate::store::views;

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Save>(save),
        Operation::typed::<Delete>(delete),
    ]
}

/// The caller may open `list`, a list with views: else `param_invalid` at `list` for a list
/// without views, `permission_denied` for one whose menu the caller does not own.
fn guard(ctx: &Ctx, list: &str) -> Result<i64, AppError> {
    let caller = ctx.caller()?;
    if !has_views(list) {
        return Err(AppError::field(
            "list",
            format!("列表「{}」没有视图", core_wasm::validate::echoed(list)),
        ));
    }
    if !caller.may(list) {
        return Err(AppError::PermissionDenied);
    }
    Ok(caller.id)
}

/// `view.list {list}`: the caller's views of the list, then those others shared.
fn list(ctx: &Ctx, p: ViewListParams) -> Result<Vec<ViewRow>, AppError> {
    let caller = guard(ctx, &p.list)?;
    ctx.state.store.read(|c| views::offered(c, caller, &p.list))
}

/// `view.save`: creates one of the caller's views without `id`; with `id` and `version` replaces
/// its name, sharing, default and content. Names are unique per user and list (`data_duplicate`
/// at `name`); at most [`MAX_VIEWS`] per user and list. Another's view answers `data_not_found`,
/// as one that does not exist: it is not the caller's to change.
fn save(ctx: &Ctx, p: ViewSaveParams) -> Result<ViewRow, AppError> {
    let caller = guard(ctx, &p.list)?;
    check_form(Form::View, &p, p.id, p.version)?;
    check_content(&p.content).map_err(|e| AppError::Invalid(vec![e]))?;
    let name = p.name.trim();
    let content = serde_json::to_string(&p.content).map_err(AppError::internal)?;
    let cols = [
        ("owner_id", Sql::Integer(caller)),
        ("list", Sql::Text(p.list.clone())),
        ("name", Sql::Text(name.to_owned())),
        ("content", Sql::Text(content)),
        ("shared", Sql::Integer(i64::from(p.shared))),
        ("is_default", Sql::Integer(i64::from(p.is_default))),
    ];
    ctx.audited(|tx| {
        if taken(tx, views::TABLE, &cols[..3], p.id)? {
            return Err(AppError::duplicate(
                "name",
                format!("已有名为「{name}」的视图"),
            ));
        }
        let (id, summary) = match (p.id, p.version) {
            (Some(id), Some(version)) => {
                let old = views::get(tx, caller, id)?
                    .filter(|v| v.mine && v.list == p.list)
                    .ok_or(AppError::NotFound)?;
                update_versioned(tx, views::TABLE, id, version, &cols[2..], ctx.now)?;
                let renamed = if old.name == name {
                    String::new()
                } else {
                    format!("（原名 {}）", old.name)
                };
                (id, format!("修改视图 {name}{renamed}"))
            }
            _ => {
                if views::count_own(tx, caller, &p.list)? >= MAX_VIEWS {
                    return Err(AppError::field(
                        "name",
                        format!("每个列表最多保存 {MAX_VIEWS} 个视图，请先删除不再用的"),
                    ));
                }
                let id = insert(tx, views::TABLE, &cols, ctx.now)?;
                (id, format!("新增视图 {name}"))
            }
        };
        if p.is_default {
            views::unset_other_default(tx, caller, &p.list, id, ctx.now)?;
        }
        let row = views::get(tx, caller, id)?.ok_or(AppError::NotFound)?;
        Ok(Audited::new(row, id, summary))
    })
}

/// `view.delete {id, version?}`: one of the caller's views.
fn delete(ctx: &Ctx, p: DeleteParams) -> Result<Deleted, AppError> {
    let id = required(p.id, "id")?;
    let caller = ctx.caller()?.id;
    ctx.audited(|tx| {
        let view = views::get(tx, caller, id)?
            .filter(|v| v.mine)
            .ok_or(AppError::NotFound)?;
        delete_versioned(tx, views::TABLE, id, p.version)?;
        Ok(Audited::new(
            Deleted { id },
            id,
            format!("删除视图 {}", view.name),
        ))
    })
}
