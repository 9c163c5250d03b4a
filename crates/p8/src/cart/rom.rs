//! The cart as PICO-8 holds it in memory: 0x8000 bytes of ROM, the body of both binary cart
//! formats (`.p8.rom` is these bytes, `.p8.png` hides them in a picture, see [`super::png`]).
//!
//! | bytes | what | `.p8` section |
//! |---|---|---|
//! | 0x0000..0x2000 | sprite sheet, two pixels a byte, the left one in the low nibble | `__gfx__` |
//! | 0x2000..0x3000 | map rows 0..32, one tile a byte | `__map__` |
//! | 0x3000..0x3100 | sprite flags, one byte a sprite | `__gff__` |
//! | 0x3100..0x3200 | 64 music patterns of 4 bytes: a channel's sfx in bits 0..6, the pattern's flags in bit 7 of bytes 0, 1, 2 (loop start, loop end, stop) | `__music__`: `FF AABBCCDD`, flags then the four channels |
//! | 0x3200..0x4300 | 64 sound effects of 68 bytes: 32 notes of 16 bits (little-endian: pitch in bits 0..6, waveform 6..9, volume 9..12, effect 12..15, custom instrument 15), then editor mode, speed, loop start, loop end | `__sfx__`: 8 digits of those 4 bytes, then per note 2 digits pitch, 1 waveform (8..15 = custom), 1 volume, 1 effect |
//! | 0x4300..0x8000 | the code (see [`super::code`]) | `__lua__` |
//!
//! A section the cart does not have keeps PICO-8's defaults for a new cart ([`default_rom`]):
//! zeros, except every music pattern's channels are off (`00 41424344`, as PICO-8 saves an empty
//! pattern) and the sound effects' speed is 16 (1 for sfx 0) — the defaults shrinko8 models, so
//! that both tools turn the same `.p8` into the same ROM.
//!
//! Sources: the PICO-8 manual's memory map (the first 0x4300 bytes are copied to RAM at the same
//! addresses); the lexaloffle BBS thread "sfx and music data layout" (tid 2341) for the sfx and
//! music bytes; the PICO-8 wiki "P8FileFormat" page for the `.p8` spelling. shrinko8 reading
//! tafl8's carts back (`tests/carts_png.rs`) checks all of it.

use super::{Cart, CartError, Section};
use crate::count::compress;
use crate::token::p8scii;
use crate::COMPRESSED_LIMIT;

/// Bytes of a cart's ROM.
pub const ROM_SIZE: usize = 0x8000;
/// Where the code area starts (everything before it is data).
pub const CODE_START: usize = 0x4300;
const MAP: usize = 0x2000;
const GFF: usize = 0x3000;
const MUSIC: usize = 0x3100;
const SFX: usize = 0x3200;
/// Bytes per sound effect.
const SFX_LEN: usize = 68;

impl Cart {
    /// The cart's ROM: data from the `.p8` sections and the code compressed in PICO-8's `\0pxa`
    /// format. An error when a section is malformed or the compressed code does not fit the
    /// 15616 bytes of the code area.
    pub fn to_rom(&self) -> Result<Vec<u8>, CartError> {
        let mut rom = default_rom();
        let gfx = self.gfx()?;
        for (i, pair) in gfx.cells().chunks(2).enumerate() {
            rom[i] = pair[0] | (pair[1] << 4);
        }
        rom[MAP..MAP + 0x1000].copy_from_slice(self.map()?.cells());
        rom[GFF..GFF + 0x100].copy_from_slice(self.flags()?.cells());
        if let Some(s) = self.section("music") {
            write_music(s, &mut rom[MUSIC..SFX])?;
        }
        if let Some(s) = self.section("sfx") {
            write_sfx(s, &mut rom[SFX..CODE_START])?;
        }
        let code = p8scii::to_p8scii(self.lua().unwrap_or(""));
        if code.len() > crate::CHAR_LIMIT {
            return Err(CartError::new(
                0,
                0,
                format!(
                    "the code is {} characters; a cart holds at most {}",
                    code.len(),
                    crate::CHAR_LIMIT
                ),
            ));
        }
        let packed = compress::compress(&code);
        if packed.len() > COMPRESSED_LIMIT {
            return Err(CartError::new(
                0,
                0,
                format!(
                    "the code compresses to {} bytes; a .p8.png or .p8.rom cart holds at most \
                     {COMPRESSED_LIMIT}: shorten the code (or minify it) by about {} bytes",
                    packed.len(),
                    packed.len() - COMPRESSED_LIMIT
                ),
            ));
        }
        rom[CODE_START..CODE_START + packed.len()].copy_from_slice(&packed);
        Ok(rom)
    }

    /// A cart from ROM bytes (at least [`ROM_SIZE`]; more, such as the PNG cart's trailer, is
    /// ignored): `__lua__` decoded from any of the code formats, and the data sections that differ
    /// from [`default_rom`], each without its trailing rows that equal the default.
    pub fn from_rom(rom: &[u8]) -> Result<Cart, CartError> {
        if rom.len() < ROM_SIZE {
            return Err(CartError::new(
                0,
                0,
                format!(
                    "a cart ROM is {ROM_SIZE} bytes; this one has {}: the file is cut short",
                    rom.len()
                ),
            ));
        }
        let code = super::code::decode_code(&rom[CODE_START..ROM_SIZE])
            .map_err(|e| CartError::new(0, 0, format!("in the code area (0x4300): {e}")))?;
        let mut cart = Cart::default();
        let text: String = code.iter().map(|&b| p8scii::glyph(b)).collect();
        cart.set_lua(&text);
        let def = default_rom();
        let mut set =
            |name: &str, lines: Vec<String>, range: std::ops::Range<usize>, row: usize| {
                set_trimmed(
                    &mut cart,
                    name,
                    lines,
                    &rom[range.clone()],
                    &def[range],
                    row,
                );
            };
        let hex = |bytes: &[u8]| bytes.iter().map(|b| format!("{b:02x}")).collect::<String>();
        let gfx: Vec<String> = rom[..MAP]
            .chunks(64)
            .map(|row| {
                row.iter()
                    .map(|b| format!("{:x}{:x}", b & 15, b >> 4))
                    .collect()
            })
            .collect();
        set("gfx", gfx, 0..MAP, 64);
        let map: Vec<String> = rom[MAP..GFF].chunks(128).map(hex).collect();
        set("map", map, MAP..GFF, 128);
        let gff: Vec<String> = rom[GFF..MUSIC].chunks(128).map(hex).collect();
        set("gff", gff, GFF..MUSIC, 128);
        let sfx: Vec<String> = rom[SFX..CODE_START].chunks(SFX_LEN).map(sfx_line).collect();
        set("sfx", sfx, SFX..CODE_START, SFX_LEN);
        let music: Vec<String> = rom[MUSIC..SFX].chunks(4).map(music_line).collect();
        set("music", music, MUSIC..SFX, 4);
        Ok(cart)
    }
}

/// The ROM of a new PICO-8 cart, before any section is read into it.
pub fn default_rom() -> Vec<u8> {
    let mut rom = vec![0u8; ROM_SIZE];
    for i in 0..64 {
        rom[SFX + i * SFX_LEN + 65] = if i == 0 { 1 } else { 16 };
        for ch in 0..4 {
            rom[MUSIC + 4 * i + ch] = 0x41 + ch as u8;
        }
    }
    rom
}

/// Sets section `name` to `lines` without the rows at the end whose bytes (`row_len` each in
/// `bytes`) equal the default's (`def`); no section when every row does.
fn set_trimmed(
    cart: &mut Cart,
    name: &str,
    lines: Vec<String>,
    bytes: &[u8],
    def: &[u8],
    row_len: usize,
) {
    let keep = bytes
        .chunks(row_len)
        .zip(def.chunks(row_len))
        .rposition(|(row, d)| row != d)
        .map_or(0, |i| i + 1);
    if keep > 0 {
        cart.set_lines(name, &lines[..keep]);
    }
}

fn sfx_line(sfx: &[u8]) -> String {
    let mut s: String = sfx[64..68].iter().map(|b| format!("{b:02x}")).collect();
    for note in sfx[..64].chunks(2) {
        let n = u16::from_le_bytes([note[0], note[1]]);
        let wave = ((n >> 6) & 7) | ((n >> 12) & 8);
        s.push_str(&format!(
            "{:02x}{wave:x}{:x}{:x}",
            n & 63,
            (n >> 9) & 7,
            (n >> 12) & 7
        ));
    }
    s
}

fn music_line(pattern: &[u8]) -> String {
    let flags = pattern
        .iter()
        .enumerate()
        .fold(0u8, |f, (i, &b)| f | ((b >> 7) << i));
    let chans: String = pattern.iter().map(|b| format!("{:02x}", b & 127)).collect();
    format!("{flags:02x} {chans}")
}

/// The hex digits of a data line, with errors that name the file line and column.
fn digits(section: &Section, i: usize, line: &str) -> Result<Vec<u8>, CartError> {
    line.bytes()
        .enumerate()
        .map(|(col, c)| {
            (c as char).to_digit(16).map(|d| d as u8).ok_or_else(|| {
                CartError::new(
                    section.line + 1 + i,
                    col + 1,
                    format!(
                        "`__{}__` holds a character that is not a hex digit: {:?}",
                        section.name, c as char
                    ),
                )
            })
        })
        .collect()
}

/// The section's non-empty lines with their index, at most `max` of them.
fn data_lines(section: &Section, max: usize) -> Result<Vec<(usize, &str)>, CartError> {
    let lines: Vec<(usize, &str)> = section
        .lines()
        .enumerate()
        .map(|(i, l)| (i, l.trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    if let Some(&(i, _)) = lines.get(max) {
        return Err(CartError::new(
            section.line + 1 + i,
            1,
            format!(
                "`__{}__` has more than {max} rows: remove the extra lines",
                section.name
            ),
        ));
    }
    Ok(lines)
}

fn write_sfx(section: &Section, out: &mut [u8]) -> Result<(), CartError> {
    for (n, (i, line)) in data_lines(section, 64)?.into_iter().enumerate() {
        let d = digits(section, i, line)?;
        if d.len() > 168 {
            return Err(CartError::new(
                section.line + 1 + i,
                169,
                "`__sfx__` row is longer than 168 digits (8 for the header, 5 for each of 32 notes)",
            ));
        }
        let mut d = d;
        d.resize(168, 0);
        let fx = &mut out[n * SFX_LEN..(n + 1) * SFX_LEN];
        for k in 0..4 {
            fx[64 + k] = d[2 * k] << 4 | d[2 * k + 1];
        }
        for (k, note) in d[8..].chunks(5).enumerate() {
            let pitch = u16::from(note[0] & 3) << 4 | u16::from(note[1]);
            let wave = u16::from(note[2]);
            let v = pitch
                | (wave & 7) << 6
                | u16::from(note[3] & 7) << 9
                | u16::from(note[4] & 7) << 12
                | (wave & 8) << 12;
            fx[2 * k..2 * k + 2].copy_from_slice(&v.to_le_bytes());
        }
    }
    Ok(())
}

fn write_music(section: &Section, out: &mut [u8]) -> Result<(), CartError> {
    for (n, (i, line)) in data_lines(section, 64)?.into_iter().enumerate() {
        let (flags, chans) = line.split_once(' ').unwrap_or((line, ""));
        let flags = digits(section, i, flags)?;
        let chans = digits(section, i, chans.trim()).map_err(|mut e| {
            e.col += line.len() - line.split_once(' ').map_or(0, |p| p.1.len());
            e
        })?;
        if flags.len() != 2 || chans.len() != 8 {
            return Err(CartError::new(
                section.line + 1 + i,
                1,
                format!(
                    "`__music__` row `{line}` is not `FF AABBCCDD` (flags, then 4 channels as 2 hex digits each)"
                ),
            ));
        }
        let f = flags[0] << 4 | flags[1];
        for ch in 0..4 {
            let id = chans[2 * ch] << 4 | chans[2 * ch + 1];
            out[4 * n + ch] = (id & 127) | ((f >> ch) & 1) << 7;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_land_at_the_manual_addresses() {
        let mut cart = Cart::default();
        cart.set_lua("print(\"hi\")");
        // Sprite 0's first row: pixels 1, 2 → byte 0x21 (left pixel in the low nibble).
        cart.set_lines("gfx", ["12"]);
        cart.set_lines("map", ["0000ff"]);
        cart.set_lines("gff", ["00000080"]);
        // sfx 0: editor mode 1, speed 16, loop 0..8; note 0: pitch 0x24 (c3), waveform 9
        // (custom instrument 1), volume 5, effect 3.
        let sfx = format!("01100008{}", "24953");
        cart.set_lines("sfx", [sfx.as_str()]);
        // pattern 0: loop start flag, channels 1, 2, 0x41 (off), 0x42.
        cart.set_lines("music", ["01 01024142"]);
        let rom = cart.to_rom().unwrap();
        assert_eq!(rom[0], 0x21);
        assert_eq!(rom[0x2002], 0xff);
        assert_eq!(rom[0x3003], 0x80);
        assert_eq!(&rom[0x3100..0x3104], &[0x81, 0x02, 0x41, 0x42]);
        assert_eq!(&rom[0x3240..0x3244], &[0x01, 0x10, 0x00, 0x08]);
        // 0x24 | (9 & 7) << 6 | 5 << 9 | 3 << 12 | 1 << 15 = 0xba64.
        assert_eq!(&rom[0x3200..0x3202], &[0x64, 0xba]);
        assert_eq!(&rom[0x4300..0x4304], b"\0pxa");
        // Patterns and effects the cart leaves out keep PICO-8's defaults.
        assert_eq!(&rom[0x3104..0x3108], &[0x41, 0x42, 0x43, 0x44]);
        assert_eq!(rom[0x3244 + 65], 16);

        let back = Cart::from_rom(&rom).unwrap();
        assert_eq!(back.lua(), Some("print(\"hi\")"));
        assert_eq!(back.to_rom().unwrap(), rom);
        assert_eq!(back.section("music").unwrap().body, "01 01024142\n");
        assert!(back.section("sfx").unwrap().body.starts_with(&sfx));
    }

    #[test]
    fn bad_data_and_short_roms_are_errors() {
        let mut cart = Cart::default();
        cart.set_lines("music", ["01 0102zz42"]);
        let e = cart.to_rom().unwrap_err();
        assert!(e.message.contains("not a hex digit"), "{e}");
        let e = Cart::from_rom(&[0; 100]).unwrap_err();
        assert!(e.message.contains("cut short"), "{e}");
    }

    #[test]
    fn over_the_compressed_limit_names_size_and_limit() {
        // Pseudo-random digits barely compress: 40000 of them need well over 15616 bytes.
        let mut x = 12345u32;
        let code: String = (0..40000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                char::from(b'0' + (x % 10) as u8)
            })
            .collect();
        let mut cart = Cart::default();
        cart.set_lua(&code);
        let e = cart.to_rom().unwrap_err().message;
        assert!(e.contains("15616") && e.contains("compresses to"), "{e}");
    }
}
