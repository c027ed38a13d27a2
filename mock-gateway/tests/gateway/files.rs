//! Images: `file.upload` (type read from the bytes, 2 MB at most) and the signed `/files/{key}`
//! URLs (expired, altered or malformed → 403; a well-signed unknown key → 404).

use std::sync::Arc;

use axum::http::StatusCode;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use core_wasm::constants::{MAX_IMAGE_BYTES, SIGNED_URL_TTL_SECS};
use mock_gateway::config::DbLocation;
use mock_gateway::files::{SEED_PRODUCT_IMAGES, SEED_SHOP_LOGOS, sign, signed_url};
use mock_gateway::store::pictures;
use mock_gateway::{AppState, Config};
use serde_json::{Value, json};

use crate::common::*;

const UPLOAD: &str = "mtop.admin.file.upload";

fn fixture(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/gateway/fixtures/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn png() -> Vec<u8> {
    pictures::product(1).expect("draw a png")
}

async fn upload(gw: &Gw, mat: &str, name: &str, bytes: &[u8]) -> Env {
    gw.post(
        UPLOAD,
        mat,
        json!({"name": name, "content": STANDARD.encode(bytes)}),
    )
    .await
}

fn files_count(gw: &Gw) -> i64 {
    gw.state
        .store
        .read(|c| Ok(c.query_row("SELECT count(*) FROM files", [], |r| r.get(0))?))
        .expect("count files")
}

/// Splits `/files/KEY?exp=E&sig=S` into its parts.
fn parts(url: &str) -> (String, i64, String) {
    let rest = url.strip_prefix("/files/").expect("a /files/ URL");
    let (key, query) = rest.split_once('?').expect("a query");
    let (exp, sig) = query
        .strip_prefix("exp=")
        .and_then(|q| q.split_once("&sig="))
        .expect("exp and sig");
    (key.to_owned(), exp.parse().expect("exp"), sig.to_owned())
}

#[tokio::test]
async fn an_uploaded_png_or_jpeg_is_served_by_its_signed_url_with_its_type() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let before = files_count(&gw);
    for (name, bytes, mime, ext) in [
        ("产品主图.png", png(), "image/png", ".png"),
        ("photo.jpg", fixture("python.jpg"), "image/jpeg", ".jpg"),
        ("动图.gif", fixture("python.gif"), "image/gif", ".gif"),
        ("x.webp", fixture("python.webp"), "image/webp", ".webp"),
    ] {
        let data = upload(&gw, &admin, name, &bytes).await.ok();
        let key = data["key"].as_str().expect("key").to_owned();
        let url = data["url"].as_str().expect("url").to_owned();
        assert!(key.ends_with(ext), "{key}: the extension follows the bytes");
        assert!(!key.contains("产品") && !key.contains("photo"), "{key}");
        assert!(url.starts_with(&format!("/files/{key}?exp=")), "{url}");
        let raw = gw.get_path(&url, None).await;
        assert_eq!(raw.status, StatusCode::OK, "{url}");
        assert_eq!(raw.body.as_ref(), bytes.as_slice(), "the very bytes");
        assert_eq!(raw.header("content-type").as_deref(), Some(mime));
        assert_eq!(
            raw.header("x-content-type-options").as_deref(),
            Some("nosniff")
        );
        let cache = raw.header("cache-control").expect("cache-control");
        let age: i64 = cache
            .strip_prefix("private, max-age=")
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("{cache}"));
        assert!(
            age > 0 && age <= SIGNED_URL_TTL_SECS,
            "max-age is what is left: {age}"
        );
    }
    assert_eq!(files_count(&gw), before + 4);
    // Each upload is in the audit log, with who uploaded what.
    let audit = gw
        .get(
            "mtop.admin.audit.list",
            &admin,
            json!({"api": UPLOAD, "pageSize": 10}),
        )
        .await
        .ok();
    assert_eq!(audit["total"], 4);
    let summary = audit["list"][3]["summary"].as_str().unwrap_or_default();
    assert!(summary.starts_with("上传图片 产品主图.png（"), "{summary}");
    assert_eq!(audit["list"][0]["username"], "admin");
}

#[tokio::test]
async fn anything_but_a_small_image_is_refused_at_content_and_nothing_is_stored() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let before = files_count(&gw);
    let stored_before = std::fs::read_dir(gw.state.files.path())
        .expect("folder")
        .count();
    let text = b"hello, I am not a picture\n".to_vec();
    let svg =
        br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.to_vec();
    // A PNG signature followed by 2 MB and one byte.
    let mut big = png();
    big.resize(MAX_IMAGE_BYTES + 1, 0);
    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "text named .png",
            json!({"name": "a.png", "content": STANDARD.encode(&text)}),
            "图片须为 PNG、JPEG、GIF 或 WebP 格式",
        ),
        (
            "svg",
            json!({"name": "a.svg", "content": STANDARD.encode(&svg)}),
            "图片须为 PNG、JPEG、GIF 或 WebP 格式",
        ),
        (
            "bmp",
            json!({"name": "a.bmp", "content": STANDARD.encode(fixture("python.bmp"))}),
            "图片须为 PNG、JPEG、GIF 或 WebP 格式",
        ),
        (
            "over 2 MB",
            json!({"name": "big.png", "content": STANDARD.encode(&big)}),
            "图片不能超过 2 MB",
        ),
        (
            "garbage base64",
            json!({"name": "a.png", "content": "iVBORw0KGgo@@@!!"}),
            "图片内容不是合法的 base64 编码",
        ),
        (
            "empty",
            json!({"name": "a.png", "content": ""}),
            "请选择要上传的图片",
        ),
        ("absent", json!({"name": "a.png"}), "请选择要上传的图片"),
        // Magic numbers alone do not make an image.
        (
            "the first four bytes of a PNG",
            json!({"name": "a.png", "content": STANDARD.encode(&png()[..4])}),
            "图片内容不完整或已损坏",
        ),
        (
            "a PNG signature glued to a script",
            json!({"name": "a.png", "content": STANDARD.encode(
                [&png()[..8], b"<script>alert(1)</script>".as_slice()].concat())}),
            "图片内容不完整或已损坏",
        ),
        (
            "a GIF header without a screen or trailer",
            json!({"name": "a.gif", "content": STANDARD.encode(b"GIF89a\0\0\0\0\0\0\0hello")}),
            "图片内容不完整或已损坏",
        ),
        (
            "a JPEG start without its end",
            json!({"name": "a.jpg", "content": STANDARD.encode(
                [&fixture("python.jpg")[..64], b"#!/bin/sh\nrm -rf /\n".as_slice()].concat())}),
            "图片内容不完整或已损坏",
        ),
        (
            "a WebP whose RIFF size lies",
            json!({"name": "a.webp", "content": STANDARD.encode(&fixture("python.webp")[..40])}),
            "图片内容不完整或已损坏",
        ),
    ];
    for (what, data, msg) in cases {
        let env = gw.post(UPLOAD, &admin, data).await.fails("param_invalid");
        assert_eq!(env.msg, msg, "{what}");
        assert_eq!(env.fields(), ["content"], "{what}");
    }
    assert_eq!(files_count(&gw), before, "no row for a refused upload");
    let stored_after = std::fs::read_dir(gw.state.files.path())
        .expect("folder")
        .count();
    assert_eq!(stored_after, stored_before, "no file for a refused upload");
}

#[tokio::test]
async fn an_image_of_exactly_2_mb_fits_the_body_limit_and_is_stored() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let mut exact = png();
    exact.resize(MAX_IMAGE_BYTES, 0xAB);
    let data = upload(&gw, &admin, "exact.png", &exact).await.ok();
    let raw = gw.get_path(data["url"].as_str().expect("url"), None).await;
    assert_eq!(raw.status, StatusCode::OK);
    assert_eq!(raw.body.len(), MAX_IMAGE_BYTES);
}

#[tokio::test]
async fn uploading_needs_a_session() {
    let gw = Gw::new();
    let env = gw
        .post(
            UPLOAD,
            "",
            json!({"name": "a.png", "content": STANDARD.encode(png())}),
        )
        .await;
    env.fails("user_need_login_token_invalid");
    // Any signed-in user may upload (logos, ad images): the operator too.
    let operator = gw.operator().await;
    upload(&gw, &operator, "a.png", &png()).await.ok();
}

#[tokio::test]
async fn an_altered_or_malformed_url_is_403_and_a_well_signed_unknown_key_404() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let data = upload(&gw, &admin, "a.png", &png()).await.ok();
    let url = data["url"].as_str().expect("url").to_owned();
    assert_eq!(gw.get_path(&url, None).await.status, StatusCode::OK);
    let (key, exp, sig) = parts(&url);
    let other = SEED_PRODUCT_IMAGES[0];
    let flipped = {
        let mut s = sig.clone().into_bytes();
        s[0] = if s[0] == b'A' { b'B' } else { b'A' };
        String::from_utf8(s).expect("ascii")
    };
    let forbidden = [
        format!("/files/{other}?exp={exp}&sig={sig}"),
        format!("/files/{key}?exp={}&sig={sig}", exp + 60),
        format!("/files/{key}?exp={}&sig={sig}", exp - 60),
        format!("/files/{key}?exp={exp}&sig={flipped}"),
        format!("/files/{key}?exp={exp}&sig="),
        format!("/files/{key}?exp={exp}"),
        format!("/files/{key}?sig={sig}"),
        format!("/files/{key}"),
        format!("/files/{key}?exp=abc&sig={sig}"),
        format!("/files/{key}?exp={exp}&sig={sig}&exp={exp}"),
        format!("/files/{}?exp={exp}&sig={sig}", key.to_uppercase()),
        format!("/files/{key}x?exp={exp}&sig={sig}"),
    ];
    for bad in forbidden {
        let raw = gw.get_path(&bad, None).await;
        assert_eq!(raw.status, StatusCode::FORBIDDEN, "{bad}");
        assert!(raw.body.is_empty(), "no details: {bad}");
    }
    // Genuinely signed, but nothing is stored under the key.
    let unknown = "00000000000000000000000000000000.png";
    let exp = gw.clock_s() + 60;
    let sig = sign(&gw.state.file_secret, unknown, exp);
    let raw = gw
        .get_path(&format!("/files/{unknown}?exp={exp}&sig={sig}"), None)
        .await;
    assert_eq!(raw.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_url_expires_after_its_ttl() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let url = upload(&gw, &admin, "a.png", &png()).await.ok()["url"]
        .as_str()
        .expect("url")
        .to_owned();
    let (_, exp, _) = parts(&url);
    let left = exp - gw.clock_s();
    assert!(left > 0 && left <= SIGNED_URL_TTL_SECS, "{left}");
    gw.clock.advance((left - 1) * 1000);
    let raw = gw.get_path(&url, None).await;
    assert_eq!(raw.status, StatusCode::OK, "still valid in its last second");
    assert_eq!(
        raw.header("cache-control").as_deref(),
        Some("private, max-age=1")
    );
    gw.clock.advance(1000);
    assert_eq!(gw.get_path(&url, None).await.status, StatusCode::FORBIDDEN);
    // A fresh URL for the same key works again.
    let key = parts(&url).0;
    let fresh = signed_url(&gw.state, &key);
    assert_eq!(gw.get_path(&fresh, None).await.status, StatusCode::OK);
}

#[tokio::test]
async fn no_key_reaches_outside_the_folder_even_when_signed() {
    let gw = Gw::new();
    // A file beside the folder that a traversal would aim at.
    let outside = gw
        .state
        .files
        .path()
        .parent()
        .expect("the folder has a parent")
        .join("secret.png");
    let _ = std::fs::write(&outside, png());
    let exp = gw.clock_s() + 60;
    for key in [
        "../secret.png",
        "..%2Fsecret.png",
        "%2e%2e/secret.png",
        "/etc/passwd",
        "a/../../secret.png",
        "..%5Csecret.png",
    ] {
        // Signed with the gateway's own secret: only the key's shape stops it.
        let sig = sign(&gw.state.file_secret, key, exp);
        let raw = gw
            .get_path(&format!("/files/{key}?exp={exp}&sig={sig}"), None)
            .await;
        assert!(
            matches!(raw.status, StatusCode::FORBIDDEN | StatusCode::NOT_FOUND),
            "{key}: {}",
            raw.status
        );
        assert_ne!(raw.body.as_ref(), png().as_slice(), "{key}");
    }
    let _ = std::fs::remove_file(outside);
}

#[tokio::test]
async fn concurrent_uploads_are_all_stored() {
    let gw = Arc::new(Gw::new());
    let admin = gw.admin().await;
    let before = files_count(&gw);
    let tasks: Vec<_> = (0..12)
        .map(|i| {
            let gw = Arc::clone(&gw);
            let admin = admin.clone();
            tokio::spawn(async move {
                let bytes = pictures::product(i).expect("draw");
                let data = upload(&gw, &admin, &format!("{i}.png"), &bytes).await.ok();
                (bytes, data["url"].as_str().expect("url").to_owned())
            })
        })
        .collect();
    let mut keys = Vec::new();
    for task in tasks {
        let (bytes, url) = task.await.expect("upload task");
        let raw = gw.get_path(&url, None).await;
        assert_eq!(raw.status, StatusCode::OK);
        assert_eq!(
            raw.body.as_ref(),
            bytes.as_slice(),
            "each URL serves its own upload"
        );
        keys.push(parts(&url).0);
    }
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), 12, "distinct keys");
    assert_eq!(files_count(&gw), before + 12);
}

#[tokio::test]
async fn the_seed_pictures_are_stored_pngs() {
    let gw = Gw::new();
    for key in SEED_PRODUCT_IMAGES.iter().chain(&SEED_SHOP_LOGOS) {
        let raw = gw.get_path(&signed_url(&gw.state, key), None).await;
        assert_eq!(raw.status, StatusCode::OK, "{key}");
        assert_eq!(raw.header("content-type").as_deref(), Some("image/png"));
        assert!(raw.body.starts_with(b"\x89PNG\r\n\x1a\n"), "{key}");
    }
}

#[tokio::test]
async fn urls_and_files_survive_a_restart_and_live_beside_the_database() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = Config {
        db: DbLocation::File(dir.path().join("gw.sqlite3")),
        readers: 2,
        ..Config::for_tests()
    };
    let (url, bytes) = {
        let gw = Gw::with(config.clone(), Vec::new());
        assert_eq!(gw.state.files.path(), dir.path().join("gw-files"));
        let admin = gw.admin().await;
        let bytes = pictures::logo(2).expect("draw");
        let url = upload(&gw, &admin, "logo.png", &bytes).await.ok()["url"]
            .as_str()
            .expect("url")
            .to_owned();
        gw.state.shutdown().expect("shutdown");
        (url, bytes)
    };
    let gw = Gw::with(config.clone(), Vec::new());
    let raw = gw.get_path(&url, None).await;
    assert_eq!(raw.status, StatusCode::OK, "the secret was kept");
    assert_eq!(raw.body.as_ref(), bytes.as_slice());
    drop(gw);
    // A reset forgets the secret and the uploads.
    let reset = Gw::with(
        Config {
            reset: true,
            ..config
        },
        Vec::new(),
    );
    assert_eq!(
        reset.get_path(&url, None).await.status,
        StatusCode::FORBIDDEN
    );
    let key = parts(&url).0;
    assert!(!dir.path().join("gw-files").join(&key).exists());
    let seeded = signed_url(&reset.state, SEED_SHOP_LOGOS[0]);
    assert_eq!(reset.get_path(&seeded, None).await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_memory_gateway_keeps_its_files_in_a_folder_removed_with_it() {
    let state = AppState::open(Config::for_tests()).expect("open");
    let folder = state.files.path().to_path_buf();
    assert!(folder.join(SEED_PRODUCT_IMAGES[0]).is_file());
    drop(state);
    assert!(!folder.exists(), "{} is removed", folder.display());
}
