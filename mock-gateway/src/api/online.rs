//! 在线用户: the live sign-ins, and 强制下线.

use core_wasm::ops::session::{List, OnlineListParams, OnlineSession, Revoke};
use core_wasm::ops::{Deleted, IdParams, Page};

use core_wasm::validate::FieldError;

use crate::error::AppError;
use crate::kit::grants::Holdings;
use crate::kit::{Audited, Ctx, Operation, Paging, required};
use crate::store::{sessions, users};

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Revoke>(revoke),
    ]
}

/// `session.list {page, pageSize, username?}`: the sign-ins with a token still live (memory is
/// where a session's last call is known to the moment), the latest used first.
fn list(ctx: &Ctx, p: OnlineListParams) -> Result<Page<OnlineSession>, AppError> {
    let mut errors = Vec::new();
    let paging = Paging::read(p.page, p.page_size, &mut errors);
    // As every list sorts (kit::list): the sortable columns, newest first unasked.
    let by_created = match p.sort_field.as_deref() {
        None | Some("lastSeenAt") => false,
        Some("createdAt") => true,
        Some(_) => {
            errors.push(FieldError::new(
                "sortField",
                "sortField 须为 lastSeenAt、createdAt",
            ));
            false
        }
    };
    let ascending = match p.sort_order.as_deref() {
        None => p.sort_field.is_some(),
        Some("asc" | "ascend") => true,
        Some("desc" | "descend") => false,
        Some(_) => {
            errors.push(FieldError::new(
                "sortOrder",
                "sortOrder 须为 asc、desc、ascend 或 descend",
            ));
            false
        }
    };
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let live = ctx.state.sessions.live_sign_ins(ctx.now);
    let wanted = p.username.as_deref().map(str::to_lowercase);
    let (rows, people) = ctx.state.store.read(|c| {
        let rows = sessions::sign_ins(c)?;
        let mut people = std::collections::HashMap::new();
        for s in &live {
            if let std::collections::hash_map::Entry::Vacant(e) = people.entry(s.user_id) {
                if let Some(u) = users::get(c, s.user_id)? {
                    e.insert(u);
                }
            }
        }
        Ok((rows, people))
    })?;
    let mut found: Vec<OnlineSession> = live
        .iter()
        .filter_map(|s| {
            let row = rows.iter().find(|r| r.family == s.family)?;
            let user = people.get(&s.user_id)?;
            Some(OnlineSession {
                id: row.id,
                user_id: s.user_id,
                username: user.username.clone(),
                nickname: user.nickname.clone(),
                ip: row.ip.clone(),
                user_agent: row.user_agent.clone(),
                created_at: s.login_at,
                last_seen_at: s.last_seen,
                current: ctx.family.as_deref() == Some(s.family.as_str()),
            })
        })
        .filter(|s| {
            wanted
                .as_deref()
                .is_none_or(|w| s.username.to_lowercase().contains(w))
        })
        .collect();
    let key = |s: &OnlineSession| {
        let at = if by_created {
            s.created_at
        } else {
            s.last_seen_at
        };
        (at, s.id)
    };
    found.sort_by_key(key);
    if !ascending {
        found.reverse();
    }
    let total = found.len() as i64;
    let list = found
        .into_iter()
        .skip(usize::try_from(paging.offset()).unwrap_or(usize::MAX))
        .take(usize::try_from(paging.page_size).unwrap_or(0))
        .collect();
    Ok(Page {
        list,
        total,
        page: paging.page,
        page_size: paging.page_size,
    })
}

/// `session.revoke {id}` → `{id}`: ends a sign-in, every token of its chain; its next call answers
/// `user_need_login_token_invalid`. Not the caller's own (退出登录 is for that), and not one of a
/// user who holds more than the caller.
fn revoke(ctx: &Ctx, p: IdParams) -> Result<Deleted, AppError> {
    let id = required(p.id, "id")?;
    let caller = ctx.caller()?;
    let family = ctx.audited(|tx| {
        let row = sessions::sign_in(tx, id)?.ok_or(AppError::NotFound)?;
        if !sessions::family_alive(tx, &row.family)? {
            return Err(AppError::NotFound);
        }
        if ctx.family.as_deref() == Some(row.family.as_str()) {
            return Err(AppError::field(
                "id",
                "不能强制下线当前会话，请使用「退出登录」",
            ));
        }
        Holdings::of(tx, caller)?.manages_user(tx, row.user_id)?;
        let user = users::get(tx, row.user_id)?.ok_or(AppError::NotFound)?;
        sessions::delete_family(tx, &row.family)?;
        let summary = format!(
            "强制下线 {}（{}）的登录，来自 {}",
            user.nickname,
            user.username,
            if row.ip.is_empty() {
                "未知地址"
            } else {
                &row.ip
            }
        );
        Ok(Audited::new(row.family, row.user_id, summary).on("sysUser"))
    })?;
    ctx.state.sessions.forget_family(&family);
    Ok(Deleted { id })
}
