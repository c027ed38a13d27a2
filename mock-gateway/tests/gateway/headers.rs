//! The headers that keep others out, on every kind of answer: the app's HTML (a fresh nonce per
//! response, swapped into the page and named in the policy), its scripts, styles and wasm, stored
//! images and their refusals, API answers and errors, a panicking handler, 404s, 405s and 413s.

use axum::body::Body;
use axum::http::{Method as HttpMethod, Request, StatusCode, header};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use mock_gateway::kit::{Guard, Operation};
use mock_gateway::security::{NONCE_PLACEHOLDER, policy};
use mock_gateway::store::pictures;
use mock_gateway::{BODY_LIMIT, Config};
use serde_json::json;

use crate::common::*;

/// The directives every answer's policy must hold, whatever its nonce.
const REQUIRED: [&str; 9] = [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "font-src 'self'",
];

/// Checks the three headers of `raw` (fetched as `what`) and answers the policy's style nonce.
#[track_caller]
fn check(what: &str, raw: &Raw) -> Option<String> {
    let csp = raw
        .header("content-security-policy")
        .unwrap_or_else(|| panic!("{what} ({}): no Content-Security-Policy", raw.status));
    let directives: Vec<&str> = csp.split(';').map(str::trim).collect();
    for d in REQUIRED {
        assert!(directives.contains(&d), "{what}: {d} missing from {csp}");
    }
    for word in ["'unsafe-inline'", "'unsafe-eval'", "*", "http:", "https:"] {
        assert!(
            !directives
                .iter()
                .any(|d| d.split(' ').any(|source| source == word)),
            "{what}: {word} in {csp}"
        );
    }
    let style = directives
        .iter()
        .find(|d| d.starts_with("style-src "))
        .unwrap_or_else(|| panic!("{what}: no style-src in {csp}"));
    let nonce = style
        .split(' ')
        .find_map(|s| s.strip_prefix("'nonce-")?.strip_suffix('\''))
        .map(str::to_owned);
    let expected_style = match &nonce {
        Some(n) => format!("style-src 'self' 'nonce-{n}'"),
        None => "style-src 'self'".to_owned(),
    };
    assert_eq!(*style, expected_style, "{what}");
    assert_eq!(
        raw.header("x-content-type-options").as_deref(),
        Some("nosniff"),
        "{what}"
    );
    assert_eq!(
        raw.header("referrer-policy").as_deref(),
        Some("no-referrer"),
        "{what}"
    );
    nonce
}

/// The login page's root as the build draws it (`web/build/prerender.ts`).
const PRERENDERED: &str = "<div id=\"root\" data-prerendered><main>登录</main></div>";

/// A built app in miniature, as Vite writes it with `html.cspNonce`, with the login page drawn at
/// build time in `login/index.html`.
fn built_app() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = dir.path();
    std::fs::create_dir_all(app.join("assets")).expect("mkdir");
    std::fs::create_dir_all(app.join("login")).expect("mkdir");
    let page = |root: &str| {
        format!(
            "<!doctype html><html><head>\
             <meta property=\"csp-nonce\" nonce=\"{NONCE_PLACEHOLDER}\" />\
             <script type=\"module\" crossorigin src=\"/adnuradmin/assets/index-1.js\" nonce=\"{NONCE_PLACEHOLDER}\"></script>\
             <link rel=\"stylesheet\" href=\"/adnuradmin/assets/index-1.css\" nonce=\"{NONCE_PLACEHOLDER}\">\
             </head><body>{root}</body></html>"
        )
    };
    std::fs::write(app.join("index.html"), page("<div id=\"root\"></div>")).expect("write");
    std::fs::write(app.join("login/index.html"), page(PRERENDERED)).expect("write");
    std::fs::write(app.join("assets/index-1.js"), "export {}").expect("write");
    std::fs::write(app.join("assets/index-1.css"), "body{}").expect("write");
    std::fs::write(app.join("assets/core_bg-1.wasm"), b"\0asm\x01\0\0\0").expect("write");
    std::fs::write(app.join("favicon.svg"), "<svg/>").expect("write");
    dir
}

fn panics(
    _: &mock_gateway::kit::Ctx,
    _: serde_json::Value,
) -> Result<mock_gateway::kit::Reply, mock_gateway::AppError> {
    panic!("deliberate panic")
}

#[tokio::test]
async fn every_kind_of_answer_carries_the_policy_nosniff_and_no_referrer() {
    let app = built_app();
    let gw = Gw::with(
        Config {
            static_dir: Some(app.path().to_owned()),
            ..Config::for_tests()
        },
        vec![Operation::get("test.panics", Guard::Public, panics).inline()],
    );
    let admin = gw.admin().await;
    let mut checked = 0;

    // The app's pages: each with its own nonce, swapped into the page wherever Vite put it; the
    // login route gets the page drawn at build time, with or without its query and final slash.
    let mut nonces = std::collections::BTreeSet::new();
    for (uri, login) in [
        ("/adnuradmin/", false),
        ("/adnuradmin/", false),
        ("/adnurAdmin/", false),
        ("/adnuradmin/index.html", false),
        ("/adnuradmin/system/user", false),
        ("/adnuradmin/baseMgmt/shopMgmt/shopDetail", false),
        ("/adnuradmin/login", true),
        ("/adnuradmin/login/", true),
        ("/adnuradmin/login?redirect=%2Fsystem%2Fuser", true),
    ] {
        let raw = gw.get_path(uri, None).await;
        assert_eq!(raw.status, StatusCode::OK, "{uri}");
        let nonce = check(uri, &raw).unwrap_or_else(|| panic!("{uri}: the page has no nonce"));
        assert_eq!(STANDARD.decode(&nonce).expect("base64").len(), 16, "{uri}");
        let page = raw.text();
        assert_eq!(page.contains(PRERENDERED), login, "{uri}: {page}");
        assert!(!page.contains(NONCE_PLACEHOLDER), "{uri}: {page}");
        assert_eq!(
            page.matches(&format!("nonce=\"{nonce}\"")).count(),
            3,
            "{uri}"
        );
        assert_eq!(raw.header("cache-control").as_deref(), Some("no-cache"));
        assert!(raw.header("etag").is_none() && raw.header("last-modified").is_none());
        assert_eq!(
            raw.header("content-type").as_deref(),
            Some("text/html; charset=utf-8")
        );
        nonces.insert(nonce);
        checked += 1;
    }
    assert_eq!(nonces.len(), 9, "a fresh nonce per page: {nonces:?}");

    // Its files, and a GET that only asks whether they changed.
    for (uri, status) in [
        ("/adnuradmin/assets/index-1.js", StatusCode::OK),
        ("/adnuradmin/assets/index-1.css", StatusCode::OK),
        ("/adnuradmin/assets/core_bg-1.wasm", StatusCode::OK),
        ("/adnuradmin/favicon.svg", StatusCode::OK),
        ("/adnuradmin/assets/missing-9.js", StatusCode::NOT_FOUND),
        ("/adnuradmin/../etc/passwd", StatusCode::NOT_FOUND),
        ("/adnuradmin", StatusCode::PERMANENT_REDIRECT),
        ("/", StatusCode::TEMPORARY_REDIRECT),
        ("/nowhere", StatusCode::NOT_FOUND),
        ("/m/nowhere", StatusCode::NOT_FOUND),
    ] {
        let raw = gw.get_path(uri, None).await;
        assert_eq!(raw.status, status, "{uri}");
        assert_eq!(check(uri, &raw), None, "{uri}: only pages name a nonce");
        checked += 1;
    }
    let js = gw.get_path("/adnuradmin/assets/index-1.js", None).await;
    let last_modified = js.header("last-modified").expect("assets have validators");
    let raw = gw
        .send(
            Request::builder()
                .uri("/adnuradmin/assets/index-1.js")
                .header(header::IF_MODIFIED_SINCE, last_modified)
                .body(Body::empty())
                .expect("request"),
        )
        .await;
    assert_eq!(raw.status, StatusCode::NOT_MODIFIED);
    check("a 304", &raw);
    checked += 1;

    // Stored images and their refusals.
    let png = pictures::product(1).expect("a png");
    let up = gw
        .post(
            "mtop.admin.file.upload",
            &admin,
            json!({"name": "a.png", "content": STANDARD.encode(&png)}),
        )
        .await
        .ok();
    let url = up["url"].as_str().expect("url").to_owned();
    let key = up["key"].as_str().expect("key").to_owned();
    for (uri, status) in [
        (url.clone(), StatusCode::OK),
        (url.replace("sig=", "sig=x"), StatusCode::FORBIDDEN),
        (format!("/files/{key}"), StatusCode::FORBIDDEN),
        (
            mock_gateway::files::signed_url(&gw.state, "00000000000000000000000000000000.png"),
            StatusCode::NOT_FOUND,
        ),
    ] {
        let raw = gw.get_path(&uri, None).await;
        assert_eq!(raw.status, status, "{uri}");
        check(&uri, &raw);
        checked += 1;
    }

    // API answers: a success, a refusal, an error, a panic, the plain paths.
    for (what, raw) in [
        (
            "a read",
            gw.get_path(
                &format!("/m?api=mtop.admin.user.current&mat={admin}&data=%7B%7D"),
                None,
            )
            .await,
        ),
        ("no api", gw.get_path("/api", None).await),
        (
            "no session",
            gw.get_path("/m?api=mtop.admin.user.list&data=%7B%7D", None)
                .await,
        ),
        (
            "a panic",
            gw.get_path("/m?api=test.panics&data=%7B%7D", None).await,
        ),
        (
            "the menu tree",
            gw.get_path(&format!("/m/v1/qryMenuTree?mat={admin}"), None)
                .await,
        ),
        (
            "the loader",
            gw.get_path("/__serverLoader?route=home", Some(&format!("mat={admin}")))
                .await,
        ),
    ] {
        assert_eq!(raw.status, StatusCode::OK, "{what}");
        check(what, &raw);
        checked += 1;
    }
    let raw = gw
        .send(
            Request::builder()
                .method(HttpMethod::PUT)
                .uri("/m")
                .body(Body::empty())
                .expect("request"),
        )
        .await;
    assert_eq!(raw.status, StatusCode::METHOD_NOT_ALLOWED);
    check("a 405", &raw);
    let body = format!("data={}", "x".repeat(BODY_LIMIT));
    let raw = gw.post_login_form(body).await;
    assert_eq!(raw.status, StatusCode::PAYLOAD_TOO_LARGE);
    check("a 413", &raw);
    checked += 2;
    println!("headers: {checked} answers of every kind carry the policy, nosniff and no-referrer");
}

/// The placeholder the gateway swaps is the one Vite writes: `web/vite.config.ts` gives it as
/// `html.cspNonce`.
#[test]
fn the_vite_config_writes_the_placeholder_the_gateway_swaps() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/vite.config.ts");
    let config = std::fs::read_to_string(path).expect("read vite.config.ts");
    assert!(
        config.contains(&format!("cspNonce: \"{NONCE_PLACEHOLDER}\"")),
        "{path} must set html.cspNonce to {NONCE_PLACEHOLDER}"
    );
    // Without a nonce the policy still names every directive.
    assert!(policy(None).contains("frame-ancestors 'none'"));
}
