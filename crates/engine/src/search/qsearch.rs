//! Quiescence search: at the horizon, the side to move may stand pat (take the static evaluation)
//! or try its captures, so the evaluation is never taken in the middle of an exchange.

use crate::eval::{escape_routes, evaluate};
use crate::moves::MoveList;
use crate::piece::Side;
use crate::position::{Position, Status};

use super::ordering::capture_squares;
use super::{Score, Searcher, MAX_PLY};
use crate::piece::KING;
use crate::square::MAX_AREA;

impl Searcher {
    /// Captures only, in generation order, at most the config's `max_qply` plies deep. A
    /// candidate (a move landing on a square `capture_squares` marks) is made and kept only if it
    /// captured or ended the game.
    pub(super) fn qsearch(
        &mut self,
        pos: &mut Position,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        qply: usize,
    ) -> Score {
        if qply > 0 {
            if self.tick() {
                return Score::DRAW;
            }
            if self.cfg.escape_win
                && pos.side_to_move() == Side::Defenders
                && escape_routes(pos) > 0
            {
                return Score::win_in(ply + 1);
            }
        }
        let stand = evaluate(pos, &self.eval, &self.cfg.eval);
        if stand >= beta || qply >= self.cfg.max_qply as usize || ply >= MAX_PLY - 2 {
            return stand;
        }
        let mut best = stand;
        if stand > alpha {
            alpha = stand;
        }
        let mut list = MoveList::new();
        pos.gen_moves(&mut list);
        let mut marks = [false; MAX_AREA];
        capture_squares(pos, &mut marks);
        let king_armed = pos.rules().king_armed();
        for &m in list.iter() {
            if !marks[m.to.index()] || (!king_armed && pos.cell(m.from) == KING) {
                continue;
            }
            let undo = pos.make(m);
            let s = if pos.status() != Status::Ongoing {
                Score::win_in(ply + 1)
            } else if undo.captures() == 0 {
                pos.unmake(&undo);
                continue;
            } else {
                -self.qsearch(pos, ply + 1, -beta, -alpha, qply + 1)
            };
            pos.unmake(&undo);
            if self.stop {
                return Score::DRAW;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
