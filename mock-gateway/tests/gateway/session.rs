//! Session calls, tokens, rotation, expiry and the lockout.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use mock_gateway::config::MINUTE_MS;
use mock_gateway::store::sessions::Counter;
use serde_json::{Value, json};
use tokio::task::JoinHandle;

use crate::common::*;

#[tokio::test]
async fn login_answers_user_info_and_a_token() {
    let gw = Gw::new();
    let env = gw
        .post(
            "mtop.admin.user.login",
            "",
            json!({"username": "admin", "password": "Admin@123"}),
        )
        .await;
    let mat = env.mat.clone().expect("meta.mat");
    assert_eq!(mat.len(), 64, "256 bits as hex");
    let data = env.ok();
    assert_eq!(data["name"], "admin");
    assert_eq!(data["nickname"], "系统管理员");
    assert_eq!(data["roles"], json!(["超级管理员"]));
    assert_eq!(data["avatar"], "");
    assert!(data["id"].as_i64().is_some());
    // This browser's device token: the sign-in answers it, `current` never does.
    let mut data = data;
    let device = data
        .as_object_mut()
        .and_then(|o| o.remove("device"))
        .expect("a device token");
    assert_eq!(device.as_str().map(str::len), Some(64), "256 bits as hex");

    let me = gw
        .get("mtop.admin.user.current", &mat, json!({}))
        .await
        .ok();
    assert_eq!(me, data);

    // The username is matched case-insensitively; the stored spelling is answered.
    let env = gw
        .post(
            "mtop.admin.user.login",
            "",
            json!({"username": "DontHaveAccess", "password": "NoAccess@123"}),
        )
        .await
        .ok();
    assert_eq!(env["name"], "dontHaveAccess");
}

#[tokio::test]
async fn login_failures_and_missing_fields() {
    let gw = Gw::new();
    let env = gw
        .post(
            "mtop.admin.user.login",
            "",
            json!({"username": "admin", "password": "wrong"}),
        )
        .await
        .fails("user_login_failed");
    assert_eq!(env.msg, "用户名或密码错误");
    assert_eq!(env.mat, None);
    // An unknown user gets the very same answer.
    let env = gw
        .post(
            "mtop.admin.user.login",
            "",
            json!({"username": "nobody", "password": "Whatever@1"}),
        )
        .await
        .fails("user_login_failed");
    assert_eq!(env.msg, "用户名或密码错误");
    let env = gw
        .post("mtop.admin.user.login", "", json!({}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["username", "password"]);
    assert_eq!(env.msg, "请输入用户名");
}

#[tokio::test]
async fn five_failures_lock_the_account_for_fifteen_minutes() {
    let gw = Gw::new();
    let bad = json!({"username": "operator", "password": "nope"});
    for _ in 0..4 {
        gw.post("mtop.admin.user.login", "", bad.clone())
            .await
            .fails("user_login_failed");
    }
    let env = gw
        .post("mtop.admin.user.login", "", bad.clone())
        .await
        .fails("user_login_locked");
    assert_eq!(env.msg, "登录失败次数过多，请15分钟后再试");
    // Even the right password is refused while locked.
    let good = json!({"username": "operator", "password": "Operator@123"});
    gw.post("mtop.admin.user.login", "", good.clone())
        .await
        .fails("user_login_locked");
    // Other accounts are not affected (per account, not per address).
    gw.admin().await;
    // After the window the failures have aged out.
    gw.clock.advance(15 * MINUTE_MS + 1);
    gw.post("mtop.admin.user.login", "", good.clone())
        .await
        .ok();
}

/// A gateway whose password hash is slow enough (a few ms) that parallel sign-ins overlap.
fn slow_gw() -> Arc<Gw> {
    let config = mock_gateway::Config {
        hash_cost: mock_gateway::config::HashCost {
            memory_kib: 4096,
            iterations: 2,
        },
        ..mock_gateway::Config::for_tests()
    };
    Arc::new(Gw::with(config, Vec::new()))
}

fn operator_with(password: &str) -> Value {
    json!({"username": "operator", "password": password})
}

fn right() -> Value {
    operator_with("Operator@123")
}

fn wrong() -> Value {
    operator_with("nope")
}

fn spawn_login(gw: &Arc<Gw>, body: Value) -> JoinHandle<Env> {
    let gw = gw.clone();
    tokio::spawn(async move { gw.post("mtop.admin.user.login", "", body).await })
}

/// Sends every sign-in at once; the answers in the order of `bodies`.
async fn race(gw: &Arc<Gw>, bodies: Vec<Value>) -> Vec<Env> {
    let tasks: Vec<_> = bodies.into_iter().map(|b| spawn_login(gw, b)).collect();
    let mut answers = Vec::new();
    for t in tasks {
        answers.push(t.await.expect("join"));
    }
    answers
}

/// How many answers had each code.
fn tally<'a>(answers: impl IntoIterator<Item = &'a Env>) -> BTreeMap<String, usize> {
    let mut codes = BTreeMap::new();
    for a in answers {
        *codes.entry(a.code.clone()).or_default() += 1;
    }
    codes
}

fn codes<const N: usize>(pairs: [(&str, usize); N]) -> BTreeMap<String, usize> {
    pairs.into_iter().map(|(c, n)| (c.to_owned(), n)).collect()
}

/// The operator's anonymous count.
const OPERATOR: Counter<'static> = Counter {
    username: "operator",
    device: None,
};

/// The operator's failures within the lockout window (the anonymous count).
fn recorded(gw: &Gw) -> i64 {
    let window = mock_gateway::config::Lockout::default().window_ms;
    gw.state
        .store
        .read(|c| mock_gateway::store::sessions::failures_since(c, OPERATOR, START_MS - window))
        .expect("read")
}

/// Waits until an attempt on the operator's account is being checked (or has been answered).
async fn until_in_flight(gw: &Gw, first: &JoinHandle<Env>) {
    while gw.state.sessions.attempts().in_flight(&OPERATOR.key()) == 0 && !first.is_finished() {
        tokio::task::yield_now().await;
    }
}

async fn fail_four_times(gw: &Gw) {
    for _ in 0..4 {
        gw.post("mtop.admin.user.login", "", wrong())
            .await
            .fails("user_login_failed");
    }
}

/// Parallel wrong passwords: at most five are checked before the account locks, so exactly five
/// failures are recorded; the fifth answers locked, like the rest.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn parallel_wrong_passwords_lock_after_exactly_five() {
    for n in [12, 20] {
        let gw = slow_gw();
        let answers = race(&gw, vec![wrong(); n]).await;
        assert_eq!(
            tally(&answers),
            codes([("user_login_failed", 4), ("user_login_locked", n - 4)]),
            "{n} in parallel"
        );
        assert_eq!(recorded(&gw), 5);
        assert_eq!(gw.state.sessions.attempts().in_flight("operator"), 0);
        gw.post("mtop.admin.user.login", "", right())
            .await
            .fails("user_login_locked");
    }
}

/// Parallel right passwords are never counted as failures: every one signs in with a token of
/// its own (they used to see each other as failures and about half were refused as locked).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn parallel_right_passwords_all_sign_in() {
    for n in [10, 32] {
        let gw = slow_gw();
        let answers = race(&gw, vec![right(); n]).await;
        assert_eq!(tally(&answers), codes([("SUCCESS", n)]), "{n} in parallel");
        let tokens: BTreeSet<String> = answers
            .into_iter()
            .map(|a| a.mat.expect("meta.mat"))
            .collect();
        assert_eq!(tokens.len(), n, "each sign-in has its own token");
        for token in &tokens {
            let me = gw
                .get("mtop.admin.user.current", token, json!({}))
                .await
                .ok();
            assert_eq!(me["name"], "operator");
        }
        assert_eq!(recorded(&gw), 0);
        assert_eq!(gw.state.sessions.attempts().in_flight("operator"), 0);
    }
}

/// Fewer than five wrong passwords racing right ones cannot lock the account, so every right one
/// signs in and every wrong one is refused as wrong.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn four_wrong_passwords_racing_right_ones_lock_nobody() {
    let gw = slow_gw();
    let bodies: Vec<Value> = (0..20)
        .map(|i| if i % 5 == 2 { wrong() } else { right() })
        .collect();
    let answers = race(&gw, bodies.clone()).await;
    for (body, answer) in bodies.iter().zip(&answers) {
        let expected = if body == &right() {
            "SUCCESS"
        } else {
            "user_login_failed"
        };
        assert_eq!(answer.code, expected, "{body}");
    }
    assert!(recorded(&gw) <= 4);
    gw.operator().await;
}

/// With four failures recorded only one attempt is checked at a time: when a wrong password is
/// checked first, it is the fifth failure and the attempts waiting behind it, right ones
/// included, find the account locked.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_fifth_wrong_password_in_flight_locks_the_attempts_behind_it() {
    let gw = slow_gw();
    fail_four_times(&gw).await;
    let first = spawn_login(&gw, wrong());
    until_in_flight(&gw, &first).await;
    let behind = race(&gw, [vec![right(); 8], vec![wrong(); 2]].concat()).await;
    first.await.expect("join").fails("user_login_locked");
    assert_eq!(tally(&behind), codes([("user_login_locked", 10)]));
    assert_eq!(recorded(&gw), 5);
}

/// With four failures recorded, a right password checked first clears them; the attempts that
/// waited behind it are then checked against a clean count: the right ones sign in, the wrong
/// ones (fewer than five) are refused as wrong.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_right_password_in_flight_clears_the_way_for_the_attempts_behind_it() {
    let gw = slow_gw();
    fail_four_times(&gw).await;
    let first = spawn_login(&gw, right());
    until_in_flight(&gw, &first).await;
    let bodies = [vec![right(); 8], vec![wrong(); 3]].concat();
    let behind = race(&gw, bodies).await;
    first.await.expect("join").ok();
    assert_eq!(
        tally(&behind),
        codes([("SUCCESS", 8), ("user_login_failed", 3)])
    );
    assert!(recorded(&gw) <= 3);
}

/// Four failures recorded, then right and wrong passwords all at once: whichever is checked first
/// decides, and either every attempt is locked (a wrong one was the fifth failure) or every right
/// one signs in and every wrong one is refused as wrong. A right password is never refused as
/// locked unless five failures came first.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_right_and_wrong_passwords_after_four_failures_agree_with_one_order() {
    for round in 0..4 {
        let gw = slow_gw();
        fail_four_times(&gw).await;
        let bodies: Vec<Value> = (0..12)
            .map(|i| {
                if (i + round) % 4 == 0 {
                    wrong()
                } else {
                    right()
                }
            })
            .collect();
        let answers = race(&gw, bodies).await;
        let outcome = tally(&answers);
        if outcome.contains_key("user_login_locked") {
            assert_eq!(outcome, codes([("user_login_locked", 12)]), "round {round}");
            assert_eq!(recorded(&gw), 5);
        } else {
            assert_eq!(
                outcome,
                codes([("SUCCESS", 9), ("user_login_failed", 3)]),
                "round {round}"
            );
            assert!(recorded(&gw) <= 3);
        }
    }
}

#[tokio::test]
async fn a_success_resets_the_failure_count() {
    let gw = Gw::new();
    let bad = json!({"username": "operator", "password": "nope"});
    for _ in 0..4 {
        gw.post("mtop.admin.user.login", "", bad.clone())
            .await
            .fails("user_login_failed");
    }
    gw.operator().await;
    for _ in 0..4 {
        gw.post("mtop.admin.user.login", "", bad.clone())
            .await
            .fails("user_login_failed");
    }
    gw.operator().await;
}

#[tokio::test]
async fn missing_unknown_and_logged_out_tokens_are_invalid() {
    let gw = Gw::new();
    let env = gw
        .get("mtop.admin.user.current", "", json!({}))
        .await
        .fails("user_need_login_token_invalid");
    assert_eq!(env.msg, "登录已失效，请重新登录");
    gw.get("mtop.admin.user.menuTree", &"0".repeat(64), json!({}))
        .await
        .fails("user_need_login_token_invalid");

    let mat = gw.admin().await;
    let other = gw.admin().await;
    let env = gw.post("mtop.admin.user.logout", &mat, json!({})).await;
    assert_eq!(env.mat, None);
    env.ok();
    gw.get("mtop.admin.user.current", &mat, json!({}))
        .await
        .fails("user_need_login_token_invalid");
    // Another sign-in of the same user lives on.
    gw.get("mtop.admin.user.current", &other, json!({}))
        .await
        .ok();
}

#[tokio::test]
async fn sessions_expire_after_thirty_idle_minutes() {
    let gw = Gw::new();
    let mat = gw.admin().await;
    gw.clock.advance(9 * MINUTE_MS);
    gw.get("mtop.admin.user.current", &mat, json!({}))
        .await
        .ok();
    gw.clock.advance(30 * MINUTE_MS + 1);
    gw.get("mtop.admin.user.current", &mat, json!({}))
        .await
        .fails("user_need_login_token_invalid");
}

#[tokio::test]
async fn tokens_rotate_after_ten_minutes_with_a_grace_for_the_old_one() {
    let gw = Gw::new();
    let old = gw.admin().await;
    gw.clock.advance(9 * MINUTE_MS);
    let env = gw.get("mtop.admin.user.current", &old, json!({})).await;
    assert_eq!(env.mat, None, "no rotation before ten minutes");
    gw.clock.advance(MINUTE_MS + 1);
    let env = gw.get("mtop.admin.user.menuTree", &old, json!({})).await;
    let new = env.mat.clone().expect("rotated");
    assert_ne!(new, old);
    env.ok();
    // A parallel request with the old token still works and does not rotate again.
    let env = gw.get("mtop.admin.user.current", &old, json!({})).await;
    assert_eq!(env.mat, None);
    env.ok();
    gw.get("mtop.admin.user.current", &new, json!({}))
        .await
        .ok();
    // After the grace the old token is dead, the new one lives.
    gw.clock.advance(MINUTE_MS + 1);
    gw.get("mtop.admin.user.current", &old, json!({}))
        .await
        .fails("user_need_login_token_invalid");
    let env = gw.get("mtop.admin.user.current", &new, json!({})).await;
    assert_eq!(env.mat, None);
    env.ok();
}

#[tokio::test]
async fn a_failed_call_still_delivers_the_rotated_token() {
    let gw = Gw::new();
    let old = gw.admin().await;
    gw.clock.advance(10 * MINUTE_MS);
    let env = gw
        .post("mtop.admin.user.delete", &old, json!({"id": 999}))
        .await;
    let new = env
        .mat
        .clone()
        .expect("rotated even though the call failed");
    env.fails("data_not_found");
    gw.get("mtop.admin.user.current", &new, json!({}))
        .await
        .ok();
}

#[tokio::test]
async fn activity_does_not_outlive_the_twelve_hour_limit() {
    let gw = Gw::new();
    let mut mat = gw.admin().await;
    // Stay active every 20 minutes, following rotations, for 12 hours.
    for _ in 0..(12 * 3 - 1) {
        gw.clock.advance(20 * MINUTE_MS);
        let env = gw.get("mtop.admin.user.current", &mat, json!({})).await;
        if let Some(new) = env.mat.clone() {
            mat = new;
        }
        env.ok();
    }
    gw.clock.advance(20 * MINUTE_MS);
    gw.get("mtop.admin.user.current", &mat, json!({}))
        .await
        .fails("user_need_login_token_invalid");
}

#[tokio::test]
async fn logout_after_a_rotation_ends_the_successor_too() {
    let gw = Gw::new();
    let old = gw.admin().await;
    gw.clock.advance(10 * MINUTE_MS);
    let new = gw
        .get("mtop.admin.user.current", &old, json!({}))
        .await
        .mat
        .expect("rotated");
    let env = gw.post("mtop.admin.user.logout", &old, json!({})).await;
    assert_eq!(env.mat, None);
    env.ok();
    gw.get("mtop.admin.user.current", &new, json!({}))
        .await
        .fails("user_need_login_token_invalid");
}

#[tokio::test]
async fn change_password_checks_the_old_one_and_the_policy_and_ends_other_sessions() {
    let gw = Gw::new();
    let mat = gw.operator().await;
    let elsewhere = gw.operator().await;
    let env = gw
        .post(
            "mtop.admin.user.changePassword",
            &mat,
            json!({"oldPassword": "wrong", "newPassword": "Better@2026"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["oldPassword"]);
    assert_eq!(env.msg, "原密码不正确");
    let env = gw
        .post(
            "mtop.admin.user.changePassword",
            &mat,
            json!({"oldPassword": "Operator@123", "newPassword": "short"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["newPassword"]);
    assert_eq!(env.msg, "新密码长度须为8-64位");
    let env = gw
        .post(
            "mtop.admin.user.changePassword",
            &mat,
            json!({"oldPassword": "Operator@123", "newPassword": "xOperator@1"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.msg, "新密码不能包含用户名");
    gw.post(
        "mtop.admin.user.changePassword",
        &mat,
        json!({"oldPassword": "Operator@123", "newPassword": "Better@2026"}),
    )
    .await
    .ok();
    gw.get("mtop.admin.user.current", &mat, json!({}))
        .await
        .ok();
    gw.get("mtop.admin.user.current", &elsewhere, json!({}))
        .await
        .fails("user_need_login_token_invalid");
    gw.post(
        "mtop.admin.user.login",
        "",
        json!({"username": "operator", "password": "Operator@123"}),
    )
    .await
    .fails("user_login_failed");
    gw.login("operator", "Better@2026").await;
}

#[tokio::test]
async fn a_disabled_user_cannot_sign_in_and_loses_their_sessions() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let op = gw.operator().await;
    let list = gw
        .get(
            "mtop.admin.user.list",
            &admin,
            json!({"username": "operator"}),
        )
        .await
        .ok();
    let item = &list["list"][0];
    gw.post(
        "mtop.admin.user.update",
        &admin,
        json!({"id": item["id"], "version": item["version"], "status": "disabled"}),
    )
    .await
    .ok();
    gw.get("mtop.admin.user.current", &op, json!({}))
        .await
        .fails("user_need_login_token_invalid");
    gw.post(
        "mtop.admin.user.login",
        "",
        json!({"username": "operator", "password": "Operator@123"}),
    )
    .await
    .fails("user_login_failed");
}

#[tokio::test]
async fn session_activity_is_flushed_and_sessions_survive_a_reload() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = mock_gateway::Config {
        db: mock_gateway::config::DbLocation::File(dir.path().join("g.sqlite3")),
        ..mock_gateway::Config::for_tests()
    };
    let gw = Gw::with(config.clone(), Vec::new());
    let mat = gw.admin().await;
    gw.clock.advance(9 * MINUTE_MS);
    let env = gw.get("mtop.admin.user.current", &mat, json!({})).await;
    assert_eq!(env.mat, None);
    env.ok();
    gw.state.shutdown().expect("flush");
    let now = gw.clock.now();
    drop(gw);

    // A new process 25 minutes later, 34 minutes after login: the last use (at 9 min) was
    // persisted, so the session is alive.
    let gw = Gw::with(config, Vec::new());
    gw.clock.set(now + 25 * MINUTE_MS);
    gw.get("mtop.admin.user.current", &mat, json!({}))
        .await
        .ok();
}

/// Runs `call` while another thread holds the database writer for `hold`, counting how often a
/// 5 ms timer fires on this (single-threaded) runtime meanwhile: if the call blocked the worker on
/// the database, the timer could not fire until the writer was free.
async fn ticks_while_the_writer_is_busy<F: std::future::Future<Output = Env>>(
    gw: &Gw,
    hold: std::time::Duration,
    call: F,
) -> (Env, u32) {
    let (locked_tx, locked_rx) = tokio::sync::oneshot::channel();
    let state = gw.state.clone();
    let holder = std::thread::spawn(move || {
        state
            .store
            .write(|_| {
                let _ = locked_tx.send(());
                std::thread::sleep(hold);
                Ok(())
            })
            .expect("hold the writer");
    });
    locked_rx.await.expect("the writer is held");
    let ticks = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
    let ticker = {
        let ticks = ticks.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
                ticks.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        })
    };
    let env = call.await;
    let n = ticks.load(std::sync::atomic::Ordering::Relaxed);
    ticker.abort();
    holder.join().expect("holder");
    (env, n)
}

#[tokio::test(flavor = "current_thread")]
async fn authentication_that_needs_the_database_never_blocks_the_async_worker() {
    // In memory, reads share the writer's connection: a cache miss waits for it too.
    let gw = Gw::new();
    let hold = std::time::Duration::from_millis(600);
    let mat = gw.admin().await;

    // A rotation is due: it must be written.
    gw.clock.advance(10 * MINUTE_MS);
    let (env, ticks) = ticks_while_the_writer_is_busy(
        &gw,
        hold,
        gw.get("mtop.admin.user.menuTree", &mat, json!({})),
    )
    .await;
    let new = env.mat.clone().expect("rotated");
    env.ok();
    assert!(
        ticks >= 20,
        "the worker was blocked during a rotation: {ticks} ticks"
    );

    // The principal is not cached (a write to the users moved the access generation): it must
    // be read.
    touch_users(&gw);
    let (env, ticks) = ticks_while_the_writer_is_busy(
        &gw,
        hold,
        gw.get("mtop.admin.user.current", &new, json!({})),
    )
    .await;
    env.ok();
    assert!(
        ticks >= 20,
        "the worker was blocked on a cache miss: {ticks} ticks"
    );

    // Same for the plain paths.
    touch_users(&gw);
    let cookie = format!("mat={new}");
    let (env, ticks) = ticks_while_the_writer_is_busy(&gw, hold, async {
        gw.get_path("/m/v1/qryMenuTree", Some(&cookie)).await.env()
    })
    .await;
    env.ok();
    assert!(ticks >= 20, "qryMenuTree blocked the worker: {ticks} ticks");
}

#[tokio::test]
async fn a_role_menu_change_reaches_the_next_call_and_other_writes_keep_the_cache() {
    const MENU_ROLE: &str = "mtop.admin.user.updateMenuRole";
    let gw = Gw::new();
    let admin = gw.admin().await;
    let op = gw.operator().await;
    let ids = menu_ids(&gw, &admin).await;
    let role = role_id(&gw, &admin, "运营").await;
    let me = gw.get("mtop.admin.user.current", &op, json!({})).await.ok();
    let op_id = me["id"].as_i64().expect("id");
    gw.get("mtop.admin.dict.list", &op, json!({}))
        .await
        .fails("permission_denied");

    // No hand-placed flush: the role's new menus are seen by the operator's next call.
    gw.post(
        MENU_ROLE,
        &admin,
        json!({"roleId": role, "menuIds": [ids("home"), ids("system/dict")]}),
    )
    .await
    .ok();
    gw.get("mtop.admin.dict.list", &op, json!({})).await.ok();

    // A write to another table leaves the access generation, and the user loaded under it, alone.
    let store = &gw.state.store;
    let before = store.access_generation();
    let loaded = gw
        .state
        .cache
        .cached_principal(store, op_id)
        .expect("loaded");
    gw.post(
        "mtop.admin.dict.save",
        &admin,
        json!({"type": "trade_term", "key": "cif", "label": "到岸价", "value": "CIF"}),
    )
    .await
    .ok();
    assert_eq!(store.access_generation(), before);
    let still = gw.state.cache.cached_principal(store, op_id).expect("kept");
    assert!(
        Arc::ptr_eq(&loaded, &still),
        "a dictionary write reloaded the user"
    );

    // Taking the menu back is seen at once too.
    gw.post(
        MENU_ROLE,
        &admin,
        json!({"roleId": role, "menuIds": [ids("home")]}),
    )
    .await
    .ok();
    assert!(store.access_generation() > before);
    gw.get("mtop.admin.dict.list", &op, json!({}))
        .await
        .fails("permission_denied");
}

/// Writes every system user's row unchanged: the triggers count it, and the session cache drops
/// what it loaded before.
fn touch_users(gw: &Gw) {
    gw.state
        .store
        .write(|tx| Ok(tx.execute("UPDATE sys_user SET nickname = nickname", [])?))
        .expect("touch sys_user");
}

trait Now {
    fn now(&self) -> i64;
}

impl Now for mock_gateway::clock::ManualClock {
    fn now(&self) -> i64 {
        use mock_gateway::clock::Clock;
        self.now_ms()
    }
}

#[tokio::test]
async fn a_full_hashing_pool_sheds_sign_ins_at_once_while_reads_go_on() {
    use mock_gateway::config::{Config, PoolSize};
    let gw = Gw::with(
        Config {
            sign_in: PoolSize {
                threads: 1,
                queue: 0,
            },
            ..Config::for_tests()
        },
        Vec::new(),
    );
    let admin = gw.admin().await;
    // The pool's one place, taken until told.
    let (release, held) = std::sync::mpsc::channel::<()>();
    let busy = gw
        .state
        .hashing
        .run(move || {
            let _ = held.recv();
        })
        .expect("the pool has room");
    let env = gw
        .post(
            "mtop.admin.user.login",
            "",
            json!({"username": "admin", "password": "Admin@123"}),
        )
        .await
        .fails("too_many_requests");
    assert_eq!(env.msg, "请求过于频繁，请稍后再试");
    assert!(env.mat.is_none(), "no session was made");
    // Reads are not behind it.
    gw.get("mtop.admin.shop.list", &admin, json!({})).await.ok();
    release.send(()).expect("release the pool");
    assert_eq!(busy.await, Ok(()));
    // Room again: the same sign-in passes.
    gw.login("admin", "Admin@123").await;
}

/// Signs the operator in with `device` (none: a browser that never did); the whole answer.
async fn operator_from(gw: &Gw, password: &str, device: Option<&str>) -> Env {
    let mut body = operator_with(password);
    if let Some(d) = device {
        body["device"] = json!(d);
    }
    gw.post("mtop.admin.user.login", "", body).await
}

fn locked_in_list(gw_list: &Value, username: &str) -> bool {
    gw_list["list"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|u| u["username"] == username)
        .and_then(|u| u["locked"].as_bool())
        .expect("the user is listed")
}

/// Finding #1 of issue 44: five wrong passwords from anywhere locked the owner out for as long as
/// a stranger kept going. A browser that signed in before carries its device token: the
/// anonymous lock never refuses it, and an administrator sees 已锁定 and may 解锁.
#[tokio::test]
async fn a_strangers_lock_does_not_refuse_a_browser_that_signed_in_before() {
    let gw = Gw::new();
    let device = operator_from(&gw, "Operator@123", None).await.ok()["device"]
        .as_str()
        .expect("a device token")
        .to_owned();
    // A stranger, five times (no device token, or one of their own making).
    for i in 0..5 {
        let forged = format!("{:064x}", i);
        operator_from(&gw, "nope", (i % 2 == 1).then_some(forged.as_str())).await;
    }
    operator_from(&gw, "Operator@123", None)
        .await
        .fails("user_login_locked");
    // The owner's browser: let in, and its token kept.
    let again = operator_from(&gw, "Operator@123", Some(&device)).await.ok();
    assert_eq!(again["device"], device.as_str());
    // Another account's device token counts as none: still locked for it.
    let admin_device = gw
        .post(
            "mtop.admin.user.login",
            "",
            json!({"username": "admin", "password": "Admin@123"}),
        )
        .await
        .ok()["device"]
        .as_str()
        .expect("a device token")
        .to_owned();
    operator_from(&gw, "Operator@123", Some(&admin_device))
        .await
        .fails("user_login_locked");

    // 系统用户 shows it locked; 解锁 ends it, and a stranger's browser with the right password is
    // let in again.
    let admin = gw.admin().await;
    let list = gw.get("mtop.admin.user.list", &admin, json!({})).await.ok();
    assert!(locked_in_list(&list, "operator"));
    assert!(!locked_in_list(&list, "admin"));
    let id = list["list"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|u| u["username"] == "operator")
        .map(|u| u["id"].clone())
        .expect("operator");
    // Not by whoever cannot: the operator has no 系统用户, 客服 no 解锁.
    let operator = operator_from(&gw, "Operator@123", Some(&device)).await;
    let operator = operator.mat.clone().expect("a token");
    gw.post("mtop.admin.user.unlock", &operator, json!({"id": id}))
        .await
        .fails("permission_denied");
    let unlocked = gw
        .post("mtop.admin.user.unlock", &admin, json!({"id": id}))
        .await
        .ok();
    assert_eq!(unlocked["locked"], false);
    assert_eq!(unlocked["username"], "operator");
    operator_from(&gw, "Operator@123", None).await.ok();
    gw.post("mtop.admin.user.unlock", &admin, json!({"id": 999_999}))
        .await
        .fails("data_not_found");
}

/// A device token's own five wrong passwords lock that token only: the anonymous count and the
/// owner's other browsers are untouched, and it is counted apart from them.
#[tokio::test]
async fn a_device_counts_its_own_failures_and_locks_only_itself() {
    let gw = Gw::new();
    let first = operator_from(&gw, "Operator@123", None).await.ok()["device"]
        .as_str()
        .expect("a device token")
        .to_owned();
    let second = operator_from(&gw, "Operator@123", None).await.ok()["device"]
        .as_str()
        .expect("a device token")
        .to_owned();
    assert_ne!(first, second, "each browser gets its own");
    for _ in 0..4 {
        operator_from(&gw, "nope", Some(&first))
            .await
            .fails("user_login_failed");
    }
    operator_from(&gw, "nope", Some(&first))
        .await
        .fails("user_login_locked");
    operator_from(&gw, "Operator@123", Some(&first))
        .await
        .fails("user_login_locked");
    assert_eq!(recorded(&gw), 0, "not the anonymous count");
    operator_from(&gw, "Operator@123", Some(&second)).await.ok();
    operator_from(&gw, "Operator@123", None).await.ok();
    let admin = gw.admin().await;
    let list = gw.get("mtop.admin.user.list", &admin, json!({})).await.ok();
    assert!(
        !locked_in_list(&list, "operator"),
        "已锁定 is the anonymous lock: a device's own lock refuses only that browser"
    );
}
