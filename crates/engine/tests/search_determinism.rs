//! Search properties: determinism (same config + position => same move, score, PV and nodes),
//! agreement with a naive minimax, legal principal variations, and the node budget.

use std::sync::Arc;

use tafl8_engine::config::EvalConfig;
use tafl8_engine::config::SearchConfig;
use tafl8_engine::eval::{evaluate, Evaluator};
use tafl8_engine::score::{Score, INF};
use tafl8_engine::search::{Limits, Searcher};
use tafl8_engine::{MoveList, Position, Rules, Status};

fn start(variant: &str) -> Position {
    Position::start(Arc::new(Rules::preset(variant).unwrap()))
}

/// A few plies into a game, so positions are not symmetric starts.
fn midgame(variant: &str, plies: usize) -> Position {
    let mut pos = start(variant);
    let mut list = MoveList::new();
    for i in 0..plies {
        pos.gen_moves(&mut list);
        let m = list.as_slice()[(i * 7 + 3) % list.len()];
        pos.make(m);
        assert_eq!(pos.status(), Status::Ongoing);
    }
    pos
}

#[test]
fn same_config_and_position_give_the_same_result() {
    for variant in ["brandubh", "ziege", "tablut"] {
        let pos = midgame(variant, 4);
        let rules = pos.rules().clone();
        let depth = if variant == "tablut" { 3 } else { 5 };
        let mut a = Searcher::new(&rules, SearchConfig::FULL);
        let mut p1 = pos.clone();
        let r1 = a.search(&mut p1, Limits::depth(depth));
        // The same searcher again (its tables must not leak between searches) ...
        let r2 = a.search(&mut p1, Limits::depth(depth));
        // ... and a fresh one on a fresh copy.
        let mut p3 = pos.clone();
        let r3 = Searcher::new(&rules, SearchConfig::FULL).search(&mut p3, Limits::depth(depth));
        assert_eq!(
            r1.without_times(),
            r2.without_times(),
            "{variant}: repeated search differs"
        );
        assert_eq!(
            r1.without_times(),
            r3.without_times(),
            "{variant}: a fresh searcher differs"
        );
        assert!(r1.nodes > 100, "{variant}: the search did work");
        // The position is restored.
        assert_eq!(
            p1, pos,
            "{variant}: search must leave the position as it found it"
        );
    }
}

#[test]
fn node_budget_is_respected_and_deterministic() {
    let mut pos = start("brandubh");
    let rules = pos.rules().clone();
    let mut s = Searcher::new(&rules, SearchConfig::FULL);
    let r = s.search(&mut pos, Limits::nodes(5_000));
    assert!(r.nodes <= 5_000, "{} nodes", r.nodes);
    assert!(r.depth >= 2 && r.best.is_some());
    let r2 = s.search(&mut pos, Limits::nodes(5_000));
    assert_eq!(r.without_times(), r2.without_times());
}

/// Naive negamax with the same evaluation and terminal scores, no pruning at all.
fn minimax(pos: &mut Position, ev: &Evaluator, cfg: &EvalConfig, depth: u32, ply: usize) -> Score {
    if depth == 0 {
        return evaluate(pos, ev, cfg);
    }
    let mut list = MoveList::new();
    pos.gen_moves(&mut list);
    if list.is_empty() {
        return Score::loss_in(ply);
    }
    let mut best = Score::NEG_INF;
    for &m in list.iter() {
        let u = pos.make(m);
        let s = if pos.status() != Status::Ongoing {
            Score::win_in(ply + 1)
        } else {
            -minimax(pos, ev, cfg, depth - 1, ply + 1)
        };
        pos.unmake(&u);
        best = best.max(s);
    }
    best
}

#[test]
fn alpha_beta_without_heuristics_equals_minimax() {
    // Alpha-beta with move ordering (PV first, TT move, killers, history) but no pruning beyond
    // alpha-beta and no extensions must return exactly the minimax value.
    let cfg = SearchConfig::parse("seed,+tt,+killers,+history,+captures,-pvs,-lmr").unwrap();
    for (variant, plies) in [("brandubh", 3), ("ziege", 5), ("brandubh", 8)] {
        let mut pos = midgame(variant, plies);
        let rules = pos.rules().clone();
        let mut s = Searcher::new(&rules, cfg);
        let r = s.search(&mut pos, Limits::depth(3));
        let ev = Evaluator::new(&rules);
        let want = minimax(&mut pos, &ev, &cfg.eval, 3, 0);
        assert_eq!(r.score, want, "{variant} after {plies} plies");
    }
}

#[test]
fn principal_variations_are_legal_and_scores_in_range() {
    for variant in ["brandubh", "ziege", "copenhagen"] {
        let mut pos = midgame(variant, 2);
        let rules = pos.rules().clone();
        let depth = if variant == "copenhagen" { 3 } else { 5 };
        let r = Searcher::new(&rules, SearchConfig::FULL).search(&mut pos, Limits::depth(depth));
        assert_eq!(r.pv.first().copied(), r.best);
        let mut p = pos.clone();
        for &m in &r.pv {
            p.play(m)
                .unwrap_or_else(|e| panic!("{variant}: PV move illegal: {e}"));
        }
        for it in &r.iterations {
            assert!(it.score.get().abs() <= INF);
        }
        assert_eq!(r.iterations.len(), depth as usize);
    }
}
