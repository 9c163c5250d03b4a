//! Move generation in the contract's order: squares in increasing index; for each piece of the
//! side to move, directions N, E, S, W; along each ray the nearest destination first. No sorting.
//!
//! Along a ray a piece stops at the first occupied square; an empty square is a destination if
//! its kind may stop there, and the ray ends after a square its kind may not pass.

use crate::moves::{Move, MoveList};
use crate::piece::{ATTACKER, DEFENDER, EMPTY, KING};
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
        let dirs = self.geometry().directions();
        let stop = self.rules.stop_full();
        let pass = self.rules.pass_full();
        let l = self.rules.layout();
        // The pieces of the side to move from the position's bitsets: a bit's index grows with
        // the square's (rank by rank, file by file), so lowest bit first is increasing square
        // index, the contract's order, without testing every empty square on the way.
        let mut mine = if self.side.code() == ATTACKER {
            self.bits[ATTACKER as usize]
        } else {
            self.bits[DEFENDER as usize] | self.bits[KING as usize]
        };
        // The count in a local, written back once: pushing through the list stored its length
        // after every move.
        let (moves, mut n) = (&mut list.moves, 0);
        while mine != 0 {
            let sq = l.square(mine.trailing_zeros());
            mine &= mine - 1;
            // The kind's bit in the stop and pass sets (`KindSet::contains` without its range
            // test: the code of a piece is 1..=3).
            let kind = 1u8 << (self.cells[sq] & 7);
            for d in dirs {
                let mut t = step(sq, d);
                while self.cells[t] == EMPTY {
                    if stop[t].0 & kind != 0 {
                        moves[n] = Move::new(Square(sq as u8), Square(t as u8));
                        n += 1;
                    }
                    if pass[t].0 & kind == 0 {
                        break;
                    }
                    t = step(t, d);
                }
            }
        }
        list.len = n;
    }

    /// Whether `mv` is among the generated moves (a slow, exact legality test for `play`).
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut list = MoveList::new();
        self.gen_moves(&mut list);
        list.iter().any(|&m| m == mv)
    }
}
