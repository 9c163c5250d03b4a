//! PICO-8's number ⟷ text conversions: `tostr` (decimal, hex, raw), `tonum` and its flags, and the
//! string → number coercion arithmetic applies to strings (z8lua's `luaO_str2d`).

use super::Fix;

/// The decimal form PICO-8 prints (`tostr(x)`, `..`, `print`): the exact value rounded to 4 decimals
/// (ties to even, as C's `%.4f` does on the exact binary value), then trailing zeros and a trailing
/// point dropped. A tiny negative number prints as `-0`, as in z8lua.
pub fn decimal(x: Fix) -> String {
    let bits = x.bits();
    let magnitude = u64::from(bits.unsigned_abs());
    let scaled = magnitude * 10_000;
    let mut q = scaled >> 16;
    let r = scaled & 0xffff;
    if r > 0x8000 || (r == 0x8000 && q & 1 == 1) {
        q += 1;
    }
    let sign = if bits < 0 { "-" } else { "" };
    let mut s = format!("{sign}{}.{:04}", q / 10_000, q % 10_000);
    while s.ends_with('0') {
        s.pop();
    }
    if s.ends_with('.') {
        s.pop();
    }
    s
}

/// `tostr(x, flags)` for a number: flag 1 → `0xhhhh.hhhh`, flag 2 → the raw bits as a signed decimal
/// integer, both → `0xhhhhhhhh`; no flag → [`decimal`].
pub fn tostr_number(x: Fix, flags: i32) -> String {
    let u = x.bits() as u32;
    match flags & 3 {
        3 => format!("0x{u:08x}"),
        2 => format!("{}", x.bits()),
        1 => x.to_hex(),
        _ => decimal(x),
    }
}

/// C's `isspace` in the "C" locale.
fn is_c_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Parses a whole string as PICO-8 does when a string meets arithmetic or `tonum`: optional spaces and
/// sign, then decimal (with exponent), `0x` hex or `0b` binary with an optional fraction; trailing spaces
/// allowed, nothing else. `None` when it is not a number.
pub fn parse(s: &[u8]) -> Option<Fix> {
    // z8lua decides the base by looking for the letters anywhere in the string.
    if s.iter().any(|&b| b == b'n' || b == b'N') {
        return None;
    }
    if s.iter().any(|&b| b == b'x' || b == b'X') {
        return parse_radix(s, 16);
    }
    if s.iter().any(|&b| b == b'b' || b == b'B') {
        return parse_radix(s, 2);
    }
    let start = s.iter().position(|&b| !is_c_space(b)).unwrap_or(s.len());
    let end = s
        .iter()
        .rposition(|&b| !is_c_space(b))
        .map_or(start, |i| i + 1);
    let body = std::str::from_utf8(s.get(start..end)?).ok()?;
    // Rust's float syntax differs from C's strtod only in words (`inf`, `nan`), excluded above.
    if body.is_empty() || body.bytes().any(|b| is_c_space(b) || b == b'_') {
        return None;
    }
    let d: f64 = body.parse().ok()?;
    Some(Fix::from_f64(d))
}

fn digit_value(b: u8) -> Option<i32> {
    (b as char).to_digit(16).map(|d| d as i32)
}

/// `0x…`/`0b…` with optional sign and fraction; the integer part wraps, the fraction keeps its first 4 hex
/// (16 binary) digits and ignores the rest.
fn parse_radix(s: &[u8], base: i32) -> Option<Fix> {
    let mut i = 0;
    while i < s.len() && is_c_space(s[i]) {
        i += 1;
    }
    let mut negative = false;
    if i < s.len() && (s[i] == b'-' || s[i] == b'+') {
        negative = s[i] == b'-';
        i += 1;
    }
    let marker = if base == 16 { b'x' } else { b'b' };
    if s.get(i) != Some(&b'0') || s.get(i + 1).map(u8::to_ascii_lowercase) != Some(marker) {
        return None;
    }
    i += 2;
    let mut int_part: i32 = 0;
    let mut int_digits = 0;
    while let Some(d) = s.get(i).and_then(|&b| digit_value(b)) {
        if d >= base {
            break;
        }
        int_part = int_part.wrapping_mul(base).wrapping_add(d);
        int_digits += 1;
        i += 1;
    }
    let mut frac: i32 = 0;
    let mut frac_digits = 0;
    if s.get(i) == Some(&b'.') {
        i += 1;
        let mut budget = if base == 2 { 16 } else { 4 };
        while let Some(d) = s.get(i).and_then(|&b| digit_value(b)) {
            if budget > 0 {
                if d >= base {
                    break;
                }
                frac = frac * base + d;
                frac_digits += 1;
            }
            budget -= 1;
            i += 1;
        }
    }
    if int_digits == 0 && frac_digits == 0 {
        return None;
    }
    while i < s.len() && is_c_space(s[i]) {
        i += 1;
    }
    if i != s.len() {
        return None;
    }
    let shift = if base == 2 {
        frac_digits
    } else {
        frac_digits * 4
    };
    let frac_bits = if shift == 0 {
        0
    } else {
        ((frac as u32) << 16) >> shift
    };
    let x = Fix::from_bits(int_part.wrapping_shl(16) | frac_bits as i32);
    Some(if negative { x.neg() } else { x })
}

/// C's `strtol(s, NULL, base)` truncated to 32 bits: leading spaces, sign, digits; 0 when none.
fn strtol32(s: &[u8], base: u32) -> u32 {
    let mut i = 0;
    while i < s.len() && is_c_space(s[i]) {
        i += 1;
    }
    let mut negative = false;
    if i < s.len() && (s[i] == b'-' || s[i] == b'+') {
        negative = s[i] == b'-';
        i += 1;
    }
    let mut v: i64 = 0;
    while let Some(d) = s.get(i).and_then(|&b| (b as char).to_digit(base)) {
        v = v
            .saturating_mul(i64::from(base))
            .saturating_add(i64::from(d));
        i += 1;
    }
    (if negative { v.wrapping_neg() } else { v }) as u32
}

/// `tonum(s, flags)` for a string. Flag 1 reads hex digits without `0x` (other characters count as 0);
/// flag 2 reads the raw 32-bit pattern (so `tonum("1", 2)` is `0x0.0001`); flag 4 returns 0 instead of
/// nothing when the string is not a number.
pub fn tonum_str(s: &[u8], flags: i32) -> Option<Fix> {
    if flags & 1 != 0 {
        let cleaned: Vec<u8> = s
            .iter()
            .map(|&b| if b.is_ascii_hexdigit() { b } else { b'0' })
            .collect();
        let bits = strtol32(&cleaned, 16);
        return Some(if flags & 2 != 0 {
            Fix::from_bits(bits as i32)
        } else {
            Fix::from_bits((bits << 16) as i32)
        });
    }
    if flags & 2 != 0 {
        return Some(Fix::from_bits(strtol32(s, 10) as i32));
    }
    match parse(s) {
        Some(x) => Some(x),
        None if flags & 4 != 0 => Some(Fix::ZERO),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(bits: u32) -> Fix {
        Fix::from_bits(bits as i32)
    }

    // Hand-computed: 1/3 is 0x5555/65536 = 0.33332824..., -1/65536 rounds to "-0", 0.03125 ties to even.
    #[test]
    fn decimal_form() {
        assert_eq!(decimal(h(0x5555)), "0.3333");
        assert_eq!(decimal(Fix::from_int(-32768)), "-32768");
        assert_eq!(decimal(Fix::MAX), "32768");
        assert_eq!(decimal(h(0xffff_ffff)), "-0");
        assert_eq!(decimal(h(0x0800)), "0.0312");
        assert_eq!(decimal(h(0x1800)), "0.0938");
        assert_eq!(decimal(h(0x1_8000)), "1.5");
    }

    #[test]
    fn tostr_flags() {
        assert_eq!(tostr_number(Fix::ONE.neg(), 2), "-65536");
        assert_eq!(tostr_number(h(0x1_8000), 3), "0x00018000");
        assert_eq!(tostr_number(h(0x1_8000), 1), "0x0001.8000");
    }

    #[test]
    fn parsing() {
        assert_eq!(parse(b" 5 "), Some(Fix::from_int(5)));
        assert_eq!(parse(b"5x"), None);
        assert_eq!(parse(b"1e2"), Some(Fix::from_int(100)));
        assert_eq!(parse(b"0b101.1"), Some(h(0x5_8000)));
        assert_eq!(parse(b"-0x10"), Some(Fix::from_int(-16)));
        assert_eq!(parse(b"0x1.23456"), Some(h(0x1_2345)));
        assert_eq!(parse(b"0x"), None);
        assert_eq!(parse(b"inf"), None);
        assert_eq!(parse(b"-0.00001"), Some(Fix::ZERO));
    }

    #[test]
    fn tonum_flags() {
        assert_eq!(tonum_str(b"ffff", 1), Some(Fix::ONE.neg()));
        assert_eq!(tonum_str(b"12", 3), Some(h(0x12)));
        assert_eq!(tonum_str(b"-1", 2), Some(h(0xffff_ffff)));
        assert_eq!(tonum_str(b"abc", 0), None);
        assert_eq!(tonum_str(b"abc", 4), Some(Fix::ZERO));
    }
}
