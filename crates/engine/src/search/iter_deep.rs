//! The root search and the iterative-deepening loop, with the limits (depth, nodes, time).

use std::time::{Duration, Instant};

use crate::moves::{Move, MoveList, MAX_MOVES};
use crate::position::{Position, Status};
use crate::score::{Score, INF};

use super::ordering;
use super::time::{kept, Next, Pace, TimeLimit};
use super::trace::TraceNode;
use super::{Searcher, MAX_PLY};

/// When to stop searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration (1..).
    pub depth: u8,
    /// Node budget (0 = none). When it runs out the last completed iteration's result stands.
    pub nodes: u64,
    /// Wall-clock limit (Rust only; makes the result time-dependent).
    pub time: Option<TimeLimit>,
}

impl Limits {
    /// Only a depth limit.
    pub const fn depth(depth: u8) -> Limits {
        Limits {
            depth,
            nodes: 0,
            time: None,
        }
    }
    /// A node budget, up to depth `MAX_PLY - 2`.
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: (MAX_PLY - 2) as u8,
            nodes,
            time: None,
        }
    }
    /// A wall-clock budget only, up to depth `MAX_PLY - 2`.
    pub const fn time(time: TimeLimit) -> Limits {
        Limits {
            depth: (MAX_PLY - 2) as u8,
            nodes: 0,
            time: Some(time),
        }
    }
}

/// One completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// Depth of this iteration.
    pub depth: u8,
    /// Best move.
    pub best: Move,
    /// Its score for the side to move.
    pub score: Score,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// Nodes searched so far (all iterations).
    pub nodes: u64,
    /// Time so far.
    pub time: Duration,
    /// Whether every root move was searched. A time-limited search keeps an iteration the clock
    /// cut when the previous best move finished in it (see `search::time`): its best is that
    /// of the moves that finished.
    pub complete: bool,
}

/// A root move's score in the last completed iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootScore {
    /// The move.
    pub mv: Move,
    /// Its score (exact, or an upper bound when `exact` is false).
    pub score: Score,
    /// Whether the score is exact (within the root margin of the best).
    pub exact: bool,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move (`None` when the game is over: no legal move).
    pub best: Option<Move>,
    /// Score for the side to move.
    pub score: Score,
    /// Principal variation (starts with `best`).
    pub pv: Vec<Move>,
    /// Nodes searched (every node entered, root and quiescence included).
    pub nodes: u64,
    /// Deepest completed iteration (a cut one kept after it is in `iterations`).
    pub depth: u8,
    /// Every completed iteration.
    pub iterations: Vec<Iteration>,
    /// Root moves with their scores from the last completed iteration, in search order.
    pub root_scores: Vec<RootScore>,
    /// The search tree of the last completed iteration (see [`Searcher::set_trace`]).
    pub tree: Vec<TraceNode>,
}

impl SearchResult {
    /// The result with its wall-clock times zeroed: what a search limited by nodes or depth
    /// must repeat exactly, on any machine and at any load (tests compare these).
    pub fn without_times(&self) -> SearchResult {
        let mut r = self.clone();
        for it in &mut r.iterations {
            it.time = Duration::ZERO;
        }
        r
    }
}

impl Searcher {
    /// Searches `pos` (restored on return) within `limits`. Every search starts from clean
    /// tables, so the result depends only on the config, the limits and the position (its game
    /// history included, for repetition).
    pub fn search(&mut self, pos: &mut Position, limits: Limits) -> SearchResult {
        self.limits = limits;
        self.stop = false;
        self.nodes = 0;
        self.start = Some(Instant::now());
        self.tt.clear();
        self.killers = super::Killers::new();
        self.history = super::History::new(pos.geometry().area());
        self.prev_pv.clear();
        self.root_len = pos.history().len();
        self.root_side = pos.side_to_move();
        self.null_floor = 0;
        self.game = super::game::GameHashes::new(pos.history());
        // The position keeps the evaluation's material and table sum as moves are made.
        pos.set_psq_table(Some(self.eval.psq_table().clone()));
        let mut result = SearchResult {
            best: None,
            score: Score::DRAW,
            pv: Vec::new(),
            nodes: 0,
            depth: 0,
            iterations: Vec::new(),
            root_scores: Vec::new(),
            tree: Vec::new(),
        };
        self.deepen(pos, limits, &mut result, 1);
        result
    }

    /// Goes on with the timed search `result` came from, in the same position and with its
    /// tables kept, until `until` from that search's start: the next iteration is one ply deeper
    /// than `result`'s last complete one and searches `result`'s choice first (the iterations the
    /// tables already hold cost little). The guard's use of a fixed move time: see
    /// [`Searcher::decide`]. False, searching nothing, when the search's depth or node limit is
    /// reached.
    pub(super) fn resume(
        &mut self,
        pos: &mut Position,
        result: &mut SearchResult,
        until: Duration,
    ) -> bool {
        let deepest = self.limits.depth.clamp(1, (MAX_PLY - 2) as u8);
        if result.depth >= deepest || (self.limits.nodes != 0 && self.nodes >= self.limits.nodes) {
            return false;
        }
        self.stop = false;
        self.limits.time = Some(TimeLimit::movetime(until));
        self.prev_pv = result.pv.clone();
        let limits = self.limits;
        let before = result.iterations.len();
        self.deepen(pos, limits, result, result.depth + 1);
        // The first search's cut iteration (its depth is the one searched again) gives way to
        // what the resumed search reached, so the list stays complete iterations and at most
        // one cut one.
        if before > 0 && result.iterations.len() > before && !result.iterations[before - 1].complete
        {
            result.iterations.remove(before - 1);
        }
        true
    }

    /// The iterative-deepening loop from `first` ply on, into `result`.
    fn deepen(&mut self, pos: &mut Position, limits: Limits, result: &mut SearchResult, first: u8) {
        let mut list = MoveList::new();
        pos.gen_moves(&mut list);
        if list.is_empty() || pos.status() != Status::Ongoing {
            return;
        }
        let legal = list.len();
        self.until = limits.time.map(|t| t.hard);
        let max_depth = limits.depth.clamp(1, (MAX_PLY - 2) as u8);
        for depth in first.max(1)..=max_depth {
            self.trace.clear();
            self.root_scores.clear();
            // Killers are per iteration: a cutoff move found with `d` plies left says little
            // about the same ply one iteration later (measured: with them kept across
            // iterations, killers stopped lowering the node count once history was on).
            self.killers = super::Killers::new();
            let found = self.root(pos, depth as i32);
            if self.stop && depth > 1 {
                if self.cut_by_the_clock() {
                    self.keep_cut_iteration(depth, result);
                }
                break;
            }
            let Some((score, best)) = found else { break };
            let pv: Vec<Move> = self.pv[0][..self.pv_len[0]].to_vec();
            self.prev_pv = pv.clone();
            result.best = Some(best);
            result.score = score;
            result.pv = pv.clone();
            result.depth = depth;
            result.root_scores = self.root_scores.clone();
            result.tree = self.trace.clone();
            result.iterations.push(Iteration {
                depth,
                best,
                score,
                pv,
                nodes: self.nodes,
                time: self.elapsed(),
                complete: true,
            });
            // A win or loss found within this depth cannot get faster by searching deeper.
            if self.stop || (score.is_decided() && (INF - score.get().abs()) as u8 <= depth) {
                break;
            }
            if let Some(t) = limits.time {
                let ends: Vec<Duration> = result.iterations.iter().map(|i| i.time).collect();
                match t.next(&pace(&ends, &result.iterations, self.elapsed(), legal)) {
                    Next::Stop => break,
                    Next::Deeper { until } => self.until = Some(until),
                }
            }
        }
        result.nodes = self.nodes;
    }

    /// The time since the search started.
    pub(super) fn elapsed(&self) -> Duration {
        self.start.map(|s| s.elapsed()).unwrap_or_default()
    }

    /// Whether the running iteration's time is up (never without a time limit).
    pub(super) fn out_of_time(&self) -> bool {
        self.until.is_some_and(|u| self.elapsed() >= u)
    }

    /// Whether the search stopped for the clock, not for the node budget (which discards a
    /// partial iteration, as the cart's search does).
    fn cut_by_the_clock(&self) -> bool {
        self.stop && !(self.limits.nodes != 0 && self.nodes >= self.limits.nodes)
    }

    /// After an iteration the clock cut: its root moves that finished were searched a ply
    /// deeper than the last complete iteration, so when the previous best is among them, the
    /// best of them stands (the previous best, or a move shown better than it at this depth).
    /// Not with a root margin: a level's choice reads the root scores of one complete
    /// iteration, as the cart's does.
    fn keep_cut_iteration(&mut self, depth: u8, result: &mut SearchResult) {
        let Some(prev) = result.best else { return };
        if self.root_margin != 0 {
            return;
        }
        let finished = self.root_scores.iter().map(|r| (r.mv, r.score));
        let Some((mv, score)) = kept(prev, finished) else {
            return;
        };
        let pv: Vec<Move> = self.pv[0][..self.pv_len[0]].to_vec();
        debug_assert_eq!(pv.first(), Some(&mv));
        result.best = Some(mv);
        result.score = score;
        result.pv = pv.clone();
        result.iterations.push(Iteration {
            depth,
            best: mv,
            score,
            pv,
            nodes: self.nodes,
            time: self.elapsed(),
            complete: false,
        });
    }

    /// One iteration at the root: every move with the full window (or, with a root margin,
    /// `best - margin` as the lower bound so near-best moves get exact scores).
    fn root(&mut self, pos: &mut Position, depth: i32) -> Option<(Score, Move)> {
        self.tick();
        self.pv_len[0] = 0;
        let mut list = MoveList::new();
        pos.gen_moves(&mut list);
        let tt_move = None;
        let pv_move = if self.cfg.pv_first || self.cfg.tt {
            self.prev_pv.first().copied()
        } else {
            None
        };
        let mut keys = [0i16; MAX_MOVES];
        let n = self.order(pos, &list, 0, tt_move, pv_move, &mut keys);
        let moves = &mut list.moves;
        let beta = Score::INF;
        let mut best: Option<(Score, Move)> = None;
        for i in 0..n {
            ordering::pick(&mut moves[..n], &mut keys[..n], i);
            let m = moves[i];
            let alpha = match best {
                None => Score::NEG_INF,
                Some((b, _)) => b.saturating_add(-self.root_margin),
            };
            let t = self.trace.len();
            if self.trace_plies > 0 {
                self.trace.push(TraceNode {
                    ply: 0,
                    mv: m,
                    alpha,
                    beta,
                    score: Score::DRAW,
                    cutoff: false,
                });
            }
            let undo = pos.make(m);
            let s = if pos.status() != Status::Ongoing {
                self.pv_len[1] = 0;
                Score::win_in(1)
            } else {
                let on_pv = pv_move == Some(m);
                if self.cfg.pvs && best.is_some() {
                    // Null window first: most moves only need to be shown no better than
                    // `alpha` (the best so far, less the root margin).
                    let null = alpha.saturating_add(1);
                    let s = -self.negamax(pos, depth - 1, 1, -null, -alpha, on_pv);
                    if s > alpha && !self.stop {
                        -self.negamax(pos, depth - 1, 1, -beta, -alpha, on_pv)
                    } else {
                        s
                    }
                } else {
                    -self.negamax(pos, depth - 1, 1, -beta, -alpha, on_pv)
                }
            };
            pos.unmake(&undo);
            if self.stop {
                // A partial iteration is discarded, except at depth 1 where any move beats none.
                return best.or(Some((s, m))).filter(|_| depth == 1);
            }
            if self.trace_plies > 0 {
                self.trace[t].score = s;
            }
            self.root_scores.push(super::RootScore {
                mv: m,
                score: s,
                exact: s > alpha || best.is_none(),
            });
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, m));
                self.update_pv(0, m);
            }
        }
        best
    }
}

/// What the time rule knows after the iterations `its` (ending at `ends`).
fn pace<'a>(ends: &'a [Duration], its: &[Iteration], now: Duration, legal: usize) -> Pace<'a> {
    let changed = |k: usize| k >= 1 && its[k].best != its[k - 1].best;
    let n = its.len();
    let changes = (n.saturating_sub(2)..n).filter(|&k| changed(k)).count() as u32;
    let stable = its
        .iter()
        .rev()
        .take_while(|i| Some(i.best) == its.last().map(|l| l.best))
        .count() as u32;
    Pace {
        ends,
        now,
        changes,
        stable,
        legal,
    }
}
