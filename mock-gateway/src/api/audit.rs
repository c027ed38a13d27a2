//! The audit log: who wrote what, newest first.

use core_wasm::ops::Page;
use core_wasm::ops::audit::{AuditEntry, AuditListParams, List};

use crate::error::AppError;
use crate::kit::list::list as page;
use crate::kit::{Ctx, Filter, ListSpec, Operation, Order};
use crate::store::audit;

/// `audit.list`: username and api filters, a time range; newest first.
pub const LIST: ListSpec = ListSpec {
    table: "audit_log",
    columns: audit::COLUMNS,
    filters: &[
        Filter::Contains("username", &["username"]),
        Filter::Contains("api", &["api"]),
        Filter::Range {
            from: "from",
            to: "to",
            column: "at",
        },
    ],
    sorts: &[],
    order: Order::Fixed("at DESC, id DESC"),
};

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![Operation::typed::<List>(list)]
}

/// `audit.list {page, pageSize, username?, api?, from?, to?}`: newest first.
fn list(ctx: &Ctx, p: AuditListParams) -> Result<Page<AuditEntry>, AppError> {
    ctx.state.store.read(|c| page(c, &LIST, &p, audit::row))
}
