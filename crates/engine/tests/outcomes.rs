//! One test per kind of ending, plus `play`'s errors.

use std::sync::Arc;

use tafl8_engine::notation::parse_move;
use tafl8_engine::rules::preset_source;
use tafl8_engine::{EndReason, Outcome, PlayError, Position, Rules, Side, Status};

fn pos(variant: &str, s: &str, side: Side) -> Position {
    let rules = Arc::new(Rules::preset(variant).unwrap());
    Position::from_string(rules, s, side).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn play(p: &mut Position, mv: &str) {
    let m = parse_move(p.geometry(), mv).unwrap();
    p.play(m).unwrap_or_else(|e| panic!("{mv}: {e}"));
}

fn win(side: Side, reason: EndReason) -> Option<Outcome> {
    Some(Outcome {
        winner: Some(side),
        reason,
    })
}

#[test]
fn king_captured() {
    // ziege: d6-d3 closes b3-K(c3)-d3.
    let mut p = pos("ziege", "/7/7/1tK4/7/7/3t3/T6/", Side::Attackers);
    assert_eq!(p.outcome(), None);
    play(&mut p, "d6-d3");
    assert_eq!(p.status(), Status::KingCaptured);
    assert_eq!(p.outcome(), win(Side::Attackers, EndReason::KingCaptured));
}

#[test]
fn king_escapes_to_an_edge_in_ziege() {
    let mut p = pos("ziege", "/7/7/3T3/1K5/7/3t3/7/", Side::Defenders);
    play(&mut p, "b4-a4");
    assert_eq!(p.outcome(), win(Side::Defenders, EndReason::KingEscaped));
}

#[test]
fn king_escapes_only_to_a_corner_in_brandubh() {
    let mut p = pos("brandubh", "/7/7/3t3/7/7/7/1K5/", Side::Defenders);
    play(&mut p, "b7-b1");
    assert_eq!(
        p.status(),
        Status::Ongoing,
        "an edge square is not an escape"
    );
    let mut p = pos("brandubh", "/7/7/3t3/7/7/7/1K5/", Side::Defenders);
    play(&mut p, "b7-a7");
    assert_eq!(p.outcome(), win(Side::Defenders, EndReason::KingEscaped));
}

#[test]
fn exit_fort_wins_for_the_defenders() {
    // After g3-g1 the king on f1 has e1 to move to, walled by d1, e2, f2, g1: none can be taken.
    let s = "/3T1K5/4TT5/6T4/11/11/t10/11/11/11/11/5t5/";
    let mut p = pos("copenhagen", s, Side::Defenders);
    play(&mut p, "g3-g1");
    assert_eq!(p.outcome(), win(Side::Defenders, EndReason::ExitFort));
}

#[test]
fn breakable_fort_is_not_an_exit_fort() {
    // Inside e1, e2; the wall piece e3 has open squares on both sides (d3, f3): breakable.
    let s = "/3T1K5/3T1T5/4T1T4/11/11/t10/11/11/11/11/5t5/";
    let mut p = pos("copenhagen", s, Side::Defenders);
    play(&mut p, "g3-g1");
    assert_eq!(p.status(), Status::Ongoing);
    assert!(!p.is_exit_fort());
}

#[test]
fn surrounded_defenders_lose() {
    // e6-e3 completes a ring around the king (c3) and his defender (d3); the king is not captured.
    let s = "/11/2tt7/1tKT7/2tt7/11/4t6/11/11/11/11/11/";
    let mut p = pos("copenhagen", s, Side::Attackers);
    play(&mut p, "e6-e3");
    assert_eq!(p.outcome(), win(Side::Attackers, EndReason::Surrounded));
}

#[test]
fn side_without_moves_loses() {
    // ziege: the only attacker, on a1, is boxed in by a2 and b1.
    let p = pos("ziege", "/tT5/T6/7/3K3/7/7/7/", Side::Attackers);
    assert_eq!(p.outcome(), win(Side::Defenders, EndReason::NoMoves));
}

#[test]
fn threefold_repetition_draws_in_ziege() {
    let rules = Arc::new(Rules::preset("ziege").unwrap());
    let mut p = Position::start(rules);
    let cycle = ["a3-a2", "d2-d3", "a2-a3", "d3-d2"];
    for m in cycle {
        play(&mut p, m);
    }
    assert_eq!(p.repetitions(), 2);
    assert_eq!(p.outcome(), None);
    for m in cycle {
        play(&mut p, m);
    }
    assert_eq!(p.repetitions(), 3);
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Repetition
        })
    );
}

#[test]
fn repetition_can_lose_for_one_side() {
    let src = preset_source("ziege")
        .unwrap()
        .replace("result = \"draw\"", "result = \"defenders-lose\"");
    let mut p = Position::start(Arc::new(Rules::from_toml(&src, "test.toml").unwrap()));
    for _ in 0..2 {
        for m in ["a3-a2", "d2-d3", "a2-a3", "d3-d2"] {
            play(&mut p, m);
        }
    }
    assert_eq!(p.outcome(), win(Side::Attackers, EndReason::Repetition));
}

#[test]
fn repetition_can_lose_or_win_for_the_mover() {
    // The start position occurs for the third time after the 8th move, d3-d2, made by the
    // defenders: OpenTafl's `tfr:w` (mover-loses) gives the game to the attackers, `tfr:l`
    // (mover-wins) to the defenders.
    for (rule, winner) in [
        ("mover-loses", Side::Attackers),
        ("mover-wins", Side::Defenders),
    ] {
        let src = preset_source("ziege")
            .unwrap()
            .replace("result = \"draw\"", &format!("result = \"{rule}\""));
        let mut p = Position::start(Arc::new(Rules::from_toml(&src, "test.toml").unwrap()));
        for i in 0..8 {
            assert_eq!(p.outcome(), None, "{rule}, before move {}", i + 1);
            play(&mut p, ["a3-a2", "d2-d3", "a2-a3", "d3-d2"][i % 4]);
        }
        assert_eq!(p.side_to_move(), Side::Attackers);
        assert_eq!(p.outcome(), win(winner, EndReason::Repetition), "{rule}");
    }
}

#[test]
fn move_limit_draws() {
    let src = preset_source("ziege")
        .unwrap()
        .replace("move_limit = 0", "move_limit = 2");
    let mut p = Position::start(Arc::new(Rules::from_toml(&src, "test.toml").unwrap()));
    play(&mut p, "a3-a2");
    assert_eq!(p.outcome(), None);
    play(&mut p, "d2-d3");
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::MoveLimit
        })
    );
}

#[test]
fn play_explains_illegal_moves() {
    let rules = Arc::new(Rules::preset("brandubh").unwrap());
    let start = Position::start(rules);
    let g = start.geometry();
    let err = |mv: &str| {
        let mut p = start.clone();
        let e = p.play(parse_move(g, mv).unwrap()).unwrap_err();
        assert_eq!(p, start, "a rejected move leaves the position unchanged");
        e
    };
    assert!(matches!(err("a1-a2"), PlayError::NoPiece(s) if s == "a1"));
    assert!(matches!(err("d3-c3"), PlayError::WrongSide { .. }));
    assert!(matches!(err("d1-e2"), PlayError::NotStraight { .. }));
    assert!(matches!(err("d1-d3"), PlayError::Blocked { blocker } if blocker == "d2"));
    assert!(matches!(err("d1-d1"), PlayError::NullMove(_)));
    // Only the king may stop on a corner; attackers on a4 may not go to a1.
    assert!(matches!(err("a4-a1"), PlayError::CannotStop(s) if s == "a1"));
    let msg = err("d1-d3").to_string();
    assert!(msg.contains("d2") && msg.contains("blocks"), "{msg}");
    // After the king is captured, nothing more may be played.
    let mut p = pos("ziege", "/7/7/1tK4/7/7/3t3/T6/", Side::Attackers);
    play(&mut p, "d6-d3");
    let e = p.play(parse_move(g, "b3-b2").unwrap()).unwrap_err();
    assert!(matches!(e, PlayError::GameOver(Status::KingCaptured)));
}

#[test]
fn tablut_nobody_stops_on_the_throne_but_all_cross_it() {
    // Attacker on e8 may cross the empty throne e5 to e2 but not stop on it.
    let p = pos("tablut", "/9/9/9/9/9/1K7/9/4t4/9/", Side::Attackers);
    let g = p.geometry();
    let mut q = p.clone();
    assert!(matches!(
        q.play(parse_move(g, "e8-e5").unwrap()),
        Err(PlayError::CannotStop(s)) if s == "e5"
    ));
    assert!(q.play(parse_move(g, "e8-e2").unwrap()).is_ok());
}
