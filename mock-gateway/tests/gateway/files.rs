//! Images: `file.upload` (type read from the bytes, 2 MB at most, decoded and written anew: only
//! a real image is stored, and only what the gateway wrote is served) and the signed `/files/{key}`
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

/// The pixels of an image file, as RGBA (transparent pixels all alike: GIF keeps no colour for
/// them).
fn pixels(bytes: &[u8]) -> image::RgbaImage {
    let mut img = image::load_from_memory(bytes)
        .unwrap_or_else(|e| panic!("an image: {e}"))
        .to_rgba8();
    for p in img.pixels_mut() {
        if p[3] == 0 {
            *p = image::Rgba([0, 0, 0, 0]);
        }
    }
    img
}

/// The mean difference per channel of two pictures of one size (0 for the same pixels).
fn distance(a: &image::RgbaImage, b: &image::RgbaImage) -> f64 {
    assert_eq!(a.dimensions(), b.dimensions());
    let total: u64 = a
        .as_raw()
        .iter()
        .zip(b.as_raw())
        .map(|(x, y)| u64::from(x.abs_diff(*y)))
        .sum();
    total as f64 / a.as_raw().len() as f64
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
        assert_eq!(raw.header("content-type").as_deref(), Some(mime));
        // Written anew in its own format: the same picture (JPEG within its loss).
        assert_eq!(
            image::guess_format(&raw.body)
                .ok()
                .map(|f| f.to_mime_type()),
            Some(mime),
            "{name}"
        );
        let (sent, served) = (pixels(&bytes), pixels(&raw.body));
        let off = distance(&sent, &served);
        // JPEG within its loss (another picture is off by 50 or more), the others exactly.
        let most = if mime == "image/jpeg" { 8.0 } else { 0.0 };
        assert!(off <= most, "{name}: {off} per channel");
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
        // A whole, valid header chunk (all the old check looked at) and a page after it.
        (
            "a PNG's signature and header chunk glued to a page",
            json!({"name": "a.png", "content": STANDARD.encode(
                [&png()[..33], b"<html><script>alert(document.cookie)</script></html>".as_slice()].concat())}),
            "图片内容不完整或已损坏",
        ),
        (
            "a PNG cut off in its pixels",
            json!({"name": "a.png", "content": STANDARD.encode(&png()[..png().len() / 2])}),
            "图片内容不完整或已损坏",
        ),
        (
            "a PNG wider than 4096 pixels",
            json!({"name": "wide.png", "content": STANDARD.encode(wide_png())}),
            "图片尺寸过大，宽和高都不能超过 4096 像素",
        ),
        (
            "a GIF whose 1×1 screen carries a 3000×3000 frame",
            json!({"name": "a.gif", "content": STANDARD.encode(gif_with_a_frame_past_its_screen())}),
            "GIF 图片的帧数或尺寸过大",
        ),
        (
            "an animated PNG",
            json!({"name": "a.png", "content": STANDARD.encode(animated_png())}),
            "不支持 PNG 动图，动图请使用 GIF 格式",
        ),
        (
            "an animated WebP",
            json!({"name": "a.webp", "content": STANDARD.encode(animated_webp())}),
            "不支持 WebP 动图，动图请使用 GIF 格式",
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
async fn an_upload_of_exactly_2_mb_fits_the_body_limit_and_only_its_picture_is_kept() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    // A real PNG and, after its end, anything at all up to 2 MB: a picture decodes from it, and
    // what is stored is that picture written anew, not what came after.
    let mut exact = png();
    exact.resize(MAX_IMAGE_BYTES, 0xAB);
    let data = upload(&gw, &admin, "exact.png", &exact).await.ok();
    let raw = gw.get_path(data["url"].as_str().expect("url"), None).await;
    assert_eq!(raw.status, StatusCode::OK);
    assert!(raw.body.len() < 64 * 1024, "{} bytes", raw.body.len());
    assert!(
        !raw.body.windows(16).any(|w| w == [0xAB; 16]),
        "the tail is gone"
    );
    assert_eq!(distance(&pixels(&png()), &pixels(&raw.body)), 0.0);
}

#[tokio::test]
async fn what_follows_a_picture_is_never_served_and_its_metadata_goes() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let script = b"<html><script>alert(document.cookie)</script></html>".as_slice();
    // A JPEG photo stored on its side, to be turned by EXIF, with a GPS-like note in the EXIF that
    // must not be published, and a page after its end.
    let photo = [sideways_photo().as_slice(), script].concat();
    for (name, bytes, mime, size) in [
        (
            "polyglot.png",
            [png().as_slice(), script].concat(),
            "image/png",
            (320, 320),
        ),
        ("photo.jpg", photo, "image/jpeg", (16, 32)),
        (
            "x.gif",
            [fixture("python.gif").as_slice(), script].concat(),
            "image/gif",
            (16, 16),
        ),
    ] {
        let data = upload(&gw, &admin, name, &bytes).await.ok();
        let raw = gw.get_path(data["url"].as_str().expect("url"), None).await;
        assert_eq!(raw.header("content-type").as_deref(), Some(mime), "{name}");
        let find = |needle: &[u8]| raw.body.windows(needle.len()).any(|w| w == needle);
        assert!(
            !find(b"<script"),
            "{name}: the page after the picture is gone"
        );
        assert!(
            !find(b"Exif") && !find(b"31.2304N"),
            "{name}: no EXIF is kept"
        );
        let served = pixels(&raw.body);
        assert_eq!(served.dimensions(), size, "{name}");
        if mime == "image/jpeg" {
            // Upright: the red half that was on the left is on top.
            let (top, bottom) = (served.get_pixel(8, 4), served.get_pixel(8, 28));
            assert!(top[0] > 150 && top[2] < 100, "red on top: {top:?}");
            assert!(bottom[2] > 150 && bottom[0] < 100, "blue below: {bottom:?}");
        }
        // The audit log records what was stored, not what was sent.
        let audit = gw
            .get(
                "mtop.admin.audit.list",
                &admin,
                json!({"api": UPLOAD, "pageSize": 10}),
            )
            .await
            .ok();
        let summary = audit["list"][0]["summary"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        assert!(
            summary.contains(&format!("{} 字节", raw.body.len())),
            "{summary}"
        );
    }
}

#[tokio::test]
async fn an_animated_gif_keeps_its_frames_and_their_delays() {
    use image::AnimationDecoder;
    let gw = Gw::new();
    let admin = gw.admin().await;
    let colours = [[255, 0, 0, 255], [0, 160, 0, 255], [0, 0, 255, 255]];
    let mut gif = Vec::new();
    {
        let mut encoder = image::codecs::gif::GifEncoder::new(&mut gif);
        encoder
            .set_repeat(image::codecs::gif::Repeat::Infinite)
            .unwrap();
        for c in colours {
            let frame = image::Frame::from_parts(
                image::RgbaImage::from_pixel(12, 8, image::Rgba(c)),
                0,
                0,
                image::Delay::from_numer_denom_ms(200, 1),
            );
            encoder.encode_frame(frame).unwrap();
        }
    }
    let data = upload(&gw, &admin, "blink.gif", &gif).await.ok();
    let raw = gw.get_path(data["url"].as_str().expect("url"), None).await;
    let frames = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(raw.body.to_vec()))
        .unwrap()
        .into_frames()
        .collect_frames()
        .unwrap();
    assert_eq!(frames.len(), 3);
    for (frame, c) in frames.iter().zip(colours) {
        assert_eq!(frame.buffer().dimensions(), (12, 8));
        assert_eq!(frame.buffer().get_pixel(5, 5).0, c);
        assert_eq!(frame.delay().numer_denom_ms(), (200, 1));
    }
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
            distance(&pixels(&raw.body), &pixels(&bytes)),
            0.0,
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
async fn a_new_database_beside_a_kept_folder_keeps_its_pictures_and_sizes_their_rows_by_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = || Config {
        db: DbLocation::File(dir.path().join("gw.sqlite3")),
        ..Config::for_tests()
    };
    drop(AppState::open(config()).expect("first start"));
    // The database goes, the folder stays, and one of its pictures is not what the seed draws.
    std::fs::remove_file(dir.path().join("gw.sqlite3")).expect("remove the database");
    let folder = dir.path().join("gw-files");
    let kept = png();
    std::fs::write(folder.join(SEED_SHOP_LOGOS[0]), &kept).expect("replace a picture");
    let state = AppState::open(config()).expect("second start");
    let size: i64 = state
        .store
        .read(|c| {
            Ok(c.query_row(
                "SELECT bytes FROM files WHERE key = ?1",
                [SEED_SHOP_LOGOS[0]],
                |r| r.get(0),
            )?)
        })
        .expect("the picture's row");
    assert_eq!(size, kept.len() as i64, "the row is sized by the kept file");
    let on_disk = std::fs::read(folder.join(SEED_SHOP_LOGOS[0])).expect("the kept picture");
    assert_eq!(on_disk, kept, "the kept picture is not drawn again");
    let rows: i64 = state
        .store
        .read(|c| Ok(c.query_row("SELECT count(*) FROM files", [], |r| r.get(0))?))
        .expect("count files");
    assert_eq!(
        rows,
        (SEED_PRODUCT_IMAGES.len() + SEED_SHOP_LOGOS.len()) as i64
    );
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
        let url = upload(&gw, &admin, "logo.png", &pictures::logo(2).expect("draw"))
            .await
            .ok()["url"]
            .as_str()
            .expect("url")
            .to_owned();
        let stored = gw.get_path(&url, None).await.body.to_vec();
        gw.state.shutdown().expect("shutdown");
        (url, stored)
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

#[tokio::test]
async fn a_png_whose_colour_profile_inflates_to_64_mb_is_stored_without_it() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let bomb = icc_bomb_png();
    let data = upload(&gw, &admin, "bomb.png", &bomb).await.ok();
    let url = data["url"].as_str().expect("url").to_owned();
    let served = gw.get_path(&url, None).await;
    assert_eq!(served.status, StatusCode::OK);
    let served = served.body.to_vec();
    assert!(
        !served.windows(4).any(|w| w == b"iCCP"),
        "no colour profile is written back"
    );
    assert!(served.len() < 64 * 1024, "{} bytes", served.len());
    assert_eq!(pixels(&served), pixels(&png()), "the same picture");
}

/// A small PNG carrying an `iCCP` chunk whose 64 KB of deflate inflate to 64 MB, read while the
/// header is: stored, it comes back without the profile. (The decoder is made with its limits, so
/// a larger profile stops at MAX_PIXEL_BYTES; the png crate then drops it, which no answer shows.)
fn icc_bomb_png() -> Vec<u8> {
    use std::io::Write;
    let mut deflate = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..64 {
        deflate.write_all(&zeros).unwrap();
    }
    let mut data = b"bomb\0\0".to_vec();
    data.extend(deflate.finish().unwrap());
    assert!(data.len() < MAX_IMAGE_BYTES, "the bomb fits an upload");
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    let mut crc = flate2::Crc::new();
    crc.update(b"iCCP");
    crc.update(&data);
    chunk.extend(b"iCCP");
    chunk.extend(&data);
    chunk.extend(crc.sum().to_be_bytes());
    // After the signature (8 bytes) and the header chunk (25), before the pixels.
    let plain = png();
    [&plain[..33], chunk.as_slice(), &plain[33..]].concat()
}

/// A GIF whose logical screen is 1×1 and whose one frame claims 3000×3000 (the format allows a
/// frame past its screen); its pixel data is a 1×1 picture's, as it is never read.
fn gif_with_a_frame_past_its_screen() -> Vec<u8> {
    let mut gif = b"GIF89a".to_vec();
    gif.extend([1, 0, 1, 0, 0, 0, 0]); // screen 1×1, no global colour table
    gif.extend([0x2C, 0, 0, 0, 0, 0xB8, 0x0B, 0xB8, 0x0B, 0x80]); // a 3000×3000 frame, 2 colours
    gif.extend([0, 0, 0, 0xFF, 0xFF, 0xFF]);
    gif.extend([2, 2, 0x44, 1, 0]); // LZW: clear, one pixel, end
    gif.push(0x3B);
    gif
}

/// A two-frame animated PNG, 4×4 grey.
fn animated_png() -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = ::png::Encoder::new(&mut out, 4, 4);
    encoder.set_color(::png::ColorType::Grayscale);
    encoder.set_animated(2, 0).unwrap();
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&[0u8; 16]).unwrap();
    writer.write_image_data(&[200u8; 16]).unwrap();
    writer.finish().unwrap();
    out
}

/// A real PNG 9,000 pixels wide and one high: small on the wire, over the side limit.
fn wide_png() -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = ::png::Encoder::new(&mut out, 9000, 1);
    encoder.set_color(::png::ColorType::Grayscale);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&[0u8; 9000]).unwrap();
    writer.finish().unwrap();
    out
}

/// A 32×16 JPEG, red on the left and blue on the right, whose EXIF says to show it turned a quarter
/// clockwise (so 16×32, red on top).
fn sideways_photo() -> Vec<u8> {
    let picture = image::RgbImage::from_fn(32, 16, |x, _| {
        if x < 16 {
            image::Rgb([220, 40, 40])
        } else {
            image::Rgb([40, 40, 220])
        }
    });
    let mut jpeg = Vec::new();
    image::DynamicImage::ImageRgb8(picture)
        .write_to(
            &mut std::io::Cursor::new(&mut jpeg),
            image::ImageFormat::Jpeg,
        )
        .unwrap();
    // The EXIF segment right after the start-of-image marker.
    [&jpeg[..2], &exif_orientation_6(), &jpeg[2..]].concat()
}

/// An APP1 segment with EXIF saying "orientation 6" (shown rotated 90° clockwise) and a GPS-like
/// description (`31.2304N`) that must not survive.
fn exif_orientation_6() -> Vec<u8> {
    let note = b"31.2304N\0";
    let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
    tiff.extend_from_slice(&[0, 2]); // two entries
    tiff.extend_from_slice(&[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]); // orientation = 6
    // ImageDescription (ASCII) pointing after the directory: 8 + 2 + 2 × 12 + 4 = 38.
    tiff.extend_from_slice(&[0x01, 0x0E, 0, 2, 0, 0, 0, note.len() as u8, 0, 0, 0, 38]);
    tiff.extend_from_slice(&[0, 0, 0, 0]); // no next directory
    tiff.extend_from_slice(note);
    let body = [b"Exif\0\0".as_slice(), &tiff].concat();
    let len = u16::try_from(body.len() + 2).unwrap().to_be_bytes();
    [&[0xFF, 0xE1], len.as_slice(), &body].concat()
}

/// An animated WebP of two frames (each a lossless still written by the image crate, wrapped in
/// the extended format's `ANIM`/`ANMF` chunks).
fn animated_webp() -> Vec<u8> {
    fn chunk(name: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let mut out = name.to_vec();
        out.extend_from_slice(&u32::try_from(data.len()).unwrap().to_le_bytes());
        out.extend_from_slice(data);
        if data.len() % 2 == 1 {
            out.push(0);
        }
        out
    }
    let u24 = |n: u32| n.to_le_bytes()[..3].to_vec();
    let (w, h) = (4u32, 4u32);
    let frame = |c: [u8; 4]| {
        let mut still = Vec::new();
        image::DynamicImage::ImageRgba8(image::RgbaImage::from_pixel(w, h, image::Rgba(c)))
            .write_to(
                &mut std::io::Cursor::new(&mut still),
                image::ImageFormat::WebP,
            )
            .unwrap();
        // The still's own chunk (`VP8L`) follows RIFF's 12 bytes.
        let mut data = [u24(0), u24(0), u24(w - 1), u24(h - 1), u24(100)].concat();
        data.push(0);
        data.extend_from_slice(&still[12..]);
        chunk(b"ANMF", &data)
    };
    let mut vp8x = vec![0x02, 0, 0, 0]; // the animation flag
    vp8x.extend(u24(w - 1));
    vp8x.extend(u24(h - 1));
    let body = [
        b"WEBP".to_vec(),
        chunk(b"VP8X", &vp8x),
        chunk(b"ANIM", &[0, 0, 0, 0, 0, 0]),
        frame([255, 0, 0, 255]),
        frame([0, 0, 255, 255]),
    ]
    .concat();
    [
        b"RIFF".as_slice(),
        &u32::try_from(body.len()).unwrap().to_le_bytes(),
        &body,
    ]
    .concat()
}

#[tokio::test]
async fn a_user_past_the_upload_rate_is_refused_at_once_until_the_minute_passes() {
    let gw = Gw::with(
        mock_gateway::Config {
            uploads_per_minute: 2,
            ..mock_gateway::Config::for_tests()
        },
        Vec::new(),
    );
    let admin = gw.admin().await;
    let operator = gw.operator().await;
    let image = json!({"name": "a.png", "content": STANDARD.encode(png())});
    gw.post(UPLOAD, &admin, image.clone()).await.ok();
    gw.post(UPLOAD, &admin, image.clone()).await.ok();
    let env = gw
        .post(UPLOAD, &admin, image.clone())
        .await
        .fails("too_many_requests");
    assert_eq!(env.msg, "请求过于频繁，请稍后再试");
    // Another user is not held by it.
    gw.post(UPLOAD, &operator, image.clone()).await.ok();
    // A minute after the first, there is room again.
    gw.clock.advance(60_000);
    gw.post(UPLOAD, &admin, image).await.ok();
}
