//! Assets: PNG images in PICO-8's 16-colour palette, converted to the cart's `__gfx__` and
//! `__label__` sections (and written back, for the asset generator).

use std::io::Cursor;

use tafl8_p8::cart::{Gfx, Label};

use crate::error::CodegenError;

pub use tafl8_p8::palette::PALETTE;

/// Side of the sprite sheet and the label, in pixels.
pub const SIDE: usize = 128;

/// Decodes a 128x128 PNG into palette indices (row by row). Every pixel must be one of the 16
/// colours exactly and opaque; the error names the first pixel that is not.
pub fn decode(bytes: &[u8], path: &str) -> Result<Vec<u8>, CodegenError> {
    let err = |message: String| CodegenError::Asset {
        path: path.to_string(),
        message,
    };
    let mut decoder = png::Decoder::new(Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder
        .read_info()
        .map_err(|e| err(format!("not a readable PNG: {e}")))?;
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| err("image too large".into()))?;
    let mut buf = vec![0; size];
    let info = reader
        .next_frame(&mut buf)
        .map_err(|e| err(format!("not a readable PNG: {e}")))?;
    let (w, h) = (info.width as usize, info.height as usize);
    if (w, h) != (SIDE, SIDE) {
        return Err(err(format!(
            "is {w}x{h}: sprite sheets and labels are {SIDE}x{SIDE} pixels"
        )));
    }
    let channels = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => {
            return Err(err(format!(
                "has colour type {other:?}: save it as RGB, RGBA or indexed colour"
            )))
        }
    };
    let mut out = Vec::with_capacity(w * h);
    for y in 0..h {
        for x in 0..w {
            let at = y * info.line_size + x * channels;
            let px = &buf[at..at + channels];
            if channels == 4 && px[3] != 255 {
                return Err(err(format!(
                    "pixel at x={x}, y={y} is not opaque (alpha {}): PICO-8 images have no transparency",
                    px[3]
                )));
            }
            let rgb = [px[0], px[1], px[2]];
            let index = PALETTE.iter().position(|&c| c == rgb).ok_or_else(|| {
                err(format!(
                    "pixel at x={x}, y={y} is #{:02x}{:02x}{:02x}, not one of PICO-8's 16 colours: repaint it with the palette",
                    rgb[0], rgb[1], rgb[2]
                ))
            })?;
            out.push(index as u8);
        }
    }
    Ok(out)
}

/// Encodes palette indices (row by row, `SIDE` x `SIDE`) as an indexed-colour PNG.
pub fn encode(pixels: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, SIDE as u32, SIDE as u32);
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_palette(PALETTE.concat());
        // Writing to a Vec cannot fail and the data has the declared size.
        let mut w = enc
            .write_header()
            .unwrap_or_else(|e| unreachable!("png header: {e}"));
        w.write_image_data(pixels)
            .unwrap_or_else(|e| unreachable!("png data: {e}"));
    }
    out
}

/// The sprite sheet section from a PNG.
pub fn gfx_from_png(bytes: &[u8], path: &str) -> Result<Gfx, CodegenError> {
    let px = decode(bytes, path)?;
    let mut gfx = Gfx::default();
    for (i, &c) in px.iter().enumerate() {
        gfx.set(i % SIDE, i / SIDE, c);
    }
    Ok(gfx)
}

/// The label section from a PNG.
pub fn label_from_png(bytes: &[u8], path: &str) -> Result<Label, CodegenError> {
    let px = decode(bytes, path)?;
    let mut label = Label::default();
    for (i, &c) in px.iter().enumerate() {
        label.set(i % SIDE, i / SIDE, c);
    }
    Ok(label)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_off_palette_pixel() {
        let px: Vec<u8> = (0..SIDE * SIDE).map(|i| (i % 16) as u8).collect();
        assert_eq!(decode(&encode(&px), "x.png").unwrap(), px);

        // An RGB image with one colour that is not PICO-8's, at x=5, y=2.
        let mut rgb = Vec::new();
        for i in 0..SIDE * SIDE {
            let c = if i == 2 * SIDE + 5 {
                [1, 2, 3]
            } else {
                PALETTE[7]
            };
            rgb.extend_from_slice(&c);
        }
        let mut bytes = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut bytes, SIDE as u32, SIDE as u32);
            enc.set_color(png::ColorType::Rgb);
            enc.set_depth(png::BitDepth::Eight);
            enc.write_header().unwrap().write_image_data(&rgb).unwrap();
        }
        let e = decode(&bytes, "bad.png").unwrap_err().to_string();
        assert!(
            e.contains("bad.png") && e.contains("x=5, y=2") && e.contains("#010203"),
            "{e}"
        );
    }
}
