//! 登录日志: every sign-in attempt, newest first.

use core_wasm::choices::Choices;
use core_wasm::ops::Page;
use core_wasm::ops::login_log::{List, LoginLogEntry, LoginLogListParams};
use rusqlite::Row;

use crate::error::AppError;
use crate::kit::list::list as page;
use crate::kit::{Ctx, Filter, ListSpec, Operation, Order};

/// `loginLog.list`: the name tried, the result, a time range; newest first.
pub const LIST: ListSpec = ListSpec {
    table: "login_log",
    columns: "id, username, ip, user_agent, result, at",
    filters: &[
        Filter::Contains("username", &["username"]),
        Filter::Exact("result", "result"),
        Filter::Range {
            from: "from",
            to: "to",
            column: "at",
        },
    ],
    sorts: &[("at", "at"), ("id", "id")],
    order: Order::ByDesc("at"),
};

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![Operation::typed::<List>(list)]
}

fn row(r: &Row<'_>) -> rusqlite::Result<LoginLogEntry> {
    Ok(LoginLogEntry {
        id: r.get(0)?,
        username: r.get(1)?,
        ip: r.get(2)?,
        user_agent: r.get(3)?,
        result: r.get(4)?,
        at: r.get(5)?,
    })
}

/// `loginLog.list {page, pageSize, username?, result?, from?, to?}`. Shed sign-ins waiting in
/// memory are written first, so the page shows every attempt up to now.
fn list(ctx: &Ctx, p: LoginLogListParams) -> Result<Page<LoginLogEntry>, AppError> {
    if let Some(result) = p.result.as_deref() {
        if !Choices::LoginResult.has(result) {
            return Err(AppError::field(
                "result",
                "result 须为 success（成功）、failed（失败）、locked（已锁定）或 busy（繁忙）",
            ));
        }
    }
    ctx.state.shed_sign_ins.flush(&ctx.state.store)?;
    ctx.state.store.read(|c| page(c, &LIST, &p, row))
}
