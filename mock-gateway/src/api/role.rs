//! Roles: the role tree (for the user form and the role screen) and saving a role.

use std::collections::HashMap;

use core_wasm::ops;
use core_wasm::ops::role::{RoleNode, SaveRoleParams};
use core_wasm::ops::{DeleteParams, Deleted, NoParams};
use core_wasm::rules::{self, Form};
use core_wasm::validate::RoleForm;

use crate::api::parent;
use crate::error::AppError;
use crate::kit::grants::Holdings;
use crate::kit::write::delete_versioned;
use crate::kit::{Audited, Ctx, Operation, required};
use crate::store::roles::{self, RoleRow};

/// The menu that guards the role screen's operations.
pub const MENU: &str = ops::role::MENU;

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<ops::sys_user::QryRoleTree>(role_tree),
        Operation::typed::<ops::role::RoleTree>(role_tree),
        Operation::typed::<ops::role::SaveRole>(save_role),
        Operation::typed::<ops::role::DeleteRole>(delete_role),
    ]
}

fn node(row: &RoleRow, children: Vec<RoleNode>) -> RoleNode {
    RoleNode {
        id: row.id,
        name: row.name.clone(),
        remark: row.remark.clone(),
        parent_id: row.parent_id,
        version: row.version,
        children,
    }
}

/// Builds the role tree from rows ordered by id.
pub fn tree(rows: &[RoleRow]) -> Vec<RoleNode> {
    let mut by_parent: HashMap<Option<i64>, Vec<&RoleRow>> = HashMap::new();
    for row in rows {
        by_parent.entry(row.parent_id).or_default().push(row);
    }
    fn level(
        parent: Option<i64>,
        by_parent: &HashMap<Option<i64>, Vec<&RoleRow>>,
        depth: usize,
    ) -> Vec<RoleNode> {
        // Depth is bounded by the number of roles; the writes never create a cycle.
        if depth > by_parent.len() {
            return Vec::new();
        }
        by_parent
            .get(&parent)
            .map(|rows| {
                rows.iter()
                    .map(|r| node(r, level(Some(r.id), by_parent, depth + 1)))
                    .collect()
            })
            .unwrap_or_default()
    }
    level(None, &by_parent, 0)
}

/// `mtop.admin.user.qryRoleTree {}` and `mtop.admin.user.roleTree {}` → the role tree.
fn role_tree(ctx: &Ctx, _: NoParams) -> Result<Vec<RoleNode>, AppError> {
    Ok(tree(&ctx.state.store.read(roles::all)?))
}

fn name_taken(name: &str) -> AppError {
    AppError::duplicate("name", format!("角色名称 {name} 已存在"))
}

/// `mtop.admin.user.saveRole {id?, version?, name, parentId?, remark?}` → the role (without
/// children). Without `id` it creates; with `id`, `version` is required.
fn save_role(ctx: &Ctx, p: SaveRoleParams) -> Result<RoleNode, AppError> {
    let mut errors = rules::validate(Form::Role, &rules::values_of(&p));
    let form = RoleForm {
        name: p.name.trim().to_owned(),
        remark: p.remark.map(|r| r.trim().to_owned()),
    };
    if p.id.is_some() && p.version.is_none() {
        errors.push(core_wasm::validate::FieldError::new(
            "version",
            "缺少参数 version",
        ));
    }
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let parent_id = parent(p.parent_id);
    let saved = ctx.audited(|tx| {
        let rows = roles::all(tx)?;
        if let Some(pid) = parent_id {
            if !rows.iter().any(|r| r.id == pid) {
                return Err(AppError::field("parentId", "上级角色不存在"));
            }
        }
        let existing = match p.id {
            Some(id) => Some(
                rows.iter()
                    .find(|r| r.id == id)
                    .cloned()
                    .ok_or(AppError::NotFound)?,
            ),
            None => None,
        };
        if let Some(id) = p.id {
            Holdings::of(tx, ctx.caller()?)?.manages_role(tx, id)?;
        }
        if let Some(id) = p.id {
            let links: Vec<_> = rows.iter().map(|r| (r.id, r.parent_id)).collect();
            if !core_wasm::tree::may_move_under(&links, id, parent_id) {
                return Err(AppError::field(
                    "parentId",
                    "不能把角色移到它自己或它的下级之下",
                ));
            }
        }
        if roles::sibling_name_taken(tx, parent_id, &form.name, p.id)? {
            return Err(name_taken(&form.name));
        }
        let remark = form.remark.clone().unwrap_or_default();
        let unique = |e: rusqlite::Error| -> AppError {
            if crate::store::is_unique_violation(&e) {
                name_taken(&form.name)
            } else {
                e.into()
            }
        };
        let (id, summary) = match (existing, p.version) {
            (Some(old), Some(version)) => {
                let row = RoleRow {
                    parent_id,
                    name: form.name.clone(),
                    remark,
                    ..old.clone()
                };
                if !roles::update(tx, &row, version, ctx.now).map_err(unique)? {
                    return Err(AppError::Conflict);
                }
                (old.id, format!("修改角色 {} → {}", old.name, form.name))
            }
            _ => {
                let id =
                    roles::insert(tx, parent_id, &form.name, &remark, ctx.now).map_err(unique)?;
                (id, format!("新增角色 {}", form.name))
            }
        };
        Ok(Audited::new(
            roles::get(tx, id)?.ok_or(AppError::NotFound)?,
            id,
            summary,
        ))
    })?;
    Ok(node(&saved, Vec::new()))
}

/// `mtop.admin.user.deleteRole {id, version?}` → `{id}`. Refused with `data_in_use` while users
/// hold the role or roles sit under it, naming them (`角色「运营」仍被用户 operator 使用，不能删除`):
/// taking a role from its holders is a user edit, seen and done on 系统用户, not a side effect.
/// The check and the delete are one transaction under the store's one writer, so a user assigned
/// the role meanwhile is seen, and the role's menus go with it (the links cascade).
fn delete_role(ctx: &Ctx, p: DeleteParams) -> Result<Deleted, AppError> {
    let id = required(p.id, "id")?;
    ctx.audited(|tx| {
        let role = roles::get(tx, id)?.ok_or(AppError::NotFound)?;
        if p.version.is_some_and(|v| v != role.version) {
            return Err(AppError::Conflict);
        }
        Holdings::of(tx, ctx.caller()?)?.manages_role(tx, id)?;
        let (holders, children) = (roles::holders(tx, id)?, roles::children(tx, id)?);
        let mut uses = Vec::new();
        if holders.any() {
            let who = if holders.count > holders.names.len() as i64 {
                format!("{} {} 人", holders.listed(), holders.count)
            } else {
                holders.listed()
            };
            uses.push(format!("仍被用户 {who} 使用"));
        }
        if children.any() {
            uses.push(format!("还有下级角色{}", children.quoted()));
        }
        if !uses.is_empty() {
            return Err(AppError::InUse(format!(
                "角色「{}」{}，不能删除",
                role.name,
                uses.join("，且")
            )));
        }
        delete_versioned(tx, roles::TABLE, id, p.version)?;
        Ok(Audited::new(
            Deleted { id },
            id,
            format!("删除角色 {}", role.name),
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn role(id: i64, parent_id: Option<i64>) -> RoleRow {
        RoleRow {
            id,
            parent_id,
            name: format!("r{id}"),
            remark: String::new(),
            version: 1,
        }
    }

    #[test]
    fn the_tree_nests_children() {
        let rows = vec![
            role(1, None),
            role(2, Some(1)),
            role(3, Some(2)),
            role(4, None),
        ];
        let t = tree(&rows);
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].children[0].children[0].id, 3);
    }
}
