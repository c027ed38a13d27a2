//! The HTTP edge: mount points, methods, limits, panics, plain paths, the loader, static files.

use axum::body::Body;
use axum::http::{Method as HttpMethod, Request, StatusCode};
use core_wasm::protocol::Method;
use mock_gateway::kit::{Guard, Operation};
use mock_gateway::protocol::SIGN_IN_BODY_LIMIT;
use mock_gateway::{BODY_LIMIT, Config};
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn both_mount_points_speak_the_protocol_and_dispatch_on_api_only() {
    let gw = Gw::new();
    for base in ["/m", "/api"] {
        let env = gw
            .call_at(
                base,
                Method::Post,
                "mtop.admin.user.login",
                "",
                json!({"username": "admin", "password": "Admin@123"}),
            )
            .await;
        assert!(env.mat.is_some());
        env.ok();
        let env = gw
            .call_at(base, Method::Get, "mtop.admin.nothing", "", json!({}))
            .await
            .fails("api_not_found");
        assert_eq!(env.msg, "接口不存在");
    }
    // No api at all.
    let raw = gw.get_path("/m", None).await;
    assert_eq!(raw.status, StatusCode::OK);
    raw.env().fails("api_not_found");
    assert_eq!(
        raw.header("content-type").as_deref(),
        Some("application/json; charset=utf-8")
    );
    assert_eq!(raw.header("cache-control").as_deref(), Some("no-store"));
    // The unknown api is reported before the missing token.
    gw.get("mtop.admin.user.nope", "", json!({}))
        .await
        .fails("api_not_found");
}

#[tokio::test]
async fn reads_are_get_and_writes_are_post() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let env = gw
        .get(
            "mtop.admin.user.login",
            "",
            json!({"username": "admin", "password": "Admin@123"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.msg, "接口 mtop.admin.user.login 须使用 POST 调用");
    gw.post("mtop.admin.user.list", &admin, json!({}))
        .await
        .fails("param_invalid");
}

#[tokio::test]
async fn malformed_data_is_param_invalid_naming_the_problem() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let raw = gw
        .get_path(
            &format!("/m?api=mtop.admin.user.list&mat={admin}&data=%7Bnope"),
            None,
        )
        .await;
    let env = raw.env().fails("param_invalid");
    assert!(
        env.msg.starts_with("data 不是合法的 JSON：第 "),
        "{}",
        env.msg
    );
    let raw = gw
        .get_path(
            &format!("/m?api=mtop.admin.user.list&mat={admin}&data=%5B1%5D"),
            None,
        )
        .await;
    assert_eq!(
        raw.env().fails("param_invalid").msg,
        "data 必须是 JSON 对象"
    );
    // Without a token the session check comes first.
    let raw = gw
        .get_path("/m?api=mtop.admin.user.list&data=%7Bnope", None)
        .await;
    raw.env().fails("user_need_login_token_invalid");
    // A wrongly typed field is named.
    let env = gw
        .post(
            "mtop.admin.user.login",
            "",
            json!({"username": 5, "password": "x"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["username"]);
}

#[tokio::test]
async fn other_methods_answer_405_and_big_bodies_413() {
    let gw = Gw::new();
    for (method, uri) in [
        (HttpMethod::PUT, "/m"),
        (HttpMethod::DELETE, "/api"),
        (HttpMethod::PATCH, "/m?api=mtop.admin.user.list"),
        (HttpMethod::POST, "/m/v1/qryMenuTree"),
    ] {
        let raw = gw
            .send(
                Request::builder()
                    .method(method.clone())
                    .uri(uri)
                    .body(Body::empty())
                    .expect("request"),
            )
            .await;
        assert_eq!(raw.status, StatusCode::METHOD_NOT_ALLOWED, "{method} {uri}");
    }
    // A sign-in, which anyone may send, is read up to 16 KiB; any other call up to 4 MiB.
    for (api, limit) in [
        ("mtop.admin.user.login", SIGN_IN_BODY_LIMIT),
        ("mtop.admin.dict.save", BODY_LIMIT),
    ] {
        let body = format!("data={}", "x".repeat(limit));
        let raw = gw.post_form(api, body).await;
        assert_eq!(raw.status, StatusCode::PAYLOAD_TOO_LARGE, "{api}");
        // Just under the limit is read (and answered as a business outcome).
        let body = format!("data={}", "x".repeat(limit - 10));
        let raw = gw.post_form(api, body).await;
        assert_eq!(raw.status, StatusCode::OK, "{api}");
        assert!(!raw.env().success, "{api}");
    }
    // A sign-in naming its api in the body instead of the query is held to 16 KiB all the same.
    let body = format!(
        "api=mtop.admin.user.login&data={}",
        "x".repeat(SIGN_IN_BODY_LIMIT)
    );
    let raw = gw
        .send(
            Request::builder()
                .method(HttpMethod::POST)
                .uri("/m?api=mtop.admin.dict.save")
                .header("content-type", "application/x-www-form-urlencoded")
                .body(Body::from(body))
                .expect("request"),
        )
        .await;
    assert_eq!(raw.status, StatusCode::PAYLOAD_TOO_LARGE);
}

fn boom_in_a_write(
    ctx: &mock_gateway::kit::Ctx,
    _: serde_json::Value,
) -> Result<mock_gateway::kit::Reply, mock_gateway::AppError> {
    ctx.state
        .store
        .write(|_| -> Result<(), mock_gateway::AppError> {
            panic!("deliberate panic while holding the writer")
        })?;
    mock_gateway::kit::Reply::json(())
}

fn boom_inline(
    _: &mock_gateway::kit::Ctx,
    _: serde_json::Value,
) -> Result<mock_gateway::kit::Reply, mock_gateway::AppError> {
    panic!("deliberate inline panic")
}

#[tokio::test]
async fn a_panicking_handler_answers_system_error_and_the_gateway_carries_on() {
    let gw = Gw::with(
        Config::for_tests(),
        vec![
            Operation::post("test.panicInWrite", Guard::Public, boom_in_a_write),
            Operation::get("test.panicInline", Guard::Public, boom_inline).inline(),
        ],
    );
    let env = gw
        .post("test.panicInWrite", "", json!({}))
        .await
        .fails("system_error");
    assert_eq!(env.msg, "系统繁忙，请稍后再试");
    assert!(!env.msg.contains("deliberate"));
    let env = gw
        .get("test.panicInline", "", json!({}))
        .await
        .fails("system_error");
    assert_eq!(env.msg, "系统繁忙，请稍后再试");
    // The writer survived the panic: writes still work.
    let admin = gw.admin().await;
    gw.post("mtop.admin.user.saveRole", &admin, json!({"name": "之后"}))
        .await
        .ok();
}

#[tokio::test]
async fn the_system_menu_tree_takes_the_token_from_the_query_or_the_cookie() {
    let gw = Gw::new();
    let guest = gw.guest().await;
    for base in ["/m", "/api"] {
        let tree = gw
            .get_path(&format!("{base}/v1/qryMenuTree?mat={guest}"), None)
            .await
            .env()
            .ok();
        assert_eq!(
            names(&tree).len(),
            37,
            "any signed-in user gets the whole tree"
        );
        assert!(tree[0]["data"]["id"].as_i64().is_some());
        let tree = gw
            .get_path(
                &format!("{base}/v1/qryMenuTree"),
                Some(&format!("theme=dark; mat={guest}")),
            )
            .await
            .env()
            .ok();
        assert_eq!(names(&tree).len(), 37);
        gw.get_path(&format!("{base}/v1/qryMenuTree"), None)
            .await
            .env()
            .fails("user_need_login_token_invalid");
    }
}

#[tokio::test]
async fn the_server_loader_answers_per_route_data_by_query_or_cookie() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let cookie = format!("mat={admin}");
    let stats = gw
        .get_path(
            "/__serverLoader?route=home&url=%2Fadnuradmin%2Fhome",
            Some(&cookie),
        )
        .await
        .env()
        .ok();
    // The dashboard's figures, as dashboard.stats answers them.
    assert_eq!(stats["shops"], 200);
    assert!(stats["pendingShops"].as_i64().unwrap_or(0) > 0, "{stats}");
    let crumbs = gw
        .get_path(
            "/api/__serverLoader?route=operate/business/toExamine&url=x",
            Some(&cookie),
        )
        .await
        .env()
        .ok();
    assert_eq!(crumbs["route"], "operate/business/toExamine");
    assert_eq!(crumbs["alias"], "商机审核");
    assert_eq!(crumbs["path"], "/operate/business/toExamine");
    assert_eq!(
        crumbs["breadcrumb"],
        json!([
            {"alias": "运营管理", "path": "/operate"},
            {"alias": "采购商机", "path": "/operate/business"},
            {"alias": "商机审核", "path": "/operate/business/toExamine"},
        ])
    );
    // The token in the query counts too (a gateway on another host never gets the cookie);
    // `delivery.rs` checks which one wins.
    gw.get_path(&format!("/__serverLoader?route=home&mat={admin}"), None)
        .await
        .env()
        .ok();
    gw.get_path("/__serverLoader?route=home", None)
        .await
        .env()
        .fails("user_need_login_token_invalid");
    gw.get_path("/__serverLoader?url=x", Some(&cookie))
        .await
        .env()
        .fails("param_invalid");
    gw.get_path("/__serverLoader?route=nowhere/at/all", Some(&cookie))
        .await
        .env()
        .fails("permission_denied");

    let op = gw.operator().await;
    let op_cookie = format!("mat={op}");
    gw.get_path("/__serverLoader?route=system/user", Some(&op_cookie))
        .await
        .env()
        .fails("permission_denied");
    gw.get_path("/__serverLoader?route=operate/advertise", Some(&op_cookie))
        .await
        .env()
        .ok();
    let guest = gw.guest().await;
    gw.get_path("/__serverLoader?route=home", Some(&format!("mat={guest}")))
        .await
        .env()
        .fails("permission_denied");
}

#[tokio::test]
async fn the_server_loader_applies_the_menu_guard_ownership_and_access_flag() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let id_of = menu_ids(&gw, &admin).await;
    // 访客 now owns a page deep in 运营管理, so it is in the guest's tree with its ancestors.
    let guest_role = role_id(&gw, &admin, "访客").await;
    gw.post(
        "mtop.admin.user.updateMenuRole",
        &admin,
        json!({"roleId": guest_role, "menuIds": [id_of("home"), id_of("operate/business/reply")]}),
    )
    .await
    .ok();
    let guest = gw.guest().await;
    let tree = gw
        .get("mtop.admin.user.menuTree", &guest, json!({}))
        .await
        .ok();
    assert!(find_node(&tree, "operate/business/reply").is_some());
    // dontHaveAccess fails canSeeAdmin: nothing, not even home or an owned page.
    for route in ["home", "operate/business/reply", "operate"] {
        gw.get_path(
            &format!("/__serverLoader?route={route}"),
            Some(&format!("mat={guest}")),
        )
        .await
        .env()
        .fails("permission_denied");
    }
    // Another user of the same role passes the flag: owned pages open, mere ancestors do not.
    gw.post(
        "mtop.admin.user.create",
        &admin,
        json!({"username": "visitor", "nickname": "来访者", "password": "Visit@2026", "roleIds": [guest_role]}),
    )
    .await
    .ok();
    let visitor = format!("mat={}", gw.login("visitor", "Visit@2026").await);
    let reply = gw
        .get_path(
            "/__serverLoader?route=operate/business/reply",
            Some(&visitor),
        )
        .await
        .env()
        .ok();
    assert_eq!(reply["breadcrumb"].as_array().map(Vec::len), Some(3));
    gw.get_path("/__serverLoader?route=home", Some(&visitor))
        .await
        .env()
        .ok();
    for route in ["operate", "operate/business", "system/user"] {
        gw.get_path(&format!("/__serverLoader?route={route}"), Some(&visitor))
            .await
            .env()
            .fails("permission_denied");
    }
}

#[tokio::test]
async fn the_root_redirects_to_the_app() {
    let gw = Gw::new();
    let raw = gw.get_path("/", None).await;
    assert!(raw.status.is_redirection());
    assert_eq!(raw.header("location").as_deref(), Some("/adnuradmin/"));
    // Without --static the app is a clear 404.
    let raw = gw.get_path("/adnuradmin/", None).await;
    assert_eq!(raw.status, StatusCode::NOT_FOUND);
    assert_eq!(
        raw.header("referrer-policy").as_deref(),
        Some("no-referrer")
    );
}

#[tokio::test]
async fn the_built_app_is_served_with_history_fallback_and_cache_rules() {
    // The app in `root/app`, a file beside it that no path may reach; both go with `root`.
    let root = tempfile::tempdir().expect("tempdir");
    let app = root.path().join("app");
    std::fs::create_dir_all(app.join("assets")).expect("mkdir");
    std::fs::write(
        app.join("index.html"),
        "<!doctype html><title>Adnur</title>",
    )
    .expect("write");
    std::fs::write(app.join("assets/app-1a2b.js"), "console.log(1)").expect("write");
    std::fs::write(app.join("favicon.ico"), "icon").expect("write");
    std::fs::write(root.path().join("secret.txt"), "no").expect("write");
    let gw = Gw::with(
        Config {
            static_dir: Some(app),
            ..Config::for_tests()
        },
        Vec::new(),
    );
    for uri in [
        "/adnuradmin/",
        "/adnurAdmin/",
        "/adnuradmin/system/user",
        "/adnurAdmin/baseMgmt/shopMgmt/shopDetail",
    ] {
        let raw = gw.get_path(uri, None).await;
        assert_eq!(raw.status, StatusCode::OK, "{uri}");
        assert!(raw.text().contains("<title>Adnur</title>"), "{uri}");
        assert_eq!(raw.header("cache-control").as_deref(), Some("no-cache"));
        assert_eq!(
            raw.header("referrer-policy").as_deref(),
            Some("no-referrer")
        );
        assert!(
            raw.header("content-type")
                .unwrap_or_default()
                .starts_with("text/html")
        );
    }
    let raw = gw.get_path("/adnuradmin/assets/app-1a2b.js", None).await;
    assert_eq!(raw.status, StatusCode::OK);
    assert_eq!(raw.text(), "console.log(1)");
    assert_eq!(
        raw.header("cache-control").as_deref(),
        Some("public, max-age=31536000, immutable")
    );
    assert_eq!(
        raw.header("referrer-policy").as_deref(),
        Some("no-referrer")
    );
    let raw = gw.get_path("/adnuradmin/favicon.ico", None).await;
    assert_eq!(
        raw.header("cache-control").as_deref(),
        Some("public, max-age=3600")
    );
    for uri in [
        "/adnuradmin/assets/missing-9z.js",
        "/adnuradmin/../secret.txt",
        "/adnuradmin/%2e%2e/secret.txt",
    ] {
        let raw = gw.get_path(uri, None).await;
        assert_eq!(raw.status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(
            raw.header("referrer-policy").as_deref(),
            Some("no-referrer")
        );
    }
    let raw = gw.get_path("/adnuradmin", None).await;
    assert!(raw.status.is_redirection());
    assert_eq!(raw.header("location").as_deref(), Some("/adnuradmin/"));
}

/// Hostile params over the wire: every answer is `param_invalid` in Chinese naming the field, with
/// none of serde's English, and the gateway never echoes the input.
#[tokio::test]
async fn hostile_params_answer_chinese_naming_the_field() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let huge = "x".repeat(100 * 1024);
    let hostile = [
        json!(1.5),
        json!(1e300),
        json!("x"),
        json!([]),
        json!({}),
        json!("1\u{0}"),
        json!("\u{1b}[2J"),
        json!(huge),
    ];
    let calls = [
        ("mtop.admin.dict.delete", "id", Method::Post),
        ("mtop.admin.user.update", "id", Method::Post),
        ("mtop.admin.user.delete", "version", Method::Post),
        ("mtop.admin.dict.list", "page", Method::Get),
        ("mtop.admin.user.list", "pageSize", Method::Get),
        ("mtop.admin.audit.list", "from", Method::Get),
        ("mtop.admin.user.qryMenuTree", "roleId", Method::Get),
        ("mtop.admin.dict.save", "key", Method::Post),
        ("mtop.admin.user.create", "roleIds", Method::Post),
    ];
    for (api, field, method) in calls {
        for bad in &hostile {
            if field == "key" && bad.is_string() {
                continue; // any text is a key's shape; the rules judge it
            }
            if field == "roleIds" && *bad == json!([]) {
                continue; // an empty list is a list; the rules judge it
            }
            if method == Method::Get && bad.as_str().is_some_and(|s| s.len() > 1024) {
                continue; // no URI carries 100 KB: HTTP refuses it before the gateway
            }
            let mut data = json!({ "id": 1, "version": 1 });
            data[field] = bad.clone();
            let env = match method {
                Method::Get => gw.get(api, &admin, data).await,
                Method::Post => gw.post(api, &admin, data).await,
            }
            .fails("param_invalid");
            let msg = &env.msg;
            assert_eq!(env.fields(), [field], "{api} {bad}: {msg}");
            assert!(msg.contains(field), "{api}: {msg} does not name {field}");
            assert!(
                msg.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{api}: {msg}"
            );
            for serde_word in [
                "invalid type",
                "expected",
                "floating point",
                "invalid value",
            ] {
                assert!(!msg.contains(serde_word), "{api} {bad}: {msg}");
            }
            assert!(msg.len() < 200, "{api}: the message echoes the input");
        }
    }
}
