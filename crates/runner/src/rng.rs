//! PICO-8's random number generator, as PICO-8's emulators document it (fake-08, yocto-8 and the
//! lexaloffle BBS thread 51113): two 32-bit state words (`hi` at 0x5f44, `lo` at 0x5f48), one step
//! `hi = rotl(hi, 16) + lo; lo = lo + hi`, `rnd(x)` = `hi % x` on raw 16.16 bits, and `srand(x)` seeding
//! from the raw bits of x with the top bit dropped, then 32 warm-up steps.

use crate::num::Fix;

/// The generator's two state words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rng {
    /// The word `rnd` draws from (PICO-8 RAM 0x5f44).
    pub hi: u32,
    /// The second word (PICO-8 RAM 0x5f48).
    pub lo: u32,
}

impl Default for Rng {
    /// PICO-8 seeds randomly at boot; the runner starts as `srand(0)` so runs are reproducible.
    fn default() -> Self {
        Rng::seeded(Fix::ZERO)
    }
}

impl Rng {
    /// The state after `srand(seed)`.
    pub fn seeded(seed: Fix) -> Rng {
        let bits = seed.bits() as u32 & 0x7fff_ffff;
        let mut rng = if bits == 0 {
            Rng {
                hi: 0x6000_9755,
                lo: 0xdead_beef,
            }
        } else {
            Rng {
                hi: bits ^ 0xbead_29ba,
                lo: bits,
            }
        };
        for _ in 0..32 {
            rng.step();
        }
        rng
    }

    fn step(&mut self) {
        self.hi = self.hi.rotate_left(16).wrapping_add(self.lo);
        self.lo = self.lo.wrapping_add(self.hi);
    }

    /// `rnd(x)`: `hi % x` with the limit's raw bits read as unsigned (so `rnd(-1)` draws below
    /// 0xffff.0000 and can return negative numbers, as the PICO-8 wiki's Rnd page and the
    /// re-implementation in BBS thread 51113 observe); `rnd(0)` is 0. The state advances either way.
    pub fn rnd(&mut self, x: Fix) -> Fix {
        self.step();
        match x.bits() as u32 {
            0 => Fix::ZERO,
            range => Fix::from_bits((self.hi % range) as i32),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rnd_stays_in_range_and_repeats_after_reseed() {
        let mut a = Rng::seeded(Fix::from_int(42));
        let first: Vec<Fix> = (0..100).map(|_| a.rnd(Fix::from_int(10))).collect();
        assert!(first
            .iter()
            .all(|&x| x >= Fix::ZERO && x < Fix::from_int(10)));
        let mut b = Rng::seeded(Fix::from_int(42));
        let again: Vec<Fix> = (0..100).map(|_| b.rnd(Fix::from_int(10))).collect();
        assert_eq!(first, again);
        assert_eq!(b.rnd(Fix::ZERO), Fix::ZERO);
    }
}
