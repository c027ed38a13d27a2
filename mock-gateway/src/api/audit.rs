//! The audit log: who wrote what to which record, newest first, and the filters' choices.

use core_wasm::ops::audit::{
    self as core_audit, AuditEntry, AuditListParams, AuditOptions, List, Options, subject,
};
use core_wasm::ops::{NoParams, Page};
use core_wasm::validate::{FieldError, echoed};

use crate::error::AppError;
use crate::kit::list::list as page;
use crate::kit::{Ctx, Filter, ListSpec, Operation, Order};
use crate::store::audit;

/// `audit.list`: by operator, operation, target and time; newest first.
pub const LIST: ListSpec = ListSpec {
    table: audit::FROM,
    columns: audit::COLUMNS,
    filters: &[
        Filter::Contains("username", &["a.username"]),
        Filter::Exact("operatorId", "a.sys_user_id"),
        Filter::Contains("api", &["a.api"]),
        Filter::Exact("label", "a.label"),
        Filter::Exact("targetType", "a.target_type"),
        Filter::Contains("targetName", &["a.target_name"]),
        Filter::Range {
            from: "from",
            to: "to",
            column: "a.at",
        },
    ],
    sorts: &[],
    order: Order::Fixed("a.at DESC, a.id DESC"),
};

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Options>(options),
    ]
}

/// `audit.list {page, pageSize, operatorId?, label?, targetType?, targetName?, username?, api?,
/// from?, to?}`: a label must be one the log can carry and a target type one of the core's kinds.
fn list(ctx: &Ctx, p: AuditListParams) -> Result<Page<AuditEntry>, AppError> {
    let mut errors = Vec::new();
    if let Some(label) = p.label.as_deref().map(str::trim) {
        if !core_audit::labels().iter().any(|l| l == label) {
            errors.push(FieldError::new(
                "label",
                format!(
                    "label 须为操作日志中的一种操作（如 冻结店铺），收到：{}",
                    echoed(label)
                ),
            ));
        }
    }
    if let Some(kind) = p.target_type.as_deref().map(str::trim) {
        if subject(kind).is_none() {
            errors.push(FieldError::new(
                "targetType",
                format!(
                    "targetType 须为一种目标类型（如 shop 店铺、member 用户），收到：{}",
                    echoed(kind)
                ),
            ));
        }
    }
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    ctx.state.store.read(|c| page(c, &LIST, &p, audit::row))
}

/// `audit.options {}`: every label, the system users, the kinds of target.
fn options(ctx: &Ctx, _: NoParams) -> Result<AuditOptions, AppError> {
    Ok(AuditOptions {
        labels: core_audit::labels(),
        operators: ctx.state.store.read(audit::operators)?,
        target_types: core_audit::target_types(),
    })
}
