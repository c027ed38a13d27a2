//! 查看完整号码: a shop's contact phone or a member's phone in full, and who saw it in 操作日志.

use core_wasm::ops::contact::{self, Reveal, RevealParams, RevealedPhone};
use core_wasm::ops::{Action, Guard};

use crate::error::AppError;
use crate::kit::{Audited, Ctx, Operation, required};
use crate::store::contacts;

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![Operation::typed::<Reveal>(reveal)]
}

/// `contact.reveal {entity, id}`: the number as stored, recorded as 查看店铺「…」联系电话 (or
/// 查看用户「…」手机号) against the record. The catalogue lets in the owners of either list menu;
/// the entity's own menu is required here ([`contact::menu_of`]), so a member screen's user is
/// refused a shop's phone with `permission_denied`.
fn reveal(ctx: &Ctx, p: RevealParams) -> Result<RevealedPhone, AppError> {
    let entity = p.entity.as_deref().map(str::trim).filter(|e| !e.is_empty());
    let entity = required(entity, "entity")?;
    let (Some(menu), Some((record, number))) =
        (contact::menu_of(entity), contact::nouns_of(entity))
    else {
        return Err(AppError::field(
            "entity",
            "entity 须为 shop（店铺）或 member（用户）",
        ));
    };
    // That screen's own 查看号码: holding it on the other screen is not enough.
    if !ctx
        .caller()?
        .may_call(Guard::Act(menu, Action::Reveal), false)
    {
        return Err(AppError::PermissionDenied);
    }
    let id = required(p.id, "id")?;
    ctx.audited(|tx| {
        let (name, phone) = contacts::phone_of(tx, entity, id)?.ok_or(AppError::NotFound)?;
        let summary = format!("查看{record}「{name}」{number}");
        // The target is the record whose number was seen: a shop or a member, not the domain's.
        Ok(Audited::new(RevealedPhone { phone }, id, summary).on(entity))
    })
}
