//! Dense board bitsets for the evaluation's hot loops: square `(file, rank)` is bit
//! `rank * n + file`, so an 11 x 11 board (121 squares) fits one `u128`. The padded mailbox is
//! the contract's representation; these sets are a private, faster way to compute the same
//! answers (the king's escape distance), built from the mailbox when needed.
//!
//! Why dense and not padded: the padded 13 x 13 mailbox has 169 cells, more than 128 bits; the
//! price of dense is masking the east/west shifts so a ray cannot wrap onto the next rank.

use crate::piece::{EMPTY, KING};
use crate::position::Position;
use crate::rules::{Rules, FLAG_KING_TARGET};
use crate::scan::rank_cells_equal;

/// A set of on-board squares (bit `rank * n + file`).
pub(crate) type Bits = u128;

/// Per-ruleset masks: the board, the wrap guards, and what the king may do on each square.
#[derive(Clone, Debug)]
pub(crate) struct BoardMasks {
    /// Board size `n`.
    n: u32,
    /// Padded width `n + 2` (mailbox row stride).
    width: usize,
    /// Every on-board square.
    pub(crate) board: Bits,
    /// The padded square of each dense bit.
    padded: [u8; 128],
    /// Every square but file a (what an eastward shift may land on).
    not_first_file: Bits,
    /// Every square but the last file (what a westward shift may land on).
    not_last_file: Bits,
    /// Squares the king may end a move on.
    pub(crate) king_stop: Bits,
    /// Squares the king may move across.
    pub(crate) king_pass: Bits,
    /// The king's route targets ([`crate::rules::FLAG_KING_TARGET`]): escape squares it may end a
    /// move on, and the squares it has escaped from.
    pub(crate) king_target: Bits,
    /// The edge squares.
    pub(crate) edge: Bits,
}

impl BoardMasks {
    /// The masks of `rules`' board.
    pub(crate) fn new(rules: &Rules) -> BoardMasks {
        let g = rules.geometry();
        let n = g.size() as u32;
        let (stop, pass, flags) = (rules.stop_table(), rules.pass_table(), rules.flags());
        let mut m = BoardMasks {
            n,
            width: g.width() as usize,
            board: 0,
            padded: [0; 128],
            not_first_file: 0,
            not_last_file: 0,
            king_stop: 0,
            king_pass: 0,
            king_target: 0,
            edge: 0,
        };
        for rank in 0..n as u8 {
            for file in 0..n as u8 {
                let bit: Bits = 1 << (rank as u32 * n + file as u32);
                let sq = g
                    .square(file, rank)
                    .unwrap_or_else(|| unreachable!("file and rank below n"))
                    .index();
                m.board |= bit;
                m.padded[(rank as u32 * n + file as u32) as usize] = sq as u8;
                if file != 0 {
                    m.not_first_file |= bit;
                }
                if file as u32 != n - 1 {
                    m.not_last_file |= bit;
                }
                if file == 0 || rank == 0 || file as u32 == n - 1 || rank as u32 == n - 1 {
                    m.edge |= bit;
                }
                if stop[sq].contains(KING) {
                    m.king_stop |= bit;
                    if flags[sq] & FLAG_KING_TARGET != 0 {
                        m.king_target |= bit;
                    }
                }
                if pass[sq].contains(KING) {
                    m.king_pass |= bit;
                }
            }
        }
        m
    }

    /// The dense bit of padded square `sq` (an on-board square).
    #[inline(always)]
    pub(crate) fn bit(&self, sq: usize) -> Bits {
        let (rank, file) = (sq / self.width - 1, sq % self.width - 1);
        1 << (rank as u32 * self.n + file as u32)
    }

    /// The empty on-board squares of `pos`.
    #[inline]
    pub(crate) fn empty(&self, pos: &Position) -> Bits {
        let cells = &pos.cells;
        let n = self.n as usize;
        let mut bits: Bits = 0;
        // One rank at a time (see `rank_cells_equal`), then one wide shift per rank.
        for rank in 0..n {
            let row = rank_cells_equal(cells, (rank + 1) * self.width + 1, n, EMPTY);
            bits |= (row as Bits) << (rank * n);
        }
        bits
    }

    /// The on-board squares of `pos` holding cell code `code`.
    #[inline]
    pub(crate) fn holding(&self, pos: &Position, code: u8) -> Bits {
        let cells = &pos.cells;
        let n = self.n as usize;
        let mut bits: Bits = 0;
        for rank in 0..n {
            let row = rank_cells_equal(cells, (rank + 1) * self.width + 1, n, code);
            bits |= (row as Bits) << (rank * n);
        }
        bits
    }

    /// The squares of `free` connected to `seed` by orthogonal steps through `free` (a flood
    /// fill, one ring of neighbours per round).
    #[inline]
    pub(crate) fn fill(&self, seed: Bits, free: Bits) -> Bits {
        let mut r = seed;
        loop {
            let grown = r
                | ((self.shift(r, 0) | self.shift(r, 1) | self.shift(r, 2) | self.shift(r, 3))
                    & free);
            if grown == r {
                return r;
            }
            r = grown;
        }
    }

    /// The padded square of dense bit `i` (an on-board square).
    #[inline(always)]
    pub(crate) fn square(&self, i: u32) -> usize {
        self.padded[i as usize & 127] as usize
    }

    /// `x` moved one square in direction `dir` (0..4 = north, east, south, west: the contract's
    /// order), squares leaving the board dropped.
    #[inline(always)]
    pub(crate) fn shift(&self, x: Bits, dir: usize) -> Bits {
        match dir {
            0 => (x << self.n) & self.board,
            1 => (x << 1) & self.not_first_file,
            2 => x >> self.n,
            _ => (x >> 1) & self.not_last_file,
        }
    }

    /// Every square a rook move from a square of `from` reaches along `dir`: through `empty`
    /// squares, continuing only across squares of `pass` (which must lie inside `empty`).
    #[inline(always)]
    pub(crate) fn ray(&self, from: Bits, dir: usize, empty: Bits, pass: Bits) -> Bits {
        let mut x = self.shift(from, dir) & empty;
        let mut reached = x;
        while x != 0 {
            x = self.shift(x & pass, dir) & empty;
            reached |= x;
        }
        reached
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn shifts_stay_on_the_board() {
        // brandubh (n = 7): a1 is bit 0, g1 bit 6, a2 bit 7, g7 bit 48.
        let rules = Rules::preset("brandubh").unwrap();
        let m = BoardMasks::new(&rules);
        let (a1, g1, a2, g7) = (1u128, 1u128 << 6, 1u128 << 7, 1u128 << 48);
        assert_eq!(m.shift(a1, 0), a2);
        assert_eq!(m.shift(a1, 1), 1 << 1);
        assert_eq!(m.shift(a1, 2), 0);
        assert_eq!(m.shift(a1, 3), 0);
        assert_eq!(m.shift(g1, 1), 0, "east of g1 is off the board, not a2");
        assert_eq!(m.shift(a2, 3), 0, "west of a2 is off the board, not g1");
        assert_eq!(m.shift(g7, 0), 0);
        let g = rules.geometry();
        assert_eq!(m.bit(g.square(6, 6).unwrap().index()), g7);
        assert_eq!(m.bit(g.square(0, 1).unwrap().index()), a2);
    }

    #[test]
    fn empty_squares_of_the_start() {
        for name in crate::rules::PRESETS {
            let rules = Arc::new(Rules::preset(name).unwrap());
            let pos = Position::start(rules.clone());
            let m = BoardMasks::new(&rules);
            let want = rules
                .geometry()
                .squares()
                .filter(|s| pos.cell(*s) == EMPTY)
                .fold(0, |acc, s| acc | m.bit(s.index()));
            assert_eq!(m.empty(&pos), want, "{name}");
            let n = rules.geometry().size() as u32;
            assert_eq!(m.board.count_ones(), n * n, "{name}");
        }
    }
}
