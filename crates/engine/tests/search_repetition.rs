//! The search and the game's history: for every repetition rule, a position whose best move
//! (without history) goes back to a position of the game. With the history, the search must
//! avoid that move when the rule makes it a loss, or a draw while it is winning; and take it
//! when the rule makes it a win, or a draw while it is losing.
//!
//! The positions are from a brandubh game; the history is built around the engine's own choice
//! `m` (so the test survives evaluation changes): from the position after `m`, the opponent
//! moves a piece away, our piece goes back, the opponent's piece returns, and we are at the
//! position again with `m` repeating the position after it.

use std::sync::Arc;

use tafl8_engine::config::SearchConfig;
use tafl8_engine::rules::preset_source;
use tafl8_engine::score::Score;
use tafl8_engine::search::{Limits, Searcher};
use tafl8_engine::{Move, MoveList, Position, Rules, Side};

/// Brandubh with repetition `rule`.
fn rules(rule: &str) -> Arc<Rules> {
    let src = preset_source("brandubh")
        .unwrap()
        .replace("result = \"draw\"", &format!("result = \"{rule}\""));
    Arc::new(Rules::from_toml(&src, "test.toml").unwrap())
}

fn best(pos: &mut Position) -> (Move, Score) {
    let mut s = Searcher::new(pos.rules(), SearchConfig::FULL);
    let r = s.search(pos, Limits::nodes(20_000));
    (r.best.expect("a move"), r.score)
}

/// `p` reached again through a history in which the position after `m` already occurred.
fn with_history(p: &Position, m: Move) -> Position {
    let mut after = p.clone();
    let undo = after.play(m).unwrap();
    assert_eq!(undo.captures(), 0, "the test needs a quiet move");
    let back = Move::new(m.to, m.from);
    let mut list = MoveList::new();
    after.gen_moves(&mut list);
    for &b in list.iter() {
        let away = Move::new(b.from, b.to);
        let home = Move::new(b.to, b.from);
        // A fresh game that starts at the position after `m`.
        let mut g =
            Position::from_cells(p.rules().clone(), *after.cells(), after.side_to_move()).unwrap();
        let ok = [away, back, home]
            .into_iter()
            .all(|mv| g.play(mv).is_ok_and(|u| u.captures() == 0));
        if ok && g.cells() == p.cells() && g.side_to_move() == p.side_to_move() {
            let mut again = g.clone();
            again.play(m).unwrap();
            assert_eq!(
                again.repetitions(),
                2,
                "m repeats the game's first position"
            );
            return g;
        }
    }
    panic!("no shuffle move found for the history")
}

/// Positions from a brandubh self-play game: attackers to move (the search scores them
/// ahead) and defenders to move (behind).
const POSITIONS: [(&str, Side); 2] = [
    ("/2t4/3t3/2TKTt1/tt2T1t/3T3/4t2/3t3/", Side::Attackers),
    ("/2t4/3t3/2TKTt1/t3T1t/1t1T3/4t2/3t3/", Side::Defenders),
];

/// For each position under `rule`: the move `m` chosen without history, and the search's
/// (best, score) with it.
fn cases(rule: &str) -> Vec<(Side, Move, Score, Move, Score)> {
    let r = rules(rule);
    POSITIONS
        .iter()
        .map(|&(s, side)| {
            let mut p = Position::from_string(r.clone(), s, side).unwrap();
            let (m, s0) = best(&mut p);
            assert!(
                !s0.is_decided(),
                "{s}: the test wants an undecided position"
            );
            let mut h = with_history(&p, m);
            let (b, s1) = best(&mut h);
            (side, m, s0, b, s1)
        })
        .collect()
}

#[test]
fn draw_rule_keeps_a_winning_position_and_takes_the_draw_when_behind() {
    for rule in ["draw", "ignored"] {
        for (side, m, s0, b, s1) in cases(rule) {
            if s0 > Score::DRAW {
                assert_ne!(b, m, "{rule}: {side} ahead ({s0}) repeated into a draw");
                assert!(s1 > Score::DRAW, "{rule}: {side} gave up its lead: {s1}");
            } else {
                assert_eq!(
                    (b, s1),
                    (m, Score::DRAW),
                    "{rule}: {side} behind ({s0}) takes the draw"
                );
            }
        }
    }
}

#[test]
fn mover_loses_never_repeats_and_mover_wins_always_does() {
    for (side, m, _, b, s1) in cases("mover-loses") {
        assert_ne!(b, m, "mover-loses: {side} walked into a lost repetition");
        assert!(!s1.is_decided(), "mover-loses: {side} {s1}");
    }
    for (side, m, _, b, s1) in cases("mover-wins") {
        assert_eq!((b, s1), (m, Score::win_in(1)), "mover-wins: {side}");
    }
}

#[test]
fn one_sided_rules_repeat_only_for_the_side_they_favour() {
    for (rule, loser) in [
        ("attackers-lose", Side::Attackers),
        ("defenders-lose", Side::Defenders),
    ] {
        for (side, m, _, b, s1) in cases(rule) {
            if side == loser {
                assert_ne!(b, m, "{rule}: {side} walked into a lost repetition");
            } else {
                assert_eq!(
                    (b, s1),
                    (m, Score::win_in(1)),
                    "{rule}: {side} wins by repeating"
                );
            }
        }
    }
}
