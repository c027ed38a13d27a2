//! The audit log: who wrote what, newest first.

use core_wasm::ops;
use serde::Deserialize;
use serde_json::Value;

use crate::dispatch::{Ctx, Operation, Paging, Reply, lenient, params};
use crate::error::AppError;
use crate::store::audit::{self, AuditQuery};

/// The menu that guards the audit log.
pub const MENU: &str = ops::audit::MENU;

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![Operation::of::<ops::audit::List>(list)]
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
    api: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    from: Option<i64>,
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    to: Option<i64>,
}

/// `mtop.admin.audit.list {page, pageSize, username?, api?, from?, to?}` → `{list, total, page,
/// pageSize}`, items `{id, sysUserId, username, api, targetId, summary, at, ip}`, newest first.
fn list(ctx: &Ctx, data: Value) -> Result<Reply, AppError> {
    let p: ListParams = params(data)?;
    let mut errors = Vec::new();
    let paging = Paging::read(p.page, p.page_size, &mut errors);
    if let (Some(from), Some(to)) = (p.from, p.to) {
        if from > to {
            errors.push(core_wasm::validate::FieldError::new(
                "from",
                "开始时间不能晚于结束时间",
            ));
        }
    }
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let query = AuditQuery {
        username: p.username,
        api: p.api,
        from: p.from,
        to: p.to,
        page: paging.page,
        page_size: paging.page_size,
    };
    let (rows, total) = ctx.state.store.read(|c| audit::list(c, &query))?;
    Reply::page(rows, total, &paging)
}
