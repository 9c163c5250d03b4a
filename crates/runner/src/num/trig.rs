//! PICO-8's `sin`, `cos` and `atan2`: angles in turns, y pointing down (so `sin` is negated), computed from
//! quarter-wave tables of 4097 (sine) and 2049 (arctangent) entries.
//!
//! The tables are not copied from anywhere: each entry is `round(f(i) * 65536)`, a formula that reproduces
//! every entry z8lua uses (verified entry by entry against lupaz8). z8lua reads one entry past its tables
//! at exact quarter turns (so its `sin(0.25)` is `-0x1.9ee8` instead of -1); here the table has that entry
//! and `sin(0.25)` is -1 as on PICO-8. The conformance suite leaves those inputs out.

use std::f64::consts::TAU;
use std::sync::OnceLock;

use super::Fix;

fn sine_table() -> &'static [i32; 4097] {
    static TABLE: OnceLock<[i32; 4097]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [0; 4097];
        for (i, v) in t.iter_mut().enumerate() {
            *v = ((i as f64 / 16384.0 * TAU).sin() * 65536.0).round() as i32;
        }
        t
    })
}

fn atan_table() -> &'static [i32; 2049] {
    static TABLE: OnceLock<[i32; 2049]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [0; 2049];
        for (i, v) in t.iter_mut().enumerate() {
            *v = ((i as f64 / 2048.0).atan() / TAU * 65536.0).round() as i32;
        }
        t
    })
}

/// True when z8lua's `sin` of this angle reads past its table (the quarter turns and their neighbours):
/// the conformance suite skips these, documented in the module comment.
pub fn z8lua_sin_reads_past_table(x: Fix) -> bool {
    let b = x.bits();
    let folded = if b & 0x4000 != 0 { !b } else { b };
    (folded & 0x3fff) >= 0x3ffe
}

/// `sin(x)`: `-sin(2πx)`, from the quarter-wave table with the angle's two low bits rounded.
pub fn sin(x: Fix) -> Fix {
    let b = x.bits();
    // Angles in the second/fourth quarter mirror through the bitwise complement, as PICO-8 does.
    let folded = if b & 0x4000 != 0 { !b } else { b };
    let index = (((folded & 0x3fff) + 2) >> 2) as usize;
    let v = sine_table()[index];
    Fix::from_bits(if b & 0x8000 != 0 { v } else { -v })
}

/// `cos(x)`: `sin(x - 0.25)` in PICO-8's convention.
pub fn cos(x: Fix) -> Fix {
    sin(x.sub(Fix::from_bits(0x4000)))
}

/// `atan2(dx, dy)`: the angle in turns in [0, 1), with y pointing down; `atan2(0, 0)` is 0.25.
pub fn atan2(dx: Fix, dy: Fix) -> Fix {
    let (x, y) = (dx.bits(), dy.bits());
    let table = atan_table();
    let mut bits: i32 = 0x4000;
    if x != 0 {
        let q = (i64::from(y).abs() << 16) / i64::from(x).abs();
        if q > 0x1_0000 {
            bits -= table[(((1i64 << 32) / q) >> 5) as usize];
        } else {
            bits = table[(q >> 5) as usize];
        }
    }
    if x < 0 {
        bits = 0x8000 - bits;
    }
    if y > 0 {
        bits = -bits & 0xffff;
    }
    // PICO-8 quirk (kept by z8lua): a dy of exactly -32768 flips the result once more.
    if x != 0 && y == i32::MIN {
        bits = -bits & 0xffff;
    }
    Fix::from_bits(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turns(bits: u32) -> Fix {
        Fix::from_bits(bits as i32)
    }

    // PICO-8's documented conventions: sin(0.25) = -1, cos(0) = 1, atan2(1, -1) = 0.125, atan2(0, 0) = 0.25.
    #[test]
    fn quarter_turns_are_exact() {
        assert_eq!(sin(turns(0x4000)), Fix::ONE.neg());
        assert_eq!(sin(turns(0xc000)), Fix::ONE);
        assert_eq!(cos(Fix::ZERO), Fix::ONE);
        assert_eq!(cos(turns(0x8000)), Fix::ONE.neg());
        assert_eq!(sin(Fix::ZERO), Fix::ZERO);
    }

    #[test]
    fn atan2_conventions() {
        assert_eq!(atan2(Fix::ONE, Fix::ONE.neg()), turns(0x2000));
        assert_eq!(atan2(Fix::ONE, Fix::ONE), turns(0xe000));
        assert_eq!(atan2(Fix::ZERO, Fix::ZERO), turns(0x4000));
        assert_eq!(atan2(Fix::ONE.neg(), Fix::ZERO), turns(0x8000));
    }
}
