//! 询价单: inquiries by buyer, shop, state and time; one with its buyer; closing with a reason.

use core_wasm::lifecycle::Entity;
use core_wasm::ops::inquiry::{
    Close, Detail, InquiryDetail, InquiryListParams, InquiryRow, List, Shops,
};
use core_wasm::ops::{IdParams, Page, PickItem, PickParams, StatusParams};
use serde::Serialize;

use crate::error::AppError;
use crate::kit::list::list as page;
use crate::kit::moves::{GivenReason, Target, apply, check_params, describe};
use crate::kit::{Audited, Ctx, Filter, ListSpec, Operation, Order, required};
use crate::store::{inquiries, like_contains, shops};

/// `inquiry.list`: the buyer's nickname (part of: the matching members first, then their
/// inquiries by index), shop, state, sent between `from` and `to`; newest first unless sorted.
pub const LIST: ListSpec = ListSpec {
    table: inquiries::TABLE,
    columns: inquiries::COLUMNS,
    filters: &[
        Filter::Clause("buyerLike", inquiries::BUYER_LIKE),
        Filter::Exact("shopId", "shop_id"),
        Filter::State("state", "state", Entity::Inquiry),
        Filter::Range {
            from: "from",
            to: "to",
            column: "created_at",
        },
    ],
    sorts: &[
        ("id", "id"),
        ("quantity", "quantity"),
        ("createdAt", "created_at"),
    ],
    order: Order::Fixed("created_at DESC, id DESC"),
};

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct WithPattern<'a> {
    #[serde(flatten)]
    params: &'a InquiryListParams,
    buyer_like: Option<String>,
}

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Detail>(detail),
        Operation::typed::<Shops>(asked_shops),
        Operation::typed::<Close>(close),
    ]
}

fn list(ctx: &Ctx, p: InquiryListParams) -> Result<Page<InquiryRow>, AppError> {
    let q = WithPattern {
        params: &p,
        buyer_like: p
            .buyer
            .as_deref()
            .map(str::trim)
            .filter(|b| !b.is_empty())
            .map(like_contains),
    };
    ctx.state.store.read(|c| page(c, &LIST, &q, inquiries::row))
}

fn detail(ctx: &Ctx, p: IdParams) -> Result<InquiryDetail, AppError> {
    let id = required(p.id, "id")?;
    ctx.state.store.read(|c| {
        let inquiry = inquiries::get(c, id)?.ok_or(AppError::NotFound)?;
        let buyer = shops::member_brief_of(c, inquiry.buyer_member_id)?
            .ok_or_else(|| AppError::internal("an inquiry's buyer is missing"))?;
        Ok(InquiryDetail { inquiry, buyer })
    })
}

/// `inquiry.shops {kind?, keyword?}`: the shops of the list's filter — those asked at least once,
/// in any state (a frozen shop's inquiries are still looked up), by name or id; at most 20. `kind`
/// is `shop` when given.
fn asked_shops(ctx: &Ctx, p: PickParams) -> Result<Vec<PickItem>, AppError> {
    let kind = p.kind.as_deref().map(str::trim).unwrap_or("shop");
    if !kind.is_empty() && kind != "shop" {
        return Err(AppError::field(
            "kind",
            "询价单只按店铺筛选：kind 须为 shop",
        ));
    }
    ctx.state
        .store
        .read(|c| inquiries::asked_shops(c, p.keyword.as_deref()))
}

/// `inquiry.close {id, version, status: closed, reasonCode, reason?}`: a pending or quoted inquiry
/// is closed with a reason of `reason_inquiry_close`, recorded on its timeline.
fn close(ctx: &Ctx, p: StatusParams) -> Result<InquiryRow, AppError> {
    let id = required(p.id, "id")?;
    let version = required(p.version, "version")?;
    let to = p.status.as_deref().map(str::trim).unwrap_or("closed");
    if to != "closed" {
        return Err(AppError::field(
            "status",
            "询价单只能关闭：status 须为 closed",
        ));
    }
    let reason = GivenReason::new(p.reason_code.as_deref(), p.reason.as_deref());
    check_params(Entity::Inquiry, ctx.api, "status", to, reason)?;
    ctx.audited(|tx| {
        let target = Target {
            entity: Entity::Inquiry,
            table: inquiries::TABLE,
            column: "state",
            id,
            version: Some(version),
        };
        let mv = apply(tx, ctx, target, "status", to, reason)?;
        let row = inquiries::get(tx, id)?.ok_or(AppError::NotFound)?;
        let summary = format!(
            "询价单 #{id}（{} 询 {}）：{}",
            row.buyer_nickname,
            row.shop_name,
            describe(&mv)
        );
        Ok(Audited::new(row, id, summary))
    })
}
