//! The writes' `stale` declarations held against the tables each side touches (issue 17, item 1).
//!
//! Every write of the core's catalogue names the reads a success makes stale (`OpInfo::stale`); the
//! web refreshes exactly those, and the audit log (操作日志, `audit.list`), which every write feeds.
//! This test measures, from what SQLite runs, the tables each operation touches:
//!
//! - **written** — each write is called as the administrator with valid parameters on a fresh
//!   gateway carrying temporary triggers `AFTER INSERT/UPDATE/DELETE` on every table, which note
//!   the table's name (the main schema's own triggers' writes, the shops' and products' tallies,
//!   are noted too). The call must answer SUCCESS and change a table besides the audit log: an
//!   empty measurement fails loudly instead of passing.
//! - **read** — each read is called as the administrator with valid parameters (and a list also
//!   without filters, and with the filters that reach other tables), once normally and then once
//!   for each table shadowed by a temporary view of the same name that no statement can prepare
//!   against (SQLite resolves a name in `temp` before `main`). The read reads the table when its
//!   answer then differs. This is the authorizer's view (a statement names the table), taken
//!   without one: rusqlite installs an authorizer, an update hook or a trace only through
//!   `&mut Connection`, and the store lends its connection by `&` only.
//!
//! Then for every write W and read R sharing a table, R must be in W's `stale` list, and every
//! name in the list must share a table with W: an over-declared name fails too. There is no
//! exception for reads whose answer derives from the time (an ad 投放中 or 已过期): the time moves
//! them, not a write, and a write's list is about what the write changed. The audit log and the
//! sessions are the kit's own and left out on both sides: every write
//! refreshes `audit.list` implicitly (and no other read may read the audit log), and a read that
//! rotates its token (writing the sessions) is still a read. The tables each operation reads and
//! writes are printed to stderr, and on a mismatch what each write should declare.
//!
//! The reads answered from the session cache ([`CACHED`]: the signed-in user, their menu, the
//! system menu under a role's permissions) touch no table while the cache holds: they are measured
//! with the cache reloading before each call (a user row rewritten unchanged, which the access
//! tables' triggers count), so they read whatever loading the signed-in user reads — all five
//! access tables, as the cache itself drops everything on a write to any of them.

use std::collections::{BTreeMap, BTreeSet};

use core_wasm::ops::{OpInfo, catalogue};
use mock_gateway::config::Config;
use serde_json::{Value, json};

use crate::common::*;

/// The kit's own tables, left out on both sides: the audit log (every write feeds it and the web
/// refreshes `audit.list` after every write) and the sessions (a read may rotate its token). The
/// failed sign-ins are not: 系统用户 reads them (已锁定).
const KIT_TABLES: &[&str] = &["audit_log", "session"];

/// The read of the audit log, refreshed after every write without being named.
const AUDIT_LIST: &str = "mtop.admin.audit.list";

/// Writes whose only change is their audit row: what is recorded is that someone looked
/// (`contact.reveal`: who saw whose phone). Each must write the audit log and nothing else, and
/// declare no read stale.
const AUDIT_ONLY: &[&str] = &["mtop.admin.contact.reveal"];

/// The reads answered from the session cache (`mock_gateway::cache`): the signed-in user, their
/// menu, and a role's permissions over the cached system menu. Measured with the cache reloading.
const CACHED: &[&str] = &[
    "mtop.admin.user.current",
    "mtop.admin.user.menuTree",
    "mtop.admin.user.qryMenuTree",
];

/// Calls of reads beyond their valid parameters: filters whose clause reaches another table.
fn extra_reads() -> Vec<(&'static str, Value)> {
    vec![
        // A category's subtree.
        ("mtop.admin.product.list", json!({"categoryId": 1})),
        ("mtop.admin.opportunity.list", json!({"categoryId": 1})),
        // The buyer's nickname.
        ("mtop.admin.inquiry.list", json!({"buyer": "a"})),
    ]
}

/// Parameters of writes whose matrix parameters do not succeed (the matrix wants the guard's
/// answer, not a change).
fn write_overrides() -> BTreeMap<&'static str, Value> {
    BTreeMap::from([
        (
            "mtop.admin.user.changePassword",
            json!({"oldPassword": "Admin@123", "newPassword": "Stale@2026x"}),
        ),
        // Off line (the matrix's draft has no items to go on line with); the record is looked up.
        (
            "mtop.admin.activity.setStatus",
            json!({"id": 0, "version": 0, "status": "offline"}),
        ),
    ])
}

/// Writes whose matrix parameters name a record the write leaves as it is (the matrix asks only
/// that the guard let the call in): the record (id, version) that moves.
fn write_lookups() -> BTreeMap<&'static str, &'static str> {
    BTreeMap::from([
        (
            "mtop.admin.product.setStatus",
            "SELECT id, version FROM product WHERE status = 'onSale' ORDER BY id LIMIT 1",
        ),
        (
            "mtop.admin.activity.setStatus",
            "SELECT id, version FROM activity WHERE status = 'online' ORDER BY id LIMIT 1",
        ),
    ])
}

/// Calls of writes beyond their valid parameters, whose tables count too: what a write may also
/// change (a user's roles, an activity's items). Each with the record it names (id, version).
fn write_variants() -> Vec<(&'static str, Value, &'static str)> {
    vec![
        (
            "mtop.admin.user.update",
            json!({"nickname": "运营小王", "roleIds": [1]}),
            "SELECT id, version FROM sys_user WHERE username = 'operator'",
        ),
        (
            "mtop.admin.activity.saveItems",
            json!({"items": [{"kind": "shop", "targetId": 2}]}),
            "SELECT id, version FROM activity WHERE status = 'draft' ORDER BY id LIMIT 1",
        ),
    ]
}

type Tables = BTreeSet<String>;

/// A gateway of its own (every read runs its query).
fn gateway() -> Gw {
    Gw::with(Config::for_tests(), Vec::new())
}

/// The tables of `gw`'s main schema.
fn tables(gw: &Gw) -> Vec<String> {
    gw.state
        .store
        .read(|c| {
            // Ordinary tables only: a full-text index (a virtual table, and its own shadow tables)
            // takes no trigger, and is written and read with the table it indexes.
            Ok(c.prepare(
                "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' \
                 AND name NOT LIKE 'sqlite_%' ORDER BY name",
            )?
            .query_map([], |r| r.get(0))?
            .collect::<Result<Vec<String>, _>>()?)
        })
        .expect("list the tables")
}

/// Valid parameters of every operation: the authorization matrix's.
fn params() -> BTreeMap<&'static str, Value> {
    let mut all = crate::system::valid_params();
    all.extend(crate::authz_matrix::other_params());
    all.extend(write_overrides());
    all
}

/// Fills in the seeded records some valid calls name (`system::looked_up`).
fn look_up(gw: &Gw, api: &str, data: &mut Value) {
    if let Some((field, sql)) = crate::system::looked_up().remove(api) {
        let found: i64 = gw
            .state
            .store
            .read(|c| Ok(c.query_row(sql, [], |r| r.get(0))?))
            .unwrap_or_else(|e| panic!("{api}: {sql}: {e:?}"));
        data[field] = json!(found);
    }
}

/// A category with at least two children and its children's ids reversed: a sort that moves
/// something (the matrix's sorts an empty list, which changes nothing).
fn category_reorder(gw: &Gw) -> Value {
    let (parent, ids): (i64, String) = gw
        .state
        .store
        .read(|c| {
            Ok(c.query_row(
                "SELECT parent_id, group_concat(id) FROM \
                 (SELECT parent_id, id FROM category WHERE parent_id IS NOT NULL \
                  ORDER BY parent_id, sort DESC, id DESC) \
                 GROUP BY parent_id HAVING count(*) > 1 ORDER BY parent_id LIMIT 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?)
        })
        .expect("a category with children");
    let ids: Vec<i64> = ids.split(',').map(|i| i.parse().expect("an id")).collect();
    json!({"parentId": parent, "ids": ids})
}

/// Notes every row written to a table of the main schema in `temp.stale_written` (without a key:
/// an outer statement's conflict clause would override an `OR IGNORE` of the trigger's).
fn note_writes(gw: &Gw) {
    let mut sql = String::from("CREATE TEMP TABLE stale_written (tbl TEXT NOT NULL);\n");
    for t in tables(gw) {
        for (what, event) in [("i", "INSERT"), ("u", "UPDATE"), ("d", "DELETE")] {
            sql.push_str(&format!(
                "CREATE TEMP TRIGGER \"stale_{what}_{t}\" AFTER {event} ON main.\"{t}\" BEGIN \
                 INSERT INTO temp.stale_written (tbl) VALUES ('{t}'); END;\n"
            ));
        }
    }
    gw.state
        .store
        .read(|c| Ok(c.execute_batch(&sql)?))
        .expect("install the noting triggers");
}

fn written(gw: &Gw) -> Tables {
    gw.state
        .store
        .read(|c| {
            Ok(c.prepare("SELECT DISTINCT tbl FROM temp.stale_written")?
                .query_map([], |r| r.get(0))?
                .collect::<Result<Tables, _>>()?)
        })
        .expect("read the noted writes")
}

/// Shadows `table` (or lifts the shadow) by a temporary view no statement can prepare against.
fn shadow(gw: &Gw, table: &str, on: bool) {
    let sql = if on {
        format!("CREATE TEMP VIEW \"{table}\" AS SELECT stale_knocked_out FROM main.\"{table}\"")
    } else {
        format!("DROP VIEW temp.\"{table}\"")
    };
    gw.state
        .store
        .read(|c| {
            c.execute_batch(&sql)?;
            // Statements prepared before resolved the name to the table: prepare them again.
            c.flush_prepared_statement_cache();
            Ok(())
        })
        .expect("shadow a table");
}

/// Makes the session cache reload: a user row rewritten unchanged (the access tables' triggers
/// count it). Err when the store cannot write while a table is shadowed.
fn reload_cache(gw: &Gw) -> Result<(), String> {
    gw.state
        .store
        .write(|tx| {
            tx.execute(
                "UPDATE main.sys_user SET nickname = nickname \
                 WHERE id = (SELECT min(id) FROM main.sys_user)",
                [],
            )?;
            Ok(())
        })
        .map_err(|e| format!("{e:?}"))
}

/// One measured read call.
struct ReadCall {
    op: &'static OpInfo,
    data: Value,
}

fn read_calls(gw: &Gw) -> Vec<ReadCall> {
    let mut params = params();
    let mut calls = Vec::new();
    let mut missing = Vec::new();
    let extra = extra_reads();
    for op in catalogue().filter(|op| !op.is_write()) {
        let Some(data) = params.remove(op.api) else {
            missing.push(op.api);
            continue;
        };
        let mut datas = vec![data];
        // A paged list's default call (its filters all optional).
        if op.answer.contains("Page") {
            datas.push(json!({}));
        }
        if op.api == "mtop.admin.history.list" {
            // Every timeline: each reads its own record's table.
            for (entity, table, _) in mock_gateway::api::history::TIMELINES {
                let id: i64 = gw
                    .state
                    .store
                    .read(|c| {
                        Ok(c.query_row(&format!("SELECT min(id) FROM {table}"), [], |r| r.get(0))?)
                    })
                    .unwrap_or_else(|e| panic!("a record of {table}: {e:?}"));
                datas.push(json!({"entity": entity.name(), "id": id}));
            }
        }
        datas.extend(
            extra
                .iter()
                .filter(|(a, _)| *a == op.api)
                .map(|(_, d)| d.clone()),
        );
        let mut seen = BTreeSet::new();
        for data in datas {
            if seen.insert(data.to_string()) {
                calls.push(ReadCall { op, data });
            }
        }
    }
    assert!(
        missing.is_empty(),
        "reads without valid parameters: {missing:?}"
    );
    calls
}

async fn call(gw: &Gw, op: &OpInfo, mat: &str, data: Value) -> Env {
    gw.call_at("/m", op.method, op.api, mat, data).await
}

fn same(a: &Env, b: &Env) -> bool {
    a.success == b.success && a.code == b.code && a.data == b.data
}

/// The tables each read reads (its api → tables), over all its calls.
async fn measure_reads() -> BTreeMap<&'static str, Tables> {
    let gw = gateway();
    let admin = gw.admin().await;
    let calls = read_calls(&gw);
    let mut reads: BTreeMap<&'static str, Tables> = BTreeMap::new();
    let mut baselines = Vec::new();
    for c in &calls {
        let cached = CACHED.contains(&c.op.api);
        if cached {
            reload_cache(&gw).expect("reload the session cache");
        }
        let env = call(&gw, c.op, &admin, c.data.clone()).await;
        assert!(
            env.success,
            "{} {} as admin: {} {} (its tables cannot be measured)",
            c.op.api, c.data, env.code, env.msg
        );
        reads.entry(c.op.api).or_default();
        baselines.push(env);
    }
    let current = catalogue()
        .find(|op| op.api == "mtop.admin.user.current")
        .expect("user.current");
    let mut spared = Vec::new();
    for table in tables(&gw) {
        shadow(&gw, &table, true);
        // A table the session check reads on every call: no read's answer can tell.
        let probe = call(&gw, current, &admin, json!({})).await;
        if !probe.success {
            assert!(
                KIT_TABLES.contains(&table.as_str()),
                "every call's session check reads {table}, which is not the kit's own"
            );
            spared.push(table.clone());
            shadow(&gw, &table, false);
            continue;
        }
        for (c, baseline) in calls.iter().zip(&baselines) {
            if CACHED.contains(&c.op.api) {
                continue;
            }
            let env = call(&gw, c.op, &admin, c.data.clone()).await;
            if !same(&env, baseline) {
                reads.entry(c.op.api).or_default().insert(table.clone());
            }
        }
        // Last, as the cache stays empty when loading it fails. A table every write reads (the
        // store's own bookkeeping) cannot be shadowed around a reload: no cached read reads it.
        if reload_cache(&gw).is_ok() {
            for (c, baseline) in calls.iter().zip(&baselines) {
                if !CACHED.contains(&c.op.api) {
                    continue;
                }
                reload_cache(&gw).expect("reload the session cache");
                let env = call(&gw, c.op, &admin, c.data.clone()).await;
                if !same(&env, baseline) {
                    reads.entry(c.op.api).or_default().insert(table.clone());
                }
            }
        }
        shadow(&gw, &table, false);
        // Loaded again for the next table's calls.
        call(&gw, current, &admin, json!({})).await.ok();
    }
    if !spared.is_empty() {
        eprintln!("stale: tables every call's session check reads (no read measured): {spared:?}");
    }
    reads
}

/// The tables one write writes, on a fresh gateway.
async fn measure_write(op: &'static OpInfo, data: Value, lookup: Option<&str>) -> Tables {
    let gw = gateway();
    let mut data = data;
    let mat = if op.api == "mtop.admin.user.login" {
        String::new()
    } else {
        gw.admin().await
    };
    if let Some((api, made)) = crate::system::made_first().remove(op.api) {
        let made = gw.post(api, &mat, made).await.ok();
        data["id"] = crate::system::made_id(&made);
    }
    if op.api == "mtop.admin.user.unlock" {
        // Something to forget: a failed sign-in of the user unlocked.
        gw.post(
            "mtop.admin.user.login",
            "",
            json!({"username": "operator", "password": "Wrong#2026"}),
        )
        .await
        .fails("user_login_failed");
    }
    if op.api == "mtop.admin.category.sort" {
        data = category_reorder(&gw);
    } else if op.api.ends_with(".sort") {
        // The matrix's sorts keep the seeded order (nothing moves): reversed, everything does.
        if let Some(ids) = data["ids"].as_array_mut() {
            ids.reverse();
        }
    }
    if let Some(sql) = lookup {
        let (id, version): (i64, i64) = gw
            .state
            .store
            .read(|c| Ok(c.query_row(sql, [], |r| Ok((r.get(0)?, r.get(1)?)))?))
            .unwrap_or_else(|e| panic!("{}: {sql}: {e:?}", op.api));
        if data.get("ids").is_some() {
            data["ids"] = json!([id]);
        } else {
            data["id"] = json!(id);
            data["version"] = json!(version);
        }
    }
    look_up(&gw, op.api, &mut data);
    note_writes(&gw);
    let env = call(&gw, op, &mat, data.clone()).await;
    assert!(
        env.success && env.code == "SUCCESS",
        "{} {data} as admin answered {} {}: a write that fails writes nothing to measure",
        op.api,
        env.code,
        env.msg
    );
    let written = written(&gw);
    if AUDIT_ONLY.contains(&op.api) {
        assert!(
            written.len() == 1 && written.contains("audit_log") && op.stale.is_empty(),
            "{} {data} should write its audit row only and declare nothing stale: wrote \
             {written:?}, declares {:?}",
            op.api,
            op.stale
        );
        return written;
    }
    assert!(
        written.iter().any(|t| t != "audit_log"),
        "{} {data} answered SUCCESS ({}) but changed no table besides the audit log \
         ({written:?}): give it parameters that change something",
        op.api,
        env.data
    );
    written
}

fn kit(t: &str) -> bool {
    KIT_TABLES.contains(&t)
}

fn short(api: &str) -> &str {
    api.trim_start_matches("mtop.admin.")
}

fn list(tables: &Tables) -> String {
    tables.iter().cloned().collect::<Vec<_>>().join(", ")
}

#[tokio::test]
async fn every_write_names_the_reads_whose_tables_it_writes() {
    let reads = measure_reads().await;
    let mut params = params();
    let mut writes: Vec<(&'static OpInfo, Tables)> = Vec::new();
    for op in catalogue().filter(|op| op.is_write()) {
        let data = params
            .remove(op.api)
            .unwrap_or_else(|| panic!("{}: no valid parameters", op.api));
        let mut tables = measure_write(op, data, write_lookups().remove(op.api)).await;
        for (_, data, lookup) in write_variants()
            .into_iter()
            .filter(|(a, _, _)| *a == op.api)
        {
            tables.extend(measure_write(op, data, Some(lookup)).await);
        }
        writes.push((op, tables));
    }

    // The measurements, for whoever fixes a declaration.
    let mut out = String::from("\nstale: tables each operation touches (kit's own in brackets)\n");
    let shown = |tables: &Tables| {
        tables
            .iter()
            .map(|t| if kit(t) { format!("[{t}]") } else { t.clone() })
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (api, tables) in &reads {
        out.push_str(&format!("  R {:<28} {}\n", short(api), shown(tables)));
    }
    for (op, tables) in &writes {
        out.push_str(&format!("  W {:<28} {}\n", short(op.api), shown(tables)));
    }
    eprint!("{out}");

    let mut wrong = Vec::new();
    // Only the audit log reads the audit table: the implicit refresh covers no other read.
    for (api, tables) in &reads {
        if *api != AUDIT_LIST && tables.contains("audit_log") {
            wrong.push(format!(
                "{} reads audit_log: the web refreshes only audit.list after every write",
                short(api)
            ));
        }
        if tables.iter().all(|t| kit(t)) && *api != AUDIT_LIST {
            wrong.push(format!(
                "{} reads no table (answered from a cache? see CACHED)",
                short(api)
            ));
        }
    }
    let mut should = Vec::new();
    for (op, written) in &writes {
        let written: Tables = written.iter().filter(|t| !kit(t)).cloned().collect();
        let mut needed = Vec::new();
        for (api, read) in &reads {
            let shared: Tables = written.intersection(read).cloned().collect();
            let declared = op.stale.contains(api);
            if *api == AUDIT_LIST {
                if declared {
                    wrong.push(format!(
                        "{} names audit.list: every write refreshes it, leave it out",
                        short(op.api)
                    ));
                }
                continue;
            }
            if !shared.is_empty() {
                needed.push(short(api));
            }
            if !shared.is_empty() && !declared {
                wrong.push(format!(
                    "{} misses {} (both touch {})",
                    short(op.api),
                    short(api),
                    list(&shared)
                ));
            } else if shared.is_empty() && declared {
                wrong.push(format!(
                    "{} names {}, which reads none of the tables it writes ({})",
                    short(op.api),
                    short(api),
                    list(&written)
                ));
            }
        }
        for name in op.stale {
            if !reads.contains_key(name) {
                wrong.push(format!(
                    "{} names {name}, which is not a read",
                    short(op.api)
                ));
            }
        }
        let declared: BTreeSet<&str> = op.stale.iter().map(|a| short(a)).collect();
        if declared != needed.iter().copied().collect() {
            should.push(format!("  {}: [{}]", short(op.api), needed.join(", ")));
        }
    }
    if !should.is_empty() {
        eprintln!(
            "stale: what the writes should declare\n{}",
            should.join("\n")
        );
    }
    assert!(
        wrong.is_empty(),
        "the writes' stale declarations (core-wasm/src/ops/*.rs) differ from the tables:\n{}",
        wrong.join("\n")
    );
}
