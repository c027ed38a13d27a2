//! Concurrency, measured: 32 writers at once against a file-backed database (readers on their own
//! connections, the one writer behind its lock), on a multi-threaded runtime, all released together
//! by a barrier. For each of several write operations:
//!
//! 1. one record, one version, 32 writers: exactly one wins, 31 get `data_conflict` (3 rounds);
//! 2. one record, 32 writers that each re-read and retry until their write lands: the version
//!    rises by exactly the number of successes, with one audit row (and, for a move, one timeline
//!    row) per success — zero lost updates;
//! 3. 32 distinct records, one writer each: all 32 persist;
//!
//! and bulk `product.setStatus` racing single moves of the same products: each moved once, one
//! timeline row each. The figures are printed (`cargo test … concurrency -- --nocapture`).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use mock_gateway::Config;
use mock_gateway::config::DbLocation;
use serde_json::{Value, json};
use tokio::sync::Barrier;

use crate::common::*;

const WRITERS: usize = 32;
/// Rounds of one version and 32 writers per operation.
const ROUNDS: usize = 3;

/// A gateway on a database file (kept with the gateway: dropped together).
struct FileGw {
    gw: Arc<Gw>,
    _dir: tempfile::TempDir,
}

fn file_gateway() -> FileGw {
    let dir = tempfile::tempdir().expect("tempdir");
    let gw = Gw::with(
        Config {
            db: DbLocation::File(dir.path().join("gw.sqlite3")),
            ..Config::for_tests()
        },
        Vec::new(),
    );
    FileGw {
        gw: Arc::new(gw),
        _dir: dir,
    }
}

fn sql<T>(gw: &Gw, f: impl FnOnce(&rusqlite::Connection) -> rusqlite::Result<T>) -> T {
    gw.state
        .store
        .read(|c| Ok(f(c)?))
        .unwrap_or_else(|e| panic!("{e:?}"))
}

fn int(gw: &Gw, query: &str, id: i64) -> i64 {
    sql(gw, |c| c.query_row(query, [id], |r| r.get(0)))
}

fn text(gw: &Gw, query: &str, id: i64) -> String {
    sql(gw, |c| c.query_row(query, [id], |r| r.get(0)))
}

fn ids(gw: &Gw, query: &str) -> Vec<i64> {
    sql(gw, |c| {
        c.prepare(query)?
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<i64>>>()
    })
}

/// A write as one writer sends it after reading the record: the call's data, and the column and
/// value the record holds once it lands.
struct Write {
    data: Value,
    version: i64,
    column: &'static str,
    expect: String,
}

/// A write operation under test.
struct Op {
    api: &'static str,
    table: &'static str,
    /// The `state_history` entity of a move; `None` for an edit.
    entity: Option<&'static str>,
    /// Records it can write, in order (at least `ROUNDS + WRITERS` for a one-way move).
    pick: &'static str,
    /// Whether a record can take it again and again (a move back and forth, an edit); a one-way
    /// move (an approval) takes a new record per round and has no retry phase.
    repeatable: bool,
    /// Reads the record and makes the write writer `tag` sends.
    write: fn(&Gw, i64, &str) -> Write,
    /// Makes records enough for the test, where the seed has too few.
    prepare: Option<fn(&Gw)>,
}

/// Runs `insert` 40 times in one transaction.
fn forty(gw: &Gw, insert: &str) {
    gw.state
        .store
        .write(|tx| {
            for _ in 0..40 {
                tx.execute(insert, [])?;
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{insert}: {e:?}"));
}

/// 40 more pending purchase opportunities, copies of the first (the seed has 15; only buyers
/// post them, so no operation makes one).
fn more_pending_opportunities(gw: &Gw) {
    forty(
        gw,
        "INSERT INTO opportunity (buyer_member_id, title, description, category_id, quantity, unit,
             budget, deadline, state, version, created_at, updated_at)
         SELECT buyer_member_id, title, description, category_id, quantity, unit, budget,
                deadline, 'pending', 1, created_at, updated_at
         FROM opportunity WHERE state = 'pending' ORDER BY id LIMIT 1",
    );
}

/// 40 more draft activities (the seed has a handful), copies of the first that is not online.
fn more_draft_activities(gw: &Gw) {
    forty(
        gw,
        "INSERT INTO activity (title, banner, description, start_at, end_at, status, version,
             created_at, updated_at)
         SELECT title, banner, description, start_at, end_at, 'draft', 1, created_at, updated_at
         FROM activity WHERE status <> 'online' ORDER BY id LIMIT 1",
    );
}

fn version_of(gw: &Gw, table: &str, id: i64) -> i64 {
    int(
        gw,
        &format!("SELECT version FROM {table} WHERE id = ?1"),
        id,
    )
}

fn shop_move(gw: &Gw, id: i64, _: &str) -> Write {
    let (version, status): (i64, String) = sql(gw, |c| {
        c.query_row(
            "SELECT version, status FROM shop WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    });
    let (to, data) = if status == "active" {
        (
            "frozen",
            json!({"id": id, "version": version, "status": "frozen", "reasonCode": "counterfeit"}),
        )
    } else {
        (
            "active",
            json!({"id": id, "version": version, "status": "active"}),
        )
    };
    Write {
        data,
        version,
        column: "status",
        expect: to.to_owned(),
    }
}

fn member_move(gw: &Gw, id: i64, _: &str) -> Write {
    let (version, status): (i64, String) = sql(gw, |c| {
        c.query_row(
            "SELECT version, status FROM member WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    });
    let (to, data) = if status == "normal" {
        (
            "banned",
            json!({"id": id, "version": version, "status": "banned", "reasonCode": "spam"}),
        )
    } else {
        (
            "normal",
            json!({"id": id, "version": version, "status": "normal"}),
        )
    };
    Write {
        data,
        version,
        column: "status",
        expect: to.to_owned(),
    }
}

fn opportunity_approval(gw: &Gw, id: i64, _: &str) -> Write {
    let version = version_of(gw, "opportunity", id);
    Write {
        data: json!({"id": id, "version": version, "approve": true}),
        version,
        column: "state",
        expect: "approved".to_owned(),
    }
}

fn dict_edit(gw: &Gw, id: i64, tag: &str) -> Write {
    let (version, ty, key, value): (i64, String, String, String) = sql(gw, |c| {
        c.query_row(
            "SELECT version, dict_type, dict_key, value FROM sys_dict WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
    });
    let label = format!("标签{tag}");
    Write {
        data: json!({"id": id, "version": version, "type": ty, "key": key, "label": label,
                     "value": value}),
        version,
        column: "label",
        expect: label,
    }
}

fn category_edit(gw: &Gw, id: i64, tag: &str) -> Write {
    let (version, parent): (i64, Option<i64>) = sql(gw, |c| {
        c.query_row(
            "SELECT version, parent_id FROM category WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    });
    let name = format!("类目{tag}");
    Write {
        data: json!({"id": id, "version": version, "parentId": parent, "name": name}),
        version,
        column: "name",
        expect: name,
    }
}

fn ad_edit(gw: &Gw, id: i64, tag: &str) -> Write {
    let row = sql(gw, |c| {
        c.query_row(
            "SELECT version, slot_id, image, link_type, link_target, start_at, end_at
             FROM ad WHERE id = ?1",
            [id],
            |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, i64>(5)?,
                    r.get::<_, i64>(6)?,
                ))
            },
        )
    });
    let (version, slot, image, link_type, link_target, start, end) = row;
    let title = format!("广告{tag}");
    Write {
        data: json!({"id": id, "version": version, "slotId": slot, "title": title,
                     "image": image, "linkType": link_type, "linkTarget": link_target,
                     "startAt": start, "endAt": end}),
        version,
        column: "title",
        expect: title,
    }
}

fn activity_edit(gw: &Gw, id: i64, tag: &str) -> Write {
    let row = sql(gw, |c| {
        c.query_row(
            "SELECT version, banner, description, start_at, end_at FROM activity WHERE id = ?1",
            [id],
            |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, i64>(4)?,
                ))
            },
        )
    });
    let (version, banner, description, start, end) = row;
    let title = format!("专题{tag}");
    Write {
        data: json!({"id": id, "version": version, "title": title, "banner": banner,
                     "description": description, "startAt": start, "endAt": end}),
        version,
        column: "title",
        expect: title,
    }
}

fn ops() -> Vec<Op> {
    vec![
        Op {
            api: "mtop.admin.shop.setStatus",
            table: "shop",
            entity: Some("shop"),
            pick: "SELECT id FROM shop WHERE status = 'active' ORDER BY id",
            repeatable: true,
            write: shop_move,
            prepare: None,
        },
        Op {
            api: "mtop.admin.member.setStatus",
            table: "member",
            entity: Some("member"),
            pick: "SELECT id FROM member WHERE status = 'normal' ORDER BY id",
            repeatable: true,
            write: member_move,
            prepare: None,
        },
        Op {
            api: "mtop.admin.opportunity.audit",
            table: "opportunity",
            entity: Some("opportunity"),
            pick: "SELECT id FROM opportunity WHERE state = 'pending' ORDER BY id",
            repeatable: false,
            write: opportunity_approval,
            prepare: Some(more_pending_opportunities),
        },
        Op {
            api: "mtop.admin.dict.save",
            table: "sys_dict",
            entity: None,
            pick: "SELECT id FROM sys_dict ORDER BY id",
            repeatable: true,
            write: dict_edit,
            prepare: None,
        },
        Op {
            api: "mtop.admin.category.save",
            table: "category",
            entity: None,
            pick: "SELECT id FROM category WHERE parent_id IS NOT NULL ORDER BY id",
            repeatable: true,
            write: category_edit,
            prepare: None,
        },
        Op {
            api: "mtop.admin.ad.save",
            table: "ad",
            entity: None,
            pick: "SELECT id FROM ad ORDER BY id",
            repeatable: true,
            write: ad_edit,
            prepare: None,
        },
        Op {
            api: "mtop.admin.activity.save",
            table: "activity",
            entity: None,
            pick: "SELECT id FROM activity WHERE status <> 'online' ORDER BY id",
            repeatable: true,
            write: activity_edit,
            prepare: Some(more_draft_activities),
        },
    ]
}

/// Calls in flight now, and the most seen at once: proof the writers overlap.
#[derive(Default)]
struct InFlight {
    now: AtomicUsize,
    most: AtomicUsize,
}

impl InFlight {
    async fn post(&self, gw: &Gw, api: &str, mat: &str, data: Value) -> Env {
        let now = self.now.fetch_add(1, Ordering::SeqCst) + 1;
        self.most.fetch_max(now, Ordering::SeqCst);
        let env = gw.post(api, mat, data).await;
        self.now.fetch_sub(1, Ordering::SeqCst);
        env
    }
}

/// Sends every `(data, tag)` at once — 32 tasks released together by a barrier — and answers the
/// codes in the order given.
async fn at_once(
    gw: &Arc<Gw>,
    mat: &str,
    api: &'static str,
    datas: Vec<Value>,
    flight: &Arc<InFlight>,
) -> Vec<String> {
    let barrier = Arc::new(Barrier::new(datas.len()));
    let tasks: Vec<_> = datas
        .into_iter()
        .map(|data| {
            let gw = Arc::clone(gw);
            let mat = mat.to_owned();
            let barrier = Arc::clone(&barrier);
            let flight = Arc::clone(flight);
            tokio::spawn(async move {
                barrier.wait().await;
                flight.post(&gw, api, &mat, data).await
            })
        })
        .collect();
    let mut codes = Vec::new();
    for t in tasks {
        let env = t.await.expect("join");
        if !env.success && env.code != "data_conflict" {
            panic!("{api}: unexpected {} {}", env.code, env.msg);
        }
        codes.push(env.code);
    }
    codes
}

/// Audit rows of `api` about record `id`.
fn audited(gw: &Gw, api: &str, id: i64) -> i64 {
    sql(gw, |c| {
        c.query_row(
            "SELECT count(*) FROM audit_log WHERE api = ?1 AND target_id = ?2",
            rusqlite::params![api, id],
            |r| r.get(0),
        )
    })
}

fn timeline(gw: &Gw, entity: &str, id: i64) -> i64 {
    sql(gw, |c| {
        c.query_row(
            "SELECT count(*) FROM state_history WHERE entity = ?1 AND record_id = ?2",
            rusqlite::params![entity, id],
            |r| r.get(0),
        )
    })
}

/// What the phases counted.
#[derive(Default)]
struct Tally {
    /// Winners of each round of one version, over every operation.
    winners: BTreeSet<usize>,
    rounds: usize,
    conflicts: usize,
    retried_writes: usize,
    lost: i64,
    distinct: usize,
    flight: Arc<InFlight>,
}

/// Phase 1: one record, one version, 32 writers; ROUNDS times.
async fn one_version(gw: &Arc<Gw>, mat: &str, op: &Op, picked: &[i64], tally: &mut Tally) {
    for round in 0..ROUNDS {
        let id = if op.repeatable {
            picked[0]
        } else {
            picked[round]
        };
        let before = version_of(gw, op.table, id);
        let audits = audited(gw, op.api, id);
        let writes: Vec<Write> = (0..WRITERS)
            .map(|w| (op.write)(gw, id, &format!("{round}-{w}")))
            .collect();
        assert!(writes.iter().all(|w| w.version == before), "{}", op.api);
        let datas = writes.iter().map(|w| w.data.clone()).collect();
        let codes = at_once(gw, mat, op.api, datas, &tally.flight).await;
        let won: Vec<usize> = (0..WRITERS).filter(|&w| codes[w] == "SUCCESS").collect();
        let conflicts = codes.iter().filter(|c| *c == "data_conflict").count();
        assert_eq!(won.len(), 1, "{} round {round}: {codes:?}", op.api);
        assert_eq!(conflicts, WRITERS - 1, "{}", op.api);
        let winner = &writes[won[0]];
        assert_eq!(version_of(gw, op.table, id), before + 1, "{}", op.api);
        assert_eq!(
            text(
                gw,
                &format!("SELECT {} FROM {} WHERE id = ?1", winner.column, op.table),
                id
            ),
            winner.expect,
            "{}: the winner's write is the one stored",
            op.api
        );
        assert_eq!(audited(gw, op.api, id), audits + 1, "{}", op.api);
        tally.winners.insert(won.len());
        tally.rounds += 1;
        tally.conflicts += conflicts;
    }
}

/// Phase 2: one record, 32 writers that re-read and retry until each has written once.
async fn until_done(gw: &Arc<Gw>, mat: &str, op: &Op, id: i64, tally: &mut Tally) {
    let before = version_of(gw, op.table, id);
    let audits = audited(gw, op.api, id);
    let moves = op.entity.map(|e| timeline(gw, e, id));
    let barrier = Arc::new(Barrier::new(WRITERS));
    let tasks: Vec<_> = (0..WRITERS)
        .map(|w| {
            let gw = Arc::clone(gw);
            let mat = mat.to_owned();
            let barrier = Arc::clone(&barrier);
            let flight = Arc::clone(&tally.flight);
            let (api, write) = (op.api, op.write);
            tokio::spawn(async move {
                barrier.wait().await;
                let mut conflicts = 0usize;
                for attempt in 0.. {
                    // Re-read on the blocking pool, as a writer reloading the record would.
                    let reread = {
                        let gw = Arc::clone(&gw);
                        tokio::task::spawn_blocking(move || {
                            write(&gw, id, &format!("retry-{w}-{attempt}")).data
                        })
                        .await
                        .expect("re-read")
                    };
                    let env = flight.post(&gw, api, &mat, reread).await;
                    match env.code.as_str() {
                        "SUCCESS" => return conflicts,
                        "data_conflict" => conflicts += 1,
                        other => panic!("{api}: writer {w} got {other} {}", env.msg),
                    }
                    assert!(
                        attempt < 10 * WRITERS,
                        "{api}: writer {w} never got through"
                    );
                }
                unreachable!()
            })
        })
        .collect();
    let mut successes = 0i64;
    for t in tasks {
        tally.conflicts += t.await.expect("join");
        successes += 1;
    }
    let after = version_of(gw, op.table, id);
    let lost = successes - (after - before);
    assert_eq!(lost, 0, "{}: {successes} writes acknowledged", op.api);
    assert_eq!(audited(gw, op.api, id) - audits, successes, "{}", op.api);
    if let (Some(entity), Some(moves)) = (op.entity, moves) {
        assert_eq!(timeline(gw, entity, id) - moves, successes, "{}", op.api);
    }
    tally.retried_writes += successes as usize;
    tally.lost += lost;
}

/// Phase 3: 32 distinct records, one writer each: every write persists.
async fn distinct(gw: &Arc<Gw>, mat: &str, op: &Op, records: &[i64], tally: &mut Tally) {
    assert_eq!(records.len(), WRITERS, "{}: enough records", op.api);
    let writes: Vec<(i64, i64, Write)> = records
        .iter()
        .enumerate()
        .map(|(w, &id)| {
            let before = version_of(gw, op.table, id);
            (id, before, (op.write)(gw, id, &format!("d{w}")))
        })
        .collect();
    let datas = writes.iter().map(|(_, _, w)| w.data.clone()).collect();
    let codes = at_once(gw, mat, op.api, datas, &tally.flight).await;
    assert!(
        codes.iter().all(|c| c == "SUCCESS"),
        "{}: {codes:?}",
        op.api
    );
    for (id, before, write) in &writes {
        assert_eq!(version_of(gw, op.table, *id), before + 1, "{}", op.api);
        let stored = text(
            gw,
            &format!("SELECT {} FROM {} WHERE id = ?1", write.column, op.table),
            *id,
        );
        assert_eq!(stored, write.expect, "{} {id}", op.api);
        tally.distinct += 1;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 8)]
async fn thirty_two_writers_per_record_lose_nothing() {
    let FileGw { gw, _dir } = file_gateway();
    let admin = gw.admin().await;
    let ops = ops();
    let mut tally = Tally::default();
    for op in &ops {
        if let Some(prepare) = op.prepare {
            prepare(&gw);
        }
        let picked = ids(&gw, op.pick);
        let needed = if op.repeatable { 1 } else { ROUNDS } + WRITERS;
        assert!(
            picked.len() >= needed,
            "{}: {} records, {needed} needed",
            op.api,
            picked.len()
        );
        one_version(&gw, &admin, op, &picked, &mut tally).await;
        if op.repeatable {
            until_done(&gw, &admin, op, picked[0], &mut tally).await;
        }
        let first = if op.repeatable { 1 } else { ROUNDS };
        distinct(&gw, &admin, op, &picked[first..first + WRITERS], &mut tally).await;
    }
    let winners: Vec<String> = tally.winners.iter().map(usize::to_string).collect();
    println!(
        "concurrency: {WRITERS} writers × {} ops, winners per version {} ({} rounds), conflicts {}, \
         {} writes retried to success, lost updates {}, {} distinct records all persisted \
         (up to {} calls in flight at once)",
        ops.len(),
        winners.join("/"),
        tally.rounds,
        tally.conflicts,
        tally.retried_writes,
        tally.lost,
        tally.distinct,
        tally.flight.most.load(Ordering::SeqCst),
    );
    assert_eq!(tally.lost, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 8)]
async fn bulk_moves_racing_single_moves_move_each_product_once() {
    let FileGw { gw, _dir } = file_gateway();
    let admin = gw.admin().await;
    const API: &str = "mtop.admin.product.setStatus";
    let products = ids(
        &gw,
        "SELECT p.id FROM product p JOIN shop s ON s.id = p.shop_id
         WHERE p.status = 'onSale' AND s.status = 'active' ORDER BY p.id LIMIT 32",
    );
    assert_eq!(products.len(), WRITERS);
    let versions: BTreeMap<i64, (i64, i64)> = products
        .iter()
        .map(|&id| {
            (
                id,
                (version_of(&gw, "product", id), timeline(&gw, "product", id)),
            )
        })
        .collect();
    let mut batches = vec![
        products.clone(),
        products.iter().rev().copied().collect::<Vec<_>>(),
    ];
    batches.extend(products.iter().map(|&id| vec![id]));
    let barrier = Arc::new(Barrier::new(batches.len()));
    let flight = Arc::new(InFlight::default());
    let tasks: Vec<_> = batches
        .into_iter()
        .map(|batch| {
            let gw = Arc::clone(&gw);
            let admin = admin.clone();
            let barrier = Arc::clone(&barrier);
            let flight = Arc::clone(&flight);
            tokio::spawn(async move {
                barrier.wait().await;
                flight
                    .post(&gw, API, &admin, json!({"ids": batch, "status": "offSale"}))
                    .await
                    .ok()
            })
        })
        .collect();
    let mut answers = Vec::new();
    for t in tasks {
        answers.push(t.await.expect("join"));
    }
    let (moved, skipped) = bulk_tally(&answers);
    let mut rows = 0;
    for &id in &products {
        assert_eq!(moved.get(&id), Some(&1), "{id} moved exactly once");
        assert_eq!(skipped.get(&id), Some(&2), "{id} skipped by the two others");
        assert_eq!(
            text(&gw, "SELECT status FROM product WHERE id = ?1", id),
            "offSale"
        );
        let (version, history) = versions[&id];
        assert_eq!(version_of(&gw, "product", id), version + 1, "{id}");
        let history = timeline(&gw, "product", id) - history;
        assert_eq!(history, 1, "{id}: one new timeline row");
        rows += history;
    }
    let audit_rows: i64 = products.iter().map(|&id| audited(&gw, API, id)).sum();
    let moved_total: usize = moved.values().sum();
    let skipped_total: usize = skipped.values().sum();
    println!(
        "concurrency: bulk product.setStatus ×2 racing {} single moves: {} products moved {} times \
         ({} skips), {rows} timeline rows, {audit_rows} audit rows (up to {} calls in flight)",
        products.len(),
        moved.len(),
        moved_total,
        skipped_total,
        flight.most.load(Ordering::SeqCst),
    );
    assert_eq!(audit_rows, rows);
}
