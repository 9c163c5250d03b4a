//! How PICO-8 turns a number literal into a 16.16 fixed-point value.
//!
//! The rules were measured against z8lua (the Lua fork PICO-8 credits, PyPI `lupaz8`):
//! - decimal literals are read as an IEEE double (correctly rounded, like `strtod`), multiplied by
//!   65536 and truncated toward zero; the low 32 bits are kept (`99999` → `0x869f.0000`), and a
//!   value whose scaled magnitude leaves the 64-bit integer range gives 0 (`2^47` → `0`), which is
//!   what the x86 double→int64 conversion z8lua relies on produces;
//! - hex and binary literals are read digit by digit: the integer part wraps (only its low 16 bits
//!   survive: `0x12345.6789` → `0x2345.6789`) and fraction digits beyond 16 bits are dropped, not
//!   rounded (`0x.12345678` → `0x0000.1234`).

use std::fmt;

/// Why a number literal has no value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberError {
    /// The literal as written.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "malformed number `{}`: {}", self.text, self.reason)
    }
}

impl std::error::Error for NumberError {}

/// The 16.16 raw bits (as `i32`: `1.5` → `0x0001_8000`) of a PICO-8 number literal: decimal
/// (`12`, `3.`, `.5`), hex (`0x1f.8`) or binary (`0b101.1`), without sign.
pub fn number_value(text: &str) -> Result<i32, NumberError> {
    let err = |reason| NumberError {
        text: text.to_owned(),
        reason,
    };
    let lower = text.as_bytes();
    let (radix_bits, digits) = match lower {
        [b'0', b'x' | b'X', rest @ ..] => (4u32, rest),
        [b'0', b'b' | b'B', rest @ ..] => (1u32, rest),
        _ => return decimal_value(text).ok_or_else(|| err("expected digits with at most one `.`")),
    };
    let mut int_part: u32 = 0;
    let mut frac: u32 = 0;
    let mut frac_bits: u32 = 0;
    let mut seen_dot = false;
    let mut any_digit = false;
    for &c in digits {
        if c == b'.' {
            if seen_dot {
                return Err(err("more than one `.`"));
            }
            seen_dot = true;
            continue;
        }
        let d = (c as char)
            .to_digit(1 << radix_bits)
            .ok_or_else(|| err("digit out of range for its base"))?;
        any_digit = true;
        if !seen_dot {
            // Wrapping on purpose: only the low 16 bits of the integer part survive in 16.16.
            int_part = int_part.wrapping_shl(radix_bits) | d;
        } else if frac_bits < 16 {
            frac = (frac << radix_bits) | d;
            frac_bits += radix_bits;
        }
    }
    if !any_digit {
        return Err(err("no digits after the `0x`/`0b` prefix"));
    }
    let frac16 = frac << (16 - frac_bits);
    Ok(((int_part << 16) | frac16) as i32)
}

/// A decimal literal's raw value, or `None` if it is not digits with at most one dot.
fn decimal_value(text: &str) -> Option<i32> {
    let bytes = text.as_bytes();
    let dots = bytes.iter().filter(|&&c| c == b'.').count();
    let digits = bytes.iter().filter(|c| c.is_ascii_digit()).count();
    if dots > 1 || digits == 0 || digits + dots != bytes.len() {
        return None;
    }
    let value: f64 = text.parse().ok()?;
    // Scaling by a power of two is exact; truncation toward zero matches the C cast.
    let scaled = (value * 65536.0).trunc();
    if scaled.abs() >= 9_223_372_036_854_775_808.0 {
        // Out of int64 range: the x86 conversion yields 0x8000_0000_0000_0000, low bits 0.
        return Some(0);
    }
    Some(scaled as i64 as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Expected bits were obtained from z8lua (`tostr(<literal>, 1)`), see the module docs.
    #[test]
    fn literal_values_match_z8lua() {
        let cases: &[(&str, u32)] = &[
            ("0.1", 0x0000_1999),
            ("1.5", 0x0001_8000),
            ("0x.8", 0x0000_8000),
            ("0b1.1", 0x0001_8000),
            ("32767", 0x7fff_0000),
            ("32768", 0x8000_0000),
            ("65535", 0xffff_0000),
            ("65536", 0),
            ("0.00001", 0),
            ("32767.99999", 0x7fff_ffff),
            ("0x7fff.ffff", 0x7fff_ffff),
            ("0x12345.6789", 0x2345_6789),
            ("99999", 0x869f_0000),
            ("0b111111111111111111", 0xffff_0000),
            (".5", 0x0000_8000),
            ("3.", 0x0003_0000),
            ("0x10000", 0),
            ("0xffff", 0xffff_0000),
            ("1.00001", 0x0001_0000),
            ("0.99999999", 0x0000_ffff),
            ("10000000000", 0xe400_0000),
            ("99999999999999999999", 0),
            ("4294967296.5", 0x0000_8000),
            ("140737488355328", 0),
            ("140737488355327.9", 0xffff_e800),
            ("0x7fffffffffff", 0xffff_0000),
            ("0xffffffffffffffffffff", 0xffff_0000),
            ("0.00001525878906249999999999", 1),
            ("0.0000152587890624", 0),
            ("0x0.ffffffff", 0x0000_ffff),
            ("0x.0000f", 0),
            ("0b0.00000000000000011", 1),
            ("0x1.fffff", 0x0001_ffff),
            ("0x.12345678", 0x0000_1234),
            ("00012", 0x000c_0000),
            ("0X1F", 0x001f_0000),
        ];
        for &(text, bits) in cases {
            assert_eq!(number_value(text), Ok(bits as i32), "{text}");
        }
    }

    #[test]
    fn malformed_literals_are_errors() {
        for text in [
            "1..2", "0x", "0x.", "0b", "0b102", "0xa.b.c", ".", "", "1e3",
        ] {
            let e = number_value(text).unwrap_err();
            assert_eq!(e.text, text);
            assert!(e.to_string().contains(text), "{e}");
        }
    }
}
