//! The seed's pictures: small, real PNG images drawn from their index alone, so every start (and
//! every machine) draws the same bytes. Product pictures are a coloured backdrop with a pattern and
//! a "product" in the middle; shop logos a coloured disc with a ring and a mark.

use crate::error::AppError;

/// Product pictures are this many pixels square.
pub const PRODUCT_SIZE: u32 = 320;
/// Shop logos are this many pixels square.
pub const LOGO_SIZE: u32 = 160;

type Rgb = [u8; 3];

/// Hue (degrees), saturation and value (0–1) to RGB.
fn hsv(h: f32, s: f32, v: f32) -> Rgb {
    let h = h.rem_euclid(360.0) / 60.0;
    let c = v * s;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = v - c;
    let to = |f: f32| ((f + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    [to(r), to(g), to(b)]
}

fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    let t = t.clamp(0.0, 1.0);
    let one = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    [one(a[0], b[0]), one(a[1], b[1]), one(a[2], b[2])]
}

/// Encodes `size`² RGB pixels drawn by `pixel(x, y)` as a PNG.
fn encode(size: u32, pixel: impl Fn(f32, f32) -> Rgb) -> Result<Vec<u8>, AppError> {
    let mut data = Vec::with_capacity((size * size * 3) as usize);
    for y in 0..size {
        for x in 0..size {
            data.extend_from_slice(&pixel(x as f32, y as f32));
        }
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, size, size);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    let mut writer = encoder.write_header().map_err(AppError::internal)?;
    writer.write_image_data(&data).map_err(AppError::internal)?;
    writer.finish().map_err(AppError::internal)?;
    Ok(out)
}

/// Product picture `index` (any number; 16 distinct looks repeat with other colours beyond).
pub fn product(index: usize) -> Result<Vec<u8>, AppError> {
    let size = PRODUCT_SIZE as f32;
    let hue = (index as f32 * 137.5) % 360.0;
    let light = hsv(hue, 0.18, 0.98);
    let tint = hsv(hue, 0.35, 0.90);
    let body = hsv(hue + 180.0, 0.65, 0.75);
    let shade = hsv(hue + 180.0, 0.70, 0.50);
    let pattern = index % 4;
    let shape = (index / 4) % 4;
    encode(PRODUCT_SIZE, |x, y| {
        // Backdrop: one of four patterns in two tints of the hue.
        let on = match pattern {
            0 => ((x + y) / 24.0) as u32 % 2 == 0,
            1 => ((x / 32.0) as u32 + (y / 32.0) as u32) % 2 == 0,
            2 => {
                let (dx, dy) = ((x % 40.0) - 20.0, (y % 40.0) - 20.0);
                dx * dx + dy * dy < 64.0
            }
            _ => (y / 20.0) as u32 % 2 == 0,
        };
        let back = if on { tint } else { light };
        // The product: a box, a disc, a bottle or a diamond, shaded top to bottom.
        let (cx, cy) = (x - size / 2.0, y - size / 2.0);
        let inside = match shape {
            0 => cx.abs() < 90.0 && cy.abs() < 70.0,
            1 => cx * cx + cy * cy < 95.0 * 95.0,
            2 => {
                (cx.abs() < 45.0 && cy > -40.0 && cy < 110.0)
                    || (cx.abs() < 18.0 && cy.abs() < 110.0)
            }
            _ => cx.abs() + cy.abs() < 110.0,
        };
        if inside {
            mix(body, shade, (cy + 110.0) / 220.0)
        } else {
            back
        }
    })
}

/// Shop logo `index` (8 distinct looks; beyond, other colours).
pub fn logo(index: usize) -> Result<Vec<u8>, AppError> {
    let size = LOGO_SIZE as f32;
    let hue = (index as f32 * 45.0 + 10.0) % 360.0;
    let disc = hsv(hue, 0.70, 0.85);
    let ring = hsv(hue, 0.80, 0.55);
    let white = [255, 255, 255];
    let mark = index % 4;
    encode(LOGO_SIZE, |x, y| {
        let (cx, cy) = (x - size / 2.0 + 0.5, y - size / 2.0 + 0.5);
        let r = (cx * cx + cy * cy).sqrt();
        if r > 76.0 {
            return white;
        }
        if r > 68.0 {
            return ring;
        }
        let marked = match mark {
            0 => cx.abs() < 30.0 && cy.abs() < 30.0,
            1 => r < 34.0 && r > 18.0,
            2 => cy > -34.0 && cy < 30.0 && cx.abs() < (cy + 34.0) * 0.6,
            _ => (cx.abs() < 10.0 && cy.abs() < 38.0) || (cy.abs() < 10.0 && cx.abs() < 38.0),
        };
        if marked { white } else { disc }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().expect("png header");
        let mut buf = vec![0; reader.output_buffer_size().expect("size")];
        let info = reader.next_frame(&mut buf).expect("png frame");
        buf.truncate(info.buffer_size());
        (info.width, info.height, buf)
    }

    #[test]
    fn pictures_are_real_deterministic_and_distinct() {
        let a = product(3).expect("draw");
        assert_eq!(
            a,
            product(3).expect("draw"),
            "the same index draws the same bytes"
        );
        assert_ne!(a, product(4).expect("draw"));
        let (w, h, pixels) = decode(&a);
        assert_eq!((w, h), (PRODUCT_SIZE, PRODUCT_SIZE));
        let distinct: std::collections::HashSet<&[u8]> = pixels.chunks(3).collect();
        assert!(distinct.len() > 10, "coloured and patterned, not flat");
        assert!(a.len() < 64 * 1024, "small: {} bytes", a.len());
        let (w, h, _) = decode(&logo(5).expect("draw"));
        assert_eq!((w, h), (LOGO_SIZE, LOGO_SIZE));
        assert_ne!(logo(0).expect("draw"), logo(1).expect("draw"));
    }
}
