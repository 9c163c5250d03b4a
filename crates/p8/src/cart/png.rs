//! `.p8.png` carts: a 160x205 picture of a cartridge whose pixels also hold the cart.
//!
//! Every byte of the cart is spread over one pixel's four channels, two bits each in the low bits:
//! alpha holds bits 6-7, red 4-5, green 2-3, blue 0-1. Pixels are read row by row, so the picture
//! holds 160 × 205 = 32800 bytes: the 0x8000 bytes of ROM ([`super::rom`]), then a trailer: the
//! cart format version, PICO-8's version (major, minor, patch), a platform letter, the build
//! number, and the SHA-1 of the ROM (20 bytes; all zero in carts from before it existed). The
//! picture itself is free: PICO-8 draws the cart's label at (16, 24), 128x128, in a cartridge
//! frame; tafl8 draws its own frame ([`frame`]).
//!
//! Sources: the PICO-8 wiki page "P8PNGFileFormat" (size, bit order, ROM layout); the trailer's
//! fields as shrinko8 (the project's test oracle) reads and writes them, checked by
//! `tests/carts_png.rs`, which has shrinko8 read tafl8's PNG carts and tafl8 read shrinko8's.

use std::io::Cursor;

use sha1::{Digest, Sha1};

use super::rom::ROM_SIZE;
use super::{Cart, CartError, Label};
use crate::palette::{PALETTE, SECRET_PALETTE};

/// Width of a PNG cart, in pixels.
pub const WIDTH: usize = 160;
/// Height of a PNG cart, in pixels.
pub const HEIGHT: usize = 205;
/// Where the label's top-left pixel is.
pub const LABEL_AT: (usize, usize) = (16, 24);
/// The PICO-8 version written in the trailer with format version 42: 0.2.6, build 1 ("0.2.6b").
const VERSION_42: [u8; 4] = [0, 2, 6, 1];
/// The platform letter written in the trailer (shrinko8 writes `w`, `x` or `l`).
const PLATFORM: u8 = b'l';
/// The first bytes of every PNG file.
const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// An RGBA pixel.
pub type Rgba = [u8; 4];

/// Whether `bytes` start like a PNG file.
pub fn is_png(bytes: &[u8]) -> bool {
    bytes.starts_with(SIGNATURE)
}

impl Cart {
    /// The `.p8.png` file of this cart: its label drawn on tafl8's cartridge [`frame`], the ROM
    /// (see [`Cart::to_rom`], an error when the code does not fit) and the trailer in the pixels'
    /// low bits.
    pub fn to_png(&self) -> Result<Vec<u8>, CartError> {
        self.to_png_on(&frame())
    }

    /// Like [`Cart::to_png`], on a picture of your own: `WIDTH * HEIGHT` pixels, row by row.
    pub fn to_png_on(&self, picture: &[Rgba]) -> Result<Vec<u8>, CartError> {
        if picture.len() != WIDTH * HEIGHT {
            return Err(CartError::new(
                0,
                0,
                format!(
                    "the picture has {} pixels; a PNG cart is {WIDTH}x{HEIGHT}",
                    picture.len()
                ),
            ));
        }
        let mut pixels = picture.to_vec();
        let label = self.label()?;
        if label.cells().iter().any(|&c| c != 0) {
            for y in 0..Label::HEIGHT {
                for x in 0..Label::WIDTH {
                    let [r, g, b] = colour(label.get(x, y));
                    pixels[(LABEL_AT.1 + y) * WIDTH + LABEL_AT.0 + x] = [r, g, b, 255];
                }
            }
        }
        let mut bytes = self.to_rom()?;
        bytes.extend_from_slice(&trailer(self.version(), &bytes));
        bytes.resize(WIDTH * HEIGHT, 0);
        for (px, byte) in pixels.iter_mut().zip(bytes) {
            let [r, g, b, a] = *px;
            *px = [
                r & !3 | (byte >> 4) & 3,
                g & !3 | (byte >> 2) & 3,
                b & !3 | byte & 3,
                a & !3 | byte >> 6,
            ];
        }
        Ok(encode_rgba(&pixels))
    }

    /// Reads a `.p8.png` file: the ROM from the pixels' low bits (its code in any of PICO-8's
    /// formats), and the label from the picture when it shows one.
    pub fn from_png(bytes: &[u8]) -> Result<Cart, CartError> {
        let pixels = decode_rgba(bytes)?;
        let data: Vec<u8> = pixels
            .iter()
            .map(|&[r, g, b, a]| (a & 3) << 6 | (r & 3) << 4 | (g & 3) << 2 | b & 3)
            .collect();
        let hash = &data[ROM_SIZE + 6..ROM_SIZE + 26];
        if hash.iter().any(|&b| b != 0) && hash != Sha1::digest(&data[..ROM_SIZE]).as_slice() {
            return Err(CartError::new(
                0,
                0,
                "the cart's checksum does not match its data: the picture was changed after it \
                 was saved (recoloured, resized or re-encoded lossily); use the original file",
            ));
        }
        let mut cart = Cart::from_rom(&data)?;
        cart.set_version(u32::from(data[ROM_SIZE]));
        let mut label = Label::default();
        for y in 0..Label::HEIGHT {
            for x in 0..Label::WIDTH {
                let [r, g, b, _] = pixels[(LABEL_AT.1 + y) * WIDTH + LABEL_AT.0 + x];
                label.set(x, y, colour_index([r, g, b]).unwrap_or(0));
            }
        }
        if label.cells().iter().any(|&c| c != 0) {
            cart.set_label(&label);
        }
        Ok(cart)
    }
}

/// The 32 bytes after the ROM in a PNG cart.
fn trailer(version: u32, rom: &[u8]) -> [u8; 32] {
    let mut t = [0u8; 32];
    t[0] = version.min(255) as u8;
    if version == 42 {
        t[1..4].copy_from_slice(&VERSION_42[..3]);
        t[5] = VERSION_42[3];
    }
    t[4] = PLATFORM;
    t[6..26].copy_from_slice(&Sha1::digest(&rom[..ROM_SIZE]));
    t
}

/// The sRGB colour of label colour `c` (0..=31; 16..=31 are the secret palette).
fn colour(c: u8) -> [u8; 3] {
    let c = (c & 31) as usize;
    if c < 16 {
        PALETTE[c]
    } else {
        SECRET_PALETTE[c - 16]
    }
}

/// The label colour whose RGB equals `rgb` up to the low two bits of each channel (the bits that
/// carry the cart's data).
fn colour_index(rgb: [u8; 3]) -> Option<u8> {
    let strip = |c: [u8; 3]| c.map(|v| v & !3);
    (0..32u8).find(|&i| strip(colour(i)) == strip(rgb))
}

fn encode_rgba(pixels: &[Rgba]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut enc = ::png::Encoder::new(&mut out, WIDTH as u32, HEIGHT as u32);
    enc.set_color(::png::ColorType::Rgba);
    enc.set_depth(::png::BitDepth::Eight);
    enc.set_compression(::png::Compression::High);
    // Writing to a Vec cannot fail, and the data has the size the header declares.
    let mut w = enc
        .write_header()
        .unwrap_or_else(|e| unreachable!("png header: {e}"));
    w.write_image_data(pixels.as_flattened())
        .unwrap_or_else(|e| unreachable!("png data: {e}"));
    drop(w);
    out
}

/// The picture's pixels as RGBA (RGB pictures read as opaque), or what is wrong with it.
fn decode_rgba(bytes: &[u8]) -> Result<Vec<Rgba>, CartError> {
    let bad = |m: String| CartError::new(0, 0, m);
    if !is_png(bytes) {
        return Err(bad("not a PNG file (its first bytes are not PNG's)".into()));
    }
    let mut decoder = ::png::Decoder::new(Cursor::new(bytes));
    decoder.set_transformations(::png::Transformations::EXPAND | ::png::Transformations::STRIP_16);
    let mut reader = decoder
        .read_info()
        .map_err(|e| bad(format!("not a readable PNG: {e}")))?;
    let (w, h) = reader.info().size();
    if (w as usize, h as usize) != (WIDTH, HEIGHT) {
        return Err(bad(format!(
            "the picture is {w}x{h}; a PICO-8 PNG cart is {WIDTH}x{HEIGHT} (was it resized?)"
        )));
    }
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| bad("the picture is too large".into()))?;
    let mut buf = vec![0; size];
    let info = reader
        .next_frame(&mut buf)
        .map_err(|e| bad(format!("not a readable PNG: {e}")))?;
    let channels = match info.color_type {
        ::png::ColorType::Rgba => 4,
        ::png::ColorType::Rgb => 3,
        other => {
            return Err(bad(format!(
                "the picture is {other:?}; a PNG cart is RGBA (its data is in the colour bits)"
            )))
        }
    };
    let mut out = Vec::with_capacity(WIDTH * HEIGHT);
    for y in 0..HEIGHT {
        let row = &buf[y * info.line_size..];
        for x in 0..WIDTH {
            let p = &row[x * channels..x * channels + channels];
            out.push([p[0], p[1], p[2], if channels == 4 { p[3] } else { 255 }]);
        }
    }
    Ok(out)
}

/// tafl8's cartridge picture, label window empty: a dark cartridge with a bevelled edge, the
/// top-right corner cut, grip ridges above the label and below it. Drawn here (no image from
/// elsewhere); outside the cartridge is transparent.
pub fn frame() -> Vec<Rgba> {
    const BODY: Rgba = [0x2b, 0x2b, 0x33, 255];
    const LIGHT: Rgba = [0x4c, 0x4c, 0x58, 255];
    const SHADE: Rgba = [0x18, 0x18, 0x1e, 255];
    const WINDOW: Rgba = [0x00, 0x00, 0x00, 255];
    const CLEAR: Rgba = [0, 0, 0, 0];
    let (w, h) = (WIDTH as i32, HEIGHT as i32);
    let cut = 14; // the cut corner's size
    let inside = |x: i32, y: i32| {
        let round = |cx: i32, cy: i32| (x - cx).pow(2) + (y - cy).pow(2) <= 36;
        let corner_ok = match (x < 6, x >= w - 6, y < 6, y >= h - 6) {
            (true, _, true, _) => round(6, 6),
            (true, _, _, true) => round(6, h - 7),
            (_, true, _, true) => round(w - 7, h - 7),
            _ => true,
        };
        corner_ok && x - (w - 1 - cut) <= y
    };
    let mut px = vec![CLEAR; WIDTH * HEIGHT];
    for y in 0..h {
        for x in 0..w {
            if !inside(x, y) {
                continue;
            }
            // Bevel: light where the neighbour up or left is outside, dark down or right.
            let c = if !inside(x - 2, y) || !inside(x, y - 2) || !inside(x - 2, y - 2) {
                LIGHT
            } else if !inside(x + 2, y) || !inside(x, y + 2) {
                SHADE
            } else {
                BODY
            };
            px[(y * w + x) as usize] = c;
        }
    }
    let mut fill = |x0: i32, y0: i32, x1: i32, y1: i32, c: Rgba| {
        for y in y0..y1 {
            for x in x0..x1 {
                px[(y * w + x) as usize] = c;
            }
        }
    };
    // Grip ridges above the label, then the label's recess (a shaded rim around the window).
    for k in 0..3 {
        fill(24, 7 + 4 * k, w - 40, 8 + 4 * k, SHADE);
        fill(24, 8 + 4 * k, w - 40, 9 + 4 * k, LIGHT);
    }
    let (lx, ly) = (LABEL_AT.0 as i32, LABEL_AT.1 as i32);
    fill(lx - 3, ly - 3, lx + 131, ly + 131, SHADE);
    fill(lx - 1, ly + 129, lx + 131, ly + 131, LIGHT);
    fill(lx + 129, ly - 1, lx + 131, ly + 131, LIGHT);
    fill(lx, ly, lx + 128, ly + 128, WINDOW);
    // Ridges under the label.
    for k in 0..6 {
        let y = ly + 138 + 6 * k;
        fill(lx + 8, y, lx + 120, y + 2, SHADE);
        fill(lx + 8, y + 2, lx + 120, y + 3, LIGHT);
    }
    px
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small_cart() -> Cart {
        let mut cart = Cart::default();
        cart.set_lua("-- hello\nprint(\"⬅️ hi\")\nx=1");
        cart.set_lines("gfx", ["0123456789abcdef"]);
        let mut label = Label::default();
        label.set(0, 0, 7);
        label.set(127, 127, 17);
        cart.set_label(&label);
        cart
    }

    #[test]
    fn round_trip_keeps_code_data_and_label() {
        let cart = small_cart();
        let png = cart.to_png().unwrap();
        let back = Cart::from_png(&png).unwrap();
        assert_eq!(back.lua(), cart.lua());
        assert_eq!(back.to_rom().unwrap(), cart.to_rom().unwrap());
        assert_eq!(back.label().unwrap(), cart.label().unwrap());
        assert_eq!(back.version(), 42);
    }

    #[test]
    fn the_bits_are_where_the_wiki_says() {
        let png = small_cart().to_png().unwrap();
        let px = decode_rgba(&png).unwrap();
        // Byte 0 (pixels 0 and 1 of the sprite sheet: 0x10) → alpha 0, red 1, green 0, blue 0.
        let [r, g, b, a] = px[0];
        assert_eq!([a & 3, r & 3, g & 3, b & 3], [0, 1, 0, 0]);
        // Byte 0x4301 is `p` of `\0pxa` (0x70 = 01 11 00 00).
        let [r, g, b, a] = px[0x4301];
        assert_eq!([a & 3, r & 3, g & 3, b & 3], [1, 3, 0, 0]);
        // The trailer: format version 42 at 0x8000.
        let [r, g, b, a] = px[0x8000];
        assert_eq!((a & 3) << 6 | (r & 3) << 4 | (g & 3) << 2 | b & 3, 42);
        // The label's colours, up to the data bits.
        let [r, g, b, _] = px[LABEL_AT.1 * WIDTH + LABEL_AT.0];
        assert_eq!([r & !3, g & !3, b & !3], PALETTE[7].map(|v| v & !3));
    }

    #[test]
    fn malformed_pictures_are_clear_errors() {
        let e = Cart::from_png(b"GIF89a").unwrap_err().message;
        assert!(e.contains("not a PNG"), "{e}");
        let mut png = small_cart().to_png().unwrap();
        let cut = png.len() / 2;
        assert!(Cart::from_png(&png[..cut]).is_err());
        // A picture of the wrong size.
        let mut wrong = Vec::new();
        let mut enc = ::png::Encoder::new(&mut wrong, 128, 128);
        enc.set_color(::png::ColorType::Rgba);
        enc.write_header()
            .unwrap()
            .write_image_data(&[0; 128 * 128 * 4])
            .unwrap();
        let e = Cart::from_png(&wrong).unwrap_err().message;
        assert!(e.contains("128x128") && e.contains("160x205"), "{e}");
        // Data changed after saving: the checksum catches it.
        let mut px = decode_rgba(&png).unwrap();
        px[5][2] ^= 1;
        png = encode_rgba(&px);
        let e = Cart::from_png(&png).unwrap_err().message;
        assert!(e.contains("checksum"), "{e}");
    }
}
