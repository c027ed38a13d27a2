//! 邀请管理: invitations with the totals under the same filters.

use core_wasm::lifecycle::Entity;
use core_wasm::ops::invitation::{InvitationListParams, InvitationPage, List};

use crate::error::AppError;
use crate::kit::list::{aggregate, list as page};
use crate::kit::{Ctx, Filter, ListSpec, Operation, Order};
use crate::store::invitations;

/// `invitation.list`: newest first unless sorted; `keyword` is part of either nickname.
pub const LIST: ListSpec = ListSpec {
    table: invitations::TABLE,
    columns: invitations::COLUMNS,
    filters: &[
        Filter::Exact("inviterId", "inviter_id"),
        Filter::Contains(
            "keyword",
            &[invitations::INVITER_NICKNAME, invitations::INVITEE_NICKNAME],
        ),
        Filter::Exact("code", "code"),
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
    vec![Operation::typed::<List>(list)]
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
