//! The race's tests: positions worked by hand, and every proof checked by a plain minimax.

use super::*;
use crate::config::SearchConfig;
use crate::piece::Side;
use crate::record::play_move_list;
use crate::rules::Rules;
use crate::search::Limits;
use crate::testutil::{defenders_win_within, preset_source_edit, shuttle_game, sparse_position};
use std::sync::Arc;

/// OpenTafl's Copenhagen (`tfr:w`: the player who moves into a repetition loses).
const CPH: &str = "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/\
                   t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";

fn searcher(rules: &Arc<Rules>, pos: &mut Position) -> Searcher {
    let mut s = Searcher::new(rules, SearchConfig::FULL);
    // The race reads the game's positions the search recorded at its root.
    s.search(pos, Limits::depth(1));
    s
}

fn at(variant: &str, board: &str, side: Side) -> (Arc<Rules>, Position) {
    let rules = Arc::new(Rules::preset(variant).unwrap());
    let pos = Position::from_string(rules.clone(), board, side).unwrap();
    (rules, pos)
}

#[test]
fn fork_needs_two_routes_and_a_safe_king() {
    // Brandubh (rank 1 first): king on a4, attackers on d1 and d7; the a-file is empty both
    // ways, so a1 and a7 are both open (two routes), and no attacker stands beside the king:
    // one move cannot take a king captured by two.
    let (_, p) = at("brandubh", "/3t3/7/7/K6/7/7/3t3/", Side::Attackers);
    let mut marks = [false; MAX_AREA];
    assert_eq!(route_squares(&p, &mut marks), 2);
    assert!(king_safe(&p) && is_fork(&p, 2));
    // An attacker on a5 (beside the king, on the a-file): one route left (a1), and an
    // attacker landing on a3 would take the king: no fork, not safe.
    let (_, p) = at("brandubh", "/3t3/7/7/K6/t6/7/3t3/", Side::Attackers);
    assert_eq!(route_squares(&p, &mut [false; MAX_AREA]), 1);
    assert!(!king_safe(&p));
    // Copenhagen's king is taken by four: beside one attacker, it is still safe.
    let (_, p) = at(
        "copenhagen",
        "/11/11/11/11/t10/K10/11/11/11/11/5t5/",
        Side::Attackers,
    );
    assert!(king_safe(&p));
}

#[test]
fn a_fork_in_one_is_found_and_scored() {
    // Brandubh, defenders to move, king on b4: b4-a4 forks a1 and a7 (see above). The race
    // proves it in three plies: the fork, any attackers' move, the king steps out.
    let (rules, mut p) = at("brandubh", "/3t3/7/7/1K5/7/7/3t3/", Side::Defenders);
    let mut s = searcher(&rules, &mut p);
    assert_eq!(s.race(&mut p, 3), 3);
    // With one ply fewer there is no room for the fork and its answer.
    assert_eq!(s.race(&mut p, 2), 0);
    // An open route already: one ply.
    let (rules, mut p) = at("brandubh", "/3t3/7/7/K6/7/7/3t3/", Side::Defenders);
    let mut s = searcher(&rules, &mut p);
    assert_eq!(s.race(&mut p, 9), 1);
}

#[test]
fn no_threat_no_race() {
    // Brandubh's start: the king's rays end on its own defenders, and stepping any of them off
    // its line shows an attacker behind it (d2, b4, f4, d6): no move opens a route.
    let (rules, mut p) = at(
        "brandubh",
        "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        Side::Defenders,
    );
    let mut s = searcher(&rules, &mut p);
    assert_eq!(s.race(&mut p, 9), 0);
    // Only the four openers' moves were made (and found harmless): each of c4, e4, d3 and d5
    // steps off the king's line three squares either way, 4 x 6 = 24.
    assert_eq!(s.race_nodes, 24);
}

#[test]
fn game_27_is_a_forced_escape_after_f10_f8() {
    // docs/strength.md's worked example: after these moves level 5 (before the race) played
    // f10-f8, and a 3M-node search finds the defenders' win c6-c1 b6-b1 c1-c2 ... The race
    // finds it: c6-c1 threatens b1 (a square the king has escaped from: a1 beside it), the
    // attackers' block b6-b1 stands beside the hostile corner, and the king's c1-c2 threatens
    // a2 while c2-c1 would take b1; shuffling b1-b2-b1 repeats, which tfr:w makes a loss for
    // the side that repeats.
    let rules = Arc::new(Rules::from_otr(CPH).unwrap());
    let mut pos = Position::start(rules.clone());
    play_move_list(
        &mut pos,
        "j6-j9 f8-b8 k8-c8 f4-i4 f2-f4 e5-e3 f1-f2 e3-f3 a4-f4 e6-e3 f4-a4 d6-d7 j9-k9 f6-c6",
    )
    .unwrap();
    let f10f8 = Move::new(
        rules.geometry().parse_square("f10").unwrap(),
        rules.geometry().parse_square("f8").unwrap(),
    );
    let mut s = searcher(&rules, &mut pos);
    let loss = s
        .race_refutes(&mut pos, f10f8, 9)
        .expect("the race refutes f10-f8");
    assert!(loss.get() < 0 && loss.is_decided(), "{loss}");
    assert!(s.race_nodes <= RACE_NODES, "{}", s.race_nodes);
}

#[test]
fn every_proof_is_a_real_win() {
    // Random sparse positions on 7x7 boards, defenders to move: whenever the race claims an
    // escape within p plies, a plain minimax over every move confirms a defenders' win within
    // p plies (p + 2 where the route ends on a square the king has escaped from: it still has
    // to step out). Rulesets: brandubh (hostile corners, no escaped squares) and brandubh
    // with corners harmless to the king (escaped squares b1, a2, ...).
    let harmless = preset_source_edit(
        "brandubh",
        "hostile = [\"attackers\", \"defenders\", \"king\"]\npass = [\"king\"]",
        "hostile = [\"attackers\", \"defenders\"]\npass = [\"king\"]",
    );
    let mut rng = crate::rng::Xorshift32::new(0x2545_f491);
    let mut proofs = 0;
    for rules in [Rules::preset("brandubh").unwrap(), harmless] {
        let rules = Arc::new(rules);
        let g = rules.geometry();
        for _ in 0..400 {
            let Some(mut pos) = sparse_position(&rules, Side::Defenders, &mut rng) else {
                continue;
            };
            let mut s = searcher(&rules, &mut pos);
            let p = s.race(&mut pos, 5);
            if p == 0 {
                continue;
            }
            proofs += 1;
            assert!(
                defenders_win_within(&mut pos, p + 2),
                "race claims {p} plies in {}",
                crate::notation::position_string(g, pos.cells())
            );
        }
    }
    // The sample must hold proofs of several lengths, or it checks little.
    assert!(proofs > 100, "{proofs}");
}

#[test]
fn the_games_own_position_is_not_judged_by_the_path_rule() {
    // The attackers' k10-j10 brought back a position of the game (its second time). Within a
    // race that is a loss for them (the path rule), so a race from it "wins" at once; from the
    // game's own position the king has no route and no race wins.
    let (rules, mut pos) = shuttle_game();
    let mut s = searcher(&rules, &mut pos);
    assert_eq!(crate::eval::escape_routes(&pos), 0);
    assert_eq!(s.race(&mut pos, 9), 1);
    assert_eq!(s.race_at_root(&mut pos, 9), 0);
}
