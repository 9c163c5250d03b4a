//! Spelling PICO-8 values as Lua 5.2 source: exact decimal numbers, byte-exact strings, and
//! glyph names as valid Lua names.

use std::fmt::Write;

/// Exact decimal spelling of a 16.16 value.
pub fn number_literal(bits: i32) -> String {
    let neg = bits < 0;
    let mag = (bits as i64).unsigned_abs();
    let int = mag >> 16;
    let frac = mag & 0xffff;
    let mut s = String::new();
    if neg {
        s.push('-');
    }
    let _ = write!(s, "{int}");
    if frac != 0 {
        // frac / 2^16 == frac * 5^16 / 10^16 exactly.
        let digits = format!("{:016}", frac * 5u64.pow(16));
        s.push('.');
        s.push_str(digits.trim_end_matches('0'));
    }
    s
}

/// A Lua string literal for `bytes`, byte-exact.
pub fn string_literal(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() + 2);
    s.push('"');
    for &b in bytes {
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            s.push(b as char);
        } else {
            let _ = write!(s, "\\{b:03}");
        }
    }
    s.push('"');
    s
}

/// A PICO-8 variable's name in the lowered code: [`lua_name`], except that an ASCII name starting
/// with `__p8` (the prefix of the lowering's and the runner's own names, which PICO-8 does not
/// have) becomes `__p8x_` plus the hex of its bytes, so no cart variable can read or replace them.
/// Fields keep their names (`t.__p8_add` is the key `"__p8_add"`).
pub fn var_name(name: &str) -> String {
    if name.starts_with("__p8") && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        let mut s = String::from("__p8x_");
        for b in name.bytes() {
            let _ = write!(s, "{b:02x}");
        }
        s
    } else {
        lua_name(name)
    }
}

/// A PICO-8 name as a valid Lua name: names holding glyphs become `__p8g_` plus the hex of
/// their P8SCII bytes (`⬅️` is P8SCII 0x8b: `__p8g_8b`), so the runner can predefine the glyph
/// globals PICO-8 has (0x80..=0x99) under those names.
pub fn lua_name(name: &str) -> String {
    if name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        name.to_owned()
    } else {
        let mut s = String::from("__p8g_");
        for b in crate::token::p8scii::to_p8scii(name) {
            let _ = write!(s, "{b:02x}");
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_literals_are_exact_decimals() {
        assert_eq!(number_literal(0x0001_8000), "1.5");
        assert_eq!(number_literal(0x0000_1999), "0.0999908447265625");
        assert_eq!(number_literal(1), "0.0000152587890625");
        assert_eq!(number_literal(i32::MIN), "-32768");
        assert_eq!(number_literal(-0x0000_8000), "-0.5");
        assert_eq!(number_literal(0x7fff_ffff), "32767.9999847412109375");
        assert_eq!(number_literal(0), "0");
    }

    #[test]
    fn strings_escape_everything_but_printable_ascii() {
        assert_eq!(
            string_literal(b"a\"b\\\n\x80z"),
            "\"a\\034b\\092\\010\\128z\""
        );
    }

    #[test]
    fn glyph_names_become_lua_names() {
        assert_eq!(lua_name("abc_1"), "abc_1");
        assert_eq!(lua_name("a\u{2588}"), "__p8g_6180");
        assert_eq!(lua_name("\u{2b05}\u{fe0f}"), "__p8g_8b");
    }

    #[test]
    fn variables_cannot_spell_internal_names() {
        assert_eq!(var_name("__p8_add"), "__p8x_5f5f70385f616464");
        assert_eq!(var_name("__p8g_8b"), "__p8x_5f5f7038675f3862");
        assert_eq!(var_name("__p7"), "__p7");
        assert_eq!(var_name("\u{2b05}\u{fe0f}"), "__p8g_8b");
    }
}
