//! Difficulty levels: reproducible from the seed, varied across seeds against the same opponent,
//! and measurably different in strength.

use std::sync::Arc;

use tafl8_engine::config::SearchConfig;
use tafl8_engine::difficulty::{seeded_rng, think, Level};
use tafl8_engine::search::{Limits, Searcher};
use tafl8_engine::{Move, Position, Rules, Side};

/// Plays `level` (as `level_side`) against the deterministic full engine at depth 2; returns the
/// moves and the winner (`None` for a draw or the ply cap).
fn game(
    variant: &str,
    level: u8,
    level_side: Side,
    seed: u32,
    max_plies: u16,
) -> (Vec<Move>, Option<Side>) {
    let rules = Arc::new(Rules::preset(variant).unwrap());
    let mut pos = Position::start(rules.clone());
    let lvl = Level::get(level).unwrap();
    let mut me = Searcher::new(&rules, SearchConfig::FULL);
    let mut opp = Searcher::new(&rules, SearchConfig::FULL);
    let mut rng = seeded_rng(seed);
    let mut moves = Vec::new();
    while pos.outcome().is_none() && pos.ply() < max_plies {
        let m = if pos.side_to_move() == level_side {
            think(&mut me, &mut pos, &lvl, &mut rng)
        } else {
            opp.search(&mut pos, Limits::depth(2)).best
        }
        .expect("a move in an ongoing game");
        pos.play(m).unwrap();
        moves.push(m);
    }
    (moves, pos.outcome().and_then(|o| o.winner))
}

#[test]
fn same_seed_same_game_other_seeds_other_games() {
    for level in [3, 5] {
        let (a, _) = game("ziege", level, Side::Attackers, 11, 30);
        let (b, _) = game("ziege", level, Side::Attackers, 11, 30);
        assert_eq!(
            a, b,
            "level {level}: the same seed must replay the same game"
        );
        let distinct: std::collections::HashSet<Vec<Move>> = (1..=4)
            .map(|seed| game("ziege", level, Side::Attackers, seed, 30).0)
            .collect();
        assert!(
            distinct.len() >= 3,
            "level {level}: 4 seeds gave only {} different games against the same opponent",
            distinct.len()
        );
    }
}

#[test]
fn level_five_beats_level_one() {
    // Two pairs of games, sides swapped, on brandubh (both sides can win there).
    let rules = Arc::new(Rules::preset("brandubh").unwrap());
    let (l1, l5) = (Level::get(1).unwrap(), Level::get(5).unwrap());
    let mut five_score = 0.0;
    for seed in 1..=2u32 {
        for five_side in [Side::Attackers, Side::Defenders] {
            let mut pos = Position::start(rules.clone());
            let mut s1 = Searcher::new(&rules, SearchConfig::FULL);
            let mut s5 = Searcher::new(&rules, SearchConfig::FULL);
            let mut rng = seeded_rng(seed);
            while pos.outcome().is_none() && pos.ply() < 150 {
                let m = if pos.side_to_move() == five_side {
                    think(&mut s5, &mut pos, &l5, &mut rng)
                } else {
                    think(&mut s1, &mut pos, &l1, &mut rng)
                }
                .unwrap();
                pos.play(m).unwrap();
            }
            five_score += match pos.outcome().and_then(|o| o.winner) {
                Some(w) if w == five_side => 1.0,
                None => 0.5,
                _ => 0.0,
            };
        }
    }
    assert!(
        five_score >= 3.5,
        "level 5 scored only {five_score}/4 against level 1"
    );
}

#[test]
fn levels_are_ordered_by_budget_and_narrowing_choice() {
    for w in tafl8_engine::difficulty::LEVELS.windows(2) {
        assert!(w[0].nodes < w[1].nodes && w[0].depth <= w[1].depth);
        assert!(
            w[0].margin > w[1].margin,
            "higher levels choose closer to the best"
        );
    }
}
