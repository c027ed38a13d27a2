//! The operator's own account (issue 18, item 1): `updateProfile` (nickname, avatar) and
//! `changePassword`, whose wrong old passwords count for its session (five end it), and the races of
//! a password change with a sign-in, a token rotation and another change.

use std::collections::BTreeSet;
use std::sync::Arc;

use axum::http::StatusCode;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use core_wasm::constants::SIGNED_URL_TTL_SECS;
use mock_gateway::config::MINUTE_MS;
use serde_json::{Value, json};
use tokio::sync::Barrier;

use crate::common::*;

const CURRENT: &str = "mtop.admin.user.current";
const LOGIN: &str = "mtop.admin.user.login";
const CHANGE: &str = "mtop.admin.user.changePassword";
const PROFILE: &str = "mtop.admin.user.updateProfile";
const TOKEN_INVALID: &str = "user_need_login_token_invalid";
const LOCKED: &str = "user_login_locked";

/// A gateway whose password hash is slow enough (a few ms) that parallel calls overlap.
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

fn change(old: &str, new: &str) -> Value {
    json!({"oldPassword": old, "newPassword": new})
}

fn sign_in(password: &str) -> Value {
    json!({"username": "operator", "password": password})
}

/// The operator's failures within the lockout window: the anonymous count (`None`), or what a
/// session's wrong old passwords count (`session:{family}`).
fn counted(gw: &Gw, device: Option<&str>) -> i64 {
    let window = mock_gateway::config::Lockout::default().window_ms;
    let counter = mock_gateway::store::sessions::Counter {
        username: "operator",
        device,
    };
    gw.state
        .store
        .read(|c| mock_gateway::store::sessions::failures_since(c, counter, START_MS - window))
        .expect("read")
}

/// The operator's anonymous failed sign-ins.
fn recorded(gw: &Gw) -> i64 {
    counted(gw, None)
}

/// What the operator's sessions' password changes counted (each test has one such session).
fn of_sessions(gw: &Gw) -> i64 {
    gw
        .state
        .store
        .read(|c| {
            Ok(c.query_row(
                "SELECT count(*) FROM login_failure WHERE username = 'operator' AND device LIKE 'session:%'",
                [],
                |r| r.get(0),
            )?)
        })
        .expect("read")
}

async fn works(gw: &Gw, mat: &str) -> bool {
    let env = gw.get(CURRENT, mat, json!({})).await;
    if !env.success {
        assert_eq!(env.code, TOKEN_INVALID, "{}", env.msg);
    }
    env.success
}

#[tokio::test]
async fn a_wrong_old_password_is_a_field_error_counted_for_this_session() {
    let gw = Gw::new();
    let mat = gw.operator().await;
    let env = gw
        .post(CHANGE, &mat, change("Wrong@12345", "Better@2026"))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["oldPassword"]);
    assert_eq!(env.msg, "原密码不正确");
    assert_eq!(of_sessions(&gw), 1, "counted for this session");
    assert_eq!(recorded(&gw), 0, "not among strangers' sign-ins");
    // Strangers' failed sign-ins are counted apart: they end nothing here…
    for _ in 0..3 {
        gw.post(LOGIN, "", sign_in("nope"))
            .await
            .fails("user_login_failed");
    }
    for _ in 0..3 {
        gw.post(CHANGE, &mat, change("Wrong@12345", "Better@2026"))
            .await
            .fails("param_invalid");
    }
    assert!(
        works(&gw, &mat).await,
        "a wrong password alone ends nothing"
    );
    // …and this session's fifth locks it out and ends it: a stolen session guesses five times.
    let env = gw
        .post(CHANGE, &mat, change("Wrong@12345", "Better@2026"))
        .await
        .fails(LOCKED);
    assert_eq!(env.msg, "登录失败次数过多，请15分钟后再试");
    assert_eq!(of_sessions(&gw), 5);
    assert!(
        !works(&gw, &mat).await,
        "the session that guessed five times ends"
    );
    // The account itself is not locked: the password did not change and still signs in.
    gw.operator().await;
}

/// Finding #1 of issue 44: a password change asked for while a stranger had locked the account
/// used to end the owner's own session. The anonymous lock is not this session's count.
#[tokio::test]
async fn a_strangers_lock_does_not_end_the_owners_password_change() {
    let gw = Gw::new();
    let mat = gw.operator().await;
    let other = gw.operator().await;
    for _ in 0..5 {
        gw.post(LOGIN, "", sign_in("nope")).await;
    }
    gw.post(LOGIN, "", sign_in("Operator@123"))
        .await
        .fails(LOCKED);
    gw.post(CHANGE, &mat, change("Operator@123", "Better@2026"))
        .await
        .ok();
    assert!(works(&gw, &mat).await, "this session stays");
    assert!(
        !works(&gw, &other).await,
        "the others end, as a change does"
    );
    assert_eq!(recorded(&gw), 5, "the strangers' count is theirs");
}

#[tokio::test]
async fn a_right_old_password_clears_what_this_session_counted() {
    let gw = Gw::new();
    let mat = gw.operator().await;
    for _ in 0..4 {
        gw.post(CHANGE, &mat, change("Wrong@12345", "Better@2026"))
            .await
            .fails("param_invalid");
    }
    gw.post(LOGIN, "", sign_in("nope"))
        .await
        .fails("user_login_failed");
    gw.post(CHANGE, &mat, change("Operator@123", "Better@2026"))
        .await
        .ok();
    assert_eq!(of_sessions(&gw), 0);
    assert_eq!(recorded(&gw), 1, "a stranger's failure stays theirs");
}

#[tokio::test]
async fn a_change_ends_the_other_sessions_and_keeps_this_one() {
    let gw = Gw::new();
    let mat = gw.operator().await;
    let other = gw.operator().await;
    // A rotated session of the same user: the successor ends too.
    gw.clock.advance(10 * MINUTE_MS);
    let rotated = gw
        .get(CURRENT, &other, json!({}))
        .await
        .mat
        .expect("rotated");
    let admin = gw.admin().await;
    gw.post(CHANGE, &mat, change("Operator@123", "Better@2026"))
        .await
        .ok();
    assert!(works(&gw, &mat).await, "this session stays");
    assert!(!works(&gw, &other).await);
    assert!(!works(&gw, &rotated).await);
    assert!(works(&gw, &admin).await, "other users are not touched");
    gw.post(LOGIN, "", sign_in("Operator@123"))
        .await
        .fails("user_login_failed");
    gw.login("operator", "Better@2026").await;
    // The new password lasts: the change is recorded under its label.
    let log = gw
        .get("mtop.admin.audit.list", &admin, json!({"api": CHANGE}))
        .await
        .ok();
    assert!(log.to_string().contains("修改密码"), "{log}");
}

/// The password at round `round` of a test that changes it every round (one gateway for all;
/// the seed's cannot come back, as it contains the login name).
fn password_of(round: usize) -> &'static str {
    match round {
        0 => "Operator@123",
        r if r % 2 == 1 => "Better@2026",
        _ => "Second@2026x",
    }
}

/// A sign-in with the old password racing the change: whichever wins, no session signed in with
/// the old password survives the change (it fails, or its token stops working).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_sign_in_with_the_old_password_racing_the_change_does_not_survive_it() {
    let gw = slow_gw();
    let mut outcomes = BTreeSet::new();
    for round in 0..12 {
        let (old, new) = (password_of(round), password_of(round + 1));
        let mat = gw.login("operator", old).await;
        let barrier = Arc::new(Barrier::new(2));
        let changing = {
            let (gw, mat, barrier) = (Arc::clone(&gw), mat.clone(), Arc::clone(&barrier));
            tokio::spawn(async move {
                barrier.wait().await;
                gw.post(CHANGE, &mat, change(old, new)).await
            })
        };
        let signing_in = {
            let (gw, barrier) = (Arc::clone(&gw), Arc::clone(&barrier));
            tokio::spawn(async move {
                barrier.wait().await;
                gw.post(LOGIN, "", sign_in(old)).await
            })
        };
        changing.await.expect("join").ok();
        let login = signing_in.await.expect("join");
        let survived = match (login.success, login.mat.as_deref()) {
            (true, Some(token)) => works(&gw, token).await,
            (true, None) => panic!("a sign-in without a token"),
            (false, _) => {
                assert_eq!(login.code, "user_login_failed", "round {round}");
                false
            }
        };
        assert!(
            !survived,
            "round {round}: a session signed in with the old password survived the change"
        );
        outcomes.insert(if login.success {
            "signed in, then ended"
        } else {
            "refused"
        });
        assert!(
            works(&gw, &mat).await,
            "round {round}: the changing session stays"
        );
        gw.login("operator", new).await;
    }
    eprintln!("sign-in racing a password change: {outcomes:?}");
}

/// A token rotation of another session racing the change: neither the old token nor its
/// successor survives.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_rotation_racing_the_change_leaves_no_successor_alive() {
    let gw = slow_gw();
    for round in 0..12 {
        let (old, new) = (password_of(round), password_of(round + 1));
        let mat = gw.login("operator", old).await;
        let other = gw.login("operator", old).await;
        gw.clock.advance(10 * MINUTE_MS);
        // This session rotates now, before the race, so only `other` rotates in it.
        let mat = gw.get(CURRENT, &mat, json!({})).await.mat.unwrap_or(mat);
        let barrier = Arc::new(Barrier::new(2));
        let changing = {
            let (gw, mat, barrier) = (Arc::clone(&gw), mat.clone(), Arc::clone(&barrier));
            tokio::spawn(async move {
                barrier.wait().await;
                gw.post(CHANGE, &mat, change(old, new)).await
            })
        };
        let rotating = {
            let (gw, other, barrier) = (Arc::clone(&gw), other.clone(), Arc::clone(&barrier));
            tokio::spawn(async move {
                barrier.wait().await;
                gw.get(CURRENT, &other, json!({})).await
            })
        };
        changing.await.expect("join").ok();
        let rotated = rotating.await.expect("join");
        assert!(!works(&gw, &other).await, "round {round}");
        if let Some(successor) = rotated.mat {
            assert!(
                !works(&gw, &successor).await,
                "round {round}: a successor of an ended session survived"
            );
        }
        assert!(works(&gw, &mat).await, "round {round}");
    }
}

/// Two changes of the same password at once from two sessions: one wins; the other is refused
/// (a stale version, or its session already ended by the winner) and its session is ended.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_racing_changes_one_wins() {
    let gw = slow_gw();
    let mut old = "Operator@123".to_owned();
    for round in 0..8 {
        let a = gw.login("operator", &old).await;
        let b = gw.login("operator", &old).await;
        let (to_a, to_b) = (format!("Alpha@{round}x2026"), format!("Bravo@{round}x2026"));
        let barrier = Arc::new(Barrier::new(2));
        let spawn = |mat: String, new: String| {
            let (gw, barrier, old) = (Arc::clone(&gw), Arc::clone(&barrier), old.clone());
            tokio::spawn(async move {
                barrier.wait().await;
                gw.post(CHANGE, &mat, change(&old, &new)).await
            })
        };
        let (ta, tb) = (
            spawn(a.clone(), to_a.clone()),
            spawn(b.clone(), to_b.clone()),
        );
        let (ra, rb) = (ta.await.expect("join"), tb.await.expect("join"));
        let (winner, loser, password, lost) = match (ra.success, rb.success) {
            (true, false) => (&a, &b, to_a, rb),
            (false, true) => (&b, &a, to_b, ra),
            _ => panic!("round {round}: {} and {}", ra.code, rb.code),
        };
        assert!(
            [TOKEN_INVALID, "data_conflict"].contains(&lost.code.as_str()),
            "round {round}: {} {}",
            lost.code,
            lost.msg
        );
        assert!(works(&gw, winner).await, "round {round}");
        assert!(!works(&gw, loser).await, "round {round}");
        gw.login("operator", &password).await;
        old = password;
    }
}

async fn upload(gw: &Gw, mat: &str) -> String {
    let png = mock_gateway::store::pictures::product(1).expect("a png");
    let data = gw
        .post(
            "mtop.admin.file.upload",
            mat,
            json!({"name": "me.png", "content": STANDARD.encode(png)}),
        )
        .await
        .ok();
    data["key"].as_str().expect("key").to_owned()
}

fn signed_path(url: &Value, key: &str) -> String {
    let url = url.as_str().expect("a URL").to_owned();
    assert!(
        url.starts_with(&format!("/files/{key}?exp=")),
        "a signed URL of the key: {url}"
    );
    url
}

#[tokio::test]
async fn the_profile_changes_the_nickname_and_the_avatar_as_a_signed_url() {
    let gw = Gw::new();
    let mat = gw.operator().await;
    let key = upload(&gw, &mat).await;
    let me = gw
        .post(
            PROFILE,
            &mat,
            json!({"nickname": "  运营小李  ", "avatar": key}),
        )
        .await
        .ok();
    assert_eq!(me["nickname"], "运营小李", "trimmed");
    assert_eq!(me["name"], "operator");
    assert_eq!(me["roles"], json!(["运营"]));
    let url = signed_path(&me["avatar"], &key);
    assert_eq!(gw.get_path(&url, None).await.status, StatusCode::OK);
    let current = gw.get(CURRENT, &mat, json!({})).await.ok();
    assert_eq!(current["nickname"], "运营小李");
    signed_path(&current["avatar"], &key);
    // The system users' list shows the same, the avatar signed too.
    let admin = gw.admin().await;
    let list = gw
        .get(
            "mtop.admin.user.list",
            &admin,
            json!({"username": "operator"}),
        )
        .await
        .ok();
    assert_eq!(list["list"][0]["nickname"], "运营小李");
    signed_path(&list["list"][0]["avatar"], &key);
    // A signed URL expires; `current` answers a fresh one that works.
    gw.clock.advance((SIGNED_URL_TTL_SECS + 60) * 1000);
    assert_eq!(
        gw.get_path(&url, None).await.status,
        StatusCode::FORBIDDEN,
        "the old URL expired"
    );
    let mat = gw.operator().await;
    let fresh = gw.get(CURRENT, &mat, json!({})).await.ok();
    let fresh = signed_path(&fresh["avatar"], &key);
    assert_ne!(fresh, url);
    assert_eq!(gw.get_path(&fresh, None).await.status, StatusCode::OK);
    // Back to the default avatar.
    let me = gw
        .post(PROFILE, &mat, json!({"nickname": "运营小李", "avatar": ""}))
        .await
        .ok();
    assert_eq!(me["avatar"], "");
    let log = gw
        .get("mtop.admin.audit.list", &admin, json!({"api": PROFILE}))
        .await
        .ok();
    assert!(log.to_string().contains("运营小李"), "{log}");
}

#[tokio::test]
async fn a_bad_profile_is_refused_naming_the_field_and_changes_nothing() {
    let gw = Gw::new();
    let mat = gw.operator().await;
    let before = db_snapshot(&gw);
    let cases = [
        (
            json!({"nickname": "", "avatar": ""}),
            "nickname",
            "请输入昵称",
        ),
        (
            json!({"nickname": "   ", "avatar": ""}),
            "nickname",
            "请输入昵称",
        ),
        (json!({"avatar": ""}), "nickname", "请输入昵称"),
        (
            json!({"nickname": "长".repeat(21), "avatar": ""}),
            "nickname",
            "昵称不能超过20个字符",
        ),
        (
            json!({"nickname": "运营\u{7}", "avatar": ""}),
            "nickname",
            "昵称不能包含控制字符",
        ),
        (
            json!({"nickname": "运营小李", "avatar": "uploads/nope.png"}),
            "avatar",
            "头像不存在，请重新上传",
        ),
        (
            json!({"nickname": "运营小李", "avatar": "../../etc/passwd"}),
            "avatar",
            "头像不存在，请重新上传",
        ),
    ];
    for (data, field, msg) in cases {
        let env = gw
            .post(PROFILE, &mat, data.clone())
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{data}");
        assert_eq!(env.msg, msg, "{data}");
    }
    assert_eq!(before.diff(&db_snapshot(&gw)), Vec::<String>::new());
    let me = gw.get(CURRENT, &mat, json!({})).await.ok();
    assert_eq!(me["nickname"], "运营小王");
}

/// Two saves of the profile at once: both land, one after the other, each whole — the stored
/// profile is one of the two as sent, never the nickname of one with the avatar of the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_parallel_profile_saves_land_whole() {
    let gw = Arc::new(Gw::new());
    let mat = gw.operator().await;
    let key = upload(&gw, &mat).await;
    let mut seen = BTreeSet::new();
    for round in 0..20 {
        let barrier = Arc::new(Barrier::new(2));
        let saves = [
            json!({"nickname": format!("甲{round}"), "avatar": key}),
            json!({"nickname": format!("乙{round}"), "avatar": ""}),
        ];
        let tasks: Vec<_> = saves
            .iter()
            .cloned()
            .map(|data| {
                let (gw, mat, barrier) = (Arc::clone(&gw), mat.clone(), Arc::clone(&barrier));
                tokio::spawn(async move {
                    barrier.wait().await;
                    gw.post(PROFILE, &mat, data).await
                })
            })
            .collect();
        for (task, sent) in tasks.into_iter().zip(&saves) {
            let me = task.await.expect("join").ok();
            assert_eq!(
                me["nickname"], sent["nickname"],
                "each answers what it saved"
            );
        }
        let me = gw.get(CURRENT, &mat, json!({})).await.ok();
        let nickname = me["nickname"].as_str().expect("nickname").to_owned();
        let has_avatar = !me["avatar"].as_str().expect("avatar").is_empty();
        assert!(
            (nickname == format!("甲{round}") && has_avatar)
                || (nickname == format!("乙{round}") && !has_avatar),
            "round {round}: {me}"
        );
        seen.insert(nickname.chars().next());
    }
    eprintln!("parallel profile saves, last one standing: {seen:?}");
}
