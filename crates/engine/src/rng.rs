//! The project's one pseudo-random number generator: xorshift32 on a 32-bit pattern.
//!
//! Why xorshift32: PICO-8 numbers are 16.16 fixed point, but `^^`, `<<` and `>>>` act on all 32 raw
//! bits, so the cart reproduces this generator bit for bit (see `docs/contract.md`).

/// Seed used when a caller passes 0 (xorshift's state must never be 0: 0 is a fixed point).
pub const ZERO_SEED_REPLACEMENT: u32 = 0x2545_F491;

/// Xorshift32 (Marsaglia's 13/17/5 triple) on the raw 32 bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Xorshift32 {
    state: u32,
}

impl Xorshift32 {
    /// A generator seeded with `seed` (0 is replaced by [`ZERO_SEED_REPLACEMENT`]).
    pub const fn new(seed: u32) -> Self {
        let state = if seed == 0 {
            ZERO_SEED_REPLACEMENT
        } else {
            seed
        };
        Xorshift32 { state }
    }

    /// The current state (never 0).
    pub const fn state(&self) -> u32 {
        self.state
    }

    /// Advances and returns the new 32-bit state: `x ^= x << 13; x ^= x >>> 17; x ^= x << 5`.
    pub fn next_u32(&mut self) -> u32 {
        let mut x = self.state;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.state = x;
        x
    }

    /// The next state as the same bits in an `i32` (how PICO-8 holds it: a 16.16 number's raw bits).
    pub fn next_i32(&mut self) -> i32 {
        self.next_u32() as i32
    }

    /// A draw in `0..n` for `1 <= n <= 32767`: the top 16 bits of the next state, unsigned, `% n`.
    ///
    /// Why this reduction: PICO-8 computes it exactly (`(x >>> 16) % n` on the raw bits, the
    /// result an integer). Its bias (at most n/65536) is acceptable for move choice. Returns 0 when
    /// `n == 0` (after still advancing, so callers stay in step with the Lua).
    pub fn below(&mut self, n: u16) -> u16 {
        let top = (self.next_u32() >> 16) as u16;
        if n == 0 {
            0
        } else {
            top % n
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_outputs_from_seed_1_match_hand_computation() {
        // x = 1: x ^= x<<13 -> 0x2001; x ^= x>>17 -> 0x2001; x ^= x<<5 -> 0x2001 ^ 0x40020 = 0x42021.
        let mut r = Xorshift32::new(1);
        assert_eq!(r.next_u32(), 0x0004_2021);
        // Second step from 0x42021 by hand:
        // x<<13 = 0x84042000 -> x = 0x84000021; x>>17 = 0x4200 -> x = 0x84004221;
        // x<<5 = 0x80084420 (mod 2^32) -> x = 0x04080601.
        assert_eq!(r.next_u32(), 0x0408_0601);
    }

    #[test]
    fn zero_seed_is_replaced_and_state_never_zero() {
        let mut r = Xorshift32::new(0);
        assert_eq!(r.state(), ZERO_SEED_REPLACEMENT);
        for _ in 0..10_000 {
            assert_ne!(r.next_u32(), 0);
        }
    }

    #[test]
    fn below_uses_top_sixteen_bits() {
        let mut a = Xorshift32::new(1);
        let mut b = Xorshift32::new(1);
        // next state is 0x00042021 -> top 16 bits = 4 -> 4 % 3 = 1.
        assert_eq!(a.below(3), 1);
        assert_eq!(b.next_u32() >> 16, 4);
        assert_eq!(a.below(0), 0);
    }
}
