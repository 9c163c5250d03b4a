//! The cart's repetition rules against the Rust engine, with a game history: for each rule
//! (draw, one side loses, the mover loses as in OpenTafl's Copenhagen, the mover wins), the cart
//! searches a position whose best move repeats a position of the game, and plays every move from
//! a position where one of them repeats it a third time (the game's end by repetition, and its
//! winner). Random playouts almost never repeat a position, so these need positions of their own.

use std::sync::Arc;

use tafl8_diff::{compare, Case, CasePos, Check, Runner, Target};
use tafl8_engine::config::SearchConfig;
use tafl8_engine::rules::preset_source;
use tafl8_engine::search::{Limits, Searcher};
use tafl8_engine::{EndReason, Move, MoveList, Position, Rules, Side};

/// Brandubh with repetition `rule`.
fn rules(rule: &str) -> Arc<Rules> {
    let src = preset_source("brandubh")
        .unwrap()
        .replace("result = \"draw\"", &format!("result = \"{rule}\""));
    Arc::new(Rules::from_toml(&src, "test.toml").unwrap())
}

/// From a brandubh game, attackers to move: the engine's choice `m` here is a quiet move, and
/// the history is built so that `m` goes back to the game's first position (see
/// `crates/engine/tests/search_repetition.rs`).
const POSITION: &str = "/2t4/3t3/2TKTt1/tt2T1t/3T3/4t2/3t3/";

/// The game: the position after `m` (base), then `cycles` times (defender away, `m` back,
/// defender home, and — between cycles — `m` again).
fn game(rules: &Arc<Rules>, cycles: usize) -> (CasePos, Move) {
    let mut p = Position::from_string(rules.clone(), POSITION, Side::Attackers).unwrap();
    let m = Searcher::new(rules, SearchConfig::FULL)
        .search(&mut p, Limits::nodes(20_000))
        .best
        .unwrap();
    let mut after = p.clone();
    after.play(m).unwrap();
    let mut list = MoveList::new();
    after.gen_moves(&mut list);
    let back = Move::new(m.to, m.from);
    for &away in list.iter() {
        let home = Move::new(away.to, away.from);
        let mut moves = Vec::new();
        for c in 0..cycles {
            if c > 0 {
                moves.push(m);
            }
            moves.extend([away, back, home]);
        }
        let mut g = Position::from_cells(rules.clone(), *after.cells(), Side::Defenders).unwrap();
        if moves
            .iter()
            .all(|&mv| g.play(mv).is_ok_and(|u| u.captures() == 0))
            && g.cells() == p.cells()
        {
            let base = CasePos {
                cells: *after.cells(),
                side: Side::Defenders,
                moves,
            };
            return (base, m);
        }
    }
    panic!("no shuffle move found")
}

#[test]
fn repetition_rules_match_rust_with_a_game_history() {
    for (rule, winner) in [
        ("draw", None),
        ("defenders-lose", Some(Side::Attackers)),
        ("mover-loses", Some(Side::Defenders)),
        ("mover-wins", Some(Side::Attackers)),
    ] {
        let rules = rules(rule);
        let target = Target::new(rules.clone(), "full").expect("cart builds");
        let (once, m) = game(&rules, 1);
        let (twice, _) = game(&rules, 2);
        // Independent of the cart: with two earlier occurrences, `m` ends the game by
        // repetition, won by the side the rule names (the attackers make the move).
        let mut p = twice.position(&rules);
        p.play(m).unwrap();
        let o = p.outcome().expect("third occurrence ends the game");
        assert_eq!(
            (o.winner, o.reason),
            (winner, EndReason::Repetition),
            "{rule}"
        );

        let cases: Vec<Case> = [
            (once.clone(), Check::Search { depth: 3, nodes: 0 }),
            (twice.clone(), Check::Search { depth: 3, nodes: 0 }),
            (twice, Check::Moves),
        ]
        .into_iter()
        .map(|(pos, check)| Case { pos, check })
        .collect();
        let r = compare(&target, &Runner, &cases, 60, &mut |_| {}).expect("harness runs");
        assert_eq!(r.cases, 3);
        assert_eq!(
            r.mismatches, 0,
            "{rule}: the cart differs:\n{}",
            r.details[0]
        );
    }
}
