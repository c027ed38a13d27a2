//! Crashes, measured: the gateway binary on a database file, four clients writing as fast as they
//! can (new dictionary entries, edits of each client's own entry, bans and unbans of a member), and
//! the process killed with SIGKILL in the middle of the burst — after a different number of
//! acknowledged writes each time, writers still running. Restarted on the same file, every write it
//! acknowledged with `SUCCESS` is there (a new entry by its id, key and label, with its audit row;
//! an edit by its version and label; a move by its version, state and timeline row), and
//! `PRAGMA integrity_check` answers `ok`. Repeated [`KILLS`] times; the figures are printed.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use core_wasm::protocol::{Call, Method, encode};
use rusqlite::{Connection, OpenFlags, params};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Mutex;

use crate::common::Env;
use crate::server::{call, login, spawn_binary};

/// Kills (each followed by a restart on the same file).
pub const KILLS: usize = 20;
const CLIENTS: usize = 4;
const SAVE: &str = "mtop.admin.dict.save";
const MOVE: &str = "mtop.admin.member.setStatus";
const TYPE: &str = "crash_test";

/// What the gateway acknowledged.
#[derive(Default)]
struct Acked {
    /// New entries: id → (key, label).
    created: BTreeMap<i64, (String, String)>,
    /// Each client's own entry: id → the last acknowledged (version, label).
    edited: BTreeMap<i64, (i64, String)>,
    /// Each client's member: id → the last acknowledged (version, status).
    moved: BTreeMap<i64, (i64, String)>,
    /// Acknowledged writes of every kind.
    count: usize,
}

fn open(db: &str) -> Connection {
    Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY).expect("open the file")
}

/// A POST over a fresh connection; `None` unless a complete answer came back (the gateway may
/// die at any byte).
async fn post(addr: SocketAddr, api: &str, mat: &str, data: &Value) -> Option<Env> {
    let data = data.to_string();
    let req = encode(
        "/m",
        &Call {
            api,
            method: Method::Post,
            data_json: &data,
            mat,
            ts_ms: 1,
        },
    );
    let body = req.body.unwrap_or_default();
    let mut stream = TcpStream::connect(addr).await.ok()?;
    let head = format!(
        "POST {} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n",
        req.url,
        body.len()
    );
    stream.write_all(head.as_bytes()).await.ok()?;
    stream.write_all(body.as_bytes()).await.ok()?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.ok()?;
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    if !head.starts_with("http/1.1 200") {
        return None;
    }
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))?
        .trim()
        .parse()
        .ok()?;
    let body = &raw[split + 4..];
    (body.len() == length).then(|| Env::parse(body))
}

/// A client: creates an entry, edits its own entry, bans or unbans its member, again and again,
/// recording each `SUCCESS`; stops at the first call the dying gateway does not answer.
async fn client(
    addr: SocketAddr,
    mat: String,
    round: usize,
    me: usize,
    member: i64,
    acked: Arc<Mutex<Acked>>,
    total: Arc<AtomicUsize>,
) {
    let own_key = format!("own_{round}_{me}");
    let Some(env) = post(
        addr,
        SAVE,
        &mat,
        &json!({"type": TYPE, "key": own_key, "label": "0", "value": "v"}),
    )
    .await
    else {
        return;
    };
    let own = env.ok();
    let own_id = own["id"].as_i64().expect("id");
    let mut own_version = own["version"].as_i64().expect("version");
    let (mut member_version, mut banned) = {
        let mut a = acked.lock().await;
        a.created.insert(own_id, (own_key.clone(), "0".to_owned()));
        a.edited.insert(own_id, (own_version, "0".to_owned()));
        a.count += 1;
        let (v, status) = a
            .moved
            .get(&member)
            .cloned()
            .expect("the member's baseline");
        (v, status == "banned")
    };
    total.fetch_add(1, Ordering::SeqCst);
    for n in 0usize.. {
        let label = format!("第{n}次");
        let key = format!("k_{round}_{me}_{n}");
        let (api, data) = match n % 3 {
            0 => (
                SAVE,
                json!({"type": TYPE, "key": key, "label": label, "value": "v"}),
            ),
            1 => (
                SAVE,
                json!({"id": own_id, "version": own_version, "type": TYPE, "key": own_key,
                       "label": label, "value": "v"}),
            ),
            _ if banned => (
                MOVE,
                json!({"id": member, "version": member_version, "status": "normal"}),
            ),
            _ => (
                MOVE,
                json!({"id": member, "version": member_version, "status": "banned",
                       "reasonCode": "spam"}),
            ),
        };
        let Some(env) = post(addr, api, &mat, &data).await else {
            return;
        };
        let data = env.ok();
        let mut a = acked.lock().await;
        match n % 3 {
            0 => {
                let id = data["id"].as_i64().expect("id");
                a.created.insert(id, (key, label));
            }
            1 => {
                own_version = data["version"].as_i64().expect("version");
                a.edited.insert(own_id, (own_version, label));
            }
            _ => {
                member_version = data["version"].as_i64().expect("version");
                let status = data["status"].as_str().expect("status").to_owned();
                banned = status == "banned";
                a.moved.insert(member, (member_version, status));
            }
        }
        a.count += 1;
        total.fetch_add(1, Ordering::SeqCst);
    }
}

/// `PRAGMA integrity_check` of the file, and every acknowledged write it lacks. `start` holds each
/// member's (version, timeline rows) before the first burst.
fn verify(db: &str, acked: &Acked, start: &BTreeMap<i64, (i64, i64)>) -> (String, Vec<String>) {
    let conn = open(db);
    let integrity: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .expect("integrity_check");
    let mut missing = Vec::new();
    for (id, (key, label)) in &acked.created {
        let row: Option<(String, String)> = conn
            .query_row(
                "SELECT dict_key, label FROM sys_dict WHERE id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .ok();
        match row {
            // A client's own entry is edited later: its label is checked below.
            Some((k, l)) if k == *key && (l == *label || acked.edited.contains_key(id)) => {}
            other => missing.push(format!("entry {id} {key}/{label}: {other:?}")),
        }
        let audited: i64 = conn
            .query_row(
                "SELECT count(*) FROM audit_log WHERE api = ?1 AND target_id = ?2",
                params![SAVE, id],
                |r| r.get(0),
            )
            .expect("audit");
        if audited == 0 {
            missing.push(format!("the audit row of entry {id}"));
        }
    }
    for (id, (version, label)) in &acked.edited {
        let (v, l): (i64, String) = conn
            .query_row(
                "SELECT version, label FROM sys_dict WHERE id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap_or((0, String::new()));
        // A write in flight at the kill may have committed unacknowledged: one version more.
        if !((v == *version && l == *label) || v == version + 1) {
            missing.push(format!("edit of {id} v{version} {label}: v{v} {l}"));
        }
    }
    for (id, (version, status)) in &acked.moved {
        let (v, s): (i64, String) = conn
            .query_row(
                "SELECT version, status FROM member WHERE id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap_or((0, String::new()));
        let moves: i64 = conn
            .query_row(
                "SELECT count(*) FROM state_history WHERE entity = 'member' AND record_id = ?1",
                [id],
                |r| r.get(0),
            )
            .expect("timeline");
        let (v0, moves0) = start[id];
        let ok = (v == *version && s == *status) || v == version + 1;
        // Each version since the start is one move, with its timeline row.
        if !ok || moves - moves0 != v - v0 {
            missing.push(format!(
                "move of member {id} v{version} {status}: v{v} {s}, {} new timeline rows for {} \
                 new versions",
                moves - moves0,
                v - v0
            ));
        }
    }
    (integrity, missing)
}

/// The (version, status) of `id` as stored.
fn member_now(db: &str, id: i64) -> (i64, String) {
    open(db)
        .query_row(
            "SELECT version, status FROM member WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .expect("the member")
}

/// What [`kill_and_restart`] found.
pub struct Recovery {
    pub kills: usize,
    pub acknowledged: usize,
    pub missing: usize,
    /// `ok`, or the first other answer of `PRAGMA integrity_check`.
    pub integrity: String,
}

/// `kills` times: a burst of writes from [`CLIENTS`] clients, SIGKILL in the middle of it, a
/// restart on the same file and every acknowledged write looked for.
pub async fn kill_and_restart(kills: usize) -> Recovery {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("crash.sqlite3");
    let db = db.to_str().expect("utf-8 path").to_owned();
    let (mut child, mut addr) = spawn_binary(&db, &[]).await;
    // One member per client, moved by that client only.
    let start: BTreeMap<i64, (i64, i64)> = {
        let conn = open(&db);
        let mut stmt = conn
            .prepare(
                "SELECT m.id, m.version,
                        (SELECT count(*) FROM state_history h
                         WHERE h.entity = 'member' AND h.record_id = m.id)
                 FROM member m WHERE m.status = 'normal' ORDER BY m.id LIMIT ?1",
            )
            .expect("prepare");
        stmt.query_map([CLIENTS as i64], |r| {
            Ok((r.get(0)?, (r.get(1)?, r.get(2)?)))
        })
        .expect("members")
        .collect::<rusqlite::Result<_>>()
        .expect("members")
    };
    assert_eq!(start.len(), CLIENTS);
    let members: Vec<i64> = start.keys().copied().collect();
    let acked = Arc::new(Mutex::new(Acked::default()));
    let mut recovery = Recovery {
        kills: 0,
        acknowledged: 0,
        missing: 0,
        integrity: "ok".to_owned(),
    };
    for round in 0..kills {
        {
            // Each client starts from its member as stored: a move in flight at the last kill
            // may have committed without being acknowledged.
            let mut a = acked.lock().await;
            for &id in &members {
                a.moved.insert(id, member_now(&db, id));
            }
        }
        let mat = login(addr, "admin", "Admin@123").await;
        let total = Arc::new(AtomicUsize::new(0));
        let clients: Vec<_> = members
            .iter()
            .enumerate()
            .map(|(me, &member)| {
                tokio::spawn(client(
                    addr,
                    mat.clone(),
                    round,
                    me,
                    member,
                    Arc::clone(&acked),
                    Arc::clone(&total),
                ))
            })
            .collect();
        // Mid-burst: after a different number of acknowledged writes each time, clients running.
        let threshold = 12 + 5 * round;
        while total.load(Ordering::SeqCst) < threshold {
            tokio::time::sleep(std::time::Duration::from_millis(1)).await;
        }
        child.start_kill().expect("SIGKILL");
        let status = child.wait().await.expect("wait");
        assert!(!status.success(), "killed, not exited: {status:?}");
        recovery.kills += 1;
        for c in clients {
            c.await.expect("a client");
        }
        (child, addr) = spawn_binary(&db, &[]).await;
        let a = acked.lock().await;
        let (integrity, missing) = verify(&db, &a, &start);
        assert!(
            a.count >= threshold,
            "the burst was acknowledged before the kill"
        );
        // Each check covers every write acknowledged so far.
        recovery.missing = recovery.missing.max(missing.len());
        if integrity != "ok" && recovery.integrity == "ok" {
            recovery.integrity = integrity;
        }
        if !missing.is_empty() {
            eprintln!(
                "after kill {}: acknowledged but missing: {missing:#?}",
                round + 1
            );
        }
    }
    recovery.acknowledged = acked.lock().await.count;
    // The restarted gateway serves what was written.
    let mat = login(addr, "admin", "Admin@123").await;
    let page = call(
        addr,
        Method::Get,
        "mtop.admin.dict.list",
        &mat,
        json!({"type": TYPE, "pageSize": 10}),
    )
    .await
    .ok();
    let created = acked.lock().await.created.len() as i64;
    // Creates in flight at a kill may have committed unacknowledged: at most one per client.
    let listed = page["total"].as_i64().expect("total");
    assert!(
        (created..=created + (kills * CLIENTS) as i64).contains(&listed),
        "{listed} listed, {created} acknowledged"
    );
    child.start_kill().expect("stop");
    let _ = child.wait().await;
    recovery
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sigkill_mid_burst_loses_no_acknowledged_write() {
    let r = kill_and_restart(KILLS).await;
    println!(
        "crash recovery: {} kills, {} acknowledged writes, {} missing, integrity {}",
        r.kills, r.acknowledged, r.missing, r.integrity
    );
    assert_eq!(r.kills, KILLS);
    assert_eq!(r.missing, 0);
    assert_eq!(r.integrity, "ok");
}

/// The writer syncs the log at every commit (`synchronous = FULL`, 2) in WAL mode: an answered
/// write survives an OS crash or a power loss too, not only the process dying.
#[tokio::test]
async fn the_writer_syncs_every_commit_to_the_write_ahead_log() {
    let dir = tempfile::tempdir().expect("tempdir");
    let state = mock_gateway::AppState::open(mock_gateway::Config {
        db: mock_gateway::config::DbLocation::File(dir.path().join("gw.sqlite3")),
        ..mock_gateway::Config::for_tests()
    })
    .expect("open");
    let (mode, sync): (String, i64) = state
        .store
        .write(|tx| {
            let mode = tx.query_row("PRAGMA journal_mode", [], |r| r.get(0))?;
            let sync = tx.query_row("PRAGMA synchronous", [], |r| r.get(0))?;
            Ok((mode, sync))
        })
        .expect("pragmas");
    assert_eq!((mode.as_str(), sync), ("wal", 2));
}
