//! The quiet race (Rust only): the king race behind one quiet move.
//!
//! The race ([`super::race`]) proves escapes whose every defenders' move is a threat. The
//! defenders' plans that beat a full-width search at a move's budget often start with one quiet
//! move instead: a piece steps aside, and only then does every attackers' reply lose the race.
//! Two full-width plies in front of the race see that shape:
//!
//! - for the attackers, after the search: a root move is refuted when some defenders' reply
//!   leaves every attackers' move lost to the race. The moves are checked best first; a refuted
//!   one gets its proven loss as an exact score and the next is checked, until one stands;
//! - for the defenders: a root move after which every attackers' reply loses the race is a
//!   proven win, played at once.
//!
//! Both are proofs (the race's attackers' side is complete), so a refuted move really loses and
//! a found win really wins; what the guard cannot prove in its time changes nothing. A position
//! of the two plies in front of the race that repeats one of the game is the repetition rule's
//! to score, as the search scores it, so no proof passes through one (in Copenhagen a king
//! shuttling back to a square he threatens from would otherwise "win" by moving into a loss). With a time
//! limit the search keeps [`QUIET_SHARE`] of it ([`QUIET_SHARE_DEFENDERS`] for the
//! defenders) and the guard has the rest. A guard that holds usually ends within a millisecond;
//! with a fixed time per move the time it leaves would be lost, so the search goes on with it
//! (resumed with its tables, a ply deeper) and the guard checks the new choice if it changed,
//! while [`GUARD_RESERVE`] twice over is left. Without a time limit the
//! guard is bounded by [`QUIET_TRIES`] and [`QUIET_BUDGET`] only, so depth- and node-limited
//! searches stay deterministic.

use std::time::{Duration, Instant};

use crate::moves::{Move, MoveList};
use crate::piece::Side;
use crate::position::{Position, Status};
use crate::score::Score;

use super::race::{refute, RACE_TRIES};
use super::{Limits, SearchResult, Searcher, TimeLimit};

/// The most moves one race inside the guard may make (the cart's races make at most
/// [`super::RACE_NODES`]; the guard's are deeper, so they get more room).
pub const QUIET_RACE_NODES: u32 = 20_000;
/// The most root moves the attackers' guard checks.
pub const QUIET_TRIES: usize = 12;
/// The most race moves one guard makes in all.
pub const QUIET_BUDGET: u64 = 4_000_000;
/// The share of a time limit the attackers' search keeps when the quiet race is on: a check
/// takes 0.1-20 ms when it refutes nothing, about 50 ms a move when it does (several in a row
/// where the search's first choices all lose), so the guard gets a tenth.
pub const QUIET_SHARE: f64 = 0.9;
/// The defenders' share: their guard tries every root move in 0.1-2 ms in all (measured on
/// Copenhagen middlegames, `tafl8 analyze --json`'s `quiet_race`).
pub const QUIET_SHARE_DEFENDERS: f64 = 0.98;
/// With a fixed time per move the search goes on after the guard (see [`Searcher::decide`])
/// while twice this is left, and leaves at least this to check a changed choice: a check that
/// refutes nothing mostly takes well under a millisecond (at most 20 ms measured). A choice the
/// guard cannot check in it gives way to the last one it let stand.
pub const GUARD_RESERVE: Duration = Duration::from_millis(10);

/// What the quiet race's guard did after the last [`Searcher::decide`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GuardReport {
    /// Root moves checked (the attackers' choices, or the defenders' moves tried for a win).
    pub checked: u32,
    /// The attackers' choices it refuted, or 1 when it found the defenders a win.
    pub proven: u32,
    /// Whether it stopped for its time or budget before it was done.
    pub unfinished: bool,
    /// Its wall-clock time.
    pub elapsed: Duration,
}

/// When a guard stops: at its deadline, or when the races since the searcher was made reach
/// `race_end` moves.
#[derive(Clone, Copy, Debug)]
struct GuardStop {
    deadline: Option<Instant>,
    race_end: u64,
}

impl GuardStop {
    /// No deadline and no budget (tests).
    #[cfg(test)]
    const NEVER: GuardStop = GuardStop {
        deadline: None,
        race_end: u64::MAX,
    };

    fn reached(&self, race_total: u64) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d) || race_total >= self.race_end
    }
}

/// How a guard's proof attempt ended.
enum Proof {
    /// Proven: the plies from the position checked to the escape, at most.
    Proven(usize),
    /// Not proven (a move holds).
    Holds,
    /// Out of time or budget: nothing is known.
    Unknown,
}

impl Searcher {
    /// Searches `pos` within `limits`, then guards the choice: the king race
    /// ([`Searcher::race_guard`]) and, with `qrace=N` on, the quiet race (see the module doc).
    /// The move to play is the result's `best`.
    pub fn decide(&mut self, pos: &mut Position, limits: Limits) -> SearchResult {
        let t0 = Instant::now();
        self.guard = GuardReport::default();
        let quiet = self.cfg.quiet_race > 0;
        let share = match pos.side_to_move() {
            Side::Attackers => QUIET_SHARE,
            Side::Defenders => QUIET_SHARE_DEFENDERS,
        };
        let mut inner = limits;
        if quiet {
            inner.time = limits.time.map(|t| TimeLimit {
                hard: t.hard.mul_f64(share),
                soft: t.soft.mul_f64(share),
            });
        }
        let mut r = self.search(pos, inner);
        self.race_guard(pos, &mut r, RACE_TRIES, |r| r.best);
        if !quiet || r.score.is_decided() || r.root_scores.len() < 2 {
            return r;
        }
        // The guard's time: what the search left of the aim, and never less than the share it
        // gave up, nor past the hard limit.
        let deadline = limits.time.map(|t| {
            let spent = t0.elapsed();
            let end = t.soft.max(spent + t.soft.mul_f64(1.0 - share)).min(t.hard);
            t0 + end.max(spent)
        });
        let race_end = self.race_total + QUIET_BUDGET;
        let stop = GuardStop { deadline, race_end };
        let mut refuted = Vec::new();
        self.quiet(pos, &mut r, stop, &mut refuted);
        if let Some(t) = limits.time.filter(|t| t.soft >= t.hard) {
            self.search_on(pos, &mut r, t.hard, share, race_end, &mut refuted);
        }
        r
    }

    /// The side to move's quiet-race guard on `r`, timed into the report; the attackers' root
    /// moves it refutes are added to `refuted`.
    fn quiet(
        &mut self,
        pos: &mut Position,
        r: &mut SearchResult,
        stop: GuardStop,
        refuted: &mut Vec<(Move, Score)>,
    ) {
        let started = Instant::now();
        // The guard's races go deeper than the search's.
        let cap = std::mem::replace(&mut self.race_cap, QUIET_RACE_NODES);
        match pos.side_to_move() {
            Side::Attackers => self.quiet_guard(pos, r, stop, refuted),
            Side::Defenders => self.quiet_win(pos, r, stop),
        }
        self.race_cap = cap;
        self.guard.elapsed += started.elapsed();
    }

    /// With a fixed time per move, what the guard left of its share would be lost: the search
    /// goes on with it ([`Searcher::resume`]). The attackers' keeps `share` of what is left
    /// each round (leaving the guard [`GUARD_RESERVE`] at least), and its new choice is
    /// guarded as the first was (the refutations found stay refuted); a new choice the guard
    /// could not check gives way to the result before it, whose choice it did check. The
    /// defenders' search runs to the limit. Rounds go on while twice [`GUARD_RESERVE`] is left.
    fn search_on(
        &mut self,
        pos: &mut Position,
        r: &mut SearchResult,
        hard: Duration,
        share: f64,
        race_end: u64,
        refuted: &mut Vec<(Move, Score)>,
    ) {
        loop {
            let now = self.elapsed();
            let left = hard.saturating_sub(now);
            if left < 2 * GUARD_RESERVE || r.score.is_decided() {
                return;
            }
            let before = r.clone();
            // The defenders' guard tried every root move, whatever the choice: nothing is
            // left for it to check.
            let until = match pos.side_to_move() {
                Side::Attackers => now + left - GUARD_RESERVE.max(left.mul_f64(1.0 - share)),
                Side::Defenders => hard,
            };
            if !self.resume(pos, r, until) {
                return;
            }
            for &(mv, loss) in refuted.iter() {
                refute(r, mv, loss);
            }
            self.race_guard(pos, r, RACE_TRIES, |r| r.best);
            if r.score.is_decided()
                || r.best == before.best
                || pos.side_to_move() == Side::Defenders
            {
                continue;
            }
            let deadline = self.start.map(|s| s + hard);
            let unfinished = std::mem::take(&mut self.guard.unfinished);
            self.quiet(pos, r, GuardStop { deadline, race_end }, refuted);
            if self.guard.unfinished {
                // The whole result goes back, so its depth and iterations are those of the
                // search that chose the move played; only the nodes count what was spent.
                let nodes = r.nodes;
                *r = before;
                r.nodes = nodes;
                return;
            }
            self.guard.unfinished = unfinished;
        }
    }

    /// What the quiet race's guard did in the last [`Searcher::decide`] (all zero when it did
    /// not run).
    pub fn guard_report(&self) -> GuardReport {
        self.guard
    }

    /// The attackers' guard: checks root moves best first, refuting those the quiet race proves
    /// lost, until one stands, the tries run out or the time or budget is spent.
    fn quiet_guard(
        &mut self,
        pos: &mut Position,
        r: &mut SearchResult,
        stop: GuardStop,
        refuted: &mut Vec<(Move, Score)>,
    ) {
        for _ in 0..QUIET_TRIES {
            let Some(mv) = r.best else { return };
            self.guard.checked += 1;
            let plies = match self.quiet_refutes(pos, mv, stop) {
                Proof::Proven(p) => p,
                Proof::Holds => return,
                Proof::Unknown => {
                    self.guard.unfinished = true;
                    return;
                }
            };
            self.guard.proven += 1;
            refuted.push((mv, Score::loss_in(plies)));
            refute(r, mv, Score::loss_in(plies));
            if r.score.is_decided() {
                // Every move is proven lost: keep the longest resistance.
                return;
            }
        }
    }

    /// The defenders' win: the first root move (best first) after which every attackers' reply
    /// loses the race becomes the choice, with its proven win.
    fn quiet_win(&mut self, pos: &mut Position, r: &mut SearchResult, stop: GuardStop) {
        let mut order: Vec<(Move, Score)> = r.root_scores.iter().map(|s| (s.mv, s.score)).collect();
        order.sort_by_key(|&(m, s)| (std::cmp::Reverse(s), Some(m) != r.best));
        for (mv, _) in order {
            self.guard.checked += 1;
            let undo = pos.make(mv);
            let proof = if pos.status() == Status::Ongoing {
                self.every_reply_loses(pos, stop)
            } else {
                Proof::Holds
            };
            pos.unmake(&undo);
            match proof {
                Proof::Proven(p) => {
                    self.guard.proven = 1;
                    r.best = Some(mv);
                    r.score = Score::win_in(1 + p);
                    r.pv = vec![mv];
                    return;
                }
                Proof::Holds => {}
                Proof::Unknown => {
                    self.guard.unfinished = true;
                    return;
                }
            }
        }
    }

    /// The attackers' root move `mv`: whether some defenders' reply leaves every attackers'
    /// move lost to the race (plies from before `mv` to the escape).
    fn quiet_refutes(&mut self, pos: &mut Position, mv: Move, stop: GuardStop) -> Proof {
        let undo = pos.make(mv);
        let mut proof = Proof::Holds;
        // A move into a repeated position is scored by the repetition rule, which the search
        // has seen: the race proves nothing about it.
        if pos.status() == Status::Ongoing && self.repetition(pos, 0).is_none() {
            let mut replies = MoveList::new();
            pos.gen_moves(&mut replies);
            for &d in replies.iter() {
                let ud = pos.make(d);
                let p = match pos.status() {
                    Status::KingEscaped | Status::ExitFort => Proof::Proven(0),
                    Status::Ongoing => self.every_reply_loses(pos, stop),
                    _ => Proof::Holds,
                };
                pos.unmake(&ud);
                match p {
                    Proof::Proven(n) => {
                        proof = Proof::Proven(2 + n);
                        break;
                    }
                    Proof::Holds => {}
                    Proof::Unknown => {
                        proof = Proof::Unknown;
                        break;
                    }
                }
            }
        }
        pos.unmake(&undo);
        proof
    }

    /// The attackers to move: whether every move they have loses the race (the plies to the
    /// latest escape, counting their move), stopping at the first that holds.
    fn every_reply_loses(&mut self, pos: &mut Position, stop: GuardStop) -> Proof {
        if self.repetition(pos, 0).is_some() {
            // The defenders' move repeated a position: the repetition rule scores it (in
            // Copenhagen a loss for them), however the race would end.
            return Proof::Holds;
        }
        let plies = self.cfg.quiet_race;
        let mut list = MoveList::new();
        pos.gen_moves(&mut list);
        if list.is_empty() {
            // No move: the rules decide, not the race.
            return Proof::Holds;
        }
        let mut longest = 0;
        for &a in list.iter() {
            if stop.reached(self.race_total) {
                return Proof::Unknown;
            }
            match self.race_refutes(pos, a, plies) {
                // `loss_in(n)` is `n` plies short of the worst score.
                Some(loss) => longest = longest.max(loss.get() + Score::INF.get()),
                None => return Proof::Holds,
            }
        }
        Proof::Proven(longest as usize)
    }
}

#[cfg(test)]
mod tests;
