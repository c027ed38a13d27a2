//! 邀请管理: invitations with the totals under the same filters, and the inviter picker.

use core_wasm::lifecycle::Entity;
use core_wasm::ops::invitation::{InvitationListParams, InvitationPage, Inviters, List};
use core_wasm::ops::{PickItem, PickParams};

use crate::error::AppError;
use crate::kit::list::{aggregate, list as page};
use crate::kit::{Ctx, Filter, ListSpec, Operation, Order};
use crate::store::invitations;

/// `invitation.list`: newest first unless sorted; `keyword` is part of either nickname, `code`
/// part of the code.
pub const LIST: ListSpec = ListSpec {
    table: invitations::TABLE,
    columns: invitations::COLUMNS,
    filters: &[
        Filter::Exact("inviterId", "inviter_id"),
        Filter::Contains(
            "keyword",
            &[invitations::INVITER_NICKNAME, invitations::INVITEE_NICKNAME],
        ),
        Filter::Contains("code", &["code"]),
        Filter::State("state", "state", Entity::Invitation),
        Filter::Range {
            from: "from",
            to: "to",
            column: "created_at",
        },
    ],
    sorts: &[
        ("id", "id"),
        ("rewardFen", "reward_fen"),
        ("createdAt", "created_at"),
    ],
    order: Order::Fixed("created_at DESC, id DESC"),
};

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Inviters>(inviters),
    ]
}

/// `invitation.list`: a page and the totals (invitations, shops opened, rewards) under the filters.
fn list(ctx: &Ctx, p: InvitationListParams) -> Result<InvitationPage, AppError> {
    ctx.state.store.read(|c| {
        let rows = page(c, &LIST, &p, invitations::row)?;
        let totals = aggregate(c, &LIST, &p, invitations::TOTALS, invitations::totals)?;
        Ok(InvitationPage {
            list: rows.list,
            total: rows.total,
            page: rows.page,
            page_size: rows.page_size,
            totals,
        })
    })
}

/// `invitation.inviters {kind?: member, keyword?}`: members who invited someone, by part of the
/// nickname or, when the keyword is a phone number's digits (spaces and dashes allowed), part of
/// the phone; at most 20, by id. The list's inviter filter picks from these, never a typed id.
fn inviters(ctx: &Ctx, p: PickParams) -> Result<Vec<PickItem>, AppError> {
    match p.kind.as_deref().map(str::trim) {
        None | Some("") | Some("member") => {}
        Some(_) => return Err(AppError::field("kind", "kind 须为 member")),
    }
    ctx.state
        .store
        .read(|c| invitations::inviters(c, p.keyword.as_deref()))
}
