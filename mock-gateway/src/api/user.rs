//! Session calls (login, current, logout, changePassword) and system users (list, create, update,
//! delete).

use std::sync::OnceLock;

use core_wasm::validate::{self, FieldError, LoginForm, SysUserForm};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::audit;
use crate::api::list::{check_status, descending, sort_column};
use crate::dispatch::{Ctx, Guard, Mat, Operation, Paging, Reply, lenient, params, required};
use crate::error::AppError;
use crate::session::{decoy_hash, hash_password, verify_password};
use crate::store::{self, sessions, users};

/// The menu that guards system-user operations.
pub const MENU: &str = "system/user";

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::post("mtop.admin.user.login", Guard::Public, login),
        Operation::get("mtop.admin.user.current", Guard::Session, current).inline(),
        Operation::post("mtop.admin.user.logout", Guard::Session, logout),
        Operation::post(
            "mtop.admin.user.changePassword",
            Guard::Session,
            change_password,
        ),
        Operation::get("mtop.admin.user.list", Guard::Menu(MENU), list),
        Operation::post("mtop.admin.user.create", Guard::Menu(MENU), create),
        Operation::post("mtop.admin.user.update", Guard::Menu(MENU), update),
        Operation::post("mtop.admin.user.delete", Guard::Menu(MENU), delete),
    ]
}

fn decoy(ctx: &Ctx) -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| decoy_hash(ctx.state.config.hash_cost).unwrap_or_default())
}

/// `mtop.admin.user.login {username, password}` → userInfo, `meta.mat` = a new token.
fn login(ctx: &Ctx, data: Value) -> Result<Reply, AppError> {
    let form: LoginForm = params(data)?;
    let errors = validate::login_form(&form);
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let state = &ctx.state;
    let lockout = state.config.lockout;
    let username = form.username.trim();
    let window_start = ctx.now - lockout.window_ms;
    // Counted as a failure only once the password is found wrong; until then the attempt holds
    // one of the places the failures leave free, so racing attempts cannot check more than
    // `threshold` passwords before the account locks.
    let attempt = state
        .sessions
        .attempts()
        .admit(username, lockout.threshold, || {
            state
                .store
                .read(|c| sessions::failures_since(c, username, window_start))
        })?
        .ok_or(AppError::LoginLocked)?;
    let user = state.store.read(|c| users::by_username(c, username))?;
    let accepted = match &user {
        Some(u) => verify_password(&form.password, &u.password_hash) && u.enabled(),
        None => {
            // As slow as a real check, so response times do not reveal which names exist.
            let _ = verify_password(&form.password, decoy(ctx));
            false
        }
    };
    let user = match user {
        Some(u) if accepted => u,
        _ => {
            let failures = state
                .store
                .write(|tx| sessions::record_failure(tx, username, ctx.now, window_start))?;
            drop(attempt);
            return Err(if failures >= lockout.threshold {
                AppError::LoginLocked
            } else {
                AppError::LoginFailed
            });
        }
    };

    let (token, row) = state.sessions.issue(user.id, ctx.now)?;
    state.store.write(|tx| {
        sessions::clear_failures(tx, &user.username)?;
        sessions::insert(tx, &row)?;
        store::audit::insert(
            tx,
            &store::audit::NewAudit {
                sys_user_id: Some(user.id),
                username: &user.username,
                api: ctx.api,
                target_id: Some(user.id),
                summary: "登录",
                at: ctx.now,
                ip: &ctx.ip,
            },
        )
    })?;
    // The failures are cleared: the next attempt may be let in.
    drop(attempt);
    state.sessions.activate(&row);
    let principal = state
        .cache
        .principal(&state.store, user.id)?
        .ok_or_else(|| AppError::internal("a user who just signed in has vanished"))?;
    let mut reply = Reply::json(principal.user_info())?;
    reply.mat = Mat::Set(token);
    Ok(reply)
}

/// `mtop.admin.user.current {}` → userInfo.
fn current(ctx: &Ctx, _: Value) -> Result<Reply, AppError> {
    Reply::json(ctx.caller()?.user_info())
}

/// `mtop.admin.user.logout {}` → null; the token (and any successor it has) stops working.
fn logout(ctx: &Ctx, _: Value) -> Result<Reply, AppError> {
    let caller = ctx.caller()?;
    let family = ctx
        .family
        .as_deref()
        .ok_or_else(|| AppError::internal("logout without a session"))?;
    ctx.state.store.write(|tx| {
        sessions::delete_family(tx, family)?;
        audit(tx, ctx, Some(caller.id), "退出登录")
    })?;
    ctx.state.sessions.forget_family(family);
    let mut reply = Reply::json(Value::Null)?;
    reply.mat = Mat::Clear;
    Ok(reply)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ChangePassword {
    #[serde(default)]
    old_password: String,
    #[serde(default)]
    new_password: String,
}

/// `mtop.admin.user.changePassword {oldPassword, newPassword}` → null. Other sessions of the user end.
fn change_password(ctx: &Ctx, data: Value) -> Result<Reply, AppError> {
    let p: ChangePassword = params(data)?;
    let caller = ctx.caller()?;
    let mut errors = Vec::new();
    if p.old_password.is_empty() {
        errors.push(FieldError::new("oldPassword", "请输入原密码"));
    }
    if let Err(m) = validate::password(&p.new_password, &caller.username) {
        errors.push(FieldError::new("newPassword", m));
    } else if p.new_password == p.old_password {
        errors.push(FieldError::new("newPassword", "新密码不能与原密码相同"));
    }
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let state = &ctx.state;
    let row = state
        .store
        .read(|c| users::get(c, caller.id))?
        .ok_or(AppError::NotFound)?;
    if !verify_password(&p.old_password, &row.password_hash) {
        return Err(AppError::field("oldPassword", "原密码不正确"));
    }
    let hash = hash_password(&p.new_password, state.config.hash_cost)?;
    state.store.write(|tx| {
        if !users::set_password(tx, caller.id, &hash, ctx.now)? {
            return Err(AppError::NotFound);
        }
        sessions::delete_for_user(tx, caller.id, ctx.family.as_deref())?;
        audit(tx, ctx, Some(caller.id), "修改密码")
    })?;
    state.sessions.forget_user(caller.id, ctx.family.as_deref());
    state.cache.invalidate();
    Reply::json(Value::Null)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ListParams {
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    page: Option<i64>,
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    page_size: Option<i64>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    username: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    nickname: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    status: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    sort_field: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    sort_order: Option<String>,
}

/// `mtop.admin.user.list {page, pageSize, username?, nickname?, status?, sortField?, sortOrder?}`
/// → `{list, total, page, pageSize}`.
fn list(ctx: &Ctx, data: Value) -> Result<Reply, AppError> {
    let p: ListParams = params(data)?;
    let mut errors = Vec::new();
    let paging = Paging::read(p.page, p.page_size, &mut errors);
    check_status(p.status.as_deref(), &mut errors);
    let sort_column =
        sort_column(p.sort_field.as_deref(), &users::SORT_FIELDS, &mut errors).unwrap_or("id");
    let descending = descending(p.sort_order.as_deref(), &mut errors);
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let query = users::ListQuery {
        username: p.username,
        nickname: p.nickname,
        status: p.status,
        sort_column,
        descending,
        page: paging.page,
        page_size: paging.page_size,
    };
    let (items, total) = ctx.state.store.read(|c| users::list(c, &query))?;
    Reply::page(items, total, &paging)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CreateParams {
    #[serde(default)]
    username: Option<String>,
    #[serde(default)]
    nickname: Option<String>,
    #[serde(default)]
    password: Option<String>,
    #[serde(default)]
    role_ids: Option<Vec<i64>>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    status: Option<String>,
}

fn unknown_roles(ctx: &Ctx, role_ids: &[i64]) -> Result<(), AppError> {
    let missing = ctx
        .state
        .store
        .read(|c| store::roles::missing(c, role_ids))?;
    if missing.is_empty() {
        Ok(())
    } else {
        Err(AppError::field(
            "roleIds",
            format!("角色不存在：{}", join_ids(&missing)),
        ))
    }
}

/// Ids as `1、2、3`.
pub fn join_ids(ids: &[i64]) -> String {
    ids.iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join("、")
}

fn username_taken(username: &str) -> AppError {
    AppError::duplicate("username", format!("用户名 {username} 已存在"))
}

/// `mtop.admin.user.create {username, nickname, password, roleIds, status?}` → the new item.
fn create(ctx: &Ctx, data: Value) -> Result<Reply, AppError> {
    let p: CreateParams = params(data)?;
    let form = SysUserForm {
        id: None,
        username: p.username,
        nickname: p.nickname.map(|n| n.trim().to_owned()),
        password: p.password,
        role_ids: p.role_ids.map(dedup),
    };
    let mut errors = validate::sys_user_form(&form, None);
    check_status(p.status.as_deref(), &mut errors);
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let (Some(username), Some(nickname), Some(password), Some(role_ids)) =
        (form.username, form.nickname, form.password, form.role_ids)
    else {
        return Err(AppError::internal(
            "the form passed validation with a field missing",
        ));
    };
    unknown_roles(ctx, &role_ids)?;
    let state = &ctx.state;
    if state
        .store
        .read(|c| users::by_username(c, &username))?
        .is_some()
    {
        return Err(username_taken(&username));
    }
    let hash = hash_password(&password, state.config.hash_cost)?;
    let status = p.status.unwrap_or_else(|| users::STATUS_ENABLED.to_owned());
    let id = state.store.write(|tx| {
        if users::by_username(tx, &username)?.is_some() {
            return Err(username_taken(&username));
        }
        let new = users::NewUser {
            username: &username,
            nickname: &nickname,
            password_hash: &hash,
            status: &status,
        };
        let id = users::insert(tx, &new, ctx.now).map_err(|e| {
            if store::is_unique_violation(&e) {
                username_taken(&username)
            } else {
                e.into()
            }
        })?;
        users::set_roles(tx, id, &role_ids)?;
        audit(tx, ctx, Some(id), &format!("新增系统用户 {username}"))?;
        Ok(id)
    })?;
    let item = state
        .store
        .read(|c| users::item(c, id))?
        .ok_or(AppError::NotFound)?;
    Reply::json(item)
}

fn dedup(mut ids: Vec<i64>) -> Vec<i64> {
    ids.sort_unstable();
    ids.dedup();
    ids
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UpdateParams {
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    id: Option<i64>,
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    version: Option<i64>,
    #[serde(default)]
    nickname: Option<String>,
    #[serde(default)]
    role_ids: Option<Vec<i64>>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    status: Option<String>,
    #[serde(default)]
    password: Option<String>,
}

/// `mtop.admin.user.update {id, version, nickname?, roleIds?, status?, password?}` → the updated
/// item. A stale version answers `data_conflict`; disabling a user or setting their password ends
/// their sessions.
fn update(ctx: &Ctx, data: Value) -> Result<Reply, AppError> {
    let p: UpdateParams = params(data)?;
    let id = required(p.id, "id")?;
    let version = required(p.version, "version")?;
    let caller = ctx.caller()?;
    let state = &ctx.state;
    let existing = state
        .store
        .read(|c| users::get(c, id))?
        .ok_or(AppError::NotFound)?;
    let form = SysUserForm {
        id: Some(id),
        username: None,
        nickname: p.nickname.map(|n| n.trim().to_owned()),
        password: p.password,
        role_ids: p.role_ids.map(dedup),
    };
    let mut errors = validate::sys_user_form(&form, Some(&existing.username));
    check_status(p.status.as_deref(), &mut errors);
    if id == caller.id && p.status.as_deref() == Some(users::STATUS_DISABLED) {
        errors.push(FieldError::new("status", "不能停用当前登录的用户"));
    }
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    if let Some(ids) = &form.role_ids {
        unknown_roles(ctx, ids)?;
    }
    let new_password = form.password.filter(|p| !p.is_empty());
    let hash = new_password
        .as_deref()
        .map(|pw| hash_password(pw, state.config.hash_cost))
        .transpose()?;
    let disabling = p.status.as_deref() == Some(users::STATUS_DISABLED);
    let ends_sessions = disabling || hash.is_some();
    let keep = if id == caller.id {
        ctx.family.as_deref()
    } else {
        None
    };

    let mut changed = Vec::new();
    if let Some(n) = &form.nickname {
        changed.push(format!("昵称={n}"));
    }
    if let Some(s) = &p.status {
        changed.push(format!("状态={s}"));
    }
    if let Some(ids) = &form.role_ids {
        changed.push(format!("角色={}", join_ids(ids)));
    }
    if hash.is_some() {
        changed.push("重置密码".to_owned());
    }
    let summary = format!("修改系统用户 {}：{}", existing.username, changed.join("，"));
    state.store.write(|tx| {
        let changes = users::UserChanges {
            nickname: form.nickname.as_deref(),
            status: p.status.as_deref(),
            password_hash: hash.as_deref(),
        };
        if !users::update(tx, id, version, &changes, ctx.now)? {
            return Err(match users::get(tx, id)? {
                Some(_) => AppError::Conflict,
                None => AppError::NotFound,
            });
        }
        if let Some(ids) = &form.role_ids {
            if id == caller.id {
                keeps_user_screen(tx, ids)?;
            }
            users::set_roles(tx, id, ids)?;
        }
        if ends_sessions {
            sessions::delete_for_user(tx, id, keep)?;
        }
        audit(tx, ctx, Some(id), &summary)
    })?;
    if ends_sessions {
        state.sessions.forget_user(id, keep);
    }
    state.cache.invalidate();
    let item = state
        .store
        .read(|c| users::item(c, id))?
        .ok_or(AppError::NotFound)?;
    Reply::json(item)
}

/// Refuses new roles for the caller themself that own no 系统用户 screen: they could never give
/// the roles back (the same lock-out `updateMenuRole` refuses for the permission screen).
fn keeps_user_screen(tx: &rusqlite::Connection, role_ids: &[i64]) -> Result<(), AppError> {
    let paths = crate::cache::menu_paths(&crate::store::menus::all(tx)?);
    let screen: Vec<i64> = paths
        .iter()
        .filter(|(_, path)| path.as_str() == MENU)
        .map(|(id, _)| *id)
        .collect();
    let owned = crate::store::roles::menu_ids_of_roles(tx, role_ids)?;
    // Without the screen in the tree the caller could not have passed this operation's guard.
    if screen.is_empty() || screen.iter().any(|id| owned.contains(id)) {
        Ok(())
    } else {
        Err(AppError::field(
            "roleIds",
            "不能移除自己进入「系统用户」所需的角色，否则将无法再分配角色",
        ))
    }
}

#[derive(Deserialize)]
struct DeleteParams {
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    id: Option<i64>,
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    version: Option<i64>,
}

/// `mtop.admin.user.delete {id, version?}` → `{id}`. The caller cannot delete themself.
fn delete(ctx: &Ctx, data: Value) -> Result<Reply, AppError> {
    let p: DeleteParams = params(data)?;
    let id = required(p.id, "id")?;
    let caller = ctx.caller()?;
    if id == caller.id {
        return Err(AppError::field("id", "不能删除当前登录的用户"));
    }
    let state = &ctx.state;
    state.store.write(|tx| {
        let existing = users::get(tx, id)?.ok_or(AppError::NotFound)?;
        if p.version.is_some_and(|v| v != existing.version) {
            return Err(AppError::Conflict);
        }
        users::delete(tx, id)?;
        audit(
            tx,
            ctx,
            Some(id),
            &format!("删除系统用户 {}", existing.username),
        )
    })?;
    state.sessions.forget_user(id, None);
    state.cache.invalidate();
    Reply::json(json!({ "id": id }))
}
