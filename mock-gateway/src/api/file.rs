//! `file.upload`: an image, decoded and written anew, into the private folder, answered with its
//! key and a signed URL.

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
    vec![Operation::typed::<Upload>(upload).decoding()]
}

/// The largest side, in pixels, of an image that is decoded (a few bytes of PNG can claim a
/// picture of gigabytes: the limit is checked before the pixels are allocated). Two decodes run
/// at a time (`Run::Decoding`), so uploads take at most twice [`MAX_PIXEL_BYTES`].
pub const MAX_SIDE: u32 = 4096;
/// The most memory one image's pixels may take while decoded (a 4096×4096 RGBA picture).
pub const MAX_PIXEL_BYTES: u64 = 64 * 1024 * 1024;
/// The most pixels an animated GIF's frames may hold together (each frame is re-encoded whole).
pub const MAX_GIF_PIXELS: u64 = 32 * 1024 * 1024;
/// The quality a JPEG is re-encoded at: close to any camera's, a little larger than most web
/// images'.
pub const JPEG_QUALITY: u8 = 90;

/// What an image whose first bytes name a type but whose rest is not that type is told.
pub const BROKEN: &str = "图片内容不完整或已损坏";
/// What an image wider or taller than [`MAX_SIDE`] is told.
pub const TOO_MANY_PIXELS: &str = "图片尺寸过大，宽和高都不能超过 4096 像素";
/// What an image within [`MAX_SIDE`] whose pixels still take over [`MAX_PIXEL_BYTES`] is told
/// (16 bits per channel at full size, say).
pub const TOO_DEEP: &str = "图片解码后过大，请缩小尺寸或降低色深";
/// What a GIF whose frames together hold over [`MAX_GIF_PIXELS`] is told (a still GIF too).
pub const TOO_MANY_FRAMES: &str = "GIF 图片的帧数或尺寸过大";
/// The most bytes a re-encoded image may take: a lossy WebP is written losslessly and may grow
/// several times; past this it is refused rather than stored and served at that size.
pub const MAX_STORED_BYTES: usize = 4 * MAX_IMAGE_BYTES;
/// What an image over [`MAX_STORED_BYTES`] once re-encoded is told.
pub const TOO_BIG_STORED: &str = "图片重新编码后超过 8 MB，请压缩或改用 JPEG 后再上传";
/// What an animated WebP is told (its encoder here writes still pictures only).
pub const ANIMATED_WEBP: &str = "不支持 WebP 动图，动图请使用 GIF 格式";
/// What an animated PNG is told (likewise: kept, it would silently become its first picture).
pub const ANIMATED_PNG: &str = "不支持 PNG 动图，动图请使用 GIF 格式";

/// The bytes of an upload: base64 decoded, at most [`MAX_IMAGE_BYTES`], an image by its own
/// magic numbers (the name and anything the client claims are not consulted), then decoded and
/// written anew by [`reencode`]; with its MIME type and the extension its key gets.
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
    Ok((reencode(mime, &bytes)?, mime, ext))
}

/// `bytes`, whose magic number says `mime`, decoded in full and encoded again in the same format,
/// so what is stored and served is only ever pixels this gateway wrote: a valid header followed by
/// a script, a polyglot's second life, metadata (EXIF's GPS position, say) are all gone. A file
/// that does not decode as its type is refused as [`BROKEN`]. A still picture is turned upright by
/// its EXIF orientation, which is not kept; an animated GIF keeps its frames and their
/// delays (looping); an animated WebP or PNG is refused. PNG, GIF and WebP are re-encoded losslessly (WebP
/// as lossless WebP, so a lossy one grows), JPEG at [`JPEG_QUALITY`].
pub fn reencode(mime: &str, bytes: &[u8]) -> Result<Vec<u8>, AppError> {
    use image::codecs::{gif, jpeg, png, webp};
    let input = || std::io::Cursor::new(bytes);
    let mut out = Vec::with_capacity(bytes.len());
    let written = match mime {
        "image/png" => {
            // The decoder takes its limits when made: a PNG's compressed chunks (an ICC profile,
            // say) are inflated while its header is read, before `set_limits` could apply.
            let decoder = png::PngDecoder::with_limits(input(), limits()).map_err(refusal)?;
            if decoder.is_apng().map_err(refusal)? {
                return Err(AppError::field(FIELD, ANIMATED_PNG));
            }
            let picture = still(decoder)?;
            // Balanced deflate rather than the encoder's fast default: a stored picture is
            // written once and served many times.
            picture.write_with_encoder(png::PngEncoder::new_with_quality(
                &mut out,
                png::CompressionType::Default,
                png::FilterType::Adaptive,
            ))
        }
        "image/jpeg" => {
            let picture = still(jpeg::JpegDecoder::new(input()).map_err(refusal)?)?;
            picture.write_with_encoder(jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY))
        }
        "image/webp" => {
            let decoder = webp::WebPDecoder::new(input()).map_err(refusal)?;
            if decoder.has_animation() {
                return Err(AppError::field(FIELD, ANIMATED_WEBP));
            }
            still(decoder)?.write_with_encoder(webp::WebPEncoder::new_lossless(&mut out))
        }
        "image/gif" => {
            let decoder = gif::GifDecoder::new(input()).map_err(refusal)?;
            return animation(decoder);
        }
        _ => return Err(AppError::field(FIELD, WRONG_TYPE)),
    };
    written.map_err(|e| AppError::internal(format!("cannot re-encode an upload: {e}")))?;
    stored(out)
}

/// A re-encoded image, refused when it is over [`MAX_STORED_BYTES`].
fn stored(out: Vec<u8>) -> Result<Vec<u8>, AppError> {
    if out.len() > MAX_STORED_BYTES {
        return Err(AppError::field(FIELD, TOO_BIG_STORED));
    }
    Ok(out)
}

/// The limits every decoder runs under.
fn limits() -> image::Limits {
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_PIXEL_BYTES);
    limits
}

/// A decoder's failure as the uploader is told it: too wide or tall, too much memory (a PNG's
/// inflated chunks too), or not an image of its type.
fn refusal(e: image::ImageError) -> AppError {
    use image::error::LimitErrorKind;
    match e {
        image::ImageError::Limits(l) if matches!(l.kind(), LimitErrorKind::DimensionError) => {
            AppError::field(FIELD, TOO_MANY_PIXELS)
        }
        image::ImageError::Limits(_) => AppError::field(FIELD, TOO_DEEP),
        _ => AppError::field(FIELD, BROKEN),
    }
}

/// The picture of a still image's decoder, within [`limits`], upright.
fn still(mut decoder: impl image::ImageDecoder) -> Result<image::DynamicImage, AppError> {
    decoder.set_limits(limits()).map_err(refusal)?;
    if decoder.dimensions().0 == 0 || decoder.dimensions().1 == 0 {
        return Err(AppError::field(FIELD, BROKEN));
    }
    // `set_limits` checks the sides; the pixels' memory is checked here, before it is taken.
    if decoder.total_bytes() > MAX_PIXEL_BYTES {
        return Err(AppError::field(FIELD, TOO_DEEP));
    }
    let orientation = decoder.orientation().map_err(refusal)?;
    let mut picture = image::DynamicImage::from_decoder(decoder).map_err(refusal)?;
    picture.apply_orientation(orientation);
    Ok(picture)
}

/// A GIF's frames, decoded one by one (each within [`limits`], all within [`MAX_GIF_PIXELS`]) and
/// written to a new GIF as they come, with their delays; it loops.
fn animation<R>(mut decoder: image::codecs::gif::GifDecoder<R>) -> Result<Vec<u8>, AppError>
where
    R: std::io::BufRead + std::io::Seek,
{
    use image::codecs::gif::{GifEncoder, Repeat};
    use image::{AnimationDecoder, ImageDecoder};
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 {
        return Err(AppError::field(FIELD, BROKEN));
    }
    let per_frame = u64::from(width) * u64::from(height);
    // Each frame is drawn on the screen: the decoder keeps the screen, decodes the frame and
    // composes a new screen, so a frame no larger than its screen needs three screens of memory.
    // A larger frame, which the format allows and no picture needs, is refused before it is
    // decoded: else a 1×1 screen could carry dozens of huge frames past MAX_GIF_PIXELS.
    let mut gif_limits = limits();
    gif_limits.max_alloc = Some((per_frame * 4 * 3 + 64 * 1024).min(MAX_PIXEL_BYTES));
    decoder.set_limits(gif_limits).map_err(refusal)?;
    let frame_refusal = |e: image::ImageError| match e {
        image::ImageError::Limits(_) => AppError::field(FIELD, TOO_MANY_FRAMES),
        other => refusal(other),
    };
    let mut out = Vec::new();
    let mut frames = 0u64;
    {
        // Speed 10: gif's own "good compromise" when a frame has over 256 colours (frames with
        // fewer, as a GIF's own are, get their exact palette).
        let mut encoder = GifEncoder::new_with_speed(&mut out, 10);
        let cannot =
            |e: image::ImageError| AppError::internal(format!("cannot re-encode a GIF: {e}"));
        encoder.set_repeat(Repeat::Infinite).map_err(cannot)?;
        for frame in decoder.into_frames() {
            frames += 1;
            if frames.saturating_mul(per_frame) > MAX_GIF_PIXELS {
                return Err(AppError::field(FIELD, TOO_MANY_FRAMES));
            }
            encoder
                .encode_frame(frame.map_err(frame_refusal)?)
                .map_err(cannot)?;
        }
    }
    if frames == 0 {
        return Err(AppError::field(FIELD, BROKEN));
    }
    stored(out)
}

/// `file.upload {name, content}`: stores the image under a fresh random key. The file is written
/// (atomically) before the row, outside the write lock; when the row cannot be written the file
/// is removed again.
fn upload(ctx: &Ctx, p: UploadParams) -> Result<Uploaded, AppError> {
    let caller = ctx.caller()?.id;
    // Counted before the decoding: one user's flood of uploads is refused at once.
    if !ctx.state.uploads.admit(caller, ctx.now) {
        return Err(AppError::TooManyRequests);
    }
    let (bytes, mime, ext) = image(&p.content)?;
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
    // The bytes stored: the re-encoded image's.
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
