//! The root search and the iterative-deepening loop, with the limits (depth, nodes, time).

use std::time::{Duration, Instant};

use crate::moves::{Move, MoveList, MAX_MOVES};
use crate::position::{Position, Status};
use crate::score::{Score, INF};

use super::ordering;
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

/// A wall-clock budget, measured from the start of [`Searcher::search`].
///
/// `hard` is checked inside the search every [`TIME_CHECK_NODES`] nodes, alongside the node
/// budget: when it has passed the search unwinds and the last completed iteration stands (a
/// partial iteration is discarded, as with the node budget). `soft` is checked between
/// iterations: once it has passed no new iteration starts, since one that starts late would
/// most likely be cut off by `hard` and thrown away. Nor does one start that the growth of the
/// last iterations' times predicts would end past `hard` (unless `soft` is `hard`: the caller
/// then wants the whole budget searched).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLimit {
    /// Never search longer than this (plus the time of at most [`TIME_CHECK_NODES`] nodes).
    pub hard: Duration,
    /// Start no iteration after this.
    pub soft: Duration,
}

impl TimeLimit {
    /// A fixed time per move: `hard` is the whole budget, and no iteration starts after half
    /// of it (an iteration takes several times the one before it, so one started after half the
    /// budget would not finish).
    pub fn movetime(budget: Duration) -> TimeLimit {
        TimeLimit {
            hard: budget,
            soft: budget / 2,
        }
    }
}

/// The clock is read once every this many nodes (a power of two; a node costs well under a
/// microsecond, so the search overruns its budget by a fraction of a millisecond at most:
/// `tafl8 bench time` measures it).
pub const TIME_CHECK_NODES: u64 = 1024;

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
    /// Deepest completed iteration.
    pub depth: u8,
    /// Every completed iteration.
    pub iterations: Vec<Iteration>,
    /// Root moves with their scores from the last completed iteration, in search order.
    pub root_scores: Vec<RootScore>,
    /// The search tree of the last completed iteration (see [`Searcher::set_trace`]).
    pub tree: Vec<TraceNode>,
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
        self.game = pos.history().to_vec();
        self.game.sort_unstable();
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
        let mut list = MoveList::new();
        pos.gen_moves(&mut list);
        if list.is_empty() || pos.status() != Status::Ongoing {
            return result;
        }
        let max_depth = limits.depth.clamp(1, (MAX_PLY - 2) as u8);
        for depth in 1..=max_depth {
            self.trace.clear();
            self.root_scores.clear();
            // Killers are per iteration: a cutoff move found with `d` plies left says little
            // about the same ply one iteration later (measured: with them kept across
            // iterations, killers stopped lowering the node count once history was on).
            self.killers = super::Killers::new();
            let found = self.root(pos, depth as i32);
            if self.stop && depth > 1 {
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
                time: self.start.map(|s| s.elapsed()).unwrap_or_default(),
            });
            // A win or loss found within this depth cannot get faster by searching deeper.
            if self.stop || (score.is_decided() && (INF - score.get().abs()) as u8 <= depth) {
                break;
            }
            if self.past(|t| t.soft) || self.next_would_overrun(&result.iterations) {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// Whether the next iteration would most likely run past the hard limit (and be thrown
    /// away): it is predicted to take the last one's time times the growth from the one before
    /// (at least 2, at most 8).
    fn next_would_overrun(&self, its: &[Iteration]) -> bool {
        let (Some(t), Some(start), [.., a, b, c]) = (&self.limits.time, self.start, its) else {
            return false;
        };
        if t.soft >= t.hard {
            // The caller wants the whole budget searched.
            return false;
        }
        let last = c.time.saturating_sub(b.time).as_secs_f64();
        let before = b.time.saturating_sub(a.time).as_secs_f64();
        let growth = if before > 0.0 {
            (last / before).clamp(2.0, 8.0)
        } else {
            8.0
        };
        start.elapsed().as_secs_f64() + last * growth > t.hard.as_secs_f64()
    }

    /// Whether the clock has passed the budget's `which` limit (never, without a time limit).
    pub(super) fn past(&self, which: impl Fn(&TimeLimit) -> Duration) -> bool {
        match (&self.limits.time, self.start) {
            (Some(t), Some(start)) => start.elapsed() >= which(t),
            _ => false,
        }
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
        let mut moves = [Move::default(); MAX_MOVES];
        let mut keys = [0i16; MAX_MOVES];
        let n = self.order(pos, &list, 0, tt_move, pv_move, &mut moves, &mut keys);
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
