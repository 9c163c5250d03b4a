//! The Rust-only search switches: null-move pruning (`+null`) and contempt (`contempt=N`).
//! Neither is in the cart (`NOT_IN_CART`), so they are checked here against hand-computed
//! scores and against the search without them, not against the Lua.

use std::sync::Arc;

use tafl8_engine::config::SearchConfig;
use tafl8_engine::rules::preset_source;
use tafl8_engine::score::Score;
use tafl8_engine::search::{Limits, Searcher};
use tafl8_engine::{Position, Rules, Side};

fn cfg(spec: &str) -> SearchConfig {
    SearchConfig::parse(spec).unwrap()
}

/// A preset whose games are drawn after `limit` plies.
fn limited(variant: &str, limit: u16) -> Arc<Rules> {
    let src = preset_source(variant)
        .unwrap()
        .replace("move_limit = 0", &format!("move_limit = {limit}"));
    Arc::new(Rules::from_toml(&src, "limited.toml").unwrap())
}

#[test]
fn contempt_scores_a_draw_against_the_side_the_search_plays() {
    // One ply before the move limit no move from the start wins at once, so every root move
    // ends in a draw: the root's score is the draw's, seen by the side to move. Whichever side
    // that is, contempt makes it `-contempt`.
    let rules = limited("brandubh", 1);
    for side in [Side::Attackers, Side::Defenders] {
        let start = Position::start(rules.clone());
        let mut pos = Position::from_cells(rules.clone(), *start.cells(), side).unwrap();
        for (spec, want) in [
            ("full", 0),
            ("full,contempt=250", -250),
            ("full,+contempt", -100),
        ] {
            let mut s = Searcher::new(&rules, cfg(spec));
            let r = s.search(&mut pos, Limits::depth(3));
            assert_eq!(r.score, Score::new(want), "{spec}, {side:?} to move");
        }
    }
}

#[test]
fn contempt_counts_whoever_is_to_move_at_the_draw() {
    // Two plies before the limit the draw is reached with the root side to move (one ply
    // before, above, with its opponent to move): the root's score is `-contempt` either way.
    let rules = limited("brandubh", 2);
    let mut pos = Position::start(rules.clone());
    let mut s = Searcher::new(&rules, cfg("full,contempt=300"));
    let r = s.search(&mut pos, Limits::depth(4));
    assert_eq!(r.score, Score::new(-300));
}

#[test]
fn null_move_prunes_and_keeps_the_search_sound() {
    // At a fixed depth the pass cuts subtrees: fewer nodes, on every preset; and the same
    // depth's score stays a real evaluation (no win or loss invented by a pass).
    for variant in ["copenhagen", "tablut", "brandubh"] {
        let rules = Arc::new(Rules::preset(variant).unwrap());
        let mut nodes = [0u64; 2];
        for (i, spec) in ["full", "full,+null"].into_iter().enumerate() {
            let mut pos = Position::start(rules.clone());
            let mut s = Searcher::new(&rules, cfg(spec));
            let r = s.search(&mut pos, Limits::depth(5));
            assert!(!r.score.is_decided(), "{variant} {spec}: {}", r.score);
            assert!(r.best.is_some());
            nodes[i] = r.nodes;
        }
        assert!(
            nodes[1] < nodes[0],
            "{variant}: +null searched {} nodes, without it {}",
            nodes[1],
            nodes[0]
        );
    }
}
