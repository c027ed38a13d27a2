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
    assert!(!exports::has_session());
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
    exports::clear_user_info();
    assert!(exports::get_user_info().is_undefined());
    assert!(exports::has_session(), "the token stays");
    exports::set_user_info(js_sys::JSON::parse(r#"{"nickname":"n"}"#).unwrap()).unwrap();
    exports::clear_session();
    assert!(!exports::has_session());
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
    let limits = exports::field_limits();
    assert_eq!(prop(&prop(&limits, "username"), "max").as_f64(), Some(32.0));
    assert_eq!(
        prop(&prop(&limits, "dictValue"), "max").as_f64(),
        Some(200.0)
    );
    assert_eq!(prop(&prop(&limits, "sort"), "max").as_f64(), Some(99_999.0));
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

/// The core's reader gives what serde-wasm-bindgen gave: the same values, the same error texts.
fn same_reading<T: serde::de::DeserializeOwned + std::fmt::Debug>(json: &str) {
    same_as_serde::<T>(json, core_wasm::wasm::de::from_value::<T>);
}

/// [`same_reading`], and the field-by-field reader too.
fn same_fieldwise<T>(json: &str)
where
    T: core_wasm::wasm::forms::FromJs + serde::de::DeserializeOwned + std::fmt::Debug,
{
    same_reading::<T>(json);
    same_as_serde::<T>(json, T::read);
}

/// [`same_reading`] of a `Vec<T>`, and the field-by-field list reader too.
fn same_list<T>(json: &str)
where
    T: core_wasm::wasm::forms::FromJs + serde::de::DeserializeOwned + std::fmt::Debug,
{
    same_reading::<Vec<T>>(json);
    same_as_serde::<Vec<T>>(json, core_wasm::wasm::forms::read_list::<T>);
}

/// `read` gives what serde-wasm-bindgen gave for the JSON, or (source not JSON) the JS expression.
fn same_as_serde<T: serde::de::DeserializeOwned + std::fmt::Debug>(
    json: &str,
    read: impl Fn(JsValue) -> Result<T, core_wasm::wasm::de::Error>,
) {
    let value = || js_sys::JSON::parse(json).unwrap_or_else(|_| js_sys::eval(json).unwrap());
    let ours = read(value())
        .map(|v| format!("{v:?}"))
        .map_err(|e| e.to_string());
    let theirs = serde_wasm_bindgen::from_value::<T>(value())
        .map(|v| format!("{v:?}"))
        .map_err(|e| e.to_string());
    match (&ours, &theirs) {
        // Where a list belongs, serde-wasm-bindgen iterated a string or null and failed with a
        // TypeError; the core says what it expected.
        (Err(o), Err(t)) if t.starts_with("TypeError:") => {
            assert!(o.starts_with("Error: invalid type: "), "{json}: {o}")
        }
        _ => assert_eq!(ours, theirs, "{json} as {}", std::any::type_name::<T>()),
    }
}

#[wasm_bindgen_test]
fn arguments_read_as_serde_wasm_bindgen_read_them() {
    use core_wasm::menu::MenuNode;
    use core_wasm::session::UserInfo;
    use core_wasm::tree::IdTree;
    use core_wasm::validate::{DictForm, FieldError, LoginForm, MenuForm, RoleForm, SysUserForm};
    for json in [
        r#"{"username":"admin","password":"p","extra":1}"#,
        r#"{"username":1.5}"#,
        r#"{"username":-0.25,"password":true}"#,
        // Numbers JS prints with an exponent, both ways and signed.
        r#"{"username":1.5e-7}"#,
        r#"{"username":-2.5e22}"#,
        r#"{"username":null}"#,
        r#"{"username":[]}"#,
        r#"{"username":{}}"#,
        r#"{}"#,
        r#"[]"#,
        r#""x""#,
        r#"null"#,
        r#"7"#,
        r#"7.5"#,
        // Not JSON: read as JS expressions.
        "({username: undefined, password: 'p'})",
        "Object.create({username: 'inherited'})",
        "Object.assign(['x'], {password: 'on an array'})",
        "(() => {})",
        "({username: 'a', password: 2})",
        "({username: 2, password: 3})",
    ] {
        same_fieldwise::<LoginForm>(json);
    }
    for json in [
        r#"{"id":3,"name":"operator","nickname":"运营小王","roles":["a","b"]}"#,
        r#"{"id":"three"}"#,
        r#"{"id":1.5}"#,
        r#"{"id":-1}"#,
        r#"{"id":1e300}"#,
        r#"{"id":9007199254740993}"#,
        r#"{"roles":"a"}"#,
        r#"{"roles":[1]}"#,
        r#"{"roles":[null]}"#,
        r#"{"roles":null}"#,
    ] {
        same_fieldwise::<UserInfo>(json);
    }
    for json in [
        r#"{"id":1,"username":"u","nickname":null,"roleIds":[1,2]}"#,
        r#"{"roleIds":[1,2.5]}"#,
        r#"{"roleIds":[-3]}"#,
        r#"{"id":"1"}"#,
    ] {
        same_fieldwise::<SysUserForm>(json);
    }
    for json in [
        r#"{"type":"t","key":"k","label":"l","value":"v","sort":2,"remark":"r"}"#,
        r#"{"sort":0.5}"#,
        r#"{"sort":"2"}"#,
    ] {
        same_fieldwise::<DictForm>(json);
    }
    same_fieldwise::<RoleForm>(r#"{"name":"r","remark":null}"#);
    same_fieldwise::<MenuForm>(r#"{"alias":"a","name":"n","access":"canSeeAdmin"}"#);
    same_fieldwise::<MenuForm>(r#"{"alias":false}"#);
    for json in [
        "null",
        "7",
        r#""s""#,
        "[]",
        r#"{"name":1}"#,
        r#"{"remark":[]}"#,
    ] {
        same_fieldwise::<RoleForm>(json);
    }
    for json in [
        "null",
        "[]",
        r#"{"access":1}"#,
        r#"{"name":"n","access":null}"#,
    ] {
        same_fieldwise::<MenuForm>(json);
    }
    for json in [
        "null",
        r#"{"type":1}"#,
        r#"{"remark":{},"sort":-1}"#,
        "({key: undefined})",
    ] {
        same_fieldwise::<DictForm>(json);
    }
    for json in [
        "null",
        r#"{"roleIds":"x"}"#,
        r#"{"password":null,"roleIds":null}"#,
    ] {
        same_fieldwise::<SysUserForm>(json);
    }
    for json in [
        r#"[{"data":{"id":1,"alias":"A","name":"a","visible":1,"sort":2,"icon":"i","access":"x"},"children":[{"data":{"name":"b"}}]}]"#,
        r#"[{"children":[]}]"#,
        r#"[{"data":{"visible":"1"}}]"#,
        r#"[{"data":{"sort":1.25}}]"#,
        r#"{"data":{}}"#,
        r#"[null]"#,
        // A failing child is reported before the parent's missing data.
        r#"[{"children":[{"data":1}]}]"#,
        r#"[{"data":null}]"#,
        r#"[{"data":{"id":1},"children":null}]"#,
        r#"[{"data":{"id":1}},{"data":{"id":"2"}}]"#,
        r#""x""#,
        "null",
        "new Set([{data: {alias: 'from a set'}}])",
        "[{data: {alias: undefined}, children: undefined}]",
    ] {
        same_list::<MenuNode>(json);
    }
    for json in [
        r#"[{"id":1,"children":[{"data":{"id":2}}]}]"#,
        r#"[{"id":0.5}]"#,
        r#"[{"data":null}]"#,
        r#"[{"data":"x"}]"#,
        r#"[{"data":{"id":"x"}}]"#,
        r#"[{"children":"x"}]"#,
        r#"[{"children":[{"id":true}]}]"#,
        r#"{}"#,
        "[{data: undefined, id: undefined}]",
    ] {
        same_list::<IdTree>(json);
    }
    for json in [
        r#"[{"field":"f","message":"m"}]"#,
        r#"[{"field":"f"}]"#,
        r#"[{"message":"m"}]"#,
        r#"[{}]"#,
        r#"[{"field":1,"message":2}]"#,
        r#"[{"message":2}]"#,
        r#"[1]"#,
        r#"{"field":"f","message":"m"}"#,
    ] {
        same_list::<FieldError>(json);
    }
    for json in [
        r#"[["a","b"],[]]"#,
        r#"[["a",1]]"#,
        r#"[null]"#,
        r#"["ab"]"#,
        "[new Set(['from a set'])]",
        r#"{"0":"a"}"#,
    ] {
        same_list::<Vec<String>>(json);
    }
    for json in [
        r#"{"0":"a"}"#,
        r#"["a",null]"#,
        r#"["a","b"]"#,
        "new Set(['s'])",
    ] {
        same_list::<String>(json);
    }
}

#[wasm_bindgen_test]
fn unexpected_numbers_are_printed_as_rust_prints_them() {
    use core_wasm::session::UserInfo;
    for v in [
        1.5,
        -0.25,
        1e21,
        1.2345e25,
        -1e300,
        1e-7,
        -2.5e-10,
        123.456,
        9007199254740992.0,
        1e16,
        5e-324,
    ] {
        let err = core_wasm::wasm::de::from_value::<UserInfo>(JsValue::from_f64(v)).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "Error: invalid type: {}, expected struct UserInfo",
                serde::de::Unexpected::Float(v)
            ),
            "{v}"
        );
    }
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
        let typed = core_wasm::wasm::de::from_value::<ResponseEnvelope<IgnoredAny>>(body.clone())
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

/// Deep equality of two JS values: the same keys in the same order (a key holding `undefined`
/// counts), the same prototypes, `Map`s and `Uint8Array`s entry by entry.
fn js_same() -> Function {
    Function::new_with_args(
        "a, b",
        r#"
        const same = (a, b) => {
          if (Object.is(a, b)) return true;
          if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
          if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
          if (a instanceof Map) {
            const x = [...a], y = [...b];
            return x.length === y.length && x.every((e, i) => same(e[0], y[i][0]) && same(e[1], y[i][1]));
          }
          if (Array.isArray(a) || a instanceof Uint8Array) {
            return a.length === b.length && Array.from(a).every((e, i) => same(e, b[i]));
          }
          const x = Object.keys(a), y = Object.keys(b);
          return x.length === y.length && x.every((k, i) => k === y[i] && same(a[k], b[k]));
        };
        return same(a, b);
        "#,
    )
}

/// The core's writer gives what serde-wasm-bindgen gave, in both of its modes (or fails where it
/// failed).
fn same_writing<T: serde::Serialize + std::fmt::Debug>(value: &T) {
    use core_wasm::wasm::ser;
    let same = js_same();
    let check = |ours: Result<JsValue, ser::Error>, theirs: Result<JsValue, _>, mode: &str| match (
        ours, theirs,
    ) {
        (Ok(o), Ok(t)) => {
            let equal = same.call2(&JsValue::NULL, &o, &t).unwrap();
            assert_eq!(equal, JsValue::TRUE, "{mode} {value:?}: {o:?} vs {t:?}");
        }
        (Err(_), Err(_)) => {}
        (o, t) => panic!("{mode} {value:?}: {o:?} vs {t:?}"),
    };
    check(
        ser::to_value(value),
        serde_wasm_bindgen::to_value(value),
        "default",
    );
    check(
        ser::to_json_value(value),
        value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()),
        "json",
    );
}

#[derive(serde::Serialize, Debug)]
enum Shapes {
    Unit,
    Newtype(Option<u8>),
    Tuple(i32, String),
    Struct { a: Option<bool>, b: char },
}

#[derive(serde::Serialize, Debug)]
struct Unit;

/// Bytes through `serialize_bytes` (a `Vec<u8>` goes through `serialize_seq`).
#[derive(Debug)]
struct Bytes(Vec<u8>);

impl serde::Serialize for Bytes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(&self.0)
    }
}

#[derive(serde::Serialize, Debug)]
#[serde(rename_all = "camelCase")]
struct Sample {
    small: (i8, i16, i32, u8, u16, u32),
    big: (i64, u64, i128, u128),
    floats: (f32, f64, f64, f64),
    absent: Option<String>,
    present: Option<String>,
    nothing: (),
    unit: Unit,
    text: &'static str,
    shapes: Vec<Shapes>,
    words: std::collections::BTreeMap<String, Vec<u32>>,
    bytes: Bytes,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<u8>,
}

#[wasm_bindgen_test]
fn values_write_as_serde_wasm_bindgen_wrote_them() {
    use core_wasm::catalogue::{Effect, ToastLevel};
    use core_wasm::navigation::{FixedPage, Resolution};
    use core_wasm::session::UserInfo;
    use core_wasm::validate::{FieldError, LoginForm};
    // The comparison itself tells null from undefined, an absent key from an undefined one, order.
    let same = js_same();
    let differ = |a: &str, b: &str| {
        let (a, b) = (js_sys::eval(a).unwrap(), js_sys::eval(b).unwrap());
        assert_eq!(same.call2(&JsValue::NULL, &a, &b).unwrap(), JsValue::FALSE);
    };
    differ("null", "undefined");
    differ("({a: undefined})", "({})");
    differ("({a: 1, b: 2})", "({b: 2, a: 1})");
    differ("new Map([[1, 2]])", "({1: 2})");
    differ("[1, 2]", "new Uint8Array([1, 2])");
    differ("[[1]]", "[[2]]");
    let sample = Sample {
        small: (-8, -16, -32, 8, 16, 32),
        big: (-(1 << 53) + 1, (1 << 53) - 1, -5, 5),
        floats: (1.5, -0.0, f64::NAN, f64::INFINITY),
        absent: None,
        present: Some("有".into()),
        nothing: (),
        unit: Unit,
        text: "a\"b\n",
        shapes: vec![
            Shapes::Unit,
            Shapes::Newtype(None),
            Shapes::Newtype(Some(3)),
            Shapes::Tuple(-1, "t".into()),
            Shapes::Struct { a: None, b: '字' },
        ],
        words: [("k".to_owned(), vec![1, 2]), ("空".to_owned(), vec![])]
            .into_iter()
            .collect(),
        bytes: Bytes(vec![0, 7, 255]),
        skipped: None,
    };
    same_writing(&sample);
    // Beyond ±2^53 − 1 both refuse; a map key that is not a string fails only as JSON.
    same_writing(&(1i64 << 53));
    same_writing(&(-(1i64 << 53)));
    same_writing(&u64::MAX);
    same_writing(
        &[(1u8, "one")]
            .into_iter()
            .collect::<std::collections::BTreeMap<_, _>>(),
    );
    same_writing(&Option::<i64>::None);
    same_writing(&());
    // The core's own outputs.
    for effect in [
        Effect::Toast {
            level: ToastLevel::Error,
            text: "登录已失效".into(),
        },
        Effect::Navigate {
            to: "/login?redirect=%2Fhome".into(),
        },
        Effect::Reload {
            href: "/adnuradmin/login".into(),
        },
    ] {
        same_writing(&effect);
    }
    same_writing(&UserInfo::default());
    same_writing(&UserInfo {
        id: 3,
        name: "operator".into(),
        nickname: "运营小王".into(),
        avatar: "a.png".into(),
        roles: vec!["admin".into()],
    });
    same_writing(&vec![
        Resolution::fixed(FixedPage::Login),
        Resolution::Redirect { to: "/x".into() },
    ]);
    same_writing(&vec![FieldError::new("username", "请输入用户名")]);
    same_writing(&LoginForm::default());
    same_writing(&core_wasm::validate::field_limits());
    same_writing(&core_wasm::paging::paging());
    let tree: Vec<core_wasm::menu::MenuNode> = core_wasm::wasm::de::from_value(
        js_sys::JSON::parse(
            r#"[{"data":{"id":1,"alias":"系统","name":"system","visible":1,"icon":"i"},"children":[{"data":{"id":2,"alias":"用户","name":"user","visible":1}},{"data":{"id":3,"alias":"x","name":"Bad Name","visible":1}}]}]"#,
        )
        .unwrap(),
    )
    .unwrap();
    let nav = core_wasm::navigation::Navigator::new(&tree, None);
    same_writing(&nav.menu());
    same_writing(&nav.breadcrumbs("/system/user"));
    same_writing(&nav.rejected());
    same_writing(&nav.resolve("/system/user", "", true));
    same_writing(&nav.resolve("/system", "", true));
}

#[wasm_bindgen_test]
fn request_options_read_as_serde_read_them() {
    #[derive(serde::Deserialize, Default)]
    #[serde(rename_all = "camelCase")]
    struct RequestOptions {
        #[serde(default)]
        skip_error_handler: bool,
    }
    for source in [
        "undefined",
        "null",
        "true",
        "1",
        "'skipErrorHandler'",
        "[]",
        "(() => {})",
        "({})",
        "({skipErrorHandler: true})",
        "({skipErrorHandler: false})",
        "({skipErrorHandler: undefined})",
        "({skipErrorHandler: null})",
        "({skipErrorHandler: 1})",
        "({skipErrorHandler: 'true'})",
        "({skipErrorHandler: true, other: 2})",
        "Object.create({skipErrorHandler: true})",
        "({get skipErrorHandler() { throw new Error('no'); }})",
        "Object.assign([], {skipErrorHandler: true})",
    ] {
        let options = js_sys::eval(source).unwrap();
        let serde = !options.is_undefined()
            && !options.is_null()
            && core_wasm::wasm::de::from_value::<RequestOptions>(options.clone())
                .map(|o| o.skip_error_handler)
                .unwrap_or(false);
        assert_eq!(exports::skip(&options), serde, "{source}");
    }
}
