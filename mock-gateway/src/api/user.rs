//! Session calls (login, current, logout, the caller's own profile and password) and system users
//! (list, create, update, delete).

use std::sync::OnceLock;

use core_wasm::lifecycle::{self, Entity};
use core_wasm::ops;
use core_wasm::ops::session::{ChangePasswordParams, SignedIn, UpdateProfileParams};
use core_wasm::ops::sys_user::{
    SysUser, SysUserCreateParams, SysUserListParams, SysUserUpdateParams,
};
use core_wasm::ops::{DeleteParams, Deleted, IdParams, NoParams, Page};
use core_wasm::rules::{self, Form, Value};
use core_wasm::session::UserInfo;
use core_wasm::validate::{FieldError, LoginForm, SysUserForm};
use rusqlite::types::Value as Sql;

use super::editing::stored_image;
use crate::cache::Principal;
use crate::error::AppError;
use crate::files::signed_url;
use crate::kit::grants::Holdings;
use crate::kit::list::list as list_page;
use crate::kit::state::transition;
use crate::kit::write::{delete_versioned, record, update_versioned};
use crate::kit::{Audited, Ctx, Filter, ListSpec, Mat, Operation, Order, Reply, required};
use crate::password::{decoy_hash, hash_password, hex, verify_password};
use crate::session::token_hash;
use crate::store::{self, sessions, users};

/// The menu that guards system-user operations.
pub const MENU: &str = ops::sys_user::MENU;

/// `user.list`: username and nickname filters, status, five sortable columns; by id.
pub const LIST: ListSpec = ListSpec {
    table: users::TABLE,
    columns: users::USER_COLUMNS,
    filters: &[
        Filter::Contains("username", &["username"]),
        Filter::Contains("nickname", &["nickname"]),
        Filter::Status("status", "status"),
    ],
    sorts: &[
        ("id", "id"),
        ("username", "username"),
        ("nickname", "nickname"),
        ("status", "status"),
        ("createdAt", "created_at"),
    ],
    order: Order::By("id"),
};

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::replying::<ops::session::Login>(login).hashing(),
        Operation::typed::<ops::session::Current>(current).inline(),
        Operation::replying::<ops::session::Logout>(logout),
        Operation::typed::<ops::session::UpdateProfile>(update_profile),
        Operation::typed::<ops::session::ChangePassword>(change_password).hashing(),
        Operation::typed::<ops::sys_user::List>(list),
        Operation::typed::<ops::sys_user::Create>(create),
        Operation::typed::<ops::sys_user::Update>(update),
        Operation::typed::<ops::sys_user::Delete>(delete),
        Operation::typed::<ops::sys_user::Unlock>(unlock),
    ]
}

fn decoy(ctx: &Ctx) -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| decoy_hash(ctx.state.config.hash_cost).unwrap_or_default())
}

/// How long a device token unused stays known (a browser not used for that long signs in as a
/// stranger once, and gets a new one).
const DEVICE_STALE_MS: i64 = 180 * 24 * 60 * 60 * 1000;

/// The most of a `device` that is read: longer is no token of ours.
const DEVICE_CHARS: usize = 128;

/// `mtop.admin.user.login {username, password, device?}` → userInfo with `device`, `meta.mat` =
/// a new token.
///
/// The lockout counts apart (OWASP's device cookies): an attempt carrying a valid device token of
/// the account — one this browser got from an earlier sign-in — counts among that token's
/// failures and is never refused by the anonymous count, which every other attempt shares. So a
/// stranger's five wrong passwords lock strangers out, not the owner's browsers; a device's own
/// five lock only that token. A success clears its own count, and answers the device token
/// (the one sent, or a new one).
fn login(ctx: &Ctx, form: LoginForm) -> Result<Reply, AppError> {
    let errors = rules::validate(Form::Login, &rules::values_of(&form));
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let state = &ctx.state;
    let lockout = state.config.lockout;
    let username = form.username.trim();
    let window_start = ctx.now - lockout.window_ms;
    let user = state.store.read(|c| users::by_username(c, username))?;
    // A device token counts only when it is this account's.
    let device = form
        .device
        .as_deref()
        .filter(|d| !d.is_empty() && d.chars().count() <= DEVICE_CHARS)
        .map(|d| hex(&token_hash(d)));
    let device = match (&device, &user) {
        (Some(hash), Some(u)) => {
            let owner = state.store.read(|c| sessions::device_owner(c, hash))?;
            device.clone().filter(|_| owner == Some(u.id))
        }
        _ => None,
    };
    let counter = sessions::Counter {
        username,
        device: device.as_deref(),
    };
    // Counted as a failure only once the password is found wrong; until then the attempt holds
    // one of the places the failures leave free, so racing attempts cannot check more than
    // `threshold` passwords before the count locks.
    let admitted = state
        .sessions
        .attempts()
        .admit(&counter.key(), lockout.threshold, || {
            state
                .store
                .read(|c| sessions::failures_since(c, counter, window_start))
        })?;
    let Some(attempt) = admitted else {
        state
            .store
            .write(|tx| sessions::log_attempts(tx, &[ctx.attempt(username, "locked")]))?;
        return Err(AppError::LoginLocked);
    };
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
            let failures = state.store.write(|tx| {
                let failures = sessions::record_failure(tx, counter, ctx.now, window_start)?;
                let result = if failures >= lockout.threshold {
                    "locked"
                } else {
                    "failed"
                };
                sessions::log_attempts(tx, &[ctx.attempt(username, result)])?;
                Ok(failures)
            })?;
            drop(attempt);
            return Err(if failures >= lockout.threshold {
                AppError::LoginLocked
            } else {
                AppError::LoginFailed
            });
        }
    };

    // The browser's token: the one it sent when it was this account's, else a new one.
    let device_token = match (&device, form.device.as_deref()) {
        (Some(_), Some(sent)) => sent.to_owned(),
        _ => crate::session::new_token()?,
    };
    let device_hash = hex(&token_hash(&device_token));
    let (token, row) = state.sessions.issue(user.id, ctx.now)?;
    state
        .store
        .write(|tx| {
            // The password was checked outside this write: a change of it (or a disabling) that
            // committed since wins, and this sign-in with what is no longer the password fails.
            if !users::still_signs_in(tx, user.id, &user.password_hash)? {
                return Err(AppError::LoginFailed);
            }
            sessions::clear_failures(tx, counter)?;
            sessions::keep_device(tx, &device_hash, user.id, ctx.now, DEVICE_STALE_MS)?;
            sessions::insert(tx, &row)?;
            sessions::insert_sign_in(tx, &row.family, user.id, &ctx.ip, &ctx.user_agent, ctx.now)?;
            sessions::log_attempts(tx, &[ctx.attempt(username, "success")])?;
            // No caller yet: the row names the user signing in.
            record(
                tx,
                ctx,
                Some(user.id),
                &user.username,
                Some(user.id),
                "登录",
            )?;
            // Live before the write commits, under the store's one writer: a password change
            // committing next finds this session to end, in the database and in memory.
            state.sessions.activate(&row);
            Ok(())
        })
        .inspect_err(|_| state.sessions.forget_family(&row.family))?;
    // The failures are cleared: the next attempt may be let in.
    drop(attempt);
    let principal = state
        .cache
        .principal(&state.store, user.id)?
        .ok_or_else(|| AppError::internal("a user who just signed in has vanished"))?;
    let answer = SignedIn {
        user: user_info(ctx, &principal),
        device: device_token,
    };
    Ok(Reply::json(answer)?.with_mat(Mat::Set(token)))
}

/// The user as `login`, `current` and `updateProfile` answer them: the avatar's key as a signed
/// URL (short-lived: the app reads `current` again at start, and when the header's image fails).
fn user_info(ctx: &Ctx, principal: &Principal) -> UserInfo {
    let mut info = principal.user_info();
    info.avatar = users::avatar_url(&info.avatar, &|key| signed_url(&ctx.state, key));
    info
}

/// `mtop.admin.user.current {}` → userInfo.
fn current(ctx: &Ctx, _: NoParams) -> Result<UserInfo, AppError> {
    Ok(user_info(ctx, ctx.caller()?))
}

/// `mtop.admin.user.updateProfile {nickname, avatar?}` → userInfo: the caller's own nickname (the
/// system-user rule) and avatar (a stored image's key, empty for the default, absent to keep it).
/// No version: the profile is the caller's alone and what is sent is written in one statement, so
/// of two racing saves the later one is what stays, whole.
fn update_profile(ctx: &Ctx, p: UpdateProfileParams) -> Result<UserInfo, AppError> {
    let caller = ctx.caller()?;
    let errors = rules::validate(Form::Profile, &rules::values_of(&p));
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let (nickname, avatar) = (p.nickname.trim(), p.avatar.as_deref().map(str::trim));
    let saved = ctx.audited(|tx| {
        let mut summary = format!("修改个人资料：昵称={nickname}");
        if let Some(avatar) = avatar {
            stored_image(tx, "avatar", "头像", avatar, true)?;
            summary.push_str("，头像=");
            summary.push_str(if avatar.is_empty() { "默认" } else { avatar });
        }
        if !users::set_profile(tx, caller.id, nickname, avatar, ctx.now)? {
            return Err(AppError::NotFound);
        }
        // As this write left it: a save racing it may commit before the answer is made.
        let row = users::get(tx, caller.id)?.ok_or(AppError::NotFound)?;
        Ok(Audited::new(row, caller.id, summary))
    })?;
    let mut info = user_info(ctx, caller);
    info.nickname = saved.nickname;
    info.avatar = users::avatar_url(&saved.avatar, &|key| signed_url(&ctx.state, key));
    Ok(info)
}

/// `mtop.admin.user.logout {}` → null; the token (and any successor it has) stops working.
fn logout(ctx: &Ctx, _: NoParams) -> Result<Reply, AppError> {
    let caller = ctx.caller()?;
    let family = ctx
        .family
        .as_deref()
        .ok_or_else(|| AppError::internal("logout without a session"))?;
    ctx.audited(|tx| {
        sessions::delete_family(tx, family)?;
        Ok(Audited::new((), caller.id, "退出登录"))
    })?;
    ctx.state.sessions.forget_family(family);
    Ok(Reply::json(())?.with_mat(Mat::Clear))
}

/// `mtop.admin.user.changePassword {oldPassword, newPassword}` → null. Other sessions of the user
/// end; this one stays.
///
/// The old password is checked as a sign-in checks one: under the same lockout (the same
/// per-account failures and the same places for checks in flight, so racing sign-ins and changes
/// together check at most `threshold` wrong passwords). A wrong one is a field error and a
/// recorded failure; the failure that locks the account — or a change asked for while it is
/// locked — answers `user_login_locked` and ends this session too (a stolen session cannot go on
/// guessing). A right one clears the failures, as a sign-in does.
fn change_password(ctx: &Ctx, p: ChangePasswordParams) -> Result<(), AppError> {
    let caller = ctx.caller()?;
    let mut values = rules::values_of(&p);
    values.insert("username".into(), Value::Text(caller.username.clone()));
    // The form's confirmation (the new password typed twice) does not travel.
    values.insert(
        "confirmPassword".into(),
        Value::Text(p.new_password.clone()),
    );
    let errors = rules::validate(Form::ChangePassword, &values);
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let state = &ctx.state;
    let lockout = state.config.lockout;
    let username = caller.username.as_str();
    let window_start = ctx.now - lockout.window_ms;
    let family = ctx
        .family
        .as_deref()
        .ok_or_else(|| AppError::internal("changePassword without a session"))?;
    // Counted per sign-in: a stranger's wrong sign-ins (the anonymous count) do not end the
    // owner's session here, and a stolen session guesses at most `threshold` times, then ends.
    let own = format!("session:{family}");
    let counter = sessions::Counter {
        username,
        device: Some(&own),
    };
    let Some(attempt) =
        state
            .sessions
            .attempts()
            .admit(&counter.key(), lockout.threshold, || {
                state
                    .store
                    .read(|c| sessions::failures_since(c, counter, window_start))
            })?
    else {
        state
            .store
            .write(|tx| sessions::delete_family(tx, family))?;
        state.sessions.forget_family(family);
        return Err(AppError::LoginLocked);
    };
    // The row, then whether this sign-in still stands: a racing change from another session that
    // committed after this one was authenticated has ended it, and its new hash must not be
    // checked against this old password (原密码不正确, a failure recorded). Read in this order, a
    // change committing in between leaves either the old hash (then the version check below
    // answers data_conflict) or an ended session (token_invalid).
    let row = state.store.read(|c| {
        let row = users::get(c, caller.id)?;
        if !sessions::family_alive(c, family)? {
            return Err(AppError::TokenInvalid);
        }
        Ok(row)
    })?;
    let row = row.ok_or(AppError::NotFound)?;
    if !verify_password(&p.old_password, &row.password_hash) {
        let locked = state.store.write(|tx| {
            let failures = sessions::record_failure(tx, counter, ctx.now, window_start)?;
            let locked = failures >= lockout.threshold;
            if locked {
                sessions::delete_family(tx, family)?;
            }
            Ok(locked)
        })?;
        drop(attempt);
        return Err(if locked {
            state.sessions.forget_family(family);
            AppError::LoginLocked
        } else {
            AppError::field("oldPassword", "原密码不正确")
        });
    }
    let hash = hash_password(&p.new_password, state.config.hash_cost)?;
    ctx.audited(|tx| {
        // The old password was checked against this hash: a change that committed since wins.
        if !users::set_password(tx, caller.id, &row.password_hash, &hash, ctx.now)? {
            return Err(AppError::Conflict);
        }
        sessions::clear_failures(tx, counter)?;
        sessions::delete_for_user(tx, caller.id, Some(family))?;
        Ok(Audited::new((), caller.id, "修改密码"))
    })?;
    drop(attempt);
    state.sessions.forget_user(caller.id, Some(family));
    Ok(())
}

/// `user.list {page, pageSize, username?, nickname?, status?, sortField?, sortOrder?}`: by id.
fn list(ctx: &Ctx, p: SysUserListParams) -> Result<Page<SysUser>, AppError> {
    ctx.state.store.read(|c| {
        let page = list_page(c, &LIST, &p, users::user_row)?;
        let mut list = users::with_roles_of(c, page.list, &|key| signed_url(&ctx.state, key))?;
        mark_locked(c, ctx, &mut list)?;
        Ok(Page {
            list,
            total: page.total,
            page: page.page,
            page_size: page.page_size,
        })
    })
}

/// Sets `locked` on the users the anonymous count locks now.
fn mark_locked(c: &rusqlite::Connection, ctx: &Ctx, users: &mut [SysUser]) -> Result<(), AppError> {
    let lockout = ctx.state.config.lockout;
    let names: Vec<&str> = users.iter().map(|u| u.username.as_str()).collect();
    let locked =
        sessions::anonymously_locked(c, &names, ctx.now - lockout.window_ms, lockout.threshold)?;
    for user in users.iter_mut() {
        user.locked = locked.contains(&user.username);
    }
    Ok(())
}

/// `user.unlock {id}` → the user: forgets their failed sign-ins, anonymous and per device, so the
/// next sign-in with the right password is let in. Not of a user who holds more than the caller.
fn unlock(ctx: &Ctx, p: IdParams) -> Result<SysUser, AppError> {
    let id = required(p.id, "id")?;
    let caller = ctx.caller()?;
    let state = &ctx.state;
    ctx.audited(|tx| {
        let row = users::get(tx, id)?.ok_or(AppError::NotFound)?;
        Holdings::of(tx, caller)?.manages_user(tx, id)?;
        sessions::clear_all_failures(tx, &row.username)?;
        let summary = format!("解锁系统用户 {}", row.username);
        let mut user =
            users::item(tx, id, &|key| signed_url(state, key))?.ok_or(AppError::NotFound)?;
        mark_locked(tx, ctx, std::slice::from_mut(&mut user))?;
        Ok(Audited::new(user, id, summary))
    })
}

fn unknown_roles(ctx: &Ctx, role_ids: &[i64]) -> Result<(), AppError> {
    ctx.state.store.read(|c| roles_exist(c, role_ids))
}

/// The same check inside a write's transaction: a role deleted since the first check (under the
/// store's one writer) answers the field error, not a foreign-key fault.
fn roles_exist(c: &rusqlite::Connection, role_ids: &[i64]) -> Result<(), AppError> {
    let missing = store::roles::missing(c, role_ids)?;
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
fn create(ctx: &Ctx, p: SysUserCreateParams) -> Result<SysUser, AppError> {
    let errors = rules::validate(Form::SysUserCreate, &rules::values_of(&p));
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let form = SysUserForm {
        id: None,
        username: p.username,
        nickname: p.nickname.map(|n| n.trim().to_owned()),
        password: p.password,
        role_ids: p.role_ids.map(dedup),
    };
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
    let id = ctx.audited(|tx| {
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
        roles_exist(tx, &role_ids)?;
        Holdings::of(tx, ctx.caller()?)?.grants(tx, &role_ids)?;
        users::set_roles(tx, id, &role_ids)?;
        Ok(Audited::new(id, id, format!("新增系统用户 {username}")))
    })?;
    state
        .store
        .read(|c| users::item(c, id, &|key| signed_url(&ctx.state, key)))?
        .ok_or(AppError::NotFound)
}

fn dedup(mut ids: Vec<i64>) -> Vec<i64> {
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// `mtop.admin.user.update {id, version, nickname?, roleIds?, status?, password?}` → the updated
/// item. A stale version answers `data_conflict`; disabling a user or setting their password ends
/// their sessions.
fn update(ctx: &Ctx, p: SysUserUpdateParams) -> Result<SysUser, AppError> {
    let id = required(p.id, "id")?;
    let version = required(p.version, "version")?;
    let caller = ctx.caller()?;
    let state = &ctx.state;
    let existing = state
        .store
        .read(|c| users::get(c, id))?
        .ok_or(AppError::NotFound)?;
    let mut values = rules::values_of(&p);
    values.insert("username".into(), Value::Text(existing.username.clone()));
    let mut errors = rules::validate(Form::SysUserUpdate, &values);
    let form = SysUserForm {
        id: Some(id),
        username: None,
        nickname: p.nickname.map(|n| n.trim().to_owned()),
        password: p.password,
        role_ids: p.role_ids.map(dedup),
    };
    if let Some(refusal) = p
        .status
        .as_deref()
        .filter(|_| id == caller.id)
        .and_then(|to| Entity::SysUser.lifecycle().own_refusal(to))
    {
        errors.push(FieldError::new("status", refusal));
    }
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    if let Some(to) = &p.status {
        transition(Entity::SysUser, "status", &existing.status, to)?;
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
    let text = |column, value: &Option<String>| value.clone().map(|v| (column, Sql::Text(v)));
    let columns: Vec<(&'static str, Sql)> = [
        text("nickname", &form.nickname),
        text("status", &p.status),
        text("password_hash", &hash),
    ]
    .into_iter()
    .flatten()
    .collect();
    ctx.audited(|tx| {
        let holdings = Holdings::of(tx, caller)?;
        holdings.manages_user(tx, id)?;
        update_versioned(tx, users::TABLE, id, version, &columns, ctx.now)?;
        if let Some(ids) = &form.role_ids {
            holdings.grants(tx, ids)?;
            if id == caller.id {
                keeps_user_screen(tx, ids)?;
            }
            roles_exist(tx, ids)?;
            users::set_roles(tx, id, ids)?;
        }
        if ends_sessions {
            sessions::delete_for_user(tx, id, keep)?;
        }
        Ok(Audited::new((), id, summary))
    })?;
    if ends_sessions {
        state.sessions.forget_user(id, keep);
    }
    state
        .store
        .read(|c| users::item(c, id, &|key| signed_url(&ctx.state, key)))?
        .ok_or(AppError::NotFound)
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

/// `mtop.admin.user.delete {id, version?}` → `{id}`. The caller cannot delete themself.
fn delete(ctx: &Ctx, p: DeleteParams) -> Result<Deleted, AppError> {
    let id = required(p.id, "id")?;
    let caller = ctx.caller()?;
    if let Some(refusal) = Entity::SysUser
        .lifecycle()
        .own_refusal(lifecycle::DELETE)
        .filter(|_| id == caller.id)
    {
        return Err(AppError::field("id", refusal));
    }
    let state = &ctx.state;
    ctx.audited(|tx| {
        let existing = users::get(tx, id)?.ok_or(AppError::NotFound)?;
        Holdings::of(tx, caller)?.manages_user(tx, id)?;
        delete_versioned(tx, users::TABLE, id, p.version)?;
        let summary = format!("删除系统用户 {}", existing.username);
        Ok(Audited::new(Deleted { id }, id, summary))
    })?;
    state.sessions.forget_user(id, None);
    Ok(Deleted { id })
}
