//! The evaluation's material and piece-square sum kept by the position as moves are made and
//! taken back, so the evaluation reads one number instead of walking every piece.
//!
//! The table is the evaluation's own ([`crate::eval::Evaluator`], material plus table value per
//! piece code and bit index, defenders' point of view); a search hands it to the position it
//! searches ([`Position::set_psq_table`]) and the evaluation uses the kept sum only when the
//! position holds that very table (the same allocation), so any other table, or none, falls
//! back to the full sum. Without a table `make` pays one test.

use std::sync::Arc;

use crate::bitboard::Bits;
use crate::piece::{ATTACKER, DEFENDER, KING};
use crate::position::Position;
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

impl Position {
    /// Makes the position keep `table`'s sum over its pieces from now on (`None`: stop).
    pub(crate) fn set_psq_table(&mut self, table: Option<Arc<PsqTable>>) {
        self.psq = table.as_ref().map_or(0, |t| psq_sum(&self.bits, t));
        self.psq_table = table;
    }

    /// The kept sum, if the position keeps it for `table` (the same allocation).
    #[inline(always)]
    pub(crate) fn psq_for(&self, table: &Arc<PsqTable>) -> Option<i32> {
        match &self.psq_table {
            Some(t) if Arc::ptr_eq(t, table) => Some(self.psq),
            _ => None,
        }
    }

    /// The kept sum after `piece` moved from padded square `from` to `to`.
    #[inline(always)]
    pub(crate) fn psq_move(&mut self, piece: u8, from: usize, to: usize) {
        if let Some(t) = &self.psq_table {
            let row = &t.by_square[piece as usize & 3];
            self.psq += row[to & (CELLS - 1)] as i32 - row[from & (CELLS - 1)] as i32;
        }
    }

    /// The kept sum after the piece `code` on padded square `sq` was captured.
    #[inline(always)]
    pub(crate) fn psq_remove(&mut self, code: u8, sq: usize) {
        if let Some(t) = &self.psq_table {
            self.psq -= t.by_square[code as usize & 3][sq & (CELLS - 1)] as i32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Evaluator;

    #[test]
    fn the_kept_sum_is_the_full_sum_along_games() {
        // Seeded random walks on every preset (captures and the king's moves included): after
        // every move made, and after taking it back, the kept sum equals the sum over the
        // pieces, and a probe leaves it as it was.
        let mut made = 0;
        crate::testutil::random_walks(5, 400, 150, |step, pos| {
            let table = Evaluator::new(pos.rules()).psq_table().clone();
            let mut p = pos.clone();
            p.set_psq_table(Some(table.clone()));
            let before = p.psq_for(&table);
            assert_eq!(before, Some(psq_sum(&p.bits, &table)));
            for &m in step.moves.iter() {
                p.probe(m, crate::position::Probe::Endings);
                assert_eq!(p.psq_for(&table), before, "{} probe {m:?}", step.preset);
                let undo = p.make(m);
                assert_eq!(
                    p.psq_for(&table),
                    Some(psq_sum(&p.bits, &table)),
                    "{} step {} {m:?}",
                    step.preset,
                    step.index
                );
                p.unmake(&undo);
                assert_eq!(p.psq_for(&table), before);
                made += 1;
            }
            // Another evaluator's table (another allocation) is never taken for this one.
            let other = Evaluator::new(pos.rules()).psq_table().clone();
            assert_eq!(p.psq_for(&other), None);
        });
        assert!(made > 10_000, "{made}");
    }
}
