//! `file.upload`: an image into the private folder, answered with its key and a signed URL.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use core_wasm::constants::MAX_IMAGE_BYTES;
use core_wasm::ops::file::{Upload, UploadParams, Uploaded};

use crate::error::AppError;
use crate::files::signed_url;
use crate::kit::{Audited, Ctx, Operation};
use crate::store::files::{self, IMAGE_TYPES, new_key};

/// The field every upload error names.
const FIELD: &str = "content";
/// What an image of the wrong type is told.
pub const WRONG_TYPE: &str = "图片须为 PNG、JPEG、GIF 或 WebP 格式";
/// What an image over [`MAX_IMAGE_BYTES`] is told.
pub const TOO_BIG: &str = "图片不能超过 2 MB";

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![Operation::typed::<Upload>(upload)]
}

/// The bytes of an upload: base64 decoded, at most [`MAX_IMAGE_BYTES`], an image by its own
/// magic numbers (the name and anything the client claims are not consulted); with its MIME type
/// and the extension its key gets.
pub fn image(content: &str) -> Result<(Vec<u8>, &'static str, &'static str), AppError> {
    let content = content.trim();
    if content.is_empty() {
        return Err(AppError::field(FIELD, "请选择要上传的图片"));
    }
    // Refuse the oversized before decoding them: base64 takes 4 characters per 3 bytes.
    if content.len() > MAX_IMAGE_BYTES.div_ceil(3) * 4 {
        return Err(AppError::field(FIELD, TOO_BIG));
    }
    let bytes = STANDARD
        .decode(content)
        .map_err(|_| AppError::field(FIELD, "图片内容不是合法的 base64 编码"))?;
    if bytes.len() > MAX_IMAGE_BYTES {
        return Err(AppError::field(FIELD, TOO_BIG));
    }
    let sniffed = infer::get(&bytes).map(|t| t.mime_type());
    let (mime, ext) = IMAGE_TYPES
        .iter()
        .find(|(mime, _)| Some(*mime) == sniffed)
        .ok_or_else(|| AppError::field(FIELD, WRONG_TYPE))?;
    if !whole(mime, &bytes) {
        return Err(AppError::field(FIELD, BROKEN));
    }
    Ok((bytes, mime, ext))
}

/// What an image whose first bytes name a type but whose rest is not that type is told.
pub const BROKEN: &str = "图片内容不完整或已损坏";

/// Whether `bytes`, whose magic number says `mime`, hold more than the magic number: a PNG whose
/// header chunk decodes (signature, IHDR and its checksum), a GIF with a screen of some size and
/// its trailer, a JPEG with its end-of-image marker, a WebP whose RIFF size matches. Four bytes of
/// a PNG signature, or a signature glued to a text file, are not an image.
fn whole(mime: &str, bytes: &[u8]) -> bool {
    let le16 = |at: usize| {
        bytes
            .get(at..at + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
    };
    let tail = &bytes[bytes.len().saturating_sub(1024)..];
    match mime {
        "image/png" => png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .is_ok_and(|r| {
                let info = r.info();
                info.width > 0 && info.height > 0
            }),
        "image/gif" => {
            bytes.len() > 13
                && le16(6).is_some_and(|w| w > 0)
                && le16(8).is_some_and(|h| h > 0)
                && tail.contains(&0x3B)
        }
        "image/jpeg" => {
            bytes.starts_with(&[0xFF, 0xD8, 0xFF]) && tail.windows(2).any(|w| w == [0xFF, 0xD9])
        }
        "image/webp" => {
            let riff = bytes
                .get(4..8)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize);
            bytes.len() >= 20
                && riff.is_some_and(|n| n.saturating_add(8) <= bytes.len() && n >= 12)
                && matches!(bytes.get(12..16), Some(b"VP8 " | b"VP8L" | b"VP8X"))
        }
        _ => false,
    }
}

/// `file.upload {name, content}`: stores the image under a fresh random key. The file is written
/// (atomically) before the row, outside the write lock; when the row cannot be written the file
/// is removed again.
fn upload(ctx: &Ctx, p: UploadParams) -> Result<Uploaded, AppError> {
    let (bytes, mime, ext) = image(&p.content)?;
    let caller = ctx.caller()?.id;
    let key = new_key(ext)?;
    let folder = &ctx.state.files;
    folder.write(&key, &bytes)?;
    let name: String = p
        .name
        .trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(60)
        .collect();
    let size = bytes.len() as i64;
    let stored = ctx.audited(|tx| {
        files::insert(tx, &key, mime, size, Some(caller), ctx.now)?;
        let answer = Uploaded {
            key: key.clone(),
            url: signed_url(&ctx.state, &key),
        };
        let shown = if name.is_empty() {
            "（未命名）"
        } else {
            &name
        };
        let summary = format!("上传图片 {shown}（{key}，{mime}，{size} 字节）");
        // Files have no numeric id: the summary names the key.
        Ok(Audited::new(answer, None, summary))
    });
    if stored.is_err() {
        folder.remove(&key);
    }
    stored
}
