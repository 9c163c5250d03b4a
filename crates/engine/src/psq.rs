//! The evaluation's material and piece-square sum kept by the position as moves are made and
//! taken back, so the evaluation reads one number instead of walking every piece.
//!
//! The table is the evaluation's own ([`crate::eval::Evaluator`], material plus table value per
//! piece code and bit index, defenders' point of view); a search hands it to the position it
//! searches (`Position::set_psq_table`) and the evaluation uses the kept sum only when the
//! position holds that very table (the same allocation), so any other table, or none, falls
//! back to the full sum. Without a table `make` pays one test.

use crate::bitboard::Bits;
use crate::piece::{ATTACKER, DEFENDER, KING};
use crate::square::CELLS;

/// Material plus table value per piece code (`ATTACKER`, `DEFENDER`, `KING`; 0 unused),
/// defenders' point of view, by bit index (for a sum over the bitsets) and by padded square (for
/// a move's change, whose squares `make` has at hand).
#[derive(Clone, Debug)]
pub(crate) struct PsqTable {
    pub(crate) by_bit: [[i16; 128]; 4],
    pub(crate) by_square: [[i16; CELLS]; 4],
}

/// The sum of `table` over the pieces of `bits` (the position's bitsets per code).
pub(crate) fn psq_sum(bits: &[Bits; 4], table: &PsqTable) -> i32 {
    [ATTACKER, DEFENDER, KING]
        .iter()
        .map(|&code| sum_by_bit(bits[code as usize], &table.by_bit[code as usize]))
        .sum()
}

/// The sum of `table` over the bits of `bits`, a 64-bit half at a time (the lowest-bit tricks
/// on a `u128` cost two words each).
#[inline(always)]
fn sum_by_bit(bits: Bits, table: &[i16; 128]) -> i32 {
    let mut v = 0;
    for (mut half, base) in [(bits as u64, 0), ((bits >> 64) as u64, 64)] {
        while half != 0 {
            v += table[base + half.trailing_zeros() as usize] as i32;
            half &= half - 1;
        }
    }
    v
}
