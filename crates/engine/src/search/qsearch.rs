//! Quiescence search: at the horizon, the side to move may stand pat (take the static evaluation)
//! or try its captures, so the evaluation is never taken in the middle of an exchange. With the
//! escape switches it also follows the king's escape threats, which a static evaluation cannot
//! judge: an open route with the attackers to move is lost unless they close it.

use crate::bitboard::Bits;
use crate::eval::{escape_routes, evaluate_known, route_bits, route_rays, route_starts};
use crate::moves::{Move, MoveList};
use crate::piece::Side;
use crate::position::{Position, Probe, Status};
use crate::score::Score;

use super::ordering::capture_parts;
use super::race::is_fork;
use super::{Searcher, MAX_PLY};

/// The moves a quiescence node generates at once without a [`MoveList`]: a power of two, at
/// least a piece's moves ([`crate::movegen::PIECE_MOVES`]).
const ROOM: usize = 32;
const _: () = assert!(ROOM.is_power_of_two() && ROOM >= crate::movegen::PIECE_MOVES);

impl Searcher {
    /// Captures only, in generation order, at most the config's `max_qply` plies deep. A
    /// candidate (a move landing on a square `capture_squares` marks, the king's only if he is
    /// armed) is made and kept only if it
    /// captured or ended the game. `routes` is `escape_routes(pos)` when the caller has counted
    /// them (each count is then made once per node, not again here and in the evaluation).
    pub(super) fn qsearch(
        &mut self,
        pos: &mut Position,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        qply: usize,
        mut routes: Option<u8>,
    ) -> Score {
        if qply > 0 {
            if self.tick() {
                return Score::DRAW;
            }
            if self.cfg.escape_win && pos.side_to_move() == Side::Defenders {
                let r = *routes.get_or_insert_with(|| escape_routes(pos));
                if r > 0 {
                    return Score::win_in(ply + 1);
                }
            }
        }
        let deeper = qply < self.cfg.max_qply as usize && ply < MAX_PLY - 2;
        // With no route open (known already) there is nothing to mark, and no fork or block.
        if self.cfg.escape_block
            && deeper
            && pos.side_to_move() == Side::Attackers
            && routes != Some(0)
        {
            let (r, marks) = route_bits(pos);
            routes = Some(r);
            if is_fork(pos, r) {
                // No single move closes two routes, nor takes the king: it steps out next move.
                return Score::loss_in(ply + 2);
            }
            if r > 0 {
                return self.qblock(pos, ply, alpha, beta, qply, marks);
            }
        }
        let stand = evaluate_known(pos, &self.eval, &self.cfg.eval, routes);
        if stand >= beta || !deeper {
            return stand;
        }
        let mut best = stand;
        if stand > alpha {
            alpha = stand;
        }
        // The few moves this node tries, in a room far smaller than a move list's (zeroed at
        // every node); more than it holds go to a list made for them.
        let mut room = [Move::default(); ROOM];
        let king = pos.king_square();
        if self.cfg.escape_threat && pos.side_to_move() == Side::Defenders {
            // The king's moves to a square with an open route come first: a fork wins at once.
            let n = pos.moves_from(king, &mut room);
            // The squares where he would have a route, for all his moves at once.
            let starts = route_starts(pos);
            for &m in &room[..n] {
                // A move that captures nothing and does not end the game (as the probe finds)
                // leaves the board as it is but for the king: it has a route only if it lands on
                // a route start, and most do not.
                if starts & pos.rules().layout().bit(m.to.index()) == 0
                    && !pos.probe(m, Probe::Endings)
                {
                    continue;
                }
                let undo = pos.make(m);
                let s = if pos.status() != Status::Ongoing {
                    Score::win_in(ply + 1)
                } else {
                    let r = escape_routes(pos);
                    if r == 0 {
                        pos.unmake(&undo);
                        continue;
                    }
                    -self.qsearch(pos, ply + 1, -beta, -alpha, qply + 1, Some(r))
                };
                pos.unmake(&undo);
                if self.stop {
                    return Score::DRAW;
                }
                if raise(&mut best, &mut alpha, s, beta) {
                    return best;
                }
            }
        }
        let (near, edge) = capture_parts(pos);
        let marks = near | edge;
        let king_armed = pos.rules().king_armed();
        // Once for the node, not per probe: the probes of quiet attackers' moves need it.
        let look = if pos.side_to_move() == Side::Attackers
            && pos.rules().surround_win()
            && pos.is_surrounded()
        {
            Probe::EndingsSurrounded
        } else {
            Probe::Endings
        };
        // Only the candidates are generated (in generation order), not every move, and of the
        // soldiers' only those a probe may keep.
        let (captures, soldiers) = pos.probe_squares_both(near, edge, look);
        // The king's moves that end the game all land on the edge or an escape square, and
        // with the threats on they were made above already: here they would only score the
        // same win again, so his moves need the capture squares only.
        let king_marks = if !king_armed {
            0
        } else if self.cfg.escape_threat {
            captures
        } else {
            marks
        };
        let mut list = None;
        let moves = moves_onto(pos, soldiers, king_marks, &mut room, &mut list);
        for &m in moves {
            // Most candidates neither capture nor end the game: a probe of the board rules them
            // out without a full make (the kept ones are made below and tested as before).
            if !pos.probe(m, look) {
                continue;
            }
            let undo = pos.make(m);
            let s = if pos.status() != Status::Ongoing {
                Score::win_in(ply + 1)
            } else if undo.captures() == 0 {
                pos.unmake(&undo);
                continue;
            } else {
                let routes = (self.cfg.escape_threat && m.from == king).then(|| escape_routes(pos));
                if routes.is_some_and(|r| r > 0) {
                    // Already searched as a threat above.
                    pos.unmake(&undo);
                    continue;
                }
                -self.qsearch(pos, ply + 1, -beta, -alpha, qply + 1, routes)
            };
            pos.unmake(&undo);
            if self.stop {
                return Score::DRAW;
            }
            if raise(&mut best, &mut alpha, s, beta) {
                break;
            }
        }
        best
    }

    /// The attackers to move in quiescence with the king on an open route (`marks` holds the
    /// route squares, a board bitset): no standing pat. Only moves landing on a route square or beside the king
    /// (a king capture) can save the game; a move that leaves a route open loses when the king
    /// steps out, two plies on.
    fn qblock(
        &mut self,
        pos: &mut Position,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        qply: usize,
        marks: Bits,
    ) -> Score {
        let l = pos.rules().layout();
        let marks = marks | l.neighbours(l.bit(pos.king_square().index()));
        let mut best = Score::loss_in(ply + 2);
        if best > alpha {
            alpha = best;
        }
        // The attackers' moves onto the marks only (they have no king), in a room as in
        // `qsearch`.
        let mut room = [Move::default(); ROOM];
        let mut list = None;
        let moves = moves_onto(pos, marks, 0, &mut room, &mut list);
        // The open routes one by one: a move leaves open every route it does not land on (its
        // captures and its square left only empty more squares), so one that lands off a
        // route reaching the edge loses as below unless it takes the king. No surround can end
        // the game either: the route joins the king to the edge.
        let rays = route_rays(pos);
        let (surround, edge) = (pos.rules().surround_win(), l.edge);
        let lasting = |to: Bits| {
            rays.iter()
                .any(|&r| r != 0 && r & to == 0 && (!surround || r & edge != 0))
        };
        for &m in moves {
            let to = pos.rules().layout().bit(m.to.index());
            if lasting(to) && !pos.probe(m, Probe::Captures) {
                continue;
            }
            let undo = pos.make(m);
            let s = if pos.status() != Status::Ongoing {
                Score::win_in(ply + 1)
            } else if escape_routes(pos) > 0 {
                pos.unmake(&undo);
                continue;
            } else {
                -self.qsearch(pos, ply + 1, -beta, -alpha, qply + 1, Some(0))
            };
            pos.unmake(&undo);
            if self.stop {
                return Score::DRAW;
            }
            if raise(&mut best, &mut alpha, s, beta) {
                break;
            }
        }
        best
    }
}

/// Fail-soft bookkeeping after a move scored `s`: raises `best` and `alpha`; true when `s`
/// reaches `beta` (a cutoff).
/// The side to move's moves onto `targets` (the king's onto `king_targets`): in `room` when they
/// fit, else in a list made in `list` for the rare node with more, so the common node never
/// zeroes a whole move list.
fn moves_onto<'a>(
    pos: &Position,
    targets: Bits,
    king_targets: Bits,
    room: &'a mut [Move; ROOM],
    list: &'a mut Option<MoveList>,
) -> &'a [Move] {
    match pos.moves_onto(targets, king_targets, room) {
        Some(n) => &room[..n],
        None => {
            let list = list.insert(MoveList::new());
            pos.gen_moves_onto(targets, king_targets, list);
            list.as_slice()
        }
    }
}

fn raise(best: &mut Score, alpha: &mut Score, s: Score, beta: Score) -> bool {
    if s > *best {
        *best = s;
        if s > *alpha {
            *alpha = s;
            return s >= beta;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use crate::config::SearchConfig;
    use crate::piece::Side;
    use crate::position::Position;
    use crate::rules::Rules;
    use crate::search::{Limits, Searcher};
    use std::sync::Arc;

    // Brandubh (rank 1 first), the king on b4, attackers on d1 and d7, the a- and g-files
    // empty: b4-a4 opens two routes (a1 and a7), which one attackers' move cannot both close,
    // and the king on a4 cannot be taken in one move (that needs attackers on a3 and a5); b4-g4
    // likewise. b4-b1 opens a1 only, and d1-c1 then takes the king against the hostile corner.
    const FORK: &str = "/3t3/7/7/1K5/7/7/3t3/";

    fn search(spec: &str, side: Side) -> crate::search::SearchResult {
        let rules = Arc::new(Rules::preset("brandubh").unwrap());
        let mut pos = Position::from_string(rules.clone(), FORK, side).unwrap();
        let mut s = Searcher::new(&rules, SearchConfig::parse(spec).unwrap());
        s.search(&mut pos, Limits::depth(1))
    }

    #[test]
    fn blocking_sees_a_fork_at_the_horizon() {
        // Defenders to move, one ply: after b4-a4 the attackers stand at the horizon. Standing
        // pat they see only an evaluation; made to close the routes, they cannot.
        let plain = search("full,-escape-block,-escape-threat", Side::Defenders);
        assert!(!plain.score.is_decided(), "{}", plain.score);
        let block = search("full,-escape-threat", Side::Defenders);
        assert!(
            block.score.is_decided() && block.score.get() > 0,
            "{}",
            block.score
        );
        // b4-g4 forks g1 and g7 the same way.
        let best = block.best.map(|m| m.display(block_geometry()));
        assert!(
            matches!(best.as_deref(), Some("b4-a4" | "b4-g4")),
            "{best:?}"
        );
    }

    #[test]
    fn threats_are_followed_at_the_horizon() {
        // Attackers to move, one ply: no attackers' move stops b4-a4, which the defenders find
        // in quiescence only with the threat moves (and the attackers' forced blocks) on.
        let plain = search("full,-escape-threat", Side::Attackers);
        assert!(!plain.score.is_decided(), "{}", plain.score);
        let both = search("full", Side::Attackers);
        assert!(
            both.score.is_decided() && both.score.get() < 0,
            "{}",
            both.score
        );
    }

    fn block_geometry() -> crate::square::Geometry {
        Rules::preset("brandubh").unwrap().geometry()
    }
}
