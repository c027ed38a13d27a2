//! Delivery of the built app and calls from another site: precompressed assets negotiated by
//! `Accept-Encoding`, HTML gzipped per response with its nonce, the cache rules (`config.json`
//! never cached, a missing one a plain 404), CORS with credentials for the configured origins, and
//! the plain GETs' token in the `mat` query parameter.

use std::io::Read;
use std::process::Stdio;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Method as HttpMethod, Request, StatusCode, header};
use mock_gateway::Config;
use mock_gateway::files::{SEED_PRODUCT_IMAGES, signed_url};
use mock_gateway::security::NONCE_PLACEHOLDER;
use tokio::io::{AsyncBufReadExt, BufReader};

use crate::common::*;
use crate::server::{http, terminate};

const JS: &str = "export const answer = 42;\n";
/// What the build's `.br` of the script would be; the gateway sends the file as it is, so any
/// bytes show which file went out.
const JS_BR: &[u8] = b"\x1b\x19\x00brotli-of-the-script";
const WASM: &[u8] = b"\0asm\x01\0\0\0";
const WASM_BR: &[u8] = b"\x1b\x07\x00brotli-of-the-wasm";

fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn gunzip(bytes: &[u8]) -> String {
    let mut out = String::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_string(&mut out)
        .expect("a gzip stream");
    out
}

/// A page as Vite writes it, long enough that gzip is worth it.
fn page(root: &str) -> String {
    format!(
        "<!doctype html><html><head><meta property=\"csp-nonce\" nonce=\"{NONCE_PLACEHOLDER}\" />\
         <script type=\"module\" src=\"/adnuradmin/assets/app-1.js\" nonce=\"{NONCE_PLACEHOLDER}\"></script>\
         </head><body>{root}{}</body></html>",
        "<p>Adnur Admin 管理后台</p>".repeat(40)
    )
}

/// A built app as the build writes it: hashed assets with `.br` and `.gz` beside them, the pages
/// without (they carry the nonce placeholder), a favicon with neither. `with_config` adds the
/// runtime configuration.
fn built_app(with_config: bool) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let app = dir.path();
    std::fs::create_dir_all(app.join("assets")).unwrap();
    std::fs::create_dir_all(app.join("login")).unwrap();
    std::fs::write(app.join("index.html"), page("<div id=\"root\"></div>")).unwrap();
    std::fs::write(app.join("login/index.html"), page("<main>登录</main>")).unwrap();
    // Were a compressed page ever left beside one, it must not be sent: its nonce is the
    // placeholder.
    std::fs::write(app.join("index.html.gz"), gzip(b"stale")).unwrap();
    std::fs::write(app.join("index.html.br"), b"stale").unwrap();
    std::fs::write(app.join("assets/app-1.js"), JS).unwrap();
    std::fs::write(app.join("assets/app-1.js.br"), JS_BR).unwrap();
    std::fs::write(app.join("assets/app-1.js.gz"), gzip(JS.as_bytes())).unwrap();
    std::fs::write(app.join("assets/core_bg-1.wasm"), WASM).unwrap();
    std::fs::write(app.join("assets/core_bg-1.wasm.br"), WASM_BR).unwrap();
    std::fs::write(app.join("assets/core_bg-1.wasm.gz"), gzip(WASM)).unwrap();
    std::fs::write(app.join("assets/plain-1.css"), "body{}").unwrap();
    std::fs::write(app.join("favicon.svg"), "<svg/>").unwrap();
    if with_config {
        std::fs::write(
            app.join("config.json"),
            r#"{"apiBase": "production:https://gw.example.com"}"#,
        )
        .unwrap();
    }
    dir
}

fn serving(app: &tempfile::TempDir, origins: &[&str]) -> Gw {
    Gw::with(
        Config {
            static_dir: Some(app.path().to_owned()),
            cors_origins: origins.iter().map(|o| (*o).to_owned()).collect(),
            ..Config::for_tests()
        },
        Vec::new(),
    )
}

async fn get_with(gw: &Gw, uri: &str, headers: &[(&str, &str)]) -> Raw {
    let mut b = Request::builder().uri(uri);
    for (k, v) in headers {
        b = b.header(*k, *v);
    }
    gw.send(b.body(Body::empty()).unwrap()).await
}

/// Whether `Vary` names `what` (case-insensitively, in any of its values).
fn varies_on(raw: &Raw, what: &str) -> bool {
    raw.headers
        .get_all(header::VARY)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|v| v.trim().eq_ignore_ascii_case(what))
}

#[tokio::test]
async fn assets_go_out_precompressed_as_accept_encoding_prefers_and_are_cached_a_year() {
    let app = built_app(true);
    let gw = serving(&app, &[]);
    let gz_js = gzip(JS.as_bytes());
    let gz_wasm = gzip(WASM);
    // What the browser accepts, the encoding sent, the script's and the wasm's bytes sent.
    type Case<'a> = (&'a str, Option<&'a str>, &'a [u8], &'a [u8]);
    let cases: [Case; 7] = [
        ("gzip, deflate, br, zstd", Some("br"), JS_BR, WASM_BR),
        ("br", Some("br"), JS_BR, WASM_BR),
        ("gzip", Some("gzip"), &gz_js, &gz_wasm),
        ("br;q=0, gzip", Some("gzip"), &gz_js, &gz_wasm),
        ("br;q=0.5, gzip;q=0.9", Some("gzip"), &gz_js, &gz_wasm),
        ("identity", None, JS.as_bytes(), WASM),
        ("", None, JS.as_bytes(), WASM),
    ];
    for (accept, encoding, js, wasm) in cases {
        for (uri, body, mime) in [
            ("/adnuradmin/assets/app-1.js", js, "text/javascript"),
            (
                "/adnurAdmin/assets/core_bg-1.wasm",
                wasm,
                "application/wasm",
            ),
        ] {
            let headers: &[(&str, &str)] = if accept.is_empty() {
                &[]
            } else {
                &[("accept-encoding", accept)]
            };
            let raw = get_with(&gw, uri, headers).await;
            let what = format!("{uri} with Accept-Encoding {accept:?}");
            assert_eq!(raw.status, StatusCode::OK, "{what}");
            assert_eq!(raw.body.as_ref(), body, "{what}: the file sent");
            assert_eq!(
                raw.header("content-encoding").as_deref(),
                encoding,
                "{what}"
            );
            // The type is the asset's, whichever file carried it.
            assert!(
                raw.header("content-type")
                    .is_some_and(|t| t.starts_with(mime)),
                "{what}: {:?}",
                raw.header("content-type")
            );
            assert!(varies_on(&raw, "accept-encoding"), "{what}");
            assert_eq!(
                raw.header("cache-control").as_deref(),
                Some("public, max-age=31536000, immutable"),
                "{what}"
            );
            assert_eq!(
                raw.header("x-content-type-options").as_deref(),
                Some("nosniff")
            );
        }
    }
    // An asset the build did not compress goes as it is, whatever is accepted.
    let raw = get_with(
        &gw,
        "/adnuradmin/assets/plain-1.css",
        &[("accept-encoding", "br, gzip")],
    )
    .await;
    assert_eq!(raw.text(), "body{}");
    assert_eq!(raw.header("content-encoding"), None);
    // Other files: an hour.
    let raw = get_with(
        &gw,
        "/adnuradmin/favicon.svg",
        &[("accept-encoding", "gzip")],
    )
    .await;
    assert_eq!(raw.text(), "<svg/>");
    assert_eq!(
        raw.header("cache-control").as_deref(),
        Some("public, max-age=3600")
    );
}

#[tokio::test]
async fn pages_are_gzipped_per_response_with_their_own_nonce_and_never_cached() {
    let app = built_app(true);
    let gw = serving(&app, &[]);
    let mut nonces = std::collections::BTreeSet::new();
    for (uri, root) in [
        ("/adnuradmin/", "<div id=\"root\"></div>"),
        ("/adnuradmin/index.html", "<div id=\"root\"></div>"),
        ("/adnuradmin/system/user", "<div id=\"root\"></div>"),
        ("/adnuradmin/login", "<main>登录</main>"),
        ("/adnurAdmin/login/index.html", "<main>登录</main>"),
    ] {
        for (accept, gzipped) in [
            ("gzip, deflate, br, zstd", true),
            ("gzip", true),
            ("*", true),
            ("br", false),
            ("gzip;q=0, br", false),
            ("", false),
        ] {
            let headers: &[(&str, &str)] = if accept.is_empty() {
                &[]
            } else {
                &[("accept-encoding", accept)]
            };
            let raw = get_with(&gw, uri, headers).await;
            let what = format!("{uri} with Accept-Encoding {accept:?}");
            assert_eq!(raw.status, StatusCode::OK, "{what}");
            let text = if gzipped {
                assert_eq!(
                    raw.header("content-encoding").as_deref(),
                    Some("gzip"),
                    "{what}"
                );
                assert!(
                    raw.body.len() < page("").len() / 3,
                    "{what}: {}",
                    raw.body.len()
                );
                gunzip(&raw.body)
            } else {
                assert_eq!(raw.header("content-encoding"), None, "{what}");
                raw.text()
            };
            assert!(text.contains(root), "{what}: {text}");
            assert!(!text.contains("stale"), "{what}");
            let csp = raw.header("content-security-policy").expect("a policy");
            let nonce = csp
                .split(['\'', ' '])
                .find_map(|s| s.strip_prefix("nonce-"))
                .unwrap_or_else(|| panic!("{what}: no nonce in {csp}"))
                .to_owned();
            assert!(!text.contains(NONCE_PLACEHOLDER), "{what}");
            assert_eq!(
                text.matches(&format!("nonce=\"{nonce}\"")).count(),
                2,
                "{what}: the page names the policy's nonce"
            );
            assert!(nonces.insert(nonce), "{what}: a fresh nonce");
            assert!(varies_on(&raw, "accept-encoding"), "{what}");
            assert_eq!(raw.header("cache-control").as_deref(), Some("no-cache"));
            assert!(raw.header("etag").is_none() && raw.header("last-modified").is_none());
            assert_eq!(
                raw.header("content-type").as_deref(),
                Some("text/html; charset=utf-8")
            );
        }
    }
}

#[tokio::test]
async fn config_json_is_never_cached_and_a_missing_one_is_a_plain_404() {
    let app = built_app(true);
    let gw = serving(&app, &[]);
    for uri in ["/adnuradmin/config.json", "/adnurAdmin/config.json"] {
        let raw = get_with(&gw, uri, &[("accept-encoding", "gzip, br")]).await;
        assert_eq!(raw.status, StatusCode::OK, "{uri}");
        assert_eq!(
            raw.text(),
            r#"{"apiBase": "production:https://gw.example.com"}"#
        );
        assert_eq!(
            raw.header("content-type").as_deref(),
            Some("application/json"),
            "{uri}"
        );
        assert_eq!(
            raw.header("cache-control").as_deref(),
            Some("no-cache"),
            "{uri}"
        );
    }
    // A deployer's edit is what the next load reads: nothing in the gateway keeps the old one.
    std::fs::write(
        app.path().join("config.json"),
        r#"{"apiBase": "test:https://gw-test.example.com"}"#,
    )
    .unwrap();
    let raw = gw.get_path("/adnuradmin/config.json", None).await;
    assert!(raw.text().contains("gw-test"), "{}", raw.text());

    let bare = built_app(false);
    let gw = serving(&bare, &[]);
    for uri in [
        "/adnuradmin/config.json",
        "/adnurAdmin/config.json",
        "/adnuradmin/login/config.json",
    ] {
        let raw = gw.get_path(uri, None).await;
        assert_eq!(raw.status, StatusCode::NOT_FOUND, "{uri}");
        let content_type = raw.header("content-type").unwrap_or_default();
        assert!(
            !content_type.starts_with("text/html"),
            "{uri}: {content_type}"
        );
        assert!(!raw.text().contains("<html"), "{uri}: never the app's page");
    }
}

/// The binary, on a real socket: `--static` with precompressed files, negotiated per request.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_sends_the_br_the_gz_or_the_file_as_the_request_accepts() {
    let app = built_app(true);
    let dir = app.path().to_str().expect("a UTF-8 path");
    let (child, addr) = crate::server::spawn_binary(":memory:", &["--static", dir]).await;
    let uri = "/adnuradmin/assets/app-1.js";
    let header = |a: &crate::server::Answer, name: &str| {
        a.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    };
    let br = http(
        addr,
        "GET",
        uri,
        &[("Accept-Encoding", "gzip, deflate, br")],
        "",
    )
    .await;
    assert_eq!(br.status, 200);
    assert_eq!(br.body, JS_BR);
    assert_eq!(header(&br, "content-encoding").as_deref(), Some("br"));
    assert_eq!(header(&br, "vary").as_deref(), Some("accept-encoding"));
    let gz = http(addr, "GET", uri, &[("Accept-Encoding", "gzip")], "").await;
    assert_eq!(header(&gz, "content-encoding").as_deref(), Some("gzip"));
    assert_eq!(gunzip(&gz.body), JS);
    let plain = http(addr, "GET", uri, &[], "").await;
    assert_eq!(header(&plain, "content-encoding"), None);
    assert_eq!(plain.body, JS.as_bytes());
    let page = http(
        addr,
        "GET",
        "/adnuradmin/login",
        &[("Accept-Encoding", "gzip, br")],
        "",
    )
    .await;
    assert_eq!(header(&page, "content-encoding").as_deref(), Some("gzip"));
    assert!(gunzip(&page.body).contains("<main>登录</main>"));
    terminate(child).await;
}

/// Every path a page on another site calls: the protocol (both mounts), the system menu tree, the
/// loader and a stored image. The token rides in the query, as the app sends it cross-origin.
async fn cross_origin_paths(gw: &Gw) -> Vec<String> {
    let admin = gw.admin().await;
    vec![
        format!("/m?api=mtop.admin.user.current&mat={admin}&data=%7B%7D"),
        format!("/api?api=mtop.admin.user.current&mat={admin}&data=%7B%7D"),
        format!("/m/v1/qryMenuTree?mat={admin}"),
        format!("/api/v1/qryMenuTree?mat={admin}"),
        format!("/__serverLoader?route=home&mat={admin}"),
        format!("/api/__serverLoader?route=home&mat={admin}"),
        signed_url(&gw.state, SEED_PRODUCT_IMAGES[0]),
    ]
}

const APP_ORIGIN: &str = "http://localhost:4173";
const OTHER_APP: &str = "https://admin.example.com";

fn cors_headers(raw: &Raw) -> Vec<String> {
    raw.headers
        .keys()
        .map(|k| k.as_str().to_owned())
        .filter(|k| k.starts_with("access-control-"))
        .collect()
}

#[tokio::test]
async fn an_allowed_origin_gets_its_own_name_and_credentials_on_every_api_path() {
    let app = built_app(true);
    let gw = serving(&app, &[APP_ORIGIN, OTHER_APP]);
    for uri in cross_origin_paths(&gw).await {
        for origin in [APP_ORIGIN, OTHER_APP] {
            let raw = get_with(&gw, &uri, &[("origin", origin)]).await;
            assert_eq!(raw.status, StatusCode::OK, "{uri}");
            if !uri.starts_with("/files/") {
                raw.env().ok();
            }
            assert_eq!(
                raw.header("access-control-allow-origin").as_deref(),
                Some(origin),
                "{uri}"
            );
            assert_eq!(
                raw.header("access-control-allow-credentials").as_deref(),
                Some("true"),
                "{uri}"
            );
            assert!(varies_on(&raw, "origin"), "{uri}");
        }
    }
    // A POST, as the app's writes are sent (a form body: no preflight needed).
    let raw = gw
        .send(
            Request::builder()
                .method(HttpMethod::POST)
                .uri("/m?api=mtop.admin.user.login")
                .header(header::ORIGIN, APP_ORIGIN)
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .body(Body::from(
                    "data=%7B%22username%22%3A%22admin%22%2C%22password%22%3A%22Admin%40123%22%7D",
                ))
                .unwrap(),
        )
        .await;
    assert!(raw.env().mat.is_some(), "signed in across origins");
    assert_eq!(
        raw.header("access-control-allow-origin").as_deref(),
        Some(APP_ORIGIN)
    );
    // The app's own files are not the API: no CORS there.
    let raw = get_with(
        &gw,
        "/adnuradmin/assets/app-1.js",
        &[("origin", APP_ORIGIN)],
    )
    .await;
    assert_eq!(raw.status, StatusCode::OK);
    assert!(cors_headers(&raw).is_empty(), "{:?}", cors_headers(&raw));
}

#[tokio::test]
async fn any_other_origin_gets_no_cors_header_at_all() {
    let app = built_app(true);
    let gw = serving(&app, &[APP_ORIGIN]);
    let unconfigured = serving(&app, &[]);
    for uri in cross_origin_paths(&gw).await {
        for origin in [
            "https://evil.example",
            "http://localhost:4174",
            "https://localhost:4173",
            "http://localhost:4173.evil.example",
            "http://LOCALHOST:4173/",
            "null",
        ] {
            let raw = get_with(&gw, &uri, &[("origin", origin)]).await;
            // Answered (a browser just does not let the page read it), without permission.
            assert_eq!(raw.status, StatusCode::OK, "{uri}");
            assert!(
                cors_headers(&raw).is_empty(),
                "{uri} from {origin}: {:?}",
                cors_headers(&raw)
            );
            assert!(
                varies_on(&raw, "origin"),
                "{uri}: a cache keeps answers apart by origin"
            );
        }
        // No origin configured: nobody gets CORS, not even the one the other gateway allows.
        let raw = get_with(&unconfigured, &uri, &[("origin", APP_ORIGIN)]).await;
        assert!(
            cors_headers(&raw).is_empty(),
            "{uri}: {:?}",
            cors_headers(&raw)
        );
    }
}

fn preflight(uri: &str, origin: &str, method: &str, headers: Option<&str>) -> Request<Body> {
    let mut b = Request::builder()
        .method(HttpMethod::OPTIONS)
        .uri(uri)
        .header(header::ORIGIN, origin)
        .header(header::ACCESS_CONTROL_REQUEST_METHOD, method);
    if let Some(h) = headers {
        b = b.header(header::ACCESS_CONTROL_REQUEST_HEADERS, h);
    }
    b.body(Body::empty()).unwrap()
}

#[tokio::test]
async fn preflights_are_granted_for_get_and_post_with_content_type_to_allowed_origins_only() {
    let app = built_app(true);
    let gw = serving(&app, &[APP_ORIGIN]);
    let uris = [
        "/m",
        "/api",
        "/m/v1/qryMenuTree",
        "/__serverLoader",
        "/api/__serverLoader",
        &format!("/files/{}", SEED_PRODUCT_IMAGES[0]),
    ];
    for uri in uris {
        for method in ["GET", "POST"] {
            let raw = gw
                .send(preflight(uri, APP_ORIGIN, method, Some("content-type")))
                .await;
            let what = format!("{method} {uri}");
            assert!(raw.status.is_success(), "{what}: {}", raw.status);
            assert!(raw.body.is_empty(), "{what}");
            assert_eq!(
                raw.header("access-control-allow-origin").as_deref(),
                Some(APP_ORIGIN),
                "{what}"
            );
            assert_eq!(
                raw.header("access-control-allow-credentials").as_deref(),
                Some("true"),
                "{what}"
            );
            let methods = raw
                .header("access-control-allow-methods")
                .unwrap_or_default();
            assert!(methods.contains(method), "{what}: {methods}");
            let allowed = raw
                .header("access-control-allow-headers")
                .unwrap_or_default();
            assert!(
                allowed.to_ascii_lowercase().contains("content-type"),
                "{what}: {allowed}"
            );
            assert!(raw.header("access-control-max-age").is_some(), "{what}");
            assert!(varies_on(&raw, "origin"), "{what}");
        }
        // Another origin, or a method the API does not have: no permission (the route's 405).
        for (origin, method) in [
            ("https://evil.example", "POST"),
            (APP_ORIGIN, "PUT"),
            (APP_ORIGIN, "DELETE"),
        ] {
            let raw = gw.send(preflight(uri, origin, method, None)).await;
            let what = format!("{method} {uri} from {origin}");
            assert_eq!(raw.status, StatusCode::METHOD_NOT_ALLOWED, "{what}");
            assert!(
                raw.header("access-control-allow-methods").is_none(),
                "{what}"
            );
            if origin != APP_ORIGIN {
                assert!(
                    cors_headers(&raw).is_empty(),
                    "{what}: {:?}",
                    cors_headers(&raw)
                );
            }
        }
    }
}

/// `--cors-origin` (repeatable) and `ADNUR_CORS_ORIGINS` (comma separated) reach the running
/// gateway; a value that is not an origin stops it before it listens.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_takes_its_origins_from_flags_or_the_environment() {
    let spawn = |args: &[&str], env: Option<&str>| {
        let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_mock-gateway"));
        cmd.args([
            "--port",
            "0",
            "--db",
            ":memory:",
            "--argon2-memory-kib",
            "64",
            "--argon2-iterations",
            "1",
        ])
        .args(args)
        .env("RUST_LOG", "warn")
        .env_remove("ADNUR_CORS_ORIGINS")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
        if let Some(value) = env {
            cmd.env("ADNUR_CORS_ORIGINS", value);
        }
        cmd
    };
    let allowed_by = |args: &'static [&'static str], env: Option<&'static str>| async move {
        let mut child = spawn(args, env).spawn().expect("spawn");
        let stdout = child.stdout.take().expect("stdout");
        let line = tokio::time::timeout(
            Duration::from_secs(60),
            BufReader::new(stdout).lines().next_line(),
        )
        .await
        .expect("starts")
        .expect("read")
        .expect("a line");
        let addr: std::net::SocketAddr = line
            .strip_prefix("listening on http://")
            .expect("the listening line")
            .parse()
            .expect("addr");
        let mut allowed = Vec::new();
        for origin in ["http://a.test:8080", "https://b.test", "https://c.test"] {
            let answer = http(addr, "GET", "/m/v1/qryMenuTree", &[("Origin", origin)], "").await;
            if answer
                .headers
                .iter()
                .any(|(k, v)| k == "access-control-allow-origin" && v == origin)
            {
                allowed.push(origin);
            }
        }
        terminate(child).await;
        allowed
    };
    assert_eq!(
        allowed_by(
            &[
                "--cors-origin",
                "http://a.test:8080",
                "--cors-origin",
                "HTTPS://B.test:443/"
            ],
            None
        )
        .await,
        ["http://a.test:8080", "https://b.test"]
    );
    assert_eq!(
        allowed_by(&[], Some("https://c.test, http://a.test:8080,")).await,
        ["http://a.test:8080", "https://c.test"]
    );
    assert!(allowed_by(&[], None).await.is_empty());
    for bad in ["*", "https://b.test/app", "b.test"] {
        let out = tokio::time::timeout(
            Duration::from_secs(30),
            spawn(&["--cors-origin", bad], None).output(),
        )
        .await
        .expect("exits at once")
        .expect("run");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("--cors-origin"), "{bad}: {stderr}");
        assert!(out.stdout.is_empty(), "{bad}: it never listened");
    }
}

#[tokio::test]
async fn the_loader_and_the_menu_tree_take_the_token_from_the_query_or_else_the_cookie() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let operator = gw.operator().await;
    for (uri, cookie) in [
        (format!("/__serverLoader?route=home&mat={admin}"), None),
        (
            format!("/api/__serverLoader?route=home&url=%2Fadnuradmin%2Fhome&mat={admin}"),
            None,
        ),
        (
            "/__serverLoader?route=home".to_owned(),
            Some(format!("mat={admin}")),
        ),
        (format!("/m/v1/qryMenuTree?mat={admin}"), None),
        ("/m/v1/qryMenuTree".to_owned(), Some(format!("mat={admin}"))),
    ] {
        let data = gw.get_path(&uri, cookie.as_deref()).await.env().ok();
        assert!(!data.is_null(), "{uri}");
    }
    // The query names who asks, even beside another user's cookie: the operator may not open
    // 系统用户, the administrator may.
    let route = "/__serverLoader?route=system/user";
    gw.get_path(
        &format!("{route}&mat={operator}"),
        Some(&format!("mat={admin}")),
    )
    .await
    .env()
    .fails("permission_denied");
    let crumbs = gw
        .get_path(
            &format!("{route}&mat={admin}"),
            Some(&format!("mat={operator}")),
        )
        .await
        .env()
        .ok();
    assert_eq!(crumbs["route"], "system/user");
    // An empty parameter is no token: the cookie answers.
    gw.get_path(&format!("{route}&mat="), Some(&format!("mat={admin}")))
        .await
        .env()
        .ok();
    // A wrong token, in either place, is refused.
    for (uri, cookie) in [
        (format!("{route}&mat=not-a-token"), None),
        (route.to_owned(), Some("mat=not-a-token".to_owned())),
        (route.to_owned(), None),
    ] {
        gw.get_path(&uri, cookie.as_deref())
            .await
            .env()
            .fails("user_need_login_token_invalid");
    }
}
