//! The search: negamax alpha-beta with iterative deepening, the previous PV first, killers,
//! history, a transposition table that knows about repetition, quiescence and a king-escape
//! extension, and win scores that prefer the faster win. It is the specification of the AI the
//! cart runs in Lua, so every feature is a switch in [`SearchConfig`], every number fits PICO-8's
//! integers ([`Score`](crate::score::Score)) and the result is deterministic: the same config,
//! limits and position give the same move, score, PV and node count every run (a time limit is
//! the only exception).
//!
//! Repetition and the table: a node whose position already occurred (in the game before the
//! root, or on the search path 4, 6, ... plies up) is scored by the rules' repetition result
//! before the table is probed, so a stored score never hides a repetition; scores that a
//! repetition draw influenced can still be stored (path dependence, accepted as in most engines).
//! Each search starts with empty tables (TT, killers, history): results never depend on earlier
//! searches (the quiet race's guard resumes a timed search it guards, in the same `decide`).
//!
//! Files: `alpha_beta` (the recursive search), `qsearch` (quiescence), `iter_deep` (the root and
//! the iterative-deepening loop), `ordering` (move keys), `tt` (the table), `trace` (`--tree`),
//! `race` (the king race and the fork test), `guard` (the quiet race behind the
//! search's choice, Rust only), `game` (the game's hashes for repetition).

mod alpha_beta;
mod game;
mod guard;
mod iter_deep;
mod ordering;
mod qsearch;
mod race;
mod time;
mod trace;
mod tt;

pub use alpha_beta::{LMR_FIRST, LMR_SECOND};
pub use guard::{
    GuardReport, GUARD_RESERVE, QUIET_BUDGET, QUIET_RACE_NODES, QUIET_SHARE, QUIET_SHARE_DEFENDERS,
    QUIET_TRIES,
};
pub use iter_deep::{Iteration, Limits, RootScore, SearchResult};
#[cfg(test)]
pub(crate) use ordering::capture_parts;
pub use ordering::{
    capture_squares, is_capture_candidate, History, Killers, HISTORY_MAX, KEY_CAPTURE, KEY_KILLER,
    KEY_PV, KEY_TT,
};
pub use race::{is_fork, king_safe, RACE_NODES, RACE_TRIES};
pub use time::{kept, predict, Next, Pace, TimeLimit, TIME_CHECK_NODES};
pub use trace::TraceNode;
pub use tt::{Bound, Entry, Tt};

use std::time::Instant;

use crate::config::SearchConfig;
use crate::eval::Evaluator;
use crate::moves::Move;
use crate::rules::Rules;

/// Deepest ply the search reaches (extensions and quiescence included).
pub const MAX_PLY: usize = 64;

/// A search engine for one ruleset: its configuration, tables and per-search state.
#[derive(Clone, Debug)]
pub struct Searcher {
    cfg: SearchConfig,
    eval: Evaluator,
    tt: Tt,
    killers: Killers,
    history: History,
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    prev_pv: Vec<Move>,
    nodes: u64,
    limits: Limits,
    stop: bool,
    start: Option<Instant>,
    /// When the running iteration is cut (from `start`; `None` without a time limit).
    until: Option<std::time::Duration>,
    /// The hashes of the game before the root (for repetition), and the history length at the
    /// root (entries past it are the search path).
    game: game::GameHashes,
    root_len: usize,
    /// At the root, moves within this margin of the best get exact scores (difficulty levels).
    root_margin: i16,
    root_scores: Vec<RootScore>,
    trace_plies: usize,
    trace: Vec<TraceNode>,
    /// Nodes of the race under way (its budget is [`RACE_NODES`]).
    race_nodes: u32,
    /// The most nodes one race makes ([`RACE_NODES`], more inside the quiet race's guard).
    race_cap: u32,
    /// Race nodes since the searcher was made (for reports).
    race_total: u64,
    /// What the quiet race's guard did in the last `decide`.
    guard: GuardReport,
    /// The side the search plays (contempt scores draws against it).
    root_side: crate::piece::Side,
    /// The history length just after the null move on the search path (0 = none): repetition
    /// looks no further back than the pass, and the next node does not pass again.
    null_floor: usize,
}

impl Searcher {
    /// A searcher for `rules` with `cfg`.
    pub fn new(rules: &Rules, cfg: SearchConfig) -> Searcher {
        Searcher::with_weights(rules, cfg, &crate::eval::WEIGHTS)
    }

    /// A searcher whose evaluation uses `weights` instead of the defaults (for tuning: the cart
    /// always plays [`crate::eval::WEIGHTS`]).
    pub fn with_weights(
        rules: &Rules,
        cfg: SearchConfig,
        weights: &crate::eval::Weights,
    ) -> Searcher {
        Searcher::with_evaluator(rules, cfg, Evaluator::with_weights(rules, weights))
    }

    /// A searcher whose evaluation is `eval` (fitted tables, tuning).
    pub fn with_evaluator(rules: &Rules, cfg: SearchConfig, eval: Evaluator) -> Searcher {
        let area = rules.geometry().area();
        Searcher {
            cfg,
            eval,
            tt: Tt::new(if cfg.tt { cfg.tt_bits } else { 0 }),
            killers: Killers::new(),
            history: History::new(area),
            pv: vec![[Move::default(); MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            prev_pv: Vec::new(),
            nodes: 0,
            limits: Limits::depth(1),
            stop: false,
            start: None,
            until: None,
            game: game::GameHashes::new(&[]),
            root_len: 0,
            root_margin: 0,
            root_scores: Vec::new(),
            trace_plies: 0,
            trace: Vec::new(),
            race_nodes: 0,
            race_cap: RACE_NODES,
            race_total: 0,
            guard: GuardReport::default(),
            root_side: crate::piece::Side::Attackers,
            null_floor: 0,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.cfg
    }

    /// The evaluator (weights and tables).
    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// Root moves within `margin` of the best get exact scores in [`SearchResult::root_scores`]
    /// (the others an upper bound); 0 = plain alpha-beta at the root.
    pub fn set_root_margin(&mut self, margin: i16) {
        self.root_margin = margin.max(0);
    }

    /// Race nodes searched since this searcher was made ([`Searcher::race`]).
    pub fn race_nodes(&self) -> u64 {
        self.race_total
    }

    /// Records the search tree down to `plies` plies of the last iteration (0 = off).
    pub fn set_trace(&mut self, plies: usize) {
        self.trace_plies = plies.min(MAX_PLY);
    }
}
