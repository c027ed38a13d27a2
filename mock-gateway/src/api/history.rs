//! 操作记录: a lifecycle record's timeline, readable by whoever may open the record's screen.

use core_wasm::lifecycle::Entity;
use core_wasm::ops::history::{HistoryEntry, HistoryParams, List};
use core_wasm::ops::{activity, ad, ad_slot, inquiry, member, opportunity, product, shop};

use crate::error::AppError;
use crate::kit::{Ctx, Operation, required};
use crate::store::history;

/// The entities with a timeline: the lifecycle, its table, and the menu whose owners see it (for
/// an opportunity, 商机查看, where every opportunity is opened).
pub const TIMELINES: [(Entity, &str, &str); 8] = [
    (Entity::Shop, "shop", shop::MENU),
    (Entity::Product, "product", product::MENU),
    (Entity::Member, "member", member::MENU),
    (Entity::Inquiry, "inquiry", inquiry::MENU),
    (
        Entity::Opportunity,
        "opportunity",
        opportunity::INSPECT_MENU,
    ),
    (Entity::Activity, "activity", activity::MENU),
    (Entity::Ad, "ad", ad::MENU),
    (Entity::AdSlot, "ad_slot", ad_slot::MENU),
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
        let names: Vec<&str> = TIMELINES.iter().map(|(e, _, _)| e.name()).collect();
        return Err(AppError::field(
            "entity",
            format!("entity 须为 {}", names.join("、")),
        ));
    };
    if !ctx.caller()?.may(menu) {
        return Err(AppError::PermissionDenied);
    }
    let id = required(p.id, "id")?;
    ctx.state.store.read(|c| {
        if !history::record_exists(c, table, id)? {
            return Err(AppError::NotFound);
        }
        history::of(c, entity.name(), id)
    })
}
