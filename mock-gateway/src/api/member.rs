//! 用户管理: members with masked phones, their detail (inquiries, opportunities, invitations) and
//! bans.

use core_wasm::lifecycle::Entity;
use core_wasm::ops::member::{Detail, List, MemberDetail, MemberListParams, MemberRow, SetStatus};
use core_wasm::ops::{IdParams, Page, StatusParams};

use crate::error::AppError;
use crate::files::signed_url;
use crate::kit::list::list as page;
use crate::kit::moves::{self, GivenReason, Target};
use crate::kit::{Audited, Ctx, Filter, ListSpec, Operation, Order, required};
use crate::store::{inquiries, invitations, members, opportunities};

/// The member types.
pub const TYPES: [&str; 2] = ["buyer", "seller"];

/// How many of each related record the detail shows (newest first).
pub const DETAIL_ROWS: i64 = 50;

/// `member.list`: newest first unless sorted; the phone filter matches digits anywhere.
pub const LIST: ListSpec = ListSpec {
    table: members::TABLE,
    columns: members::COLUMNS,
    filters: &[
        Filter::Contains("nickname", &["nickname"]),
        Filter::Contains("phone", &["phone"]),
        Filter::Exact("type", "member_type"),
        Filter::State("status", "status", Entity::Member),
    ],
    sorts: &[
        ("id", "id"),
        ("nickname", "nickname"),
        ("lastLoginAt", "last_login_at"),
        ("createdAt", "created_at"),
    ],
    order: Order::Fixed("created_at DESC, id DESC"),
};

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Detail>(detail),
        Operation::typed::<SetStatus>(set_status),
    ]
}

/// `member.list`: phones answered masked; the phone filter keeps only the digits typed.
fn list(ctx: &Ctx, mut p: MemberListParams) -> Result<Page<MemberRow>, AppError> {
    if let Some(phone) = p.phone.take() {
        let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
        if digits.is_empty() {
            return Err(AppError::field("phone", "phone 须包含数字"));
        }
        p.phone = Some(digits);
    }
    if p.r#type.as_deref().is_some_and(|t| !TYPES.contains(&t)) {
        return Err(AppError::field("type", "type 须为 buyer 或 seller"));
    }
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.state
        .store
        .read(|c| page(c, &LIST, &p, |r| members::row(r, &sign)))
}

/// `member.detail {id}`: the member with their latest inquiries, opportunities and the
/// invitations they sent (at most [`DETAIL_ROWS`] each, newest first).
fn detail(ctx: &Ctx, p: IdParams) -> Result<MemberDetail, AppError> {
    let id = required(p.id, "id")?;
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.state.store.read(|c| {
        let member = members::get(c, id, &sign)?.ok_or(AppError::NotFound)?;
        let inquiries = inquiries::latest_of_buyer(c, id, DETAIL_ROWS)?;
        let opportunities = opportunities::latest_of_buyer(c, id, DETAIL_ROWS)?;
        let invitations = invitations::latest_of_inviter(c, id, DETAIL_ROWS)?;
        Ok(MemberDetail {
            member,
            inquiries,
            opportunities,
            invitations,
        })
    })
}

/// `member.setStatus {id, version, status, reasonCode?, reason?}`: ban (with a reason) or unban.
fn set_status(ctx: &Ctx, p: StatusParams) -> Result<MemberRow, AppError> {
    let id = required(p.id, "id")?;
    let version = required(p.version, "version")?;
    let to = required(p.status.as_deref(), "status")?;
    let reason = GivenReason::new(p.reason_code.as_deref(), p.reason.as_deref());
    moves::check_params(Entity::Member, ctx.api, "status", to, reason)?;
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.audited(|tx| {
        let target = Target {
            entity: Entity::Member,
            table: members::TABLE,
            column: "status",
            id,
            version: Some(version),
        };
        let mv = moves::apply(tx, ctx, target, "status", to, reason)?;
        let member = members::get(tx, id, &sign)?.ok_or(AppError::NotFound)?;
        let summary = format!("{}用户 {}", moves::describe(&mv), member.nickname);
        Ok(Audited::new(member, id, summary))
    })
}
