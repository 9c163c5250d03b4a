//! The evaluation's board masks: the king's stop, pass and target squares as dense bitsets (see
//! [`crate::bitboard`] for the bit order), beside the board's layout, so the king's walks (the
//! escape distance, the region) are a few whole-board shifts. The position keeps its pieces as
//! bitsets too, so nothing here is rebuilt from the mailbox.

use crate::bitboard::Layout;
use crate::piece::{ATTACKER, DEFENDER, KING};
use crate::position::Position;
use crate::rules::{Rules, FLAG_KING_TARGET};

pub(crate) use crate::bitboard::Bits;

/// The board's layout and the king's masks of one ruleset.
#[derive(Clone, Debug)]
pub(crate) struct BoardMasks {
    layout: Layout,
    /// Every on-board square.
    pub(crate) board: Bits,
    /// Squares the king may end a move on.
    pub(crate) king_stop: Bits,
    /// Squares the king may move across.
    pub(crate) king_pass: Bits,
    /// The king's route targets ([`crate::rules::FLAG_KING_TARGET`]): escape squares it may end a
    /// move on, and the squares it has escaped from.
    pub(crate) king_target: Bits,
    /// The on-board squares of the outermost files and ranks.
    pub(crate) edge: Bits,
    /// Per bit index, the other squares within [`TROPISM_REACH`] orthogonal steps of it.
    pub(crate) zone: [Bits; 128],
    /// Per bit index, its square's file and rank.
    pub(crate) coords: [(u8, u8); 128],
}

/// How far from the king the tropism term counts attackers (see `structure::tropism`).
pub(crate) const TROPISM_REACH: u32 = 3;

impl BoardMasks {
    /// The masks of `rules`' board.
    pub(crate) fn new(rules: &Rules) -> BoardMasks {
        let layout = rules.layout().clone();
        let (stop, pass, flags) = (rules.stop_table(), rules.pass_table(), rules.flags());
        let mut m = BoardMasks {
            board: layout.board,
            edge: layout.edge,
            king_stop: 0,
            king_pass: 0,
            king_target: 0,
            zone: [0; 128],
            coords: [(0, 0); 128],
            layout,
        };
        for sq in rules.geometry().squares() {
            let (i, bit) = (sq.index(), m.layout.bit(sq.index()));
            if stop[i].contains(KING) {
                m.king_stop |= bit;
                if flags[i] & FLAG_KING_TARGET != 0 {
                    m.king_target |= bit;
                }
            }
            if pass[i].contains(KING) {
                m.king_pass |= bit;
            }
        }
        let n = rules.geometry().size() as usize;
        for i in 0..n * n {
            m.coords[i] = ((i % n) as u8, (i / n) as u8);
            // By repeated orthogonal growth, so the distance is counted on the board.
            let own = m.layout.bit(m.layout.square(i as u32));
            let mut zone = own;
            for _ in 0..TROPISM_REACH {
                zone |= m.layout.neighbours(zone);
            }
            m.zone[i] = zone & !own;
        }
        m
    }

    /// The bit index of on-board padded square `sq`.
    #[inline(always)]
    pub(crate) fn index(&self, sq: usize) -> usize {
        self.layout.index(sq)
    }

    /// The bit of padded square `sq`.
    #[inline(always)]
    pub(crate) fn bit(&self, sq: usize) -> Bits {
        self.layout.bit(sq)
    }

    /// The squares of the rank and file of padded square `sq`, but itself.
    #[inline(always)]
    pub(crate) fn cross(&self, sq: usize) -> Bits {
        self.layout.cross(self.layout.index(sq))
    }

    /// The empty squares of `pos`.
    #[inline]
    pub(crate) fn empty(&self, pos: &Position) -> Bits {
        self.board
            & !(pos.bits[ATTACKER as usize] | pos.bits[DEFENDER as usize] | pos.bits[KING as usize])
    }

    /// The squares of `pos` holding piece `code` (`ATTACKER`, `DEFENDER` or `KING`).
    #[inline]
    pub(crate) fn holding(&self, pos: &Position, code: u8) -> Bits {
        pos.bits[code as usize & 3]
    }

    /// Everything 4-connected to `seed` through `free` squares (`seed` included).
    #[inline]
    pub(crate) fn fill(&self, seed: Bits, free: Bits) -> Bits {
        self.layout.fill(seed, free)
    }

    /// The padded square of bit index `i`.
    #[inline(always)]
    pub(crate) fn square(&self, i: u32) -> usize {
        self.layout.square(i)
    }

    /// `x` moved one step in direction `dir` (0 north, 1 east, 2 south, 3 west).
    #[inline(always)]
    pub(crate) fn shift(&self, x: Bits, dir: usize) -> Bits {
        self.layout.shift(x, dir)
    }

    /// The king's four rays from padded square `sq` (see [`Layout::rays_until`]), each up to
    /// and including its first square outside `pass`.
    #[inline(always)]
    pub(crate) fn rays_from(&self, sq: usize, pass: Bits) -> [Bits; 4] {
        self.layout.rays_until(self.layout.index(sq), pass)
    }

    /// The squares a rook-move from `from` in direction `dir` reaches through `empty` squares,
    /// continuing only through `pass` squares (a subset of `empty`).
    #[inline(always)]
    pub(crate) fn ray(&self, from: Bits, dir: usize, empty: Bits, pass: Bits) -> Bits {
        self.layout.steps(from, dir, pass) & empty
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::EMPTY;
    use std::sync::Arc;

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
