//! Nobody grants what they do not hold: a page, an action under a page (按钮权限) or a role. A holder of 系统用户 or 权限管理 could otherwise make
//! themselves 超级管理员 (`user.update {id: <self>, roleIds: [1]}`) or tick every page for their own
//! role. Every write that hands out roles or pages asks [`Holdings`] first: what it hands out, and
//! the user or role it changes, must lie within the caller's own pages, and only a holder of
//! 超级管理员 hands out or changes 超级管理员.

use std::collections::{HashMap, HashSet};

use core_wasm::perms::Action;
use rusqlite::Connection;

use crate::cache::Principal;
use crate::error::AppError;
use crate::store::{menus, roles, users};

/// The seeded role that owns every page (product.md, "Accounts and roles").
pub const SUPER_ADMIN: &str = "超级管理员";

/// The refusal of a grant beyond the caller's own (product.md, "Who may do what").
pub const NOT_YOURS: &str = "不能授予自己没有的权限";

/// What the caller holds: their roles' pages (menu entries without children, as 权限管理
/// counts them) and whether one of their roles is 超级管理员.
pub struct Holdings {
    pages: HashSet<i64>,
    /// Their roles' actions, (menu id, action).
    actions: HashSet<(i64, Action)>,
    super_admin: bool,
    /// Every menu entry with children.
    groups: HashSet<i64>,
}

impl Holdings {
    /// The caller's, read inside the write's transaction.
    pub fn of(tx: &Connection, caller: &Principal) -> Result<Holdings, AppError> {
        let groups: HashSet<i64> = menus::all(tx)?.iter().filter_map(|m| m.parent_id).collect();
        let pages = roles::menu_ids_of_roles(tx, &caller.role_ids)?
            .into_iter()
            .filter(|id| !groups.contains(id))
            .collect();
        let super_admin = is_super_admin(tx, &caller.role_ids)?;
        let actions = roles::actions_of_roles(tx, &caller.role_ids)?
            .into_iter()
            .collect();
        Ok(Holdings {
            pages,
            actions,
            super_admin,
            groups,
        })
    }

    /// Whether every page among `menu_ids` is the caller's. A holder of 超级管理员 holds them
    /// all, whatever their role's pages are at the moment: it is where trust starts.
    pub fn holds_menus(&self, menu_ids: &[i64]) -> bool {
        self.super_admin
            || menu_ids
                .iter()
                .filter(|id| !self.groups.contains(id))
                .all(|id| self.pages.contains(id))
    }

    /// Whether every one of `actions` (menu id, action) is the caller's (a 超级管理员 holder's,
    /// always).
    pub fn holds_actions(&self, actions: &[(i64, Action)]) -> bool {
        self.super_admin || actions.iter().all(|a| self.actions.contains(a))
    }

    /// Whether each of `role_ids` lies within the caller's own: its pages and actions are theirs,
    /// and it is not 超级管理员 unless they hold it.
    pub fn holds_roles(&self, tx: &Connection, role_ids: &[i64]) -> Result<bool, AppError> {
        if !self.super_admin && is_super_admin(tx, role_ids)? {
            return Ok(false);
        }
        Ok(self.holds_menus(&roles::menu_ids_of_roles(tx, role_ids)?)
            && self.holds_actions(&roles::actions_of_roles(tx, role_ids)?))
    }

    /// Refuses unless each of `role_ids` lies within the caller's own (a grant).
    pub fn grants(&self, tx: &Connection, role_ids: &[i64]) -> Result<(), AppError> {
        if self.holds_roles(tx, role_ids)? {
            Ok(())
        } else {
            Err(AppError::Denied(NOT_YOURS.to_owned()))
        }
    }

    /// Refuses unless user `id`'s roles lie within the caller's own: nobody resets the password
    /// of, disables, deletes or re-roles someone who holds more than they do.
    pub fn manages_user(&self, tx: &Connection, id: i64) -> Result<(), AppError> {
        let held: Vec<i64> = users::roles_of(tx, id)?
            .into_iter()
            .map(|(r, _)| r)
            .collect();
        if self.holds_roles(tx, &held)? {
            Ok(())
        } else {
            Err(AppError::Denied("不能管理权限高于自己的用户".to_owned()))
        }
    }

    /// Refuses unless role `id` lies within the caller's own: nobody renames, moves or re-pages a
    /// role that holds more than they do.
    pub fn manages_role(&self, tx: &Connection, id: i64) -> Result<(), AppError> {
        if self.holds_roles(tx, &[id])? {
            Ok(())
        } else {
            Err(AppError::Denied("不能修改权限高于自己的角色".to_owned()))
        }
    }
}

/// Whether one of `role_ids` is 超级管理员.
fn is_super_admin(tx: &Connection, role_ids: &[i64]) -> Result<bool, AppError> {
    let names: HashMap<i64, String> = roles::all(tx)?
        .into_iter()
        .map(|r| (r.id, r.name))
        .collect();
    Ok(role_ids
        .iter()
        .any(|id| names.get(id).is_some_and(|n| n == SUPER_ADMIN)))
}
