//! Game endings. Checked after each move in this order: king captured, king escaped (both found
//! while making the move), exit fort (after a defenders' move), surrounded (after an attackers'
//! move); then, for the position reached: side to move has no move, repetition, move limit.

use crate::moves::MoveList;
use crate::piece::{Side, ATTACKER, DEFENDER, KING};
use crate::position::{Position, Status};
use crate::rules::{RepetitionResult, FLAG_EDGE, FLAG_ESCAPE};
use crate::square::Square;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The attackers captured the king.
    KingCaptured,
    /// The king reached an escape square.
    KingEscaped,
    /// The defenders built an unbreakable fort around the king on the edge.
    ExitFort,
    /// The attackers enclosed every defender away from the edge.
    Surrounded,
    /// The side to move has no legal move (and loses).
    NoMoves,
    /// A position occurred the rules' number of times.
    Repetition,
    /// The move limit was reached (draw).
    MoveLimit,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why.
    pub reason: EndReason,
}

impl Outcome {
    fn win(winner: Side, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }
}

impl Position {
    /// The move-local ending after `piece` arrived on `to` (captures already applied).
    #[inline(always)]
    pub(crate) fn ending_after(&self, to: Square, piece: u8) -> Status {
        let flags = self.rules.flags_full();
        if piece == KING && flags[to.index()] & FLAG_ESCAPE != 0 {
            return Status::KingEscaped;
        }
        if self.side == Side::Defenders {
            if self.rules.exit_fort()
                && flags[self.king.index()] & FLAG_EDGE != 0
                && self.is_exit_fort()
            {
                return Status::ExitFort;
            }
        } else if self.rules.surround_win() && self.is_surrounded() {
            return Status::Surrounded;
        }
        Status::Ongoing
    }

    /// The full outcome of the game at this position, or `None` if it goes on. Generates moves
    /// (for "no moves") and scans the history (for repetition), so search should prefer `status()`.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.status {
            Status::KingCaptured => {
                return Some(Outcome::win(Side::Attackers, EndReason::KingCaptured))
            }
            Status::KingEscaped => {
                return Some(Outcome::win(Side::Defenders, EndReason::KingEscaped))
            }
            Status::ExitFort => return Some(Outcome::win(Side::Defenders, EndReason::ExitFort)),
            Status::Surrounded => {
                return Some(Outcome::win(Side::Attackers, EndReason::Surrounded))
            }
            Status::Ongoing => {}
        }
        let mut list = MoveList::new();
        self.gen_moves(&mut list);
        if list.is_empty() {
            return Some(Outcome::win(self.side.opponent(), EndReason::NoMoves));
        }
        let (result, count) = self.rules.repetition();
        if result != RepetitionResult::Ignored && self.repetitions() >= count as usize {
            // The side to move did not make the repeating move: its opponent did.
            let winner = match result {
                RepetitionResult::AttackersLose => Some(Side::Defenders),
                RepetitionResult::DefendersLose => Some(Side::Attackers),
                RepetitionResult::MoverLoses => Some(self.side),
                RepetitionResult::MoverWins => Some(self.side.opponent()),
                RepetitionResult::Ignored | RepetitionResult::Draw => None,
            };
            return Some(Outcome {
                winner,
                reason: EndReason::Repetition,
            });
        }
        let limit = self.rules.move_limit();
        if limit != 0 && self.ply >= limit {
            return Some(Outcome {
                winner: None,
                reason: EndReason::MoveLimit,
            });
        }
        None
    }

    /// How many times the current position has occurred (this one included): same board and side
    /// to move, compared by hash over the history.
    pub fn repetitions(&self) -> usize {
        1 + self.history.iter().filter(|&&h| h == self.hash).count()
    }

    /// Whether no defender (king included) can reach an edge square through non-attacker squares.
    pub fn is_surrounded(&self) -> bool {
        let l = self.rules.layout();
        let defenders = self.bits[DEFENDER as usize] | self.bits[KING as usize];
        let free = l.board & !self.bits[ATTACKER as usize];
        !l.fill_reaches(defenders, free, l.edge)
    }

    /// Whether the king on the edge sits in an exit fort: it can move; the empty squares it can
    /// reach (the fort's inside) touch no attacker; and every defender walling them in is safe on
    /// both lines through it (one neighbour on each line is off-board, inside the fort but not a
    /// square hostile to defenders, or another wall piece), so attackers can never break in.
    pub fn is_exit_fort(&self) -> bool {
        let l = self.rules.layout();
        let [_, attackers, defenders, king] = self.bits;
        let empty = l.board & !(attackers | defenders | king);
        if l.neighbours(king) & empty & self.rules.stop_bits(KING) == 0 {
            return false;
        }
        // The inside: the king and the empty squares joined to him, grown a step at a time and
        // given up at the first attacker beside it.
        let mut inside = king;
        loop {
            let around = l.neighbours(inside);
            if around & attackers != 0 {
                return false;
            }
            let grown = inside | (around & empty);
            if grown == inside {
                break;
            }
            inside = grown;
        }
        let walls = l.neighbours(inside) & defenders;
        // The squares that protect a wall piece beside them: walls, the king, and the inside's
        // squares not hostile to defenders while empty; off the board counts too (`lines`).
        let safe = walls | king | (inside & !self.rules.hostile_empty_bits(DEFENDER));
        // A wall piece is safe on a line when a neighbour on it protects it.
        let north_south = l.lines[0] | l.lines[2] | l.shift(safe, 2) | l.shift(safe, 0);
        let east_west = l.lines[1] | l.lines[3] | l.shift(safe, 3) | l.shift(safe, 1);
        walls & !(north_south & east_west) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::{EMPTY, OFF};
    use crate::rng::Xorshift32;
    use crate::rules::Rules;
    use crate::square::MAX_AREA;
    use std::sync::Arc;

    /// The flood on the mailbox, square by square, that the bitsets replaced: the reference.
    fn exit_fort_walked(pos: &Position) -> bool {
        let k = pos.king.index();
        let dirs = pos.geometry().directions();
        let stop = pos.rules.stop_table();
        if !dirs.iter().any(|&d| {
            let t = (k as i16 + d) as usize;
            pos.cells[t] == EMPTY && stop[t].contains(KING)
        }) {
            return false;
        }
        // 0 = outside, 1 = inside (king or reachable empty), 2 = wall defender.
        let mut mark = [0u8; MAX_AREA];
        let mut stack = [0u8; MAX_AREA];
        let mut top = 1;
        stack[0] = k as u8;
        mark[k] = 1;
        let mut walls = [0u8; MAX_AREA];
        let mut nwalls = 0;
        while top > 0 {
            top -= 1;
            let s = stack[top] as i16;
            for d in dirs {
                let t = (s + d) as usize;
                if mark[t] != 0 {
                    continue;
                }
                match pos.cells[t] {
                    EMPTY => {
                        mark[t] = 1;
                        stack[top] = t as u8;
                        top += 1;
                    }
                    DEFENDER => {
                        mark[t] = 2;
                        walls[nwalls] = t as u8;
                        nwalls += 1;
                    }
                    ATTACKER => return false,
                    _ => {}
                }
            }
        }
        let hostile = pos.rules.hostile_empty_table();
        let protects = |t: usize| -> bool {
            pos.cells[t] == OFF
                || mark[t] == 2
                || (mark[t] == 1 && (pos.cells[t] != EMPTY || !hostile[t].contains(DEFENDER)))
        };
        walls[..nwalls].iter().all(|&w| {
            let w = w as i16;
            [dirs[0], dirs[1]]
                .iter()
                .all(|&d| protects((w + d) as usize) || protects((w - d) as usize))
        })
    }

    #[test]
    fn exit_forts_agree_with_the_walked_flood() {
        // Copenhagen, random boards around a king on an edge square: defenders thick, attackers
        // few, so forts, breakable ones and broken ones all come up.
        let rules = Arc::new(Rules::preset("copenhagen").unwrap());
        let g = rules.geometry();
        let mut rng = Xorshift32::new(11);
        let edge: Vec<Square> = g
            .squares()
            .filter(|s| rules.flags()[s.index()] & FLAG_EDGE != 0)
            .filter(|s| rules.flags()[s.index()] & FLAG_ESCAPE == 0)
            .collect();
        let (mut forts, mut tried) = (0, 0);
        for _ in 0..20_000 {
            let mut cells = [EMPTY; MAX_AREA];
            for sq in g.squares() {
                cells[sq.index()] = match rng.next_u32() % 100 {
                    0..=39 => DEFENDER,
                    40..=43 => ATTACKER,
                    _ => EMPTY,
                };
            }
            for sq in g.squares() {
                if rules.flags()[sq.index()] & FLAG_ESCAPE != 0 {
                    cells[sq.index()] = EMPTY;
                }
            }
            let k = edge[rng.next_u32() as usize % edge.len()];
            cells[k.index()] = KING;
            let pos = Position::from_cells(rules.clone(), cells, Side::Attackers).unwrap();
            let want = exit_fort_walked(&pos);
            let board = crate::notation::position_string(g, &cells);
            assert_eq!(pos.is_exit_fort(), want, "{board}");
            forts += want as u32;
            tried += 1;
        }
        assert!(forts > 200 && tried - forts > 10_000, "{forts} of {tried}");
    }
}
