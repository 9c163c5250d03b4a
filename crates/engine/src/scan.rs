//! Whole-rank scans of the padded cell array in word operations: which files of a rank hold a
//! given cell code, found 8 cells at a time. Move generation, move ordering and the evaluation's
//! bitsets all read the board this way, so it sits with the squares, below all of them.

use crate::square::CELLS;

/// Bit `f` set when the cell of file `f` on the rank starting at padded square `base` holds
/// `code` (files `0..n`): a whole rank tested in a few word operations, so the scans of movegen,
/// move ordering and the evaluation's bitsets visit pieces instead of every square.
#[inline(always)]
pub(crate) fn rank_cells_equal(cells: &[u8; CELLS], base: usize, n: usize, code: u8) -> u32 {
    let spread = u64::from_ne_bytes([code; 8]);
    let lo = u64::from_le_bytes(word(cells, base)) ^ spread;
    let hi = u64::from_le_bytes(word(cells, base + 8)) ^ spread;
    (zero_bytes(lo) | zero_bytes(hi) << 8) & ((1u32 << n) - 1)
}

/// The 8 cells from `at`, as bytes (a rank starts at padded square 144 at most and callers read
/// 16 cells from there, so `at + 8` stays inside the 256-cell array).
#[inline(always)]
fn word(cells: &[u8; CELLS], at: usize) -> [u8; 8] {
    let mut w = [0; 8];
    w.copy_from_slice(&cells[at..at + 8]);
    w
}

/// Bit `i` set when byte `i` of `x` is zero (cell codes are below 0x80). The classic exact
/// zero-byte test leaves each answer in its byte's top bit; the multiply gathers the eight top
/// bits into one byte (each partial product lands on a distinct bit, so nothing carries).
#[inline(always)]
fn zero_bytes(x: u64) -> u32 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let top = !(((x & LOW7) + LOW7) | x | LOW7);
    ((top >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::{ATTACKER, DEFENDER, EMPTY, KING, OFF};

    #[test]
    fn zero_bytes_by_hand() {
        assert_eq!(zero_bytes(0), 0xff);
        assert_eq!(zero_bytes(0x0101_0101_0101_0101), 0);
        // Bytes (lowest first) 0, 1, 0, 4, 3, 0, 0, 2: zero at 0, 2, 5, 6.
        assert_eq!(zero_bytes(0x0200_0003_0400_0100), 0b0110_0101);
        assert_eq!(zero_bytes(0x7f00_0000_0000_0000), 0b0111_1111);
    }

    #[test]
    fn rank_cells_by_hand() {
        // brandubh's start (7x7, padded width 9), written out by hand, rank 1 first: rank 4
        // (padded base 4 * 9 + 1 = 37) is `ttTKTtt`, rank 1 (base 10) `...t...`.
        let ranks = [
            "...t...", "...t...", "...T...", "ttTKTtt", "...T...", "...t...", "...t...",
        ];
        let mut cells = [OFF; CELLS];
        for (rank, row) in ranks.iter().enumerate() {
            for (file, c) in row.chars().enumerate() {
                cells[(rank + 1) * 9 + file + 1] = match c {
                    't' => ATTACKER,
                    'T' => DEFENDER,
                    'K' => KING,
                    _ => EMPTY,
                };
            }
        }
        let cells = &cells;
        assert_eq!(rank_cells_equal(cells, 37, 7, ATTACKER), 0b110_0011);
        assert_eq!(rank_cells_equal(cells, 37, 7, DEFENDER), 0b001_0100);
        assert_eq!(rank_cells_equal(cells, 37, 7, KING), 0b000_1000);
        assert_eq!(rank_cells_equal(cells, 10, 7, EMPTY), 0b111_0111);
    }
}
