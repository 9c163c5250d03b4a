//! `Fix`: a PICO-8 number, 16.16 signed fixed point stored as its raw `i32` bits.
//!
//! Every operation here is defined on the raw bits so that results are bit-identical to z8lua (the Lua
//! fork PICO-8 is built on), which is the oracle the conformance suite compares against.

use std::fmt;

/// One in raw bits: the integer part lives in the high 16 bits.
const ONE: i32 = 0x1_0000;

/// A PICO-8 number: 16 integer bits and 16 fraction bits, two's complement, wrapping.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Fix(i32);

impl fmt::Debug for Fix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fix({})", self.to_hex())
    }
}

impl fmt::Display for Fix {
    /// PICO-8's decimal form (`tostr(x)`): at most 4 decimals, trailing zeros dropped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::format::decimal(*self))
    }
}

impl Fix {
    /// Zero.
    pub const ZERO: Fix = Fix(0);
    /// One.
    pub const ONE: Fix = Fix(ONE);
    /// The largest number, `0x7fff.ffff`.
    pub const MAX: Fix = Fix(i32::MAX);
    /// The smallest number, `-32768` (`0x8000.0000`).
    pub const MIN: Fix = Fix(i32::MIN);

    /// The number whose raw 16.16 bits are `bits`.
    pub const fn from_bits(bits: i32) -> Fix {
        Fix(bits)
    }

    /// The raw 16.16 bits.
    pub const fn bits(self) -> i32 {
        self.0
    }

    /// An integer, wrapped into [-32768, 32767] as PICO-8 does.
    pub const fn from_int(n: i32) -> Fix {
        Fix(n.wrapping_shl(16))
    }

    /// The integer part, rounded towards minus infinity (`flr`), as a plain integer.
    pub const fn to_int(self) -> i32 {
        self.0 >> 16
    }

    /// The exact value as a double (every 16.16 number is exactly representable).
    pub fn to_f64(self) -> f64 {
        f64::from(self.0) / 65536.0
    }

    /// A double converted as z8lua converts one (C's `int32_t(int64_t(d * 65536))`): truncation towards
    /// zero, then wrapping to 32 bits. Out-of-range and NaN inputs give what x86 gives for that C cast
    /// (`i64::MIN`, whose low 32 bits are zero).
    pub fn from_f64(d: f64) -> Fix {
        let scaled = d * 65536.0;
        // 2^63: beyond it (or NaN) the x86 conversion yields the "integer indefinite" value.
        let wide = if scaled.abs() < 9.223_372_036_854_776e18 {
            scaled as i64
        } else {
            i64::MIN
        };
        Fix(wide as i32)
    }

    /// `a + b`, wrapping.
    pub const fn add(self, b: Fix) -> Fix {
        Fix(self.0.wrapping_add(b.0))
    }

    /// `a - b`, wrapping.
    pub const fn sub(self, b: Fix) -> Fix {
        Fix(self.0.wrapping_sub(b.0))
    }

    /// Unary minus, wrapping (`-(-32768)` is `-32768`).
    pub const fn neg(self) -> Fix {
        Fix(self.0.wrapping_neg())
    }

    /// `a * b`: the 64-bit product shifted right by 16 (rounding down), keeping the low 32 bits.
    pub const fn mul(self, b: Fix) -> Fix {
        Fix(((self.0 as i64 * b.0 as i64) >> 16) as i32)
    }

    /// `a / b`: truncating 64-bit division; overflow and division by zero give `0x7fff.ffff` when the signs
    /// agree and `-0x7fff.ffff` (`0x8000.0001`) when they differ, as PICO-8 does.
    pub const fn div(self, b: Fix) -> Fix {
        if b.0 == ONE {
            // Dividing by one is exact even for -32768, whose quotient would overflow the check below.
            return self;
        }
        if b.0 != 0 {
            let q = ((self.0 as i64) << 16) / b.0 as i64;
            if q >= -(i32::MAX as i64) && q <= i32::MAX as i64 {
                return Fix(q as i32);
            }
        }
        if (self.0 ^ b.0) >= 0 {
            Fix(i32::MAX)
        } else {
            Fix(-i32::MAX)
        }
    }

    /// `a \ b`: floor of the PICO-8 quotient.
    pub const fn idiv(self, b: Fix) -> Fix {
        self.div(b).flr()
    }

    /// `a % b`: never negative; `a % 0` is 0.
    pub const fn rem(self, b: Fix) -> Fix {
        let m = b.abs().0;
        if m == 0 {
            return Fix(0);
        }
        // `abs` saturates -32768 to 0x7fff.ffff, so `m` is positive here and the remainder fits.
        Fix(self.0.rem_euclid(m))
    }

    /// `a ^ b`: computed in doubles (as z8lua does with C's `pow`) and converted back by truncation.
    pub fn pow(self, b: Fix) -> Fix {
        Fix::from_f64(self.to_f64().powf(b.to_f64()))
    }

    /// `flr(x)`: clears the fraction bits.
    pub const fn flr(self) -> Fix {
        Fix(self.0 & !0xffff)
    }

    /// `ceil(x)`: `-flr(-x)`, wrapping at the top of the range as PICO-8 does.
    pub const fn ceil(self) -> Fix {
        self.neg().flr().neg()
    }

    /// `abs(x)`: saturates, so `abs(-32768)` is `0x7fff.ffff`.
    pub const fn abs(self) -> Fix {
        if self.0 >= 0 {
            self
        } else if self.0 == i32::MIN {
            Fix(i32::MAX)
        } else {
            Fix(-self.0)
        }
    }

    /// `sgn(x)`: 1 for zero and positive numbers, -1 for negative ones.
    pub const fn sgn(self) -> Fix {
        if self.0 >= 0 {
            Fix(ONE)
        } else {
            Fix(-ONE)
        }
    }

    /// `min(a, b)`.
    pub fn min(self, b: Fix) -> Fix {
        Ord::min(self, b)
    }

    /// `max(a, b)`.
    pub fn max(self, b: Fix) -> Fix {
        Ord::max(self, b)
    }

    /// `mid(x, y, z)`: the middle value of three.
    pub fn mid(self, y: Fix, z: Fix) -> Fix {
        let x = self;
        if x > y {
            if y > z {
                y
            } else {
                Ord::min(x, z)
            }
        } else if x > z {
            x
        } else {
            Ord::min(y, z)
        }
    }

    /// `sqrt(x)`: the exact integer square root of the bits scaled by 2^16 (rounded down); 0 for x <= 0.
    pub fn sqrt(self) -> Fix {
        if self.0 <= 0 {
            return Fix(0);
        }
        let n = (self.0 as u64) << 16;
        // Start from the float estimate and correct it: exact for every 48-bit input.
        let mut r = (n as f64).sqrt() as u64;
        while r * r > n {
            r -= 1;
        }
        while (r + 1) * (r + 1) <= n {
            r += 1;
        }
        Fix(r as i32)
    }

    /// `a & b` on all 32 bits.
    pub const fn band(self, b: Fix) -> Fix {
        Fix(self.0 & b.0)
    }

    /// `a | b` on all 32 bits.
    pub const fn bor(self, b: Fix) -> Fix {
        Fix(self.0 | b.0)
    }

    /// `a ^^ b` on all 32 bits.
    pub const fn bxor(self, b: Fix) -> Fix {
        Fix(self.0 ^ b.0)
    }

    /// `~a` on all 32 bits.
    pub const fn bnot(self) -> Fix {
        Fix(!self.0)
    }

    /// `a << n` (n is the integer part of `b`); a negative n shifts right logically; n >= 32 gives 0.
    pub const fn shl(self, b: Fix) -> Fix {
        let n = b.to_int();
        if n < 0 {
            return lshr_by(self, -n);
        }
        shl_by(self, n)
    }

    /// `a >> n`: arithmetic shift right; a negative n shifts left; n >= 32 keeps only the sign.
    pub const fn shr(self, b: Fix) -> Fix {
        let n = b.to_int();
        if n < 0 {
            return shl_by(self, -n);
        }
        Fix(self.0 >> if n > 31 { 31 } else { n })
    }

    /// `a >>> n`: logical shift right; a negative n shifts left; n >= 32 gives 0.
    pub const fn lshr(self, b: Fix) -> Fix {
        let n = b.to_int();
        if n < 0 {
            return shl_by(self, -n);
        }
        lshr_by(self, n)
    }

    /// `a <<> n`: rotate left by n mod 32.
    pub const fn rotl(self, b: Fix) -> Fix {
        Fix(self.0.rotate_left((b.to_int() & 31) as u32))
    }

    /// `a >>< n`: rotate right by n mod 32.
    pub const fn rotr(self, b: Fix) -> Fix {
        Fix(self.0.rotate_right((b.to_int() & 31) as u32))
    }

    /// `tostr(x, 1)`: `0xhhhh.hhhh`.
    pub fn to_hex(self) -> String {
        let u = self.0 as u32;
        format!("0x{:04x}.{:04x}", u >> 16, u & 0xffff)
    }
}

const fn shl_by(x: Fix, n: i32) -> Fix {
    if n >= 32 {
        Fix(0)
    } else {
        Fix(x.0 << n)
    }
}

const fn lshr_by(x: Fix, n: i32) -> Fix {
    if n >= 32 {
        Fix(0)
    } else {
        Fix(((x.0 as u32) >> n) as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(bits: u32) -> Fix {
        Fix::from_bits(bits as i32)
    }

    // Expected values below are worked out by hand from the 16.16 definition (and agree with PICO-8's
    // documented behaviour); the z8lua conformance suite covers the rest.
    #[test]
    fn wrapping_arithmetic() {
        assert_eq!(Fix::from_int(32767).add(Fix::ONE), Fix::MIN);
        assert_eq!(Fix::MIN.neg(), Fix::MIN);
        assert_eq!(Fix::MIN.sub(h(1)), Fix::MAX);
        assert_eq!(Fix::from_int(3).mul(h(0x8000)), h(0x1_8000));
        // -1/65536 * 1/65536 rounds down to -1/65536.
        assert_eq!(h(0xffff_ffff).mul(h(1)), h(0xffff_ffff));
    }

    #[test]
    fn division_edges() {
        assert_eq!(Fix::ONE.div(Fix::ZERO), Fix::MAX);
        assert_eq!(Fix::ONE.neg().div(Fix::ZERO), h(0x8000_0001));
        assert_eq!(Fix::MIN.div(Fix::ONE), Fix::MIN);
        assert_eq!(Fix::ONE.div(Fix::from_int(3)), h(0x5555));
        assert_eq!(Fix::from_int(7).idiv(Fix::from_int(2)), Fix::from_int(3));
        assert_eq!(Fix::from_int(-7).rem(Fix::from_int(3)), Fix::from_int(2));
        assert_eq!(Fix::from_int(7).rem(Fix::from_int(-3)), Fix::from_int(1));
    }

    #[test]
    fn shifts_and_rotations() {
        assert_eq!(Fix::ONE.neg().shr(Fix::ONE), h(0xffff_8000));
        assert_eq!(Fix::ONE.neg().lshr(Fix::ONE), h(0x7fff_8000));
        assert_eq!(Fix::ONE.shl(Fix::from_int(-1)), h(0x8000));
        assert_eq!(Fix::ONE.rotr(Fix::from_int(17)), h(0x8000_0000));
        assert_eq!(Fix::ONE.shl(Fix::from_int(32)), Fix::ZERO);
    }

    #[test]
    fn rounding_functions() {
        assert_eq!(h(0xfffe_8000).flr(), Fix::from_int(-2));
        assert_eq!(h(0xfffe_8000).ceil(), Fix::from_int(-1));
        assert_eq!(Fix::MIN.abs(), Fix::MAX);
        assert_eq!(Fix::ZERO.sgn(), Fix::ONE);
        assert_eq!(Fix::from_int(4).sqrt(), Fix::from_int(2));
        assert_eq!(Fix::from_int(2).sqrt(), h(0x1_6a09));
        assert_eq!(
            Fix::from_int(1).mid(Fix::from_int(3), Fix::from_int(2)),
            Fix::from_int(2)
        );
    }
}
