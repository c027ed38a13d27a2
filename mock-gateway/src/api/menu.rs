//! Menus: the caller's tree, the whole system tree, a role's menus and saving a menu entry.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::http::HeaderMap;
use axum::response::Response;
use core_wasm::ops;
use core_wasm::ops::audit::AuditChange;
use core_wasm::ops::menu::{
    PageAction, RoleMenusParams, RoleMenusSaved, SaveMenuParams, SystemMenuNode,
    UpdateMenuRoleParams,
};
use core_wasm::ops::{DeleteParams, Deleted, NoParams};
use core_wasm::perms::{self, Action};
use core_wasm::rules::{self, Form};
use core_wasm::validate::FieldError;
use serde::Serialize;
use serde_json::value::RawValue;

use crate::api::{parent, user::join_ids};
use crate::cache::{menu_paths, system_node};
use crate::error::{AppError, respond};
use crate::kit::grants::{self, Holdings};
use crate::kit::write::delete_versioned;
use crate::kit::{Audited, Ctx, Operation, Payload, Reply, required};
use crate::session::query_or_cookie_mat;
use crate::state::AppState;
use crate::store::menus::{self, MenuRow};
use crate::store::roles;

/// The menu that guards the permission screen's operations.
pub const PERMISSION_MENU: &str = ops::menu::PERMISSION_MENU;
/// The menu that guards the menu screen's operations.
pub const MENU_MENU: &str = ops::menu::MENU_MENU;

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::replying::<ops::session::MenuTree>(menu_tree).inline(),
        Operation::replying::<ops::menu::QryMenuTree>(role_menus),
        Operation::typed::<ops::menu::UpdateMenuRole>(update_menu_role),
        Operation::typed::<ops::menu::SaveMenu>(save_menu),
        Operation::typed::<ops::menu::DeleteMenu>(delete_menu),
    ]
}

/// `mtop.admin.user.menuTree {}` → the caller's tree: the menus their roles own plus the ancestors
/// that connect them, siblings by `sort`. Served from memory.
fn menu_tree(ctx: &Ctx, _: NoParams) -> Result<Reply, AppError> {
    Ok(Reply::raw(Arc::clone(&ctx.caller()?.view.tree_json)))
}

/// GET `/m/v1/qryMenuTree` and `/api/v1/qryMenuTree`: the whole system tree for any signed-in user
/// (token in the `mat` query parameter or the `mat` cookie).
pub async fn system_menu_tree(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let token = query_or_cookie_mat(query.as_deref(), &headers);
    let caller = match state.authenticate_async(&token).await {
        Ok(c) => c,
        Err(e) => return respond::<()>(Err(e), None),
    };
    let outcome = state
        .system_menu()
        .await
        .map(|s| Payload::Raw(Arc::clone(&s.tree_json)));
    respond(outcome, caller.new_token)
}

/// [`ops::menu::RoleMenus`] with the cached, pre-encoded system tree.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RoleMenus<'a> {
    tree: &'a RawValue,
    checked_ids: Vec<i64>,
    actions: &'a [PageAction],
    checked_actions: Vec<String>,
}

/// `mtop.admin.user.qryMenuTree {roleId}` → `{tree, checkedIds, actions, checkedActions}`: the
/// system tree, every page's actions, and what the role owns and holds.
fn role_menus(ctx: &Ctx, p: RoleMenusParams) -> Result<Reply, AppError> {
    let role_id = required(p.role_id, "roleId")?;
    let state = &ctx.state;
    let (checked_ids, held) = state.store.read(|c| {
        roles::get(c, role_id)?.ok_or(AppError::NotFound)?;
        Ok((roles::menu_ids(c, role_id)?, roles::actions(c, role_id)?))
    })?;
    let system = state.cache.system(&state.store)?;
    Reply::json(RoleMenus {
        tree: &system.tree_json,
        checked_ids,
        actions: &system.actions,
        checked_actions: codes(&system.paths, &held),
    })
}

/// Held actions as sorted codes, through the pages' keys today.
fn codes(paths: &HashMap<i64, String>, held: &[(i64, Action)]) -> Vec<String> {
    let mut out: Vec<String> = held
        .iter()
        .filter_map(|(menu, a)| Some(perms::code(paths.get(menu)?, *a)))
        .collect();
    out.sort();
    out
}

/// The (menu id, action) each of `codes` names: a page among `menu_ids` that has that action.
fn read_codes(
    paths: &HashMap<i64, String>,
    menu_ids: &[i64],
    codes: &[String],
) -> Result<Vec<(i64, Action)>, AppError> {
    let mut out = Vec::new();
    for code in codes {
        let found = perms::parse_code(code).and_then(|(page, action)| {
            let (menu, _) = paths.iter().find(|(_, p)| p.as_str() == page)?;
            perms::actions_of(page)
                .contains(&action)
                .then_some((*menu, action))
        });
        let Some((menu, action)) = found else {
            return Err(AppError::field(
                "actions",
                format!("操作权限 {code} 不存在"),
            ));
        };
        if !menu_ids.contains(&menu) {
            return Err(AppError::field(
                "actions",
                format!("操作权限 {code} 所在的页面未勾选"),
            ));
        }
        out.push((menu, action));
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// `mtop.admin.user.updateMenuRole {roleId, menuIds, actions?, version?}` →
/// `{roleId, checkedIds, checkedActions, version}`: replaces the role's menus and, when given, its
/// actions (without them it keeps its actions on the pages it still owns). Unknown menu ids or
/// codes answer `param_invalid`; a page or action the caller does not hold, `permission_denied`.
fn update_menu_role(ctx: &Ctx, p: UpdateMenuRoleParams) -> Result<RoleMenusSaved, AppError> {
    let role_id = required(p.role_id, "roleId")?;
    let mut menu_ids = required(p.menu_ids, "menuIds")?;
    menu_ids.sort_unstable();
    menu_ids.dedup();
    let saved = ctx.audited(|tx| {
        let role = roles::get(tx, role_id)?.ok_or(AppError::NotFound)?;
        let missing = menus::missing(tx, &menu_ids)?;
        if !missing.is_empty() {
            return Err(AppError::field(
                "menuIds",
                format!("菜单不存在：{}", join_ids(&missing)),
            ));
        }
        let rows = menus::all(tx)?;
        let paths = menu_paths(&rows);
        let held_before = roles::actions(tx, role_id)?;
        let actions = match &p.actions {
            Some(codes) => read_codes(&paths, &menu_ids, codes)?,
            None => held_before
                .iter()
                .copied()
                .filter(|(menu, _)| menu_ids.contains(menu))
                .collect(),
        };
        let holdings = Holdings::of(tx, ctx.caller()?)?;
        holdings.manages_role(tx, role_id)?;
        if !holdings.holds_menus(&menu_ids) || !holdings.holds_actions(&actions) {
            return Err(AppError::Denied(grants::NOT_YOURS.to_owned()));
        }
        keeps_permission_screen(tx, ctx, role_id, &menu_ids, &actions)?;
        if !roles::touch(tx, role_id, p.version, ctx.now)? {
            return Err(AppError::Conflict);
        }
        let before = roles::menu_ids(tx, role_id)?;
        roles::set_menus(tx, role_id, &menu_ids)?;
        roles::set_actions(tx, role_id, &actions)?;
        let pages = PageChange::of(&rows, &before, &menu_ids);
        let summary = format!(
            "设置角色 {} 的菜单（{} 个页面，{} 项操作）",
            role.name,
            pages.held,
            actions.len()
        );
        let version = roles::get(tx, role_id)?.map(|r| r.version).unwrap_or(0);
        let mut changes = pages.changes();
        changes.extend(action_changes(&rows, &held_before, &actions, &menu_ids));
        let saved = RoleMenusSaved {
            role_id,
            checked_ids: menu_ids.clone(),
            checked_actions: codes(&paths, &actions),
            version,
        };
        Ok(Audited::new(saved, role_id, summary).with_changes(changes))
    })?;
    Ok(saved)
}

/// The actions ticked and unticked, as people read them (店铺管理·审核). The actions of a page that
/// went are not named again: the page's removal says it.
fn action_changes(
    rows: &[MenuRow],
    before: &[(i64, Action)],
    after: &[(i64, Action)],
    menu_ids: &[i64],
) -> Vec<AuditChange> {
    let kept: Vec<(i64, Action)> = before
        .iter()
        .copied()
        .filter(|(menu, _)| menu_ids.contains(menu))
        .collect();
    let name = |(menu, action): &(i64, Action)| {
        let page = rows
            .iter()
            .find(|r| r.id == *menu)
            .map_or("", |r| r.alias.as_str());
        format!("{page}·{}", action.label())
    };
    let listed = |field: &str, label: &str, of: &[(i64, Action)], not_in: &[(i64, Action)]| {
        let names: Vec<String> = of
            .iter()
            .filter(|a| !not_in.contains(a))
            .map(name)
            .collect();
        (!names.is_empty()).then(|| AuditChange {
            field: field.to_owned(),
            label: label.to_owned(),
            before: None,
            after: names.join("、"),
        })
    };
    [
        listed("actionsAdded", "新增操作", after, before),
        listed("actionsRemoved", "移除操作", &kept, after),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// What a permission change did to a role, by name, as 权限管理's tree shows it: the entries ticked
/// and unticked — an entry with everything under it named once, by itself; a group that only
/// connects the entries below it (half ticked) not at all — and the pages (entries without
/// children, what the screen counts) the role holds after it.
struct PageChange {
    added: Vec<String>,
    removed: Vec<String>,
    /// The pages the role holds after the change.
    held: usize,
}

impl PageChange {
    fn of(rows: &[MenuRow], before: &[i64], after: &[i64]) -> Self {
        let mut children: HashMap<i64, Vec<i64>> = HashMap::new();
        for row in rows {
            if let Some(parent) = row.parent_id {
                children.entry(parent).or_default().push(row.id);
            }
        }
        // Whether `id` and everything under it is in `set`.
        fn whole(id: i64, set: &[i64], children: &HashMap<i64, Vec<i64>>) -> bool {
            set.contains(&id)
                && children
                    .get(&id)
                    .is_none_or(|c| c.iter().all(|&k| whole(k, set, children)))
        }
        // The entries in `now` and not in `was`, each named when everything under it is in
        // `within`, at the top of such a subtree.
        let named = |now: &[i64], was: &[i64], within: Option<&[i64]>| -> Vec<String> {
            let changed: Vec<i64> = rows
                .iter()
                .map(|r| r.id)
                .filter(|id| now.contains(id) && !was.contains(id))
                .collect();
            let within = within.unwrap_or(&changed);
            let tops: Vec<i64> = changed
                .iter()
                .copied()
                .filter(|&id| whole(id, within, &children))
                .collect();
            rows.iter()
                .filter(|r| tops.contains(&r.id))
                .filter(|r| r.parent_id.is_none_or(|p| !tops.contains(&p)))
                .map(|r| r.alias.clone())
                .collect()
        };
        PageChange {
            // Ticked: the entry and all under it are held now (a connecting group is not).
            added: named(after, before, Some(after)),
            // Unticked: the entry and all under it went.
            removed: named(before, after, None),
            held: rows
                .iter()
                .filter(|r| !children.contains_key(&r.id) && after.contains(&r.id))
                .count(),
        }
    }

    fn changes(&self) -> Vec<AuditChange> {
        let named = |field: &str, label: &str, names: &[String]| AuditChange {
            field: field.to_owned(),
            label: label.to_owned(),
            before: None,
            after: names.join("、"),
        };
        let mut out = Vec::new();
        if !self.added.is_empty() {
            out.push(named("menusAdded", "新增菜单", &self.added));
        }
        if !self.removed.is_empty() {
            out.push(named("menusRemoved", "移除菜单", &self.removed));
        }
        out
    }
}

/// Refuses a change of one of the caller's own roles that would leave none of their roles owning
/// the permission screen with its `edit` action: they could never give it back.
fn keeps_permission_screen(
    tx: &rusqlite::Connection,
    ctx: &Ctx,
    role_id: i64,
    menu_ids: &[i64],
    actions: &[(i64, Action)],
) -> Result<(), AppError> {
    let caller = ctx.caller()?;
    if !caller.role_ids.contains(&role_id) {
        return Ok(());
    }
    let paths = menu_paths(&menus::all(tx)?);
    let screen: Vec<i64> = paths
        .iter()
        .filter(|(_, path)| path.as_str() == PERMISSION_MENU)
        .map(|(id, _)| *id)
        .collect();
    let others: Vec<i64> = caller
        .role_ids
        .iter()
        .copied()
        .filter(|&r| r != role_id)
        .collect();
    let elsewhere = roles::menu_ids_of_roles(tx, &others)?;
    let acts_elsewhere = roles::actions_of_roles(tx, &others)?;
    let edit = |id: &i64| (*id, Action::Edit);
    let kept = screen.iter().any(|id| {
        (menu_ids.contains(id) && actions.contains(&edit(id)))
            || (elsewhere.contains(id) && acts_elsewhere.contains(&edit(id)))
    });
    // Without the screen in the tree the caller could not have passed this operation's guard.
    if screen.is_empty() || kept {
        Ok(())
    } else {
        Err(AppError::field(
            "menuIds",
            "不能从自己的角色中移除「权限管理」菜单或其编辑权限，否则将无法再分配权限",
        ))
    }
}

/// Operation guards are page keys (a seeded node keeps its page through moves and renames): refuses
/// a save that would change which node (if any) answers to a guarded key that resolves today — a
/// node without a page of its own whose path is a guard, or a new node taking such a path over,
/// would hand the operations to whoever owns it.
fn keeps_guarded_paths(
    tx: &rusqlite::Connection,
    old: Option<&MenuRow>,
    candidate: &MenuRow,
) -> Result<(), AppError> {
    let rows = menus::all(tx)?;
    let before = menu_paths(&rows);
    let mut after_rows: Vec<MenuRow> = rows
        .into_iter()
        .filter(|r| Some(r.id) != old.map(|o| o.id))
        .collect();
    after_rows.push(MenuRow {
        // A new node gets the largest id, so it comes last among equal sorts.
        id: old.map_or(i64::MAX, |o| o.id),
        page: old.and_then(|o| o.page.clone()),
        ..candidate.clone()
    });
    after_rows.sort_by_key(|r| (r.sort, r.id));
    let after = menu_paths(&after_rows);
    let guards: BTreeSet<&str> = ops::catalogue()
        .flat_map(|op| op.guard.menus().iter().copied())
        .collect();
    // Page keys are unique: a node at the path another node's page came from (that node was moved
    // or renamed since) would answer to its key — its screen, its links, its operations' guard.
    let id = old.map_or(i64::MAX, |o| o.id);
    if let Some(key) = after.get(&id) {
        if after.iter().any(|(other, k)| *other != id && k == key) {
            let by = if guards.contains(key.as_str()) {
                "接口权限"
            } else {
                "另一菜单的页面"
            };
            return Err(AppError::field(
                "name",
                format!("路由 {key} 已被{by}使用，不能再建同路径的菜单"),
            ));
        }
    }
    let node_at = |paths: &HashMap<i64, String>, guard: &str| {
        paths
            .iter()
            .find(|(_, path)| path.as_str() == guard)
            .map(|(id, _)| *id)
    };
    for guard in guards {
        let Some(was) = node_at(&before, guard) else {
            continue;
        };
        if node_at(&after, guard) == Some(was) {
            continue;
        }
        return Err(match old {
            Some(old) => {
                let field = if old.name != candidate.name {
                    "name"
                } else {
                    "parentId"
                };
                AppError::field(
                    field,
                    format!(
                        "修改菜单「{}」会改变路由 {guard}，它是接口权限的依据，不能改名或移动",
                        old.alias
                    ),
                )
            }
            None => AppError::field(
                "name",
                format!("路由 {guard} 已被接口权限使用，不能再建同路径的菜单"),
            ),
        });
    }
    Ok(())
}

fn name_taken(name: &str) -> AppError {
    AppError::duplicate("name", format!("路由名称 {name} 已存在"))
}

/// `mtop.admin.user.saveMenu {id?, version?, parentId, alias, name, icon?, visible, sort, access?}`
/// → the node (without children). Without `id` it creates; with `id`, `version` is required.
fn save_menu(ctx: &Ctx, p: SaveMenuParams) -> Result<SystemMenuNode, AppError> {
    let name = p.name.trim();
    let name = name.strip_prefix('/').unwrap_or(name).to_owned();
    let alias = p.alias.trim().to_owned();
    // The menu table of the core's rules: the very checks the menu form runs.
    let checked = SaveMenuParams {
        alias: alias.clone(),
        name: name.clone(),
        ..p.clone()
    };
    let mut errors = rules::validate(Form::Menu, &rules::values_of(&checked));
    if p.id.is_some() && p.version.is_none() {
        errors.push(FieldError::new("version", "缺少参数 version"));
    }
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let parent_id = parent(p.parent_id);
    let row = MenuRow {
        id: p.id.unwrap_or(0),
        parent_id,
        alias,
        name,
        icon: p.icon,
        visible: p.visible.unwrap_or(1),
        sort: p.sort.unwrap_or(0),
        access: p.access,
        version: 0,
        // A node made here opens the page of its path; `update` keeps an existing node's page.
        page: None,
    };
    let saved = ctx.audited(|tx| {
        if let Some(pid) = parent_id {
            if menus::get(tx, pid)?.is_none() {
                return Err(AppError::field("parentId", "上级菜单不存在"));
            }
        }
        let existing = match p.id {
            Some(id) => Some(menus::get(tx, id)?.ok_or(AppError::NotFound)?),
            None => None,
        };
        if let Some(id) = p.id {
            let links: Vec<_> = menus::all(tx)?
                .iter()
                .map(|m| (m.id, m.parent_id))
                .collect();
            if !core_wasm::tree::may_move_under(&links, id, parent_id) {
                return Err(AppError::field(
                    "parentId",
                    "不能把菜单移到它自己或它的下级之下",
                ));
            }
        }
        if menus::sibling_name_taken(tx, parent_id, &row.name, p.id)? {
            return Err(name_taken(&row.name));
        }
        keeps_guarded_paths(tx, existing.as_ref(), &row)?;
        let unique = |e: rusqlite::Error| -> AppError {
            if crate::store::is_unique_violation(&e) {
                name_taken(&row.name)
            } else {
                e.into()
            }
        };
        let (id, verb) = match (existing, p.version) {
            (Some(old), Some(version)) => {
                if !menus::update(tx, &row, version, ctx.now).map_err(unique)? {
                    return Err(AppError::Conflict);
                }
                (old.id, "修改")
            }
            _ => (menus::insert(tx, &row, ctx.now).map_err(unique)?, "新增"),
        };
        let summary = format!("{verb}菜单 {}（{}）", row.alias, row.name);
        Ok(Audited::new(
            menus::get(tx, id)?.ok_or(AppError::NotFound)?,
            id,
            summary,
        ))
    })?;
    Ok(system_node(&saved, Vec::new()))
}

/// `mtop.admin.user.deleteMenu {id, version?}` → `{id}`. Refused with `data_in_use`, naming what
/// uses the node: its children (each goes first, so nothing is removed unseen), the roles owning
/// it (their holders would lose the page: 权限管理 takes it from them first), and the operations
/// guarded by its page (no one could call them until a node answered to it again). One
/// transaction under the store's one writer: a role granted the node meanwhile is seen.
fn delete_menu(ctx: &Ctx, p: DeleteParams) -> Result<Deleted, AppError> {
    let id = required(p.id, "id")?;
    ctx.audited(|tx| {
        let menu = menus::get(tx, id)?.ok_or(AppError::NotFound)?;
        if p.version.is_some_and(|v| v != menu.version) {
            return Err(AppError::Conflict);
        }
        let (children, owners) = (menus::children(tx, id)?, menus::owners(tx, id)?);
        let mut uses = Vec::new();
        if children.any() {
            uses.push(format!("下还有子菜单{}", children.quoted()));
        }
        if owners.any() {
            uses.push(format!("仍被角色{}使用", owners.quoted()));
        }
        let key = menu_paths(&menus::all(tx)?).remove(&id);
        if let Some(key) =
            key.filter(|k| ops::catalogue().any(|op| op.guard.menus().contains(&k.as_str())))
        {
            uses.push(format!("是接口权限的依据（{key}）"));
        }
        if !uses.is_empty() {
            return Err(AppError::InUse(format!(
                "菜单「{}」{}，不能删除",
                menu.alias,
                uses.join("，且")
            )));
        }
        delete_versioned(tx, menus::TABLE, id, p.version)?;
        Ok(Audited::new(
            Deleted { id },
            id,
            format!("删除菜单 {}（{}）", menu.alias, menu.name),
        ))
    })
}
