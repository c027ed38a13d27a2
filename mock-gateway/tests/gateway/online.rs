//! Sessions seen and ended (issue 44, part 6): 在线用户 lists the live sign-ins with where from and
//! with what browser, 强制下线 ends one at its next call, and 登录日志 records every attempt —
//! unknown names, wrong passwords, locks and shed sign-ins too.

use axum::body::Body;
use axum::http::{Method as HttpMethod, Request, header};
use core_wasm::protocol::{Call, Method, encode};
use serde_json::{Value, json};

use crate::common::*;

const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

/// Signs in from a browser that sends `agent`; the token.
async fn login_with(gw: &Gw, username: &str, password: &str, agent: &str) -> String {
    let data = json!({"username": username, "password": password}).to_string();
    let req = encode(
        "/m",
        &Call {
            api: "mtop.admin.user.login",
            method: Method::Post,
            data_json: &data,
            mat: "",
            ts_ms: 1,
        },
    );
    let raw = gw
        .send(
            Request::builder()
                .method(HttpMethod::POST)
                .uri(req.url)
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .header(header::USER_AGENT, agent)
                .body(Body::from(req.body.unwrap_or_default()))
                .expect("request"),
        )
        .await;
    let env = raw.env();
    let mat = env.mat.clone();
    env.ok();
    mat.expect("a token")
}

fn rows(page: &Value) -> Vec<Value> {
    page["list"].as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn online_users_lists_live_sign_ins_and_forced_logout_ends_one() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let operator = login_with(&gw, "operator", "Operator@123", FIREFOX).await;
    gw.clock.advance(1_000);
    gw.get("mtop.admin.user.current", &operator, json!({}))
        .await
        .ok();

    let page = gw
        .get("mtop.admin.session.list", &admin, json!({}))
        .await
        .ok();
    let list = rows(&page);
    assert_eq!(page["total"], 2);
    // The latest used first: the operator's call came after the administrator's sign-in.
    assert_eq!(list[0]["username"], "operator");
    assert_eq!(list[0]["nickname"], "运营小王");
    assert_eq!(list[0]["userAgent"], FIREFOX);
    assert_eq!(list[0]["current"], false);
    assert!(list[0]["lastSeenAt"].as_i64() > list[0]["createdAt"].as_i64());
    assert_eq!(list[1]["username"], "admin");
    assert_eq!(list[1]["current"], true);
    let filtered = gw
        .get(
            "mtop.admin.session.list",
            &admin,
            json!({"username": "OPER"}),
        )
        .await
        .ok();
    assert_eq!(filtered["total"], 1);

    // One's own: refused at the field, nothing ends.
    let env = gw
        .post(
            "mtop.admin.session.revoke",
            &admin,
            json!({"id": list[1]["id"]}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.msg, "不能强制下线当前会话，请使用「退出登录」");

    // The operator's, by several administrators at once: one ends it, the rest find it gone.
    let others = [gw.admin().await, gw.admin().await, gw.admin().await];
    let id = json!({"id": list[0]["id"]});
    let (a, b, c) = tokio::join!(
        gw.post("mtop.admin.session.revoke", &others[0], id.clone()),
        gw.post("mtop.admin.session.revoke", &others[1], id.clone()),
        gw.post("mtop.admin.session.revoke", &others[2], id.clone()),
    );
    let answers = [a, b, c];
    let codes: Vec<&str> = answers.iter().map(|e| e.code.as_str()).collect();
    assert_eq!(
        codes.iter().filter(|c| **c == "SUCCESS").count(),
        1,
        "{codes:?}"
    );
    assert!(
        codes
            .iter()
            .all(|c| ["SUCCESS", "data_not_found"].contains(c)),
        "{codes:?}"
    );
    gw.get("mtop.admin.user.current", &operator, json!({}))
        .await
        .fails("user_need_login_token_invalid");
    let page = gw
        .get(
            "mtop.admin.session.list",
            &admin,
            json!({"username": "operator"}),
        )
        .await
        .ok();
    assert_eq!(page["total"], 0);
    let audit = gw
        .get("mtop.admin.audit.list", &admin, json!({"pageSize": 10}))
        .await
        .ok();
    assert!(
        rows(&audit).iter().any(|e| e["label"] == "强制下线"
            && e["summary"]
                .as_str()
                .unwrap_or("")
                .contains("运营小王（operator）")),
        "{audit}"
    );
    gw.post("mtop.admin.session.revoke", &admin, json!({"id": 999_999}))
        .await
        .fails("data_not_found");

    // Another's session is ended by a logout too: the list follows.
    gw.post("mtop.admin.user.logout", &others[0], json!({}))
        .await
        .ok();
    let page = gw
        .get("mtop.admin.session.list", &admin, json!({}))
        .await
        .ok();
    assert_eq!(page["total"], 3, "admin ×3 after one logged out");
}

#[tokio::test]
async fn nobody_ends_the_sign_in_of_someone_who_holds_more() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let watcher = crate::data::user_owning(&gw, &admin, "watcher", &["system/online"]).await;
    let operator = gw.operator().await;
    let page = gw
        .get("mtop.admin.session.list", &watcher, json!({}))
        .await
        .ok();
    let id_of = |name: &str| {
        rows(&page)
            .into_iter()
            .find(|r| r["username"] == name)
            .map(|r| r["id"].clone())
            .expect(name)
    };
    let env = gw
        .post(
            "mtop.admin.session.revoke",
            &watcher,
            json!({"id": id_of("admin")}),
        )
        .await
        .fails("permission_denied");
    assert_eq!(env.msg, "不能管理权限高于自己的用户");
    gw.get("mtop.admin.user.current", &admin, json!({}))
        .await
        .ok();
    // The 运营 role holds pages the watcher does not: not theirs either.
    gw.post(
        "mtop.admin.session.revoke",
        &watcher,
        json!({"id": id_of("operator")}),
    )
    .await
    .fails("permission_denied");
    gw.get("mtop.admin.user.current", &operator, json!({}))
        .await
        .ok();
}

#[tokio::test]
async fn the_login_log_records_every_attempt_and_filters_them() {
    let gw = Gw::new();
    let admin = login_with(&gw, "admin", "Admin@123", FIREFOX).await;
    for (name, password) in [
        ("nobody", "Whatever#1"),
        ("operator", "Wrong#Pass1"),
        ("operator", "Operator@123"),
    ] {
        gw.post(
            "mtop.admin.user.login",
            "",
            json!({"username": name, "password": password}),
        )
        .await;
    }
    // A locked account: the fifth failure locks it; a sixth try is refused by the lock.
    for _ in 0..6 {
        gw.post(
            "mtop.admin.user.login",
            "",
            json!({"username": "dontHaveAccess", "password": "Wrong#Pass1"}),
        )
        .await;
    }
    // A sign-in shed by a full hashing pool waits in memory; the log's read writes it first.
    gw.state
        .shed_sign_ins
        .push(mock_gateway::store::sessions::Attempt {
            username: "flood".to_owned(),
            ip: "203.0.113.9".to_owned(),
            user_agent: String::new(),
            result: "busy",
            at: gw.state.now(),
        });

    let page = gw
        .get("mtop.admin.loginLog.list", &admin, json!({"pageSize": 50}))
        .await
        .ok();
    let seen: Vec<(String, String)> = rows(&page)
        .iter()
        .map(|r| {
            (
                r["username"].as_str().unwrap_or("").to_owned(),
                r["result"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect();
    let count = |name: &str, result: &str| {
        seen.iter()
            .filter(|(n, r)| n == name && r == result)
            .count()
    };
    assert_eq!(count("admin", "success"), 1);
    assert_eq!(count("nobody", "failed"), 1, "unknown names too");
    assert_eq!(count("operator", "failed"), 1);
    assert_eq!(count("operator", "success"), 1);
    assert_eq!(count("dontHaveAccess", "failed"), 4);
    assert_eq!(count("dontHaveAccess", "locked"), 2);
    assert_eq!(count("flood", "busy"), 1);
    let first = &rows(&page)[rows(&page).len() - 1];
    assert_eq!(first["username"], "admin", "newest first");
    assert_eq!(first["userAgent"], FIREFOX);

    let failed = gw
        .get(
            "mtop.admin.loginLog.list",
            &admin,
            json!({"result": "failed", "username": "operator"}),
        )
        .await
        .ok();
    assert_eq!(failed["total"], 1);
    let env = gw
        .get(
            "mtop.admin.loginLog.list",
            &admin,
            json!({"result": "maybe"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["result"]);
    let later = gw
        .get(
            "mtop.admin.loginLog.list",
            &admin,
            json!({"from": gw.state.now() + 1}),
        )
        .await
        .ok();
    assert_eq!(later["total"], 0);
}
