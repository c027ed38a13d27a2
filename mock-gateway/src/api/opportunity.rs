//! 商机审核 / 商机查看 / 商机回复: the review queue (pending, oldest first), every opportunity by
//! state, category (with its subtree) and time, one with its thread; approve or reject with a
//! reason; an operator's reply to an approved one; closing with a reason.

use core_wasm::lifecycle::Entity;
use core_wasm::ops::opportunity::{
    Audit, Close, Detail, List, OpportunityDetail, OpportunityListParams, OpportunityRow, Reply,
    ReplyParams,
};
use core_wasm::ops::{AuditParams, IdParams, Page, StatusParams};
use core_wasm::rules::Form;
use rusqlite::Connection;

use super::editing::check_form;
use crate::error::AppError;
use crate::kit::list::list as page;
use crate::kit::moves::{GivenReason, Target, apply, check_params, describe};
use crate::kit::{Audited, Ctx, Filter, ListSpec, Operation, Order, required};
use crate::store::{opportunities, shops};

const FILTERS: &[Filter] = &[
    Filter::Contains("title", &["title"]),
    Filter::State("state", "state", Entity::Opportunity),
    // The category and every category under it (the tree is three levels deep at most).
    Filter::Clause("categoryId", opportunities::IN_CATEGORY_SUBTREE),
    Filter::Range {
        from: "from",
        to: "to",
        column: "created_at",
    },
];

const SORTS: &[(&str, &str)] = &[
    ("id", "id"),
    ("budget", "budget"),
    ("deadline", "deadline"),
    ("createdAt", "created_at"),
];

/// `opportunity.list`: newest first unless sorted.
pub const LIST: ListSpec = ListSpec {
    table: opportunities::TABLE,
    columns: opportunities::COLUMNS,
    filters: FILTERS,
    sorts: SORTS,
    order: Order::Fixed("created_at DESC, id DESC"),
};

/// The review queue (`state` pending): the longest waiting first unless sorted.
pub const QUEUE: ListSpec = ListSpec {
    order: Order::Fixed("created_at ASC, id ASC"),
    ..LIST
};

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Detail>(detail),
        Operation::typed::<Audit>(audit),
        Operation::typed::<Reply>(reply),
        Operation::typed::<Close>(close),
    ]
}

fn list(ctx: &Ctx, p: OpportunityListParams) -> Result<Page<OpportunityRow>, AppError> {
    let spec = if p.state.as_deref().map(str::trim) == Some("pending") {
        &QUEUE
    } else {
        &LIST
    };
    ctx.state
        .store
        .read(|c| page(c, spec, &p, opportunities::row))
}

fn detail_of(conn: &Connection, id: i64) -> Result<OpportunityDetail, AppError> {
    let opportunity = opportunities::get(conn, id)?.ok_or(AppError::NotFound)?;
    let description = opportunities::description(conn, id)?;
    let buyer = shops::member_brief_of(conn, opportunity.buyer_member_id)?
        .ok_or_else(|| AppError::internal("an opportunity's buyer is missing"))?;
    let replies = opportunities::replies(conn, id)?;
    Ok(OpportunityDetail {
        opportunity,
        description,
        buyer,
        replies,
    })
}

/// `opportunity.detail`: the opportunity, its description, its buyer and its thread, oldest first.
fn detail(ctx: &Ctx, p: IdParams) -> Result<OpportunityDetail, AppError> {
    let id = required(p.id, "id")?;
    ctx.state.store.read(|c| detail_of(c, id))
}

fn target(id: i64, version: i64) -> Target {
    Target {
        entity: Entity::Opportunity,
        table: opportunities::TABLE,
        column: "state",
        id,
        version: Some(version),
    }
}

/// `opportunity.audit {id, version, approve, reasonCode?, reason?}`: pending → approved, or →
/// rejected with a reason of `reason_opportunity_reject`, recorded on its timeline.
fn audit(ctx: &Ctx, p: AuditParams) -> Result<OpportunityRow, AppError> {
    let id = required(p.id, "id")?;
    let version = required(p.version, "version")?;
    let approve = required(p.approve, "approve")?;
    let to = if approve { "approved" } else { "rejected" };
    let reason = GivenReason::new(p.reason_code.as_deref(), p.reason.as_deref());
    check_params(Entity::Opportunity, ctx.api, "approve", to, reason)?;
    ctx.audited(|tx| {
        let mv = apply(tx, ctx, target(id, version), "approve", to, reason)?;
        let row = opportunities::get(tx, id)?.ok_or(AppError::NotFound)?;
        let summary = format!("审核商机 #{id}「{}」：{}", row.title, describe(&mv));
        Ok(Audited::new(row, id, summary))
    })
}

/// `opportunity.reply {id, content}`: the caller's reply (as an operator, under their nickname)
/// to an approved opportunity; any other state is `state_invalid`.
fn reply(ctx: &Ctx, p: ReplyParams) -> Result<OpportunityDetail, AppError> {
    let id = required(p.id, "id")?;
    check_form(Form::Reply, &p, None, None)?;
    let content = p.content.trim();
    let caller = ctx.caller()?;
    ctx.audited(|tx| {
        let row = opportunities::get(tx, id)?.ok_or(AppError::NotFound)?;
        if row.state != "approved" {
            let label = Entity::Opportunity.lifecycle().label(&row.state);
            return Err(AppError::StateInvalid(format!(
                "只能回复已通过的商机，该商机{label}"
            )));
        }
        opportunities::insert_operator_reply(
            tx,
            id,
            caller.id,
            &caller.nickname,
            content,
            ctx.now,
        )?;
        let shown: String = content.chars().take(30).collect();
        let more = if content.chars().count() > 30 {
            "…"
        } else {
            ""
        };
        let summary = format!("回复商机 #{id}「{}」：{shown}{more}", row.title);
        Ok(Audited::new(detail_of(tx, id)?, id, summary))
    })
}

/// `opportunity.close {id, version, status: closed, reasonCode, reason?}`: approved → closed with a
/// reason of `reason_opportunity_close`.
fn close(ctx: &Ctx, p: StatusParams) -> Result<OpportunityRow, AppError> {
    let id = required(p.id, "id")?;
    let version = required(p.version, "version")?;
    let to = p.status.as_deref().map(str::trim).unwrap_or("closed");
    if to != "closed" {
        return Err(AppError::field(
            "status",
            "商机只能关闭：status 须为 closed",
        ));
    }
    let reason = GivenReason::new(p.reason_code.as_deref(), p.reason.as_deref());
    check_params(Entity::Opportunity, ctx.api, "status", to, reason)?;
    ctx.audited(|tx| {
        let mv = apply(tx, ctx, target(id, version), "status", to, reason)?;
        let row = opportunities::get(tx, id)?.ok_or(AppError::NotFound)?;
        let summary = format!("商机 #{id}「{}」：{}", row.title, describe(&mv));
        Ok(Audited::new(row, id, summary))
    })
}
