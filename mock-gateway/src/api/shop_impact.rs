//! `shop.impact`: what freezing or closing a shop touches, shown before the operator confirms —
//! its products on sale, the live ads and recommendations pointing at it, the items of running
//! activities that are it or its products, and its open inquiries.

use core_wasm::ops::IdParams;
use core_wasm::ops::shop::{Impact, ShopImpact};

use crate::error::AppError;
use crate::kit::{Ctx, Operation, required};
use crate::store::shops;

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![Operation::typed::<Impact>(impact)]
}

/// `shop.impact {id}`: the counts for the shop at the call's time (ads and recommendations not
/// yet expired count).
fn impact(ctx: &Ctx, p: IdParams) -> Result<ShopImpact, AppError> {
    let id = required(p.id, "id")?;
    ctx.state.store.read(|c| {
        if !shops::exists(c, id)? {
            return Err(AppError::NotFound);
        }
        shops::impact(c, id, ctx.now)
    })
}
