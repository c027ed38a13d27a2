//! The browser half of the core, in headless Chromium: storage, the cookie, and the client against a
//! real local HTTP server (tests/fixtures/envelope_server.py on CORE_TEST_SERVER).
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, missing_docs)]

use std::cell::RefCell;
use std::rc::Rc;

use core_wasm::wasm::{exports, storage};
use js_sys::{Function, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const SERVER: &str = match option_env!("CORE_TEST_SERVER") {
    Some(s) => s,
    None => "http://127.0.0.1:18931",
};

fn prop(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap()
}

fn s(v: &JsValue, key: &str) -> String {
    prop(v, key).as_string().unwrap_or_default()
}

fn document_cookie() -> String {
    let doc: web_sys::HtmlDocument = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .dyn_into()
        .unwrap();
    doc.cookie().unwrap()
}

/// Records every effect the core hands to the app.
fn record_effects() -> Rc<RefCell<Vec<JsValue>>> {
    let seen = Rc::new(RefCell::new(Vec::new()));
    let sink = seen.clone();
    let handler = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| sink.borrow_mut().push(e));
    let f: Function = handler.into_js_value().unchecked_into();
    exports::set_effect_handler(f.unchecked_into());
    seen
}

fn use_test_server() {
    exports::configure(&format!("test:{SERVER}")).unwrap();
}

#[wasm_bindgen_test]
fn storage_round_trips_and_clears() {
    storage::clear();
    assert_eq!(storage::mat(), None);
    assert!(storage::mat().is_none());
    storage::set_mat("tok-1");
    assert_eq!(storage::mat().as_deref(), Some("tok-1"));
    assert!(document_cookie().contains("mat=tok-1"));
    let user = core_wasm::session::UserInfo {
        id: 1,
        name: "admin".into(),
        nickname: "系统管理员".into(),
        ..Default::default()
    };
    storage::set_user_info(&user);
    assert_eq!(storage::user_info(), Some(user));
    assert_eq!(exports::display_nickname(), "系统管理员");
    let raw = web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .get_item("userInfo")
        .unwrap()
        .unwrap();
    assert!(
        raw.contains("\"nickname\":\"系统管理员\""),
        "userInfo is stored as JSON: {raw}"
    );
    storage::clear();
    assert_eq!(storage::mat(), None);
    assert_eq!(storage::user_info(), None);
    assert!(!document_cookie().contains("mat="));
    assert_eq!(exports::display_nickname(), "游客");
}

#[wasm_bindgen_test]
fn the_session_surface_sets_and_clears_the_user_and_the_session() {
    storage::clear();
    storage::set_mat("tok-s");
    let info = js_sys::JSON::parse(r#"{"id":3,"name":"operator","nickname":"运营小王"}"#).unwrap();
    exports::set_user_info(info).unwrap();
    assert_eq!(exports::display_nickname(), "运营小王");
    let user = exports::get_user_info();
    assert_eq!(prop(&user, "id").as_f64(), Some(3.0));
    assert_eq!(s(&user, "name"), "operator");
    let not_a_user = js_sys::JSON::parse(r#"{"id":"three"}"#).unwrap();
    let err = exports::set_user_info(not_a_user).unwrap_err();
    assert_eq!(s(&err, "name"), "ArgumentError");
    assert_eq!(
        exports::display_nickname(),
        "运营小王",
        "a bad user is not stored"
    );
    storage::clear_user_info();
    assert!(exports::get_user_info().is_undefined());
    assert!(storage::mat().is_some(), "the token stays");
    exports::set_user_info(js_sys::JSON::parse(r#"{"nickname":"n"}"#).unwrap()).unwrap();
    exports::clear_session();
    assert!(storage::mat().is_none());
    assert!(exports::get_user_info().is_undefined());
    assert!(!document_cookie().contains("mat="));
    assert_eq!(exports::display_nickname(), "游客");
}

#[wasm_bindgen_test]
async fn success_returns_the_result_and_stores_a_new_mat() {
    use_test_server();
    storage::clear();
    let effects = record_effects();
    let result = exports::get("ok".into(), JsValue::UNDEFINED, JsValue::UNDEFINED)
        .await
        .unwrap();
    assert_eq!(prop(&result, "success"), JsValue::TRUE);
    assert_eq!(s(&result, "code"), "SUCCESS");
    assert_eq!(s(&prop(&result, "data"), "hello"), "世界");
    assert_eq!(storage::mat().as_deref(), Some("rotated-token"));
    assert!(document_cookie().contains("mat=rotated-token"));
    assert!(effects.borrow().is_empty());
    storage::clear();
}

#[wasm_bindgen_test]
async fn the_wire_format_seen_by_a_server() {
    use_test_server();
    storage::clear();
    storage::set_mat("m1");
    let data = js_sys::JSON::parse(r#"{"page":1,"name":"张 三&"}"#).unwrap();
    let got = exports::get("echo".into(), data.clone(), JsValue::UNDEFINED)
        .await
        .unwrap();
    let echo = prop(&got, "data");
    let q = prop(&echo, "query");
    assert_eq!(s(&echo, "method"), "GET");
    for (k, v) in [
        ("api", "echo"),
        ("v", "1.0"),
        ("ttid", "0.1.0_admin@pc"),
        ("did", "0"),
        ("mat", "m1"),
        ("data", r#"{"page":1,"name":"张 三&"}"#),
    ] {
        assert_eq!(s(&q, k), v, "GET {k}");
    }
    assert!(
        s(&q, "ts").parse::<u64>().unwrap() > 1_600_000_000_000,
        "ts in milliseconds"
    );
    let got = exports::post("echo".into(), data, JsValue::UNDEFINED)
        .await
        .unwrap();
    let echo = prop(&got, "data");
    assert_eq!(s(&echo, "method"), "POST");
    assert!(s(&echo, "contentType").starts_with("application/x-www-form-urlencoded"));
    let body = prop(&echo, "body");
    assert_eq!(s(&body, "data"), r#"{"page":1,"name":"张 三&"}"#);
    assert_eq!(s(&body, "mat"), "m1");
    assert_eq!(s(&prop(&echo, "query"), "api"), "echo");
    storage::clear();
}

#[wasm_bindgen_test]
async fn a_business_error_toasts_its_msg_and_still_resolves() {
    use_test_server();
    let effects = record_effects();
    let result = exports::post("biz".into(), JsValue::UNDEFINED, JsValue::UNDEFINED)
        .await
        .unwrap();
    assert_eq!(prop(&result, "success"), JsValue::FALSE);
    assert_eq!(s(&result, "code"), "data_conflict");
    let seen = effects.borrow();
    assert_eq!(seen.len(), 1);
    assert_eq!(s(&seen[0], "kind"), "toast");
    assert_eq!(s(&seen[0], "text"), "数据已被他人修改，请刷新后重试");
    // expectData turns it into a BizError for query hooks.
    let err = exports::expect_data(result).unwrap_err();
    assert_eq!(s(&err, "name"), "BizError");
    assert!(err.is_instance_of::<js_sys::Error>());
    assert_eq!(s(&err, "code"), "data_conflict");
    assert_eq!(prop(&prop(&err, "data"), "id").as_f64(), Some(7.0));
    let info = exports::error_info(err);
    assert_eq!(prop(&info, "conflict"), JsValue::TRUE);
    assert_eq!(s(&info, "code"), "data_conflict");
}

#[wasm_bindgen_test]
async fn an_empty_msg_falls_back() {
    use_test_server();
    let effects = record_effects();
    exports::get("bizEmpty".into(), JsValue::UNDEFINED, JsValue::UNDEFINED)
        .await
        .unwrap();
    assert_eq!(s(&effects.borrow()[0], "text"), "请求失败！");
}

#[wasm_bindgen_test]
async fn a_failure_without_data_and_with_a_null_msg_is_still_a_business_failure() {
    use_test_server();
    let effects = record_effects();
    let result = exports::get("bizBare".into(), JsValue::UNDEFINED, JsValue::UNDEFINED)
        .await
        .unwrap();
    assert_eq!(prop(&result, "success"), JsValue::FALSE);
    assert_eq!(s(&result, "code"), "permission_denied");
    assert_eq!(prop(&result, "msg").as_string().as_deref(), Some(""));
    assert!(
        prop(&result, "data").is_null(),
        "missing data reads as null"
    );
    let seen = effects.borrow();
    assert_eq!(seen.len(), 1);
    assert_eq!(
        s(&seen[0], "text"),
        "请求失败！",
        "not `Response status:200`"
    );
}

#[wasm_bindgen_test]
async fn skip_error_handler_rejects_with_a_biz_error_and_shows_nothing() {
    use_test_server();
    let effects = record_effects();
    let options = js_sys::JSON::parse(r#"{"skipErrorHandler":true}"#).unwrap();
    let err = exports::post("biz".into(), JsValue::UNDEFINED, options.clone())
        .await
        .unwrap_err();
    assert_eq!(s(&err, "name"), "BizError");
    assert_eq!(s(&err, "msg"), "数据已被他人修改，请刷新后重试");
    let err = exports::get("http500".into(), JsValue::UNDEFINED, options)
        .await
        .unwrap_err();
    assert_eq!(s(&err, "name"), "HttpError");
    assert!(effects.borrow().is_empty());
    let info = exports::error_info(err);
    assert_eq!(prop(&info, "status").as_f64(), Some(500.0));
    assert_eq!(prop(&info, "conflict"), JsValue::FALSE);
}

#[wasm_bindgen_test]
async fn an_aborted_call_rejects_with_the_signals_reason_and_shows_nothing() {
    use_test_server();
    let effects = record_effects();
    // Aborted before it is sent (the palette's lookup when typing went on): even a failure the
    // catalogue would toast is silent.
    let controller = web_sys::AbortController::new().unwrap();
    controller.abort_with_reason(&"typing went on".into());
    let options = js_sys::Object::new();
    Reflect::set(&options, &"signal".into(), &controller.signal()).unwrap();
    let err = exports::get("http500".into(), JsValue::UNDEFINED, options.into())
        .await
        .unwrap_err();
    assert_eq!(err.as_string().as_deref(), Some("typing went on"));
    assert!(effects.borrow().is_empty());
    // Aborted while it is under way, with a reason that is not an Error: rejects with that reason.
    let controller = web_sys::AbortController::new().unwrap();
    let options = js_sys::Object::new();
    Reflect::set(&options, &"signal".into(), &controller.signal()).unwrap();
    let pending = exports::get("http500".into(), JsValue::UNDEFINED, options.into());
    controller.abort_with_reason(&"typing went on".into());
    let err = wasm_bindgen_futures::JsFuture::from(pending)
        .await
        .unwrap_err();
    assert_eq!(err.as_string().as_deref(), Some("typing went on"));
    assert!(effects.borrow().is_empty());
    // A signal that is not aborted changes nothing.
    let controller = web_sys::AbortController::new().unwrap();
    let options = js_sys::Object::new();
    Reflect::set(&options, &"signal".into(), &controller.signal()).unwrap();
    let err = exports::get("http500".into(), JsValue::UNDEFINED, options.into())
        .await
        .unwrap_err();
    assert_eq!(s(&err, "name"), "HttpError");
}

#[wasm_bindgen_test]
async fn a_form_refused_for_an_ended_session_follows_it_to_login_when_asked() {
    use_test_server();
    storage::set_mat("stale");
    let effects = record_effects();
    let options = js_sys::JSON::parse(r#"{"skipErrorHandler":true}"#).unwrap();
    // The form's submit skips the catalogue: nothing happens on its own but the session is dropped.
    let err = exports::post("tokenInvalid".into(), JsValue::UNDEFINED, options)
        .await
        .unwrap_err();
    assert!(effects.borrow().is_empty());
    assert_eq!(storage::mat(), None);
    // Then the kit hands the refusal back: the login page, with the way back.
    assert!(exports::follow_sign_out(err));
    assert_eq!(effects.borrow().len(), 1);
    assert_eq!(s(&effects.borrow()[0], "kind"), "navigate");
    // Any other refusal is not the core's to follow.
    let other = exports::post(
        "biz".into(),
        JsValue::UNDEFINED,
        js_sys::JSON::parse(r#"{"skipErrorHandler":true}"#).unwrap(),
    )
    .await
    .unwrap_err();
    assert!(!exports::follow_sign_out(other));
    assert_eq!(effects.borrow().len(), 1);
}

#[wasm_bindgen_test]
async fn token_invalid_navigates_to_login_without_a_toast_and_drops_the_session() {
    use_test_server();
    storage::set_mat("stale");
    let effects = record_effects();
    let result = exports::get(
        "tokenInvalid".into(),
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
    )
    .await
    .unwrap();
    assert_eq!(prop(&result, "success"), JsValue::FALSE);
    let seen = effects.borrow();
    assert_eq!(seen.len(), 1);
    assert_eq!(s(&seen[0], "kind"), "navigate");
    assert!(s(&seen[0], "to").starts_with("/login"));
    assert_eq!(storage::mat(), None);
}

#[wasm_bindgen_test]
async fn http_500_toasts_the_status_and_rejects() {
    use_test_server();
    let effects = record_effects();
    let err = exports::get("http500".into(), JsValue::UNDEFINED, JsValue::UNDEFINED)
        .await
        .unwrap_err();
    assert_eq!(s(&err, "name"), "HttpError");
    assert_eq!(s(&err, "code"), "HTTP_ERROR");
    assert_eq!(s(&effects.borrow()[0], "text"), "Response status:500");
}

#[wasm_bindgen_test]
async fn no_response_toasts_and_rejects() {
    // Port 9 (discard) on loopback has no listener here: the request goes out and nothing answers.
    exports::configure("test:http://127.0.0.1:9").unwrap();
    let effects = record_effects();
    let err = exports::get("ok".into(), JsValue::UNDEFINED, JsValue::UNDEFINED)
        .await
        .unwrap_err();
    assert_eq!(s(&err, "name"), "NoResponseError");
    assert_eq!(
        s(&effects.borrow()[0], "text"),
        "None response! Please retry."
    );
    use_test_server();
}

#[wasm_bindgen_test]
async fn the_system_menu_tree_is_a_plain_path() {
    use_test_server();
    storage::set_mat("menu-token");
    let result = exports::fetch_system_menu_tree(JsValue::UNDEFINED)
        .await
        .unwrap();
    assert_eq!(prop(&result, "success"), JsValue::TRUE);
    let tree = prop(&result, "data");
    assert!(exports::tree_has_path(tree, "/home"));
}

/// Removes the `mat` cookie only, as the end of a browser session does (localStorage stays).
fn end_browser_session() {
    let doc: web_sys::HtmlDocument = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .dyn_into()
        .unwrap();
    doc.set_cookie("mat=; Path=/; Max-Age=0").unwrap();
    assert!(!document_cookie().contains("mat="));
}

/// `cookieStore.get("mat")`: the cookie with its attributes, null when there is none.
async fn mat_cookie_item() -> JsValue {
    let store = prop(&web_sys::window().unwrap().into(), "cookieStore");
    let get: Function = prop(&store, "get").unchecked_into();
    let pending: js_sys::Promise = get.call1(&store, &"mat".into()).unwrap().unchecked_into();
    wasm_bindgen_futures::JsFuture::from(pending).await.unwrap()
}

#[wasm_bindgen_test]
async fn configure_restores_the_cookie_from_the_stored_mat() {
    storage::clear();
    storage::set_mat("tok-restart");
    end_browser_session();
    assert!(mat_cookie_item().await.is_null());
    use_test_server();
    assert!(document_cookie().contains("mat=tok-restart"));
    let item = mat_cookie_item().await;
    assert_eq!(s(&item, "value"), "tok-restart");
    assert_eq!(s(&item, "path"), "/");
    assert_eq!(s(&item, "sameSite"), "strict");
    // The test page is served over http: no Secure (the https case is session.rs's unit test).
    assert_eq!(
        web_sys::window().unwrap().location().protocol().unwrap(),
        "http:"
    );
    assert_eq!(prop(&item, "secure"), JsValue::FALSE);
    // Nothing stored: a left-over cookie goes.
    web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .remove_item("mat")
        .unwrap();
    assert!(document_cookie().contains("mat=tok-restart"));
    use_test_server();
    assert!(!document_cookie().contains("mat="));
}

#[wasm_bindgen_test]
async fn a_plain_get_after_a_browser_restart_carries_the_stored_mat() {
    use_test_server();
    storage::set_mat("tok-plain");
    end_browser_session();
    // Authenticated by the cookie alone: it only succeeds if the core restored the cookie.
    let options = js_sys::JSON::parse(r#"{"skipErrorHandler":true}"#).unwrap();
    let result = exports::fetch_system_menu_tree(options).await.unwrap();
    assert_eq!(prop(&result, "success"), JsValue::TRUE);
    assert!(document_cookie().contains("mat=tok-plain"));
    storage::clear();
}

#[wasm_bindgen_test]
async fn logout_calls_the_server_clears_the_session_and_asks_for_a_reload_of_login() {
    use_test_server();
    storage::set_mat("tok-out");
    storage::set_user_info(&core_wasm::session::UserInfo {
        nickname: "运营小王".into(),
        ..Default::default()
    });
    assert!(document_cookie().contains("mat=tok-out"));
    let effects = record_effects();
    // The export's promise resolves with `undefined` (`Promise<void>`).
    assert_eq!(exports::logout().await, Ok(JsValue::UNDEFINED));
    // The best-effort server logout went out with the token, before it was dropped.
    let last = exports::get("lastLogout".into(), JsValue::UNDEFINED, JsValue::UNDEFINED)
        .await
        .unwrap();
    assert_eq!(s(&prop(&last, "data"), "mat"), "tok-out");
    let local = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    assert_eq!(local.get_item("mat").unwrap(), None);
    assert_eq!(local.get_item("userInfo").unwrap(), None);
    assert!(!document_cookie().contains("mat="));
    let seen = effects.borrow();
    assert_eq!(seen.len(), 1, "one effect, no toast");
    assert_eq!(
        js_sys::JSON::stringify(&seen[0])
            .unwrap()
            .as_string()
            .as_deref(),
        Some(r#"{"kind":"reload","href":"/adnuradmin/login"}"#)
    );
}

fn login_form(username: &str, password: &str) -> JsValue {
    let form = js_sys::Object::new();
    Reflect::set(&form, &"username".into(), &username.into()).unwrap();
    Reflect::set(&form, &"password".into(), &password.into()).unwrap();
    form.into()
}

fn json(value: &JsValue) -> String {
    js_sys::JSON::stringify(value).unwrap().as_string().unwrap()
}

#[wasm_bindgen_test]
async fn login_resolves_with_the_declared_outcomes_and_rejects_transport_faults() {
    use_test_server();
    storage::clear();
    let effects = record_effects();

    // Field errors: nothing is sent, the form shows them.
    let invalid = exports::login(login_form("", ""), String::new())
        .await
        .unwrap();
    assert_eq!(s(&invalid, "kind"), "invalid");
    let fields: Vec<String> = js_sys::Array::from(&prop(&invalid, "fields"))
        .iter()
        .map(|f| s(&f, "field"))
        .collect();
    assert_eq!(fields, ["username", "password"]);

    // Refused: the gateway's code and message, no toast, no session.
    let failed = exports::login(login_form("admin", "wrong"), "?redirect=%2Fhome".into())
        .await
        .unwrap();
    assert_eq!(
        json(&failed),
        r#"{"kind":"failed","code":"user_login_failed","msg":"用户名或密码错误"}"#
    );
    assert_eq!(storage::mat(), None);

    // Signed in: the user is stored with the token, and the safe redirect of the query is where to go.
    let ok = exports::login(
        login_form("admin", "right"),
        "?redirect=%2Fsystem%2Fuser".into(),
    )
    .await
    .unwrap();
    assert_eq!(
        json(&ok),
        r#"{"kind":"ok","user":{"id":1,"name":"admin","nickname":"管理员","avatar":"","roles":["超级管理员"],"perms":[]},"redirect":"/system/user"}"#
    );
    assert_eq!(storage::mat().as_deref(), Some("login-token"));
    assert_eq!(storage::user_info().unwrap().nickname, "管理员");
    // The device token the answer carried is kept per account, not in userInfo, and sent with the
    // account's next sign-in.
    assert_eq!(storage::device(" Admin").as_deref(), Some("device-1"));
    let stored = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    let stored = stored.get_item("userInfo").unwrap().unwrap_or_default();
    assert!(!stored.contains("device"), "{stored}");
    exports::login(login_form("admin", "right"), String::new())
        .await
        .unwrap();
    let sent = exports::get(
        "lastLoginDevice".into(),
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
    )
    .await
    .unwrap();
    assert_eq!(s(&prop(&sent, "data"), "device"), "device-1");
    assert!(
        effects.borrow().is_empty(),
        "no effect for a sign-in or a refusal"
    );

    // A transport fault rejects with the error, after the toast every call gets.
    let err = exports::login(login_form("down", "x"), String::new())
        .await
        .unwrap_err();
    assert_eq!(s(&err, "name"), "HttpError");
    assert_eq!(prop(&err, "status").as_f64(), Some(502.0));
    let seen = effects.borrow();
    assert_eq!(seen.len(), 1);
    assert_eq!(s(&seen[0], "text"), "Response status:502");
    storage::clear();
}

#[wasm_bindgen_test]
async fn chunk_failures_become_chunk_load_errors() {
    let missing = Closure::<dyn FnMut() -> js_sys::Promise>::new(|| {
        js_sys::Promise::reject(
            &js_sys::Error::new("Failed to fetch dynamically imported module: /x.js").into(),
        )
    });
    let loader: Function = missing.into_js_value().unchecked_into();
    let err = exports::load_chunk("system/user".into(), loader.unchecked_into())
        .await
        .unwrap_err();
    assert_eq!(s(&err, "name"), "ChunkLoadError");
    assert_eq!(s(&err, "message"), "Loading chunk system/user failed");
    assert_eq!(s(&err, "cause"), "missing");
    assert_eq!(s(&err, "code"), "CHUNK_LOAD_FAILED");
    let css = exports::chunk_load_error(
        "home",
        js_sys::Error::new("Unable to preload CSS for /a.css").into(),
    );
    assert_eq!(s(&css, "code"), "CSS_CHUNK_LOAD_FAILED");
    assert_eq!(s(&css, "message"), "Loading CSS chunk home failed");
    let fine = Closure::<dyn FnMut() -> js_sys::Promise>::new(|| {
        js_sys::Promise::resolve(&JsValue::from_str("module"))
    });
    let loader: Function = fine.into_js_value().unchecked_into();
    let module = exports::load_chunk("home".into(), loader.unchecked_into())
        .await
        .unwrap();
    assert_eq!(module.as_string().as_deref(), Some("module"));
}

/// Wraps `window.setTimeout` / `clearTimeout` to record handles: `{set: number[], cleared: number[],
/// restore(): void}`.
fn record_timers() -> JsValue {
    let install = Function::new_no_args(
        r#"
        const w = window, set = w.setTimeout, clear = w.clearTimeout;
        const rec = { set: [], cleared: [] };
        w.setTimeout = function (f, ms, ...a) { const h = set.call(w, f, ms, ...a); rec.set.push(h); return h; };
        w.clearTimeout = function (h) { rec.cleared.push(h); return clear.call(w, h); };
        rec.restore = () => { w.setTimeout = set; w.clearTimeout = clear; };
        return rec;
        "#,
    );
    install.call0(&JsValue::NULL).unwrap()
}

fn numbers(rec: &JsValue, key: &str) -> Vec<f64> {
    js_sys::Array::from(&prop(rec, key))
        .iter()
        .filter_map(|v| v.as_f64())
        .collect()
}

fn stop_recording(rec: &JsValue) {
    let restore: Function = prop(rec, "restore").unchecked_into();
    restore.call0(rec).unwrap();
}

/// A loader whose import resolves with `"module"` after `ms`.
fn slow_loader(ms: i32) -> Function {
    Closure::<dyn FnMut() -> js_sys::Promise>::new(move || {
        js_sys::Promise::new(&mut |resolve, _| {
            web_sys::window()
                .unwrap()
                .set_timeout_with_callback_and_timeout_and_arguments_1(
                    &resolve,
                    ms,
                    &JsValue::from_str("module"),
                )
                .unwrap();
        })
    })
    .into_js_value()
    .unchecked_into()
}

#[wasm_bindgen_test]
async fn a_loader_slower_than_the_time_out_fails_with_cause_timeout() {
    let err = exports::load_chunk_within("system/role", slow_loader(300), 20)
        .await
        .unwrap_err();
    assert!(err.is_instance_of::<js_sys::Error>());
    assert_eq!(s(&err, "name"), "ChunkLoadError");
    assert_eq!(s(&err, "message"), "Loading chunk system/role failed");
    assert_eq!(s(&err, "code"), "CHUNK_LOAD_FAILED");
    assert_eq!(s(&err, "cause"), "timeout");
    assert_eq!(s(&err, "chunkId"), "system/role");
    // The same loader within a time-out it meets.
    let module = exports::load_chunk_within("system/role", slow_loader(10), 2_000)
        .await
        .unwrap();
    assert_eq!(module.as_string().as_deref(), Some("module"));
}

#[wasm_bindgen_test]
async fn a_settled_load_leaves_no_timer_pending() {
    let fine = Closure::<dyn FnMut() -> js_sys::Promise>::new(|| {
        js_sys::Promise::resolve(&JsValue::from_str("module"))
    });
    let loader: Function = fine.into_js_value().unchecked_into();
    let rec = record_timers();
    let loaded = exports::load_chunk("home".into(), loader.unchecked_into()).await;
    let failing = Closure::<dyn FnMut() -> js_sys::Promise>::new(|| {
        js_sys::Promise::reject(&js_sys::Error::new("x is not a function").into())
    });
    let loader: Function = failing.into_js_value().unchecked_into();
    let failed = exports::load_chunk("home".into(), loader.unchecked_into()).await;
    stop_recording(&rec);
    assert!(loaded.is_ok());
    assert_eq!(s(&failed.unwrap_err(), "cause"), "other");
    let (set, cleared) = (numbers(&rec, "set"), numbers(&rec, "cleared"));
    assert_eq!(set.len(), 2, "one 120 s timer per load: {set:?}");
    for handle in &set {
        assert!(cleared.contains(handle), "timer {handle} left pending");
    }
}

#[wasm_bindgen_test]
async fn freeing_a_debouncer_with_a_call_pending_clears_its_timer() {
    let count = Rc::new(RefCell::new(0));
    let c = count.clone();
    let f: Function = Closure::<dyn FnMut()>::new(move || *c.borrow_mut() += 1)
        .into_js_value()
        .unchecked_into();
    let rec = record_timers();
    let debouncer = exports::Debouncer::new(f.unchecked_into(), Some(20));
    debouncer.trigger();
    assert!(debouncer.pending());
    drop(debouncer);
    stop_recording(&rec);
    let (set, cleared) = (numbers(&rec, "set"), numbers(&rec, "cleared"));
    assert_eq!(set.len(), 1);
    assert!(
        cleared.contains(&set[0]),
        "the pending timer was not cleared"
    );
    sleep(60).await;
    assert_eq!(*count.borrow(), 0, "no call after the debouncer is gone");
}

#[wasm_bindgen_test]
fn the_rules_the_web_reads_instead_of_repeating() {
    let paging = exports::paging();
    assert_eq!(
        js_sys::JSON::stringify(&paging)
            .unwrap()
            .as_string()
            .as_deref(),
        Some(
            r#"{"pageSizes":[10,20,50,100],"defaultPageSize":20,"minPageSize":10,"maxPageSize":100}"#
        )
    );
    assert_eq!(exports::read_page_size(Some("50".into())), 50);
    assert_eq!(exports::read_page_size(Some("7".into())), 20);
    assert_eq!(exports::read_page_size(None), 20);
    assert_eq!(exports::read_page(Some("3".into())), 3);
    assert_eq!(exports::read_page(Some("-3".into())), 1);
    // Rule tables and lifecycles cross as plain values.
    let rules = core_wasm::wasm::domain::rules("dict").unwrap();
    let fields = js_sys::Array::from(&prop(&rules, "fields"));
    let key = fields.get(1);
    assert_eq!(prop(&key, "field").as_string().as_deref(), Some("key"));
    assert_eq!(prop(&key, "maxLength").as_f64(), Some(40.0));
    assert_eq!(prop(&key, "required").as_bool(), Some(true));
    assert!(
        prop(&key, "min").is_undefined(),
        "absent options stay absent"
    );
    let values =
        js_sys::JSON::parse(r#"{"type":"t","key":"1k","label":"L","value":"v","sort":3}"#).unwrap();
    let errors = core_wasm::wasm::domain::validate("dict", values).unwrap();
    let errors =
        serde_wasm_bindgen::from_value::<Vec<core_wasm::validate::FieldError>>(errors).unwrap();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].field, "key");
    assert!(core_wasm::wasm::domain::validate("nope", JsValue::NULL).is_err());
    let actions = core_wasm::wasm::domain::actions("sysUser", "enabled").unwrap();
    let first = js_sys::Array::from(&actions).get(0);
    assert_eq!(prop(&first, "action").as_string().as_deref(), Some("停用"));
    assert_eq!(prop(&first, "danger").as_bool(), Some(true));
    let life = core_wasm::wasm::domain::lifecycle("dict").unwrap();
    let states = js_sys::Array::from(&prop(&life, "states"));
    assert_eq!(
        prop(&states.get(1), "label").as_string().as_deref(),
        Some("停用")
    );
    assert_eq!(
        prop(&states.get(1), "tone").as_string().as_deref(),
        Some("default")
    );
    assert!(core_wasm::wasm::domain::lifecycle("nope").is_err());
    // Labelled choices too: a member's type as people read it.
    let types = js_sys::Array::from(&core_wasm::wasm::domain::choices("memberType").unwrap());
    assert_eq!(
        prop(&types.get(1), "label").as_string().as_deref(),
        Some("供应商")
    );
    assert!(core_wasm::wasm::domain::choices("nope").is_err());
    let flags = exports::access_flags();
    assert!(js_sys::Array::is_array(&flags));
    assert_eq!(
        serde_wasm_bindgen::from_value::<Vec<String>>(flags).unwrap(),
        ["canSeeAdmin"]
    );
}

#[wasm_bindgen_test]
fn parent_pickers_and_prefetch_targets() {
    let menus = js_sys::JSON::parse(
        r#"[{"data":{"id":1,"alias":"系统管理","name":"system","visible":1},"children":[
              {"data":{"id":2,"alias":"系统用户","name":"user","visible":1},"children":[]},
              {"data":{"id":3,"alias":"角色管理","name":"role","visible":1},"children":[
                {"data":{"id":4,"alias":"详情","name":"detail","visible":0},"children":[]}]}]},
            {"data":{"id":5,"alias":"首页","name":"home","visible":1},"children":[]}]"#,
    )
    .unwrap();
    let blocked = |tree: &JsValue, id: f64| -> Vec<f64> {
        js_sys::Array::from(&exports::blocked_parents(tree.clone(), id).unwrap())
            .iter()
            .filter_map(|v| v.as_f64())
            .collect()
    };
    assert_eq!(blocked(&menus, 1.0), [1.0, 2.0, 3.0, 4.0]);
    assert_eq!(blocked(&menus, 3.0), [3.0, 4.0]);
    let roles = js_sys::JSON::parse(
        r#"[{"id":10,"name":"超级管理员","remark":"","parentId":null,"version":1,"children":[
              {"id":11,"name":"运营","remark":"","parentId":10,"version":1,"children":[]}]}]"#,
    )
    .unwrap();
    assert_eq!(blocked(&roles, 10.0), [10.0, 11.0]);
    assert!(exports::blocked_parents(roles, 1.5).is_err());

    storage::set_mat("tok-nav");
    let nav = exports::Navigator::new(menus, JsValue::UNDEFINED).unwrap();
    // No user: canSeeAdmin is false, but these nodes carry no key.
    assert_eq!(nav.page_for("/system").as_deref(), Some("system/user"));
    assert_eq!(nav.page_for("/nowhere").as_deref(), Some("exception/404"));
    storage::clear();
    assert_eq!(nav.page_for("/system").as_deref(), Some("login"));
}

#[wasm_bindgen_test]
fn helpers_in_the_browser() {
    assert!(exports::is_null_or_empty(JsValue::NULL));
    assert!(exports::is_null_or_empty(JsValue::UNDEFINED));
    assert!(exports::is_null_or_empty("".into()));
    assert!(exports::is_null_or_empty(js_sys::Array::new().into()));
    assert!(exports::is_null_or_empty(js_sys::Object::new().into()));
    assert!(!exports::is_null_or_empty(0.into()));
    assert!(!exports::is_null_or_empty(false.into()));
    assert!(
        !exports::is_null_or_empty(js_sys::Date::new_0().into()),
        "a Date is not an empty object"
    );
    assert!(!exports::is_null_or_empty(" ".into()));
    // The browser's own zone: compare with what Date says for the same instant.
    let ms = 1_700_000_000_000.0;
    let d = js_sys::Date::new(&ms.into());
    let expected = format!(
        "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes(),
        d.get_seconds()
    );
    assert_eq!(exports::format_timestamp(ms), expected);
}

#[wasm_bindgen_test]
async fn the_debouncer_calls_once_after_the_last_trigger() {
    let count = Rc::new(RefCell::new(0));
    let c = count.clone();
    let f: Function = Closure::<dyn FnMut()>::new(move || *c.borrow_mut() += 1)
        .into_js_value()
        .unchecked_into();
    let debouncer = exports::Debouncer::new(f.unchecked_into(), Some(30));
    assert_eq!(
        exports::Debouncer::new(js_sys::Function::new_no_args("").unchecked_into(), None).wait_ms(),
        300
    );
    for _ in 0..5 {
        debouncer.trigger();
    }
    assert!(debouncer.pending());
    sleep(80).await;
    assert_eq!(*count.borrow(), 1);
    debouncer.trigger();
    debouncer.cancel();
    sleep(60).await;
    assert_eq!(*count.borrow(), 1, "cancelled");
    debouncer.trigger();
    debouncer.flush();
    assert_eq!(*count.borrow(), 2, "flushed at once");
}

async fn sleep(ms: i32) {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(p).await.unwrap();
}

#[wasm_bindgen_test]
fn envelopes_read_as_the_protocol_type_reads_them() {
    use core_wasm::protocol::ResponseEnvelope;
    use core_wasm::wasm::client::read_envelope;
    use serde::de::IgnoredAny;
    for json in [
        r#"{"result":{"success":true,"code":"SUCCESS","msg":"","data":{"a":1}},"meta":{"mat":"t"}}"#,
        r#"{"result":{"success":false,"code":"x","msg":null}}"#,
        r#"{"result":{"success":true}}"#,
        r#"{"result":{"success":true,"data":null}}"#,
        r#"{"result":{"success":true,"data":0}}"#,
        r#"{"result":{"success":"true"}}"#,
        r#"{"result":{"success":1}}"#,
        r#"{"result":{"code":"SUCCESS"}}"#,
        r#"{"result":{"success":true,"code":5}}"#,
        r#"{"result":{"success":true,"msg":{}}}"#,
        r#"{"result":{"success":false},"meta":null}"#,
        r#"{"result":{"success":false},"meta":{}}"#,
        r#"{"result":{"success":false},"meta":{"mat":null}}"#,
        r#"{"result":{"success":false},"meta":{"mat":3}}"#,
        r#"{"result":{"success":false},"meta":[]}"#,
        r#"{"result":{"success":false},"meta":"m"}"#,
        r#"{"result":[]}"#,
        r#"{"result":null}"#,
        r#"{"result":"r"}"#,
        r#"{}"#,
        r#"[]"#,
        r#"5"#,
        r#""s""#,
        r#"null"#,
        r#"true"#,
    ] {
        let body = js_sys::JSON::parse(json).unwrap();
        let ours = read_envelope(&body).map(|e| (e.success, e.code, e.msg, e.mat));
        // The same type read natively from the same text: one decoder for gateway and client.
        let typed = serde_json::from_str::<ResponseEnvelope<IgnoredAny>>(json)
            .ok()
            .map(|e| {
                (
                    e.result.success,
                    e.result.code,
                    e.result.msg,
                    e.meta.mat.unwrap_or_default(),
                )
            });
        assert_eq!(ours, typed, "{json}");
        if let Some(e) = read_envelope(&body) {
            let data = prop(&prop(&body, "result"), "data");
            let expected = if data.is_undefined() {
                JsValue::NULL
            } else {
                data
            };
            assert!(js_sys::Object::is(&e.data, &expected), "{json}");
        }
    }
}

#[wasm_bindgen_test]
fn request_options_skip_only_when_skip_error_handler_is_true() {
    // true only for an object whose `skipErrorHandler` (own or inherited) is exactly `true`; a
    // throwing getter or any other shape reads as false.
    for (source, expected) in [
        ("undefined", false),
        ("null", false),
        ("true", false),
        ("1", false),
        ("'skipErrorHandler'", false),
        ("[]", false),
        ("(() => {})", false),
        ("({})", false),
        ("({skipErrorHandler: true})", true),
        ("({skipErrorHandler: false})", false),
        ("({skipErrorHandler: undefined})", false),
        ("({skipErrorHandler: null})", false),
        ("({skipErrorHandler: 1})", false),
        ("({skipErrorHandler: 'true'})", false),
        ("({skipErrorHandler: true, other: 2})", true),
        ("Object.create({skipErrorHandler: true})", true),
        (
            "({get skipErrorHandler() { throw new Error('no'); }})",
            false,
        ),
        ("Object.assign([], {skipErrorHandler: true})", true),
    ] {
        let options = js_sys::eval(source).unwrap();
        assert_eq!(exports::skip(&options), expected, "{source}");
    }
}
