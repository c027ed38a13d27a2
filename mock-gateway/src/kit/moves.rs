//! A record's change of state with its reason and its timeline row: what every lifecycle write
//! (shop audit and status, product status, member ban) does inside its transaction.

use core_wasm::lifecycle::{Entity, Refusal, Transition};
use core_wasm::rules::{self, Form};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::ctx::Ctx;
use super::state::transition;
use super::write::update_versioned;
use crate::error::AppError;
use crate::store::history::{self, NewHistory};

/// A reason as a write's params carry it (`reasonCode`, `reason`).
#[derive(Debug, Clone, Copy, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GivenReason<'a> {
    /// The code, a key of the dictionary type `reason_<reasonType>`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason_code: Option<&'a str>,
    /// The text (required for 其他).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'a str>,
}

impl<'a> GivenReason<'a> {
    /// The reason of a write's `reasonCode` and `reason` params.
    pub fn new(code: Option<&'a str>, text: Option<&'a str>) -> GivenReason<'a> {
        GivenReason {
            reason_code: code,
            reason: text,
        }
    }
}

/// A reason that passed: the code, its label now, and the text (trimmed).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reason {
    /// The code.
    pub code: String,
    /// Its label in the dictionary.
    pub label: String,
    /// The operator's words, empty when none.
    pub text: String,
}

/// Checks `reason` for `transition`: none needed → None (a reason given anyway is not stored);
/// needed → the rules' reason form (a code, and words when it is 其他), and the code must be an
/// enabled key of the dictionary type `reason_<reasonType>` (else `param_invalid` at `reasonCode`).
pub fn check_reason(
    conn: &Connection,
    transition: &Transition,
    reason: GivenReason<'_>,
) -> Result<Option<Reason>, AppError> {
    let Some(reason_type) = transition.reason_type.filter(|_| transition.reason) else {
        return Ok(None);
    };
    let errors = rules::validate(Form::Reason, &rules::values_of(&reason));
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let code = reason.reason_code.unwrap_or_default().trim();
    let dict_type = format!("reason_{reason_type}");
    let label: Option<String> = conn
        .prepare_cached(
            "SELECT label FROM sys_dict
             WHERE dict_type = ?1 AND dict_key = ?2 AND status = 'enabled'",
        )?
        .query_row(params![dict_type, code], |r| r.get(0))
        .optional()?;
    let Some(label) = label else {
        return Err(AppError::field(
            "reasonCode",
            format!(
                "原因须为数据字典 {dict_type} 中启用的一项，收到：{}",
                core_wasm::validate::echoed(code)
            ),
        ));
    };
    Ok(Some(Reason {
        code: code.to_owned(),
        label,
        text: reason.reason.unwrap_or_default().trim().to_owned(),
    }))
}

/// A checked move: the transition and its reason (when it needs one).
#[derive(Debug, Clone)]
pub struct Move {
    /// The lifecycle's transition.
    pub transition: &'static Transition,
    /// Why, when the transition asks.
    pub reason: Option<Reason>,
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

/// Checks `from → to` of `entity` made by operation `op` (an unknown state is a field error of
/// `field`; a move the lifecycle lacks, or one another operation makes, `state_invalid`) and its
/// reason. `None` when the record stays where it is (no move: the caller decides whether that is
/// an error). Call inside the write's transaction, after the version check.
pub fn check_move(
    conn: &Connection,
    entity: Entity,
    op: &str,
    field: &str,
    from: &str,
    to: &str,
    reason: GivenReason<'_>,
) -> Result<Option<Move>, AppError> {
    transition(entity, field, from, to)?;
    let Ok(Some(t)) = core_wasm::lifecycle::check(entity, from, to) else {
        return Ok(None);
    };
    if t.op != op {
        let refusal = Refusal::NotAllowed {
            from: from.to_owned(),
            to: to.to_owned(),
        };
        return Err(AppError::StateInvalid(refusal.message(entity)));
    }
    Ok(Some(Move {
        transition: t,
        reason: check_reason(conn, t, reason)?,
    }))
}

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
    /// The version it was read at; None for writes without one (bulk).
    pub version: Option<i64>,
}

/// Moves a record to `to` inside the write's transaction: missing → `data_not_found`; a stale
/// version → `data_conflict` (checked first, so parallel writers of one version lose with it);
/// already there → `state_invalid`; then the lifecycle and the reason ([`check_move`]); then the
/// versioned update and the timeline row. Nothing is written unless all pass.
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
    let Some(mv) = check_move(tx, entity, ctx.api, field, &from, to, reason)? else {
        let label = entity.lifecycle().label(&from);
        return Err(AppError::StateInvalid(format!(
            "状态不允许此操作：已是「{label}」"
        )));
    };
    update_versioned(
        tx,
        table,
        id,
        version,
        &[(column, rusqlite::types::Value::Text(to.to_owned()))],
        ctx.now,
    )?;
    record(tx, ctx, entity, id, &mv)?;
    Ok(mv)
}

/// Writes the timeline row of `mv` of record `id`, made by the caller now.
pub fn record(
    conn: &Connection,
    ctx: &Ctx,
    entity: Entity,
    id: i64,
    mv: &Move,
) -> Result<(), AppError> {
    let caller = ctx.caller()?;
    let reason = mv.reason.clone().unwrap_or_default();
    history::insert(
        conn,
        &NewHistory {
            entity: entity.name(),
            record_id: id,
            from_state: Some(mv.transition.from),
            to_state: mv.transition.to,
            action: mv.transition.action,
            reason_code: &reason.code,
            reason_label: &reason.label,
            reason: &reason.text,
            operator_id: Some(caller.id),
            operator_name: &caller.nickname,
            at: ctx.now,
        },
    )
}

/// How an audit summary tells a move: `冻结（售假：店铺存在销售假冒商品行为）`.
pub fn describe(mv: &Move) -> String {
    match &mv.reason {
        Some(r) if r.text.is_empty() => format!("{}（{}）", mv.transition.action, r.label),
        Some(r) => format!("{}（{}：{}）", mv.transition.action, r.label, r.text),
        None => mv.transition.action.to_owned(),
    }
}
