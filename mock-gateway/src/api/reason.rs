//! Reason codes: the 数据字典's enabled `reason_<type>` entries, for every role that may act.

use core_wasm::ops::reason::{List, ReasonListParams, ReasonOption};

use crate::error::AppError;
use crate::kit::{Ctx, Operation, required};
use crate::store::dict;

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![Operation::typed::<List>(list)]
}

/// `reason.list {type}`: the enabled codes of `reason_<type>` in the dictionary's order; a type
/// without entries answers an empty list.
fn list(ctx: &Ctx, p: ReasonListParams) -> Result<Vec<ReasonOption>, AppError> {
    let kind = required(p.r#type.as_deref().map(str::trim), "type")?;
    let dict_type = format!("reason_{kind}");
    ctx.state.store.read(|c| dict::reasons(c, &dict_type))
}
