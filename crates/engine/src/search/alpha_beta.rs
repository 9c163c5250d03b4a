//! The recursive negamax alpha-beta search (fail-soft), with repetition, the transposition table,
//! the king-escape extension, killers and history.

use crate::eval::{escape_routes, evaluate_known};
use crate::moves::{Move, MoveList, MAX_MOVES};
use crate::piece::Side;
use crate::position::{Position, Probe, Status};
use crate::score::Score;
use crate::square::CELLS;

use super::ordering::{self, KEY_CAPTURE, KEY_PV, KEY_TT};
use super::trace::TraceNode;
use super::tt::{Bound, Entry};
use super::{Searcher, MAX_PLY};

/// LMR: moves from this index on (0-based, in search order) may be reduced by one ply.
pub const LMR_FIRST: usize = 3;
/// LMR: moves from this index on are reduced by two plies.
pub const LMR_SECOND: usize = 11;

impl Searcher {
    /// Counts a node and tells whether a limit stops the search (checked every node for the node
    /// budget, every `TIME_CHECK_NODES` nodes for the clock).
    #[inline]
    pub(super) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.limits.nodes != 0 && self.nodes >= self.limits.nodes {
            self.stop = true;
        }
        if self.nodes & (super::TIME_CHECK_NODES - 1) == 0 && self.out_of_time() {
            self.stop = true;
        }
        self.stop
    }

    /// The score of a repeated position for the side to move, if this node repeats one of the
    /// game or of the search path. A position seen once before already counts (if repeating is
    /// good, it can be repeated again), and it is scored by the rules' repetition result (a draw
    /// as [`Score::DRAW`], without contempt). Below a null move only the path since the pass
    /// counts: a position that recurs across a pass was not repeated by moves.
    pub(super) fn repetition(&self, pos: &Position, ply: usize) -> Option<Score> {
        let h = pos.hash();
        let hist = pos.history();
        // Path positions with the same side to move: 4, 6, ... plies back (2 back is impossible).
        let mut i = hist.len().checked_sub(4);
        let path_start = self.root_len.max(self.null_floor);
        let mut found = false;
        while let Some(j) = i {
            if j < path_start {
                break;
            }
            if hist[j] == h {
                found = true;
                break;
            }
            i = j.checked_sub(2);
        }
        if !found && (self.null_floor != 0 || !self.game.contains(h)) {
            return None;
        }
        let (result, _) = pos.rules().repetition();
        Some(match result.loser(pos.side_to_move()) {
            None => Score::DRAW,
            Some(s) if s == pos.side_to_move() => Score::loss_in(ply),
            Some(_) => Score::win_in(ply),
        })
    }

    /// Negamax alpha-beta: the score of `pos` for the side to move, searched `depth` plies.
    /// `on_pv` is true while every move from the root followed the previous iteration's PV.
    pub(super) fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        on_pv: bool,
    ) -> Score {
        if self.tick() {
            return Score::DRAW;
        }
        self.pv_len[ply] = 0;
        if let Some(s) = self.repetition(pos, ply) {
            return if s == Score::DRAW { self.draw(pos) } else { s };
        }
        let limit = pos.rules().move_limit();
        if limit != 0 && pos.ply() >= limit {
            return self.draw(pos);
        }
        // Counted once here and handed down: quiescence and the evaluation need the same count.
        let routes = (self.cfg.escape_win || self.cfg.escape_extension).then(|| escape_routes(pos));
        if routes.is_some_and(|r| r > 0) {
            if pos.side_to_move() == Side::Defenders {
                if self.cfg.escape_win {
                    // The king steps out next move: an exact win, whatever the depth.
                    return Score::win_in(ply + 1);
                }
            } else if self.cfg.escape_extension && depth <= 0 {
                depth = 1;
            }
        }
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return if self.cfg.quiescence {
                self.qsearch(pos, ply, alpha, beta, 0, routes)
            } else {
                evaluate_known(pos, &self.eval, &self.cfg.eval, routes)
            };
        }
        let alpha0 = alpha;
        let mut tt_move = None;
        if self.cfg.tt {
            if let Some(e) = self.tt.probe(pos.hash()) {
                tt_move = e.mv;
                if e.depth as i32 >= depth {
                    let s = Score::from_tt(e.score, ply);
                    let hit = match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => s >= beta,
                        Bound::Upper => s <= alpha,
                        Bound::None => false,
                    };
                    if hit {
                        return s;
                    }
                }
            }
        }
        if self.null_move_cuts(pos, depth, ply, (alpha, beta), routes) {
            return beta;
        }
        let mut list = MoveList::new();
        pos.gen_moves(&mut list);
        if list.is_empty() {
            // The side to move has no move and loses.
            return Score::loss_in(ply);
        }
        let pv_move = (on_pv && self.cfg.pv_first)
            .then(|| self.prev_pv.get(ply).copied())
            .flatten();
        let mut keys = [0i16; MAX_MOVES];
        let n = self.order(pos, &list, ply, tt_move, pv_move, &mut keys);
        // Picked in place: the list is this node's own.
        let moves = &mut list.moves;
        let mut best = Score::NEG_INF;
        let mut best_move = None;
        let mut rekeyed = false;
        // Set once the largest key left is 0: every key is at least 0 (history counts never go
        // below), so the rest are all 0 and already in the order the picks would give.
        let mut in_order = false;
        for i in 0..n {
            if !in_order {
                ordering::pick(&mut moves[..n], &mut keys[..n], i);
                if !rekeyed && self.cfg.history && keys[i] < ordering::KEY_KILLER - 1 {
                    // The quiet moves are reached: their history counts are read now, not at
                    // the node's start, so what the searches above just taught counts (and the
                    // cart, which generates these moves only now, orders them the same way).
                    rekeyed = true;
                    for j in i..n {
                        keys[j] = self.history.get(moves[j]);
                    }
                    ordering::pick(&mut moves[..n], &mut keys[..n], i);
                }
                // Without history the keys never change either: no re-keying to wait for.
                in_order = keys[i] == 0 && (rekeyed || !self.cfg.history);
                debug_assert!(keys[i] >= 0, "a negative ordering key");
            }
            let m = moves[i];
            let tracing = ply < self.trace_plies;
            let t = self.trace.len();
            if tracing {
                self.trace.push(TraceNode {
                    ply,
                    mv: m,
                    alpha,
                    beta,
                    score: Score::DRAW,
                    cutoff: false,
                });
            }
            let quiet = keys[i] < ordering::KEY_KILLER - 1;
            let is_king = pos.cell(m.from) == crate::piece::KING;
            let undo = pos.make(m);
            let s = if pos.status() != Status::Ongoing {
                // Only the mover's own move can end the game this way: the mover won.
                self.pv_len[ply + 1] = 0;
                Score::win_in(ply + 1)
            } else {
                let child_pv = on_pv && pv_move == Some(m);
                let quiet = quiet && undo.captures() == 0 && !is_king;
                self.search_child(pos, depth, ply, alpha, beta, child_pv, i, quiet)
            };
            let captured = undo.captures() > 0;
            pos.unmake(&undo);
            if self.stop {
                return Score::DRAW;
            }
            if tracing {
                self.trace[t].score = s;
                self.trace[t].cutoff = s >= beta;
            }
            if s > best {
                best = s;
                best_move = Some(m);
                if s > alpha {
                    alpha = s;
                    self.update_pv(ply, m);
                    if s >= beta {
                        if !captured {
                            if self.cfg.killers {
                                self.killers.add(ply, m);
                            }
                            if self.cfg.history {
                                self.history.reward(m, depth);
                            }
                        }
                        break;
                    }
                }
            }
        }
        if self.cfg.tt {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(Entry {
                key: pos.hash(),
                mv: best_move,
                score: best.to_tt(ply),
                depth: depth.min(i8::MAX as i32) as i8,
                bound,
            });
        }
        best
    }

    /// A draw's score for the side to move: `-contempt` if it is the side the search plays,
    /// `+contempt` if it is the opponent (0 without contempt).
    fn draw(&self, pos: &Position) -> Score {
        let c = self.cfg.contempt as i32;
        Score::new(if pos.side_to_move() == self.root_side {
            -c
        } else {
            c
        })
    }

    /// Null-move pruning ([`SearchConfig::null_move`](crate::config::SearchConfig)): whether
    /// passing still leaves the opponent unable to get below `beta` in a shallower search, so
    /// this null-window node can be cut. Not at the root or a full-window node, not right after
    /// a pass, not with a decided score in the window, not with a king route open (with the
    /// defenders to move that is a win found above; with the attackers, a pass loses at once),
    /// and only where the static score already reaches beta.
    fn null_move_cuts(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        (alpha, beta): (Score, Score),
        routes: Option<u8>,
    ) -> bool {
        if !self.cfg.null_move
            || depth < 3
            || ply == 0
            || beta != alpha.saturating_add(1)
            || beta.is_decided()
            || pos.history().len() == self.null_floor
            || routes.unwrap_or_else(|| escape_routes(pos)) > 0
            || evaluate_known(pos, &self.eval, &self.cfg.eval, routes) < beta
        {
            return false;
        }
        let r = 2 + depth / 6;
        let floor = self.null_floor;
        pos.make_null();
        self.null_floor = pos.history().len();
        let s = -self.negamax(pos, depth - 1 - r, ply + 1, -beta, -alpha, false);
        pos.unmake_null();
        self.null_floor = floor;
        !self.stop && s >= beta
    }

    /// Searches the child reached by the `i`-th move (already made) and returns its score for
    /// the parent: full window for the first move, else a null window (PVS), reduced by one ply
    /// for late quiet moves (LMR), with re-searches when the cheap search beats alpha.
    #[allow(clippy::too_many_arguments)]
    fn search_child(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        child_pv: bool,
        i: usize,
        quiet: bool,
    ) -> Score {
        let full = |me: &mut Searcher, pos: &mut Position, d: i32| {
            -me.negamax(pos, d, ply + 1, -beta, -alpha, child_pv)
        };
        let reduced = self.reduced_depth(depth, i, quiet);
        if i == 0 || !self.cfg.pvs {
            let d = reduced;
            let s = full(self, pos, d);
            if d < depth - 1 && s > alpha && !self.stop {
                return full(self, pos, depth - 1);
            }
            return s;
        }
        let null = alpha.saturating_add(1);
        let d = reduced;
        let mut s = -self.negamax(pos, d, ply + 1, -null, -alpha, child_pv);
        if s > alpha && d < depth - 1 && !self.stop {
            s = -self.negamax(pos, depth - 1, ply + 1, -null, -alpha, child_pv);
        }
        if s > alpha && s < beta && !self.stop {
            s = full(self, pos, depth - 1);
        }
        s
    }

    /// The depth the `i`-th move's child is first searched to: `depth - 1`, or with LMR for a
    /// quiet move, one ply less from the 4th move on and two less from the 12th (never below 0).
    fn reduced_depth(&self, depth: i32, i: usize, quiet: bool) -> i32 {
        if !self.cfg.lmr || !quiet || depth < 3 || i < LMR_FIRST {
            return depth - 1;
        }
        let r = if i >= LMR_SECOND { 2 } else { 1 };
        (depth - 1 - r).max(0)
    }

    /// The principal variation at `ply` becomes `m` followed by the child's.
    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = if ply + 1 < super::MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][0] = m;
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len + 1;
    }

    /// Fills `keys` with the ordering keys of `list`'s moves for the enabled features;
    /// returns the count. Key order: TT move, PV move, captures, killers, history. A capture is
    /// a move that takes a piece or the king: the candidates (moves landing where
    /// `capture_squares` marks, the king's own moves only if he is armed) are probed on the
    /// board to see (`pos` is restored).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn order(
        &self,
        pos: &mut Position,
        list: &MoveList,
        ply: usize,
        tt_move: Option<Move>,
        pv_move: Option<Move>,
        keys: &mut [i16; MAX_MOVES],
    ) -> usize {
        // Only squares where a capture is possible: custodial and king captures, and the edge
        // squares where a shieldwall may close (the others need no probe).
        let marks = if self.cfg.captures_first {
            let (near, edge) = ordering::capture_parts(pos);
            pos.probe_squares(near, edge, Probe::Captures)
        } else {
            0
        };
        let king_armed = pos.rules().king_armed();
        let n = list.len();
        let list = list.as_slice();
        // The keys by rising priority, each kind written over the one before: history for
        // all, then the killers, the captures, the PV move and the TT move where they are
        // (one short scan each instead of every test on every move).
        if self.cfg.history {
            for (k, &m) in keys.iter_mut().zip(list) {
                *k = self.history.get(m);
            }
        } else {
            keys[..n].fill(0);
        }
        // Compared as `u16`s: one load and compare a move, not one a square.
        let at = |m: Option<Move>| m.and_then(|m| list.iter().position(|&x| x.pair() == m.pair()));
        if self.cfg.killers {
            let [k0, k1] = self.killers.pair(ply);
            if let Some(i) = at(k1) {
                keys[i] = ordering::KEY_KILLER - 1;
            }
            if let Some(i) = at(k0) {
                keys[i] = ordering::KEY_KILLER;
            }
        }
        if self.cfg.captures_first && marks != 0 {
            // The few marked squares as a table by square: a byte read a move instead of a
            // 128-bit test (the marks would not stay in registers across the loop).
            let mut marked = [false; CELLS];
            let l = pos.rules().layout();
            let mut rest = marks;
            while rest != 0 {
                marked[l.square(rest.trailing_zeros())] = true;
                rest &= rest - 1;
            }
            for (i, &m) in list.iter().enumerate() {
                if marked[m.to.index()]
                    && Some(m) != tt_move
                    && Some(m) != pv_move
                    && (king_armed || pos.cell(m.from) != crate::piece::KING)
                    && pos.probe(m, Probe::Captures)
                {
                    keys[i] = KEY_CAPTURE;
                }
            }
        }
        if let Some(i) = at(pv_move) {
            keys[i] = KEY_PV;
        }
        if let Some(i) = at(tt_move) {
            keys[i] = KEY_TT;
        }
        n
    }
}
