//! 产业带: the belts with their shop counts (reference data for the shop filters).

use core_wasm::ops::Page;
use core_wasm::ops::belt::{BeltListParams, BeltRow, List};

use crate::error::AppError;
use crate::kit::list::list as page;
use crate::kit::{Ctx, Filter, ListSpec, Operation, Order};
use crate::store::belts;

/// `belt.list`: by id unless sorted.
pub const LIST: ListSpec = ListSpec {
    table: belts::TABLE,
    columns: belts::COLUMNS,
    filters: &[
        Filter::Contains("name", &["name"]),
        Filter::Exact("province", "province"),
    ],
    sorts: &[
        ("id", "id"),
        ("name", "name"),
        ("shopCount", belts::SHOP_COUNT),
    ],
    order: Order::By("id"),
};

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![Operation::typed::<List>(list)]
}

/// `belt.list`: a page of belts; `shopCount` counts their shops now.
fn list(ctx: &Ctx, p: BeltListParams) -> Result<Page<BeltRow>, AppError> {
    ctx.state.store.read(|c| page(c, &LIST, &p, belts::row))
}
