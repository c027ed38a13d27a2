//! A lifecycle record moved by the caller's operation: version, lifecycle, reason, update and
//! timeline row, in the write's transaction.
//!
//! The shape (and names) of gw-data's `kit::moves::{check_params, apply, Target}`, written here
//! until that branch lands: the 运营 writes call only these two functions, so they switch to the
//! kit's by changing this module alone.

use core_wasm::lifecycle::{Entity, Refusal};
use core_wasm::rules::{self, Form};
use rusqlite::types::Value as Sql;
use rusqlite::{Connection, OptionalExtension};

use crate::error::AppError;
use crate::kit::Ctx;
use crate::kit::moves::{GivenReason, Move, check_move, record};
use crate::kit::write::update_versioned;

/// A record of a lifecycle table moved by the caller's operation.
#[derive(Debug, Clone, Copy)]
pub struct Target {
    /// Whose lifecycle.
    pub entity: Entity,
    /// Its table (with `id`, `version`, `updated_at`).
    pub table: &'static str,
    /// The column holding its state.
    pub column: &'static str,
    /// The record.
    pub id: i64,
    /// The version it was read at.
    pub version: Option<i64>,
}

/// What can be checked before touching the database: `to` is a state of `entity` (else a field
/// error of `field`), and when every move of operation `op` into `to` needs a reason, the reason
/// form (a code; words for 其他). The dictionary and the record's state are checked in the write.
pub fn check_params(
    entity: Entity,
    op: &str,
    field: &str,
    to: &str,
    reason: GivenReason<'_>,
) -> Result<(), AppError> {
    let life = entity.lifecycle();
    if life.state(to).is_none() {
        let refusal = Refusal::UnknownState(to.to_owned());
        return Err(AppError::field(field, refusal.message(entity)));
    }
    let mut into = life.transitions.iter().filter(|t| t.to == to && t.op == op);
    let first = into.next();
    if first.is_some_and(|t| t.reason) && into.all(|t| t.reason) {
        let errors = rules::validate(Form::Reason, &rules::values_of(&reason));
        if !errors.is_empty() {
            return Err(AppError::Invalid(errors));
        }
    }
    Ok(())
}

/// Moves a record to `to` inside the write's transaction: missing → `data_not_found`; a stale
/// version → `data_conflict` (first, so parallel writers of one version lose with it); already
/// there, a move the lifecycle lacks or one another operation makes → `state_invalid`; then the
/// reason (an enabled code of `reason_<type>`); then the versioned update and the timeline row.
/// Nothing is written unless all pass.
pub fn apply(
    tx: &Connection,
    ctx: &Ctx,
    target: Target,
    field: &str,
    to: &str,
    reason: GivenReason<'_>,
) -> Result<Move, AppError> {
    let Target {
        entity,
        table,
        column,
        id,
        version,
    } = target;
    let sql = format!("SELECT {column}, version FROM {table} WHERE id = ?1");
    let (from, current): (String, i64) = tx
        .prepare_cached(&sql)?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?
        .ok_or(AppError::NotFound)?;
    let version = version.unwrap_or(current);
    if version != current {
        return Err(AppError::Conflict);
    }
    let Some(mv) = check_move(tx, entity, field, &from, to, reason)? else {
        let label = entity.lifecycle().label(&from);
        return Err(AppError::StateInvalid(format!(
            "状态不允许此操作：已是「{label}」"
        )));
    };
    if mv.transition.op != ctx.api {
        let refusal = Refusal::NotAllowed {
            from: from.clone(),
            to: to.to_owned(),
        };
        return Err(AppError::StateInvalid(refusal.message(entity)));
    }
    update_versioned(
        tx,
        table,
        id,
        version,
        &[(column, Sql::Text(to.to_owned()))],
        ctx.now,
    )?;
    record(tx, ctx, entity, id, &mv)?;
    Ok(mv)
}
