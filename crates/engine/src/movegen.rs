//! Move generation in the contract's order: squares in increasing index; for each piece of the
//! side to move, directions N, E, S, W; along each ray the nearest destination first. No sorting.
//!
//! Along a ray a piece stops at the first occupied square; an empty square is a destination if
//! its kind may stop there, and the ray ends after a square its kind may not pass.

use crate::moves::{Move, MoveList};
use crate::piece::{EMPTY, OFF};
use crate::position::Position;
use crate::square::{step, Square};

impl Position {
    /// Fills `list` with the legal moves of the side to move (empty if the game already ended:
    /// a finished game has no moves).
    #[inline]
    pub fn gen_moves(&self, list: &mut MoveList) {
        list.clear();
        if self.status != crate::position::Status::Ongoing {
            return;
        }
        let side = self.side.code();
        let g = self.geometry();
        let w = g.width() as usize;
        let dirs = g.directions();
        let stop = self.rules.stop_full();
        let pass = self.rules.pass_full();
        // On-board squares lie between a1 and the last square of the top rank.
        let first = w + 1;
        let last = g.size() as usize * w + g.size() as usize;
        for sq in first..=last {
            let c = self.cells[sq];
            if c == EMPTY || c == OFF || c.min(2) != side {
                continue;
            }
            for d in dirs {
                let mut t = step(sq, d);
                while self.cells[t] == EMPTY {
                    if stop[t].contains(c) {
                        list.push(Move::new(Square(sq as u8), Square(t as u8)));
                    }
                    if !pass[t].contains(c) {
                        break;
                    }
                    t = step(t, d);
                }
            }
        }
    }

    /// Whether `mv` is among the generated moves (a slow, exact legality test for `play`).
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut list = MoveList::new();
        self.gen_moves(&mut list);
        list.iter().any(|&m| m == mv)
    }
}
