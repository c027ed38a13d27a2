//! The demo's 操作日志: what the seeded accounts did in the last days, so the log reads well on
//! first start — the moves an operator made on the demo's records (their timelines name them),
//! the operator's replies to opportunities, and the accounts' sign-ins and sign-outs. Each entry
//! carries its label, operator, target and changes as a live write's would; nothing is written
//! that the other seeded tables do not show.

use core_wasm::lifecycle::Entity;
use core_wasm::ops::Operation;
use core_wasm::ops::audit::{AuditChange, Raw, change, label_of, subject};
use core_wasm::ops::{opportunity, session};
use rusqlite::{Connection, OptionalExtension, params};

use super::{NewAudit, insert, name_of};
use crate::clock::start_of_day;
use crate::error::AppError;

/// The `meta` key recording that the demo's log was written.
pub const SEEDED: &str = "audit_seeded_at";

const MINUTE: i64 = 60_000;
const DAY: i64 = 24 * 60 * MINUTE;
/// How far back the log reaches.
const DAYS: i64 = 30;
/// The most moves and replies taken from the demo (at larger scales, the latest).
const MOST: i64 = 300;
/// How many days back the seeded accounts signed in every working day.
const SIGN_IN_DAYS: i64 = 14;

/// One entry, before it is written in time order.
struct Entry {
    actor: (i64, String),
    api: &'static str,
    label: String,
    target: Option<(i64, &'static str, Option<String>)>,
    changes: Vec<AuditChange>,
    summary: String,
    at: i64,
}

/// A move of the demo's timelines made by a system user.
struct Moved {
    entity: String,
    id: i64,
    from: String,
    to: String,
    action: String,
    reason_label: String,
    reason: String,
    actor: (i64, String),
    at: i64,
}

/// Writes the demo's log once per database (`--reset` starts over).
pub fn load(conn: &mut Connection, now: i64) -> Result<(), AppError> {
    let seeded = conn
        .query_row("SELECT 1 FROM meta WHERE key = ?1", [SEEDED], |_| Ok(()))
        .optional()?;
    if seeded.is_some() {
        return Ok(());
    }
    let tx = conn.transaction()?;
    let mut entries = moves(&tx, now)?;
    entries.extend(replies(&tx, now)?);
    entries.extend(sign_ins(&tx, now)?);
    entries.sort_by_key(|e| e.at);
    for e in &entries {
        let ip = if e.actor.1 == "admin" {
            "192.168.10.21"
        } else {
            "192.168.10.35"
        };
        insert(
            &tx,
            &NewAudit {
                sys_user_id: Some(e.actor.0),
                username: &e.actor.1,
                api: e.api,
                label: &e.label,
                target_id: e.target.as_ref().map(|t| t.0),
                target_type: e.target.as_ref().map(|t| t.1),
                target_name: e.target.as_ref().and_then(|t| t.2.as_deref()),
                changes: &e.changes,
                summary: &e.summary,
                at: e.at,
                ip,
            },
        )?;
    }
    tx.execute(
        "INSERT INTO meta (key, value) VALUES (?1, ?2)",
        params![SEEDED, now.to_string()],
    )?;
    tx.commit()?;
    Ok(())
}

/// The moves a system user made on the demo's records (the 系统's are the platform's own).
fn moves(conn: &Connection, now: i64) -> Result<Vec<Entry>, AppError> {
    let rows: Vec<Moved> = conn
        .prepare(
            "SELECT h.entity, h.record_id, h.from_state, h.to_state, h.action, h.reason_label,
                h.reason, u.id, u.username, h.at
             FROM state_history h JOIN sys_user u ON u.id = h.operator_id
             WHERE h.from_state IS NOT NULL AND h.at >= ?1 AND h.at < ?2
             ORDER BY h.at DESC LIMIT ?3",
        )?
        .query_map(params![now - DAYS * DAY, now, MOST], |r| {
            Ok(Moved {
                entity: r.get(0)?,
                id: r.get(1)?,
                from: r.get(2)?,
                to: r.get(3)?,
                action: r.get(4)?,
                reason_label: r.get(5)?,
                reason: r.get(6)?,
                actor: (r.get(7)?, r.get(8)?),
                at: r.get(9)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    let mut out = Vec::with_capacity(rows.len());
    for Moved {
        entity,
        id,
        from,
        to,
        action,
        reason_label,
        reason,
        actor,
        at,
    } in rows
    {
        let (Some(e), Some(s)) = (Entity::named(&entity), subject(&entity)) else {
            continue;
        };
        let Some(t) = e
            .lifecycle()
            .transitions
            .iter()
            .find(|t| t.from == from && t.to == to)
        else {
            continue;
        };
        let name = name_of(conn, s, id)?;
        let changes: Vec<AuditChange> = s
            .state_field()
            .and_then(|f| change(s, f, Some(&Raw::Text(from.clone())), &Raw::Text(to.clone())))
            .into_iter()
            .collect();
        let why = match (reason_label.is_empty(), reason.is_empty()) {
            (true, _) => String::new(),
            (false, true) => format!("（{reason_label}）"),
            (false, false) => format!("（{reason_label}：{reason}）"),
        };
        let label = label_of(t.op, Some(s), Some((&from, &to)));
        out.push(Entry {
            actor,
            api: t.op,
            summary: format!(
                "{label} #{id}「{}」：{action}{why}",
                name.as_deref().unwrap_or_default()
            ),
            label,
            target: Some((id, s.code, name)),
            changes,
            at,
        });
    }
    Ok(out)
}

/// The replies system users wrote to opportunities.
fn replies(conn: &Connection, now: i64) -> Result<Vec<Entry>, AppError> {
    let Some(s) = subject("opportunity") else {
        return Ok(Vec::new());
    };
    let rows: Vec<(i64, String, i64, i64, String)> = conn
        .prepare(
            "SELECT r.opportunity_id, r.content, r.at, u.id, u.username
             FROM opportunity_reply r JOIN sys_user u ON u.id = r.sys_user_id
             WHERE r.at >= ?1 AND r.at < ?2 ORDER BY r.at DESC LIMIT ?3",
        )?
        .query_map(params![now - DAYS * DAY, now, MOST], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })?
        .collect::<Result<_, _>>()?;
    let api = <opportunity::Reply as Operation>::API;
    let mut out = Vec::with_capacity(rows.len());
    for (id, content, at, uid, username) in rows {
        let name = name_of(conn, s, id)?;
        let shown: String = content.chars().take(30).collect();
        let more = if content.chars().count() > 30 {
            "…"
        } else {
            ""
        };
        out.push(Entry {
            actor: (uid, username),
            api,
            label: label_of(api, Some(s), None),
            summary: format!(
                "回复商机 #{id}「{}」：{shown}{more}",
                name.as_deref().unwrap_or_default()
            ),
            target: Some((id, s.code, name)),
            changes: Vec::new(),
            at,
        });
    }
    Ok(out)
}

/// The seeded accounts that can sign in, signing in each working day (the operator signing out
/// at the end of it), at times that differ from day to day.
fn sign_ins(conn: &Connection, now: i64) -> Result<Vec<Entry>, AppError> {
    let Some(s) = subject("sysUser") else {
        return Ok(Vec::new());
    };
    let accounts: Vec<(i64, String)> = conn
        .prepare(
            "SELECT id, username FROM sys_user WHERE username IN ('admin', 'operator') ORDER BY id",
        )?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let login = <session::Login as Operation>::API;
    let logout = <session::Logout as Operation>::API;
    let today = start_of_day(now);
    let mut out = Vec::new();
    for d in 1..=SIGN_IN_DAYS {
        let day = today - d * DAY;
        // Weekends off (1970-01-01 was a Thursday; days counted in UTC+8).
        let weekday = ((day + 8 * 60 * MINUTE).div_euclid(DAY) + 4).rem_euclid(7);
        if weekday == 0 || weekday == 6 {
            continue;
        }
        for (n, (uid, username)) in accounts.iter().enumerate() {
            let early = (d * 37 + n as i64 * 13) % 50;
            let name = Some(username.clone());
            out.push(Entry {
                actor: (*uid, username.clone()),
                api: login,
                label: label_of(login, Some(s), None),
                target: Some((*uid, s.code, name.clone())),
                changes: Vec::new(),
                summary: "登录".into(),
                at: day + (8 * 60 + 40 + early) * MINUTE,
            });
            if username == "operator" {
                out.push(Entry {
                    actor: (*uid, username.clone()),
                    api: logout,
                    label: label_of(logout, Some(s), None),
                    target: Some((*uid, s.code, name)),
                    changes: Vec::new(),
                    summary: "退出登录".into(),
                    at: day + (18 * 60 + early) * MINUTE,
                });
            }
        }
    }
    Ok(out)
}
