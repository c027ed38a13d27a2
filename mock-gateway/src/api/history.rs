//! 操作记录: a lifecycle record's timeline, readable by whoever may open the record's screen.

use core_wasm::lifecycle::Entity;
use core_wasm::ops::history::{HistoryEntry, HistoryParams, List};
use core_wasm::ops::{member, product, shop};

use crate::error::AppError;
use crate::kit::{Ctx, Operation, required};
use crate::store::history;

/// The entities with a timeline: the lifecycle, its table, and the menu whose owners see it.
pub const TIMELINES: [(Entity, &str, &str); 3] = [
    (Entity::Shop, "shop", shop::MENU),
    (Entity::Product, "product", product::MENU),
    (Entity::Member, "member", member::MENU),
];

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![Operation::typed::<List>(list)]
}

/// `history.list {entity, id}`: newest first. The catalogue guards it by the session only; the
/// entity's own menu is checked here, as the dispatcher checks a `Guard::Menu`.
fn list(ctx: &Ctx, p: HistoryParams) -> Result<Vec<HistoryEntry>, AppError> {
    let name = required(p.entity.as_deref(), "entity")?;
    let Some(&(entity, table, menu)) = TIMELINES.iter().find(|(e, _, _)| e.name() == name) else {
        return Err(AppError::field(
            "entity",
            "entity 须为 shop、product 或 member",
        ));
    };
    if !ctx.caller()?.may(menu) {
        return Err(AppError::PermissionDenied);
    }
    let id = required(p.id, "id")?;
    ctx.state.store.read(|c| {
        let exists: bool = c.query_row(
            &format!("SELECT EXISTS (SELECT 1 FROM {table} WHERE id = ?1)"),
            [id],
            |r| r.get(0),
        )?;
        if !exists {
            return Err(AppError::NotFound);
        }
        history::of(c, entity.name(), id)
    })
}
