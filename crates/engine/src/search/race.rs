//! The king race: a narrow search that proves a forced escape, and the fork test it shares with
//! quiescence.
//!
//! A full-width search at the cart's budget sees three or four plies; the defenders' winning
//! plans are often longer, but narrow: every defenders' move makes a threat (opens a route to a
//! route target, see [`crate::rules::FLAG_KING_TARGET`]) and every attackers' reply must close
//! the routes. So the race searches only that: the defenders try the king's moves, the moves of
//! the pieces first on the king's rays (stepping off a ray opens it) and the moves that capture
//! such a piece, keeping those after which the king has a route; the attackers try every move
//! that lands on a route square or beside the king (any other move leaves a route open). The
//! defenders' side is a choice (a narrower set finds fewer wins, never a false one); the
//! attackers' side is complete, so a race the defenders win is a proof: the attackers' move
//! that allowed it loses (see [`Searcher::race_guard`]).
//!
//! A position that repeats one of the game or of the race's path is scored by the rules'
//! repetition result, as the main search scores it (a repeated position counts once it occurs
//! a second time: the side that must repeat to hold would have to go on repeating). A race stops
//! unproven after [`RACE_NODES`] nodes.

use crate::eval::{escape_routes, route_squares};
use crate::moves::{Move, MoveList};
use crate::piece::{Side, ATTACKER, DEFENDER, EMPTY, KING};
use crate::position::{Position, Status};
use crate::rules::KingCapture;
use crate::score::Score;
use crate::square::MAX_AREA;

use super::{RootScore, SearchResult, Searcher};

/// The most nodes (moves made) one race searches before giving up unproven.
pub const RACE_NODES: u32 = 2000;

/// How many of the attackers' choices the race guard checks before it keeps the last one (a
/// level's choice and the search's alike).
pub const RACE_TRIES: u8 = 4;

/// Whether no single attackers' move can capture the king where it stands: captured by four
/// (here), it needs three hostile sides already, or by two, a hostile side already; a side off
/// the board is never hostile. (A sufficient test: when it fails, a search decides.)
pub fn king_safe(pos: &Position) -> bool {
    let k = pos.king_square().index();
    let dirs = pos.geometry().directions();
    let rules = pos.rules();
    let by_four = match rules.king_capture() {
        KingCapture::ByTwo => false,
        KingCapture::ByFour => true,
        KingCapture::ByFourNearThrone => rules.throne().is_some_and(|t| {
            let t = t.index();
            t == k || dirs.iter().any(|&d| (k as i16 + d) as usize == t)
        }),
    };
    let hostile = dirs
        .iter()
        .filter(|&&d| pos.hostile_to((k as i16 + d) as usize, KING))
        .count();
    if by_four {
        hostile < 3
    } else {
        hostile == 0
    }
}

/// A fork: the attackers to move face routes in two or more directions (`routes`, from
/// [`route_squares`]) and cannot capture the king: no single move closes them all.
pub fn is_fork(pos: &Position, routes: u8) -> bool {
    routes >= 2 && king_safe(pos)
}

impl Searcher {
    /// Plies to a forced escape for the defenders to move, at most `left` plies away, found by
    /// the race (see the module doc); 0 when none is found.
    pub fn race(&mut self, pos: &mut Position, left: u8) -> u8 {
        self.race_nodes = 0;
        self.race_defend(pos, left)
    }

    /// [`Searcher::race`] from the game's own position, as `tafl8 analyze` reports it: a
    /// repetition of that position is the game's to judge (it has not yet happened the number
    /// of times the rules count), not the path rule's, which scores a position reached again
    /// as lost for the side that moved into it. Later positions are tested as in the race.
    pub fn race_at_root(&mut self, pos: &mut Position, left: u8) -> u8 {
        self.race_nodes = 0;
        self.race_moves(pos, left)
    }

    /// Counts a race node (a move made); true when the race's budget is spent.
    fn race_tick(&mut self) -> bool {
        self.race_nodes += 1;
        self.race_total += 1;
        self.race_nodes > self.race_cap
    }

    fn race_defend(&mut self, pos: &mut Position, left: u8) -> u8 {
        if let Some(s) = self.repetition(pos, 0) {
            // Scored by the rules' repetition result, as the main search scores it.
            return u8::from(s > Score::DRAW);
        }
        self.race_moves(pos, left)
    }

    /// The defenders' side of the race past the repetition test.
    fn race_moves(&mut self, pos: &mut Position, left: u8) -> u8 {
        if escape_routes(pos) > 0 {
            return 1;
        }
        if left < 3 {
            return 0;
        }
        // The squares that can open a route: the first piece on each of the king's rays (its
        // own piece may step off; an attacker may be captured: the landing squares that take it).
        let k = pos.king_square().index();
        let cells = *pos.cells();
        let mut opener = [false; MAX_AREA];
        let mut landing = [false; MAX_AREA];
        let dirs = pos.geometry().directions();
        for d in dirs {
            let mut t = (k as i16 + d) as usize;
            while cells[t] == EMPTY {
                t = (t as i16 + d) as usize;
            }
            match cells[t] {
                DEFENDER => opener[t] = true,
                ATTACKER => {
                    for e in dirs {
                        let land = (t as i16 - e) as usize;
                        if cells[land] == EMPTY && pos.hostile_to((t as i16 + e) as usize, ATTACKER)
                        {
                            landing[land] = true;
                        }
                    }
                }
                _ => {}
            }
        }
        let mut list = MoveList::new();
        pos.gen_moves(&mut list);
        for &m in list.iter() {
            let (f, t) = (m.from.index(), m.to.index());
            if f != k && !opener[f] && !landing[t] {
                continue;
            }
            if self.race_tick() {
                return 0;
            }
            let undo = pos.make(m);
            let r = if pos.status() != Status::Ongoing {
                1
            } else if escape_routes(pos) == 0 {
                0
            } else {
                match self.race_attack(pos, left - 1) {
                    0 => 0,
                    a => a + 1,
                }
            };
            pos.unmake(&undo);
            if r > 0 {
                return r;
            }
        }
        0
    }

    /// The attackers to move, facing a route: plies until the king escapes whatever they play,
    /// or 0 when some reply holds.
    fn race_attack(&mut self, pos: &mut Position, left: u8) -> u8 {
        if let Some(s) = self.repetition(pos, 0) {
            return if s < Score::DRAW { 2 } else { 0 };
        }
        let mut marks = [false; MAX_AREA];
        let routes = route_squares(pos, &mut marks);
        if is_fork(pos, routes) {
            return 2;
        }
        let k = pos.king_square().index() as i16;
        for d in pos.geometry().directions() {
            marks[(k + d) as usize] = true;
        }
        let mut list = MoveList::new();
        pos.gen_moves(&mut list);
        let mut worst = 2;
        for &m in list.iter() {
            if !marks[m.to.index()] {
                continue;
            }
            if self.race_tick() {
                return 0;
            }
            let undo = pos.make(m);
            let r = if pos.status() != Status::Ongoing {
                0
            } else if escape_routes(pos) > 0 {
                2
            } else {
                match self.race_defend(pos, left - 1) {
                    0 => 0,
                    d => d + 1,
                }
            };
            pos.unmake(&undo);
            if r == 0 {
                return 0;
            }
            worst = worst.max(r);
        }
        worst
    }

    /// The attackers' root move `m` checked by a race of `plies` plies from the position after
    /// it: the loss it leads to, if the defenders win the race.
    pub fn race_refutes(&mut self, pos: &mut Position, m: Move, plies: u8) -> Option<Score> {
        let undo = pos.make(m);
        let r = if pos.status() == Status::Ongoing {
            self.race(pos, plies)
        } else {
            0
        };
        pos.unmake(&undo);
        (r > 0).then(|| Score::loss_in(1 + r as usize))
    }

    /// The king-race guard on a finished search's move choice, for the attackers: `pick` chooses
    /// a root move from `result` (the best, or a difficulty level's draw); a move the race
    /// refutes gets its proven loss as an exact score, the best is recomputed (the first of the
    /// highest scores, as the root search keeps it), and `pick` chooses again, at most `tries`
    /// times. Returns the last move chosen.
    pub fn race_guard(
        &mut self,
        pos: &mut Position,
        result: &mut SearchResult,
        tries: u8,
        mut pick: impl FnMut(&SearchResult) -> Option<Move>,
    ) -> Option<Move> {
        let plies = self.cfg.race;
        let mut m = pick(result);
        if plies == 0 || pos.side_to_move() != Side::Attackers {
            return m;
        }
        for _ in 0..tries {
            let Some(mv) = m else { break };
            let Some(loss) = self.race_refutes(pos, mv, plies) else {
                break;
            };
            refute(result, mv, loss);
            m = pick(result);
        }
        m
    }
}

/// A guard's refutation of root move `mv`: its proven `loss` becomes its exact score, and the
/// best root move is found again (the first of the highest scores, as the root search keeps it).
pub(super) fn refute(result: &mut SearchResult, mv: Move, loss: Score) {
    let mut best: Option<RootScore> = None;
    for r in result.root_scores.iter_mut() {
        if r.mv == mv {
            r.score = loss;
            r.exact = true;
        }
        if best.is_none_or(|b| r.score > b.score) {
            best = Some(*r);
        }
    }
    if let Some(best) = best {
        if result.best != Some(best.mv) {
            result.pv = vec![best.mv];
        }
        result.best = Some(best.mv);
        result.score = best.score;
    }
}

#[cfg(test)]
mod tests;
