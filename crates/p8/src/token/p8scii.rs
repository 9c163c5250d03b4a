//! P8SCII, PICO-8's 8-bit character set, and how `.p8` text (Unicode) maps onto it.
//!
//! PICO-8 sees source code as P8SCII bytes: a glyph such as `🅾️` written in a `.p8` file is one
//! character (byte `0x8e`) to PICO-8. Character counts, identifier rules and string contents all
//! work on these bytes. The mapping below is PICO-8's published character table (manual, "P8SCII
//! control codes" and the glyph chart). Five glyphs are written with a trailing U+FE0F variation
//! selector; a Unicode character with no P8SCII glyph is taken as its UTF-8 bytes, one character
//! each (this is what PICO-8 does when it reads text it does not understand, and what shrinko8
//! models).

use std::collections::HashMap;
use std::sync::OnceLock;

/// Glyphs for P8SCII 0x01..=0x1f (0x09, 0x0a and 0x0d are tab, newline and carriage return and
/// are plain ASCII; they are listed as such and never looked up).
const LOW: [&str; 31] = [
    "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "\t", "\n", "ᵇ", "ᶜ", "\r", "ᵉ", "ᶠ", "▮", "■", "□",
    "⁙", "⁘", "‖", "◀", "▶", "「", "」", "¥", "•", "、", "。", "゛", "゜",
];

/// Glyph for P8SCII 0x7f.
const DEL: &str = "○";

/// Glyphs for P8SCII 0x80..=0xff.
const HIGH: [&str; 128] = [
    "█", "▒", "🐱", "⬇️", "░", "✽", "●", "♥", "☉", "웃", "⌂", "⬅️", "😐", "♪", "🅾️", "◆", "…",
    "➡️", "★", "⧗", "⬆️", "ˇ", "∧", "❎", "▤", "▥", "あ", "い", "う", "え", "お", "か", "き", "く",
    "け", "こ", "さ", "し", "す", "せ", "そ", "た", "ち", "つ", "て", "と", "な", "に", "ぬ", "ね",
    "の", "は", "ひ", "ふ", "へ", "ほ", "ま", "み", "む", "め", "も", "や", "ゆ", "よ", "ら", "り",
    "る", "れ", "ろ", "わ", "を", "ん", "っ", "ゃ", "ゅ", "ょ", "ア", "イ", "ウ", "エ", "オ", "カ",
    "キ", "ク", "ケ", "コ", "サ", "シ", "ス", "セ", "ソ", "タ", "チ", "ツ", "テ", "ト", "ナ", "ニ",
    "ヌ", "ネ", "ノ", "ハ", "ヒ", "フ", "ヘ", "ホ", "マ", "ミ", "ム", "メ", "モ", "ヤ", "ユ", "ヨ",
    "ラ", "リ", "ル", "レ", "ロ", "ワ", "ヲ", "ン", "ッ", "ャ", "ュ", "ョ", "◜", "◝",
];

/// The variation selector some glyphs carry in `.p8` text.
const VS16: char = '\u{fe0f}';

/// Unicode char → (P8SCII code, whether the glyph is spelled with a trailing [`VS16`]).
fn table() -> &'static HashMap<char, (u8, bool)> {
    static TABLE: OnceLock<HashMap<char, (u8, bool)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut map = HashMap::new();
        let mut add = |glyph: &str, code: u8| {
            let mut chars = glyph.chars();
            let first = chars.next().expect("glyph table entries are non-empty");
            if !first.is_ascii() {
                map.insert(first, (code, chars.next() == Some(VS16)));
            }
        };
        for (i, g) in LOW.iter().enumerate() {
            add(g, i as u8 + 1);
        }
        add(DEL, 0x7f);
        for (i, g) in HIGH.iter().enumerate() {
            add(g, i as u8 + 0x80);
        }
        // PICO-8 copies capital letters as Unicode mathematical sans-serif italics a..z.
        for (i, c) in ('\u{1d622}'..='\u{1d63b}').enumerate() {
            map.insert(c, (b'A' + i as u8, false));
        }
        map
    })
}

/// One source character as PICO-8 sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum P8Char {
    /// A single P8SCII byte (ASCII, or a known glyph).
    Byte(u8),
    /// A Unicode character with no glyph: PICO-8 sees each of its UTF-8 bytes as a character.
    Unknown(char),
}

/// Reads the first character of `s` (which must be non-empty) as PICO-8 sees it; returns it and
/// how many bytes of `s` it used (a glyph plus its variation selector counts as one character).
pub fn next_char(s: &str) -> (P8Char, usize) {
    let c = s
        .chars()
        .next()
        .expect("next_char needs a non-empty string");
    if c.is_ascii() {
        return (P8Char::Byte(c as u8), 1);
    }
    let len = c.len_utf8();
    match table().get(&c) {
        Some(&(code, false)) => (P8Char::Byte(code), len),
        Some(&(code, true)) if s[len..].starts_with(VS16) => {
            (P8Char::Byte(code), len + VS16.len_utf8())
        }
        _ => (P8Char::Unknown(c), len),
    }
}

/// Appends the P8SCII bytes of `c` to `out`.
pub fn push_char(c: P8Char, out: &mut Vec<u8>) {
    match c {
        P8Char::Byte(b) => out.push(b),
        P8Char::Unknown(c) => {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    }
}

impl P8Char {
    /// How many P8SCII characters this is (1, or the UTF-8 length of an unknown character).
    pub fn width(self) -> usize {
        match self {
            P8Char::Byte(_) => 1,
            P8Char::Unknown(c) => c.len_utf8(),
        }
    }
}

/// The P8SCII bytes of a Unicode text, as PICO-8 would load it from a `.p8` file.
pub fn to_p8scii(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        let (c, used) = next_char(rest);
        push_char(c, &mut out);
        rest = &rest[used..];
    }
    out
}

/// How many characters PICO-8 counts in `text` (its P8SCII length).
pub fn p8scii_len(text: &str) -> usize {
    if text.is_ascii() {
        return text.len();
    }
    let mut n = 0;
    let mut rest = text;
    while !rest.is_empty() {
        let (c, used) = next_char(rest);
        n += c.width();
        rest = &rest[used..];
    }
    n
}

/// The `.p8` (Unicode) spelling of a P8SCII byte: the glyph for codes that have one, the ASCII
/// character otherwise (0x00, tab, newline, carriage return and printable ASCII).
pub fn glyph(code: u8) -> &'static str {
    const ASCII_BYTES: [u8; 128] = {
        let mut b = [0u8; 128];
        let mut i = 0;
        while i < 128 {
            b[i] = i as u8;
            i += 1;
        }
        b
    };
    // Every byte below 0x80 is a one-byte UTF-8 character, so this cannot fail.
    const ASCII: &str = match std::str::from_utf8(&ASCII_BYTES) {
        Ok(s) => s,
        Err(_) => panic!("ASCII is UTF-8"),
    };
    match code {
        0x80..=0xff => HIGH[(code - 0x80) as usize],
        0x7f => DEL,
        0x01..=0x1f if !matches!(code, b'\t' | b'\n' | b'\r') => LOW[(code - 1) as usize],
        _ => &ASCII[code as usize..code as usize + 1],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_map_to_published_codes() {
        // Codes from the PICO-8 manual's glyph chart: button glyphs and a few others.
        assert_eq!(
            to_p8scii("⬅️➡️⬆️⬇️🅾️❎"),
            [0x8b, 0x91, 0x94, 0x83, 0x8e, 0x97]
        );
        assert_eq!(to_p8scii("█▒🐱"), [0x80, 0x81, 0x82]);
        assert_eq!(to_p8scii("◜◝"), [0xfe, 0xff]);
        assert_eq!(to_p8scii("¹ᶠ▮゜○"), [0x01, 0x0f, 0x10, 0x1f, 0x7f]);
        assert_eq!(to_p8scii("a\tB\n"), b"a\tB\n");
        assert_eq!(to_p8scii("𝘢𝘻"), b"AZ");
    }

    #[test]
    fn unknown_characters_count_their_utf8_bytes() {
        // U+00E9 has no glyph: 2 UTF-8 bytes, 2 characters. A button glyph without its variation
        // selector is not the glyph: 3 bytes.
        assert_eq!(p8scii_len("é"), 2);
        assert_eq!(p8scii_len("\u{2b05}"), 3);
        assert_eq!(p8scii_len("⬅️"), 1);
        assert_eq!(p8scii_len("abc"), 3);
    }

    #[test]
    fn every_code_round_trips_through_its_glyph() {
        for code in 0..=255u8 {
            let g = glyph(code);
            assert_eq!(to_p8scii(g), [code], "code {code:#x} glyph {g:?}");
        }
    }
}
