//! Sound effects through the cart's own UI: picking a piece, a quiet move, a capture, a won game
//! and a lost game each call `sfx` with their own effect (the numbers `assets/sfx.txt` gives
//! them), and those effects are audible (some note has a volume) and differ from each other.
//! The runner records `sfx` calls instead of playing them (`tafl8 run --json` lists them too).

mod game_support;

use game_support::*;
use tafl8_codegen::{build, reason_code, BuildRequest};
use tafl8_engine::{EndReason, Rules};

/// The effects, as `assets/sfx.txt` numbers them.
const MOVE: i64 = 0;
const CAPTURE: i64 = 1;
const WIN: i64 = 2;
const LOSE: i64 = 3;
const PICK: i64 = 4;

/// Attackers and defenders in the cart's cells.
const ATTACKER: u8 = 1;
const DEFENDER: u8 = 2;
const KING: u8 = 3;
const EMPTY: u8 = 0;

#[test]
fn event_effects_are_audible_and_distinct() {
    let built = build(&BuildRequest::full(Rules::preset("ziege").unwrap())).unwrap();
    let lines: Vec<&str> = built
        .cart
        .section("sfx")
        .expect("the cart has sound effects")
        .lines()
        .collect();
    // A `__sfx__` line: 8 hex digits of header (editor mode, speed, loop start, loop end), then
    // 32 notes of 5 hex digits: pitch (2), waveform, volume, effect.
    let notes = |n: i64| -> Vec<[u8; 5]> {
        let line = lines[n as usize].as_bytes();
        assert_eq!(line.len(), 168, "effect {n}");
        line[8..]
            .chunks(5)
            .map(|c| {
                let mut a = [0; 5];
                for (d, h) in a.iter_mut().zip(c) {
                    *d = (*h as char).to_digit(16).unwrap() as u8;
                }
                a
            })
            .collect()
    };
    let events = [MOVE, CAPTURE, WIN, LOSE, PICK];
    for n in events {
        let speed = u8::from_str_radix(&lines[n as usize][2..4], 16).unwrap();
        assert!(speed > 0, "effect {n} has speed 0");
        let audible = notes(n).iter().filter(|a| a[3] > 0).count();
        assert!(audible >= 2, "effect {n}: {audible} audible notes");
    }
    for (i, a) in events.iter().enumerate() {
        for b in &events[i + 1..] {
            assert_ne!(
                notes(*a),
                notes(*b),
                "effects {a} and {b} are the same sound"
            );
        }
    }
}

/// A two-player game scripted by hand on ziege's start position (`tafl8 rules --variant ziege`;
/// the king is armed and escapes to any edge square):
///
/// ```text
///   7 . . a a a . .      a attacker, d defender, k the king
///   6 . d . d . d .      1. c1-c3   b2-c2
///   5 a . . . . . a      2. g5-g6   d4-c4  (the king and c2 capture c3)
///   4 a d . k . d a      3. g6-g5   c2-b2
///   3 a . . . . . a      4. e7-f7   c4-c1  (the king reaches the edge: the defenders win)
///   2 . d . d . d .
///   1 . . a a a . .
///     a b c d e f g
/// ```
#[test]
fn moves_captures_and_a_win_play_their_effects() {
    let mut p = Player::new("ziege");
    p.start(TWO_PLAYERS, 1);
    let s = p.state();
    let at = |p: &Player, f: i32, r: i32| p.square(f, r);
    for (f, r, c) in [
        (3, 1, ATTACKER),
        (3, 2, EMPTY),
        (3, 3, EMPTY),
        (2, 2, DEFENDER),
        (4, 4, KING),
        (3, 4, EMPTY),
        (7, 5, ATTACKER),
        (5, 7, ATTACKER),
        (6, 7, EMPTY),
    ] {
        assert_eq!(s.cell(at(&p, f, r)), c, "start position at {f},{r}");
    }
    let script = [
        ((3, 1), (3, 3), MOVE),
        ((2, 2), (3, 2), MOVE),
        ((7, 5), (7, 6), MOVE),
        ((4, 4), (3, 4), CAPTURE),
        ((7, 6), (7, 5), MOVE),
        ((3, 2), (2, 2), MOVE),
        ((5, 7), (6, 7), MOVE),
        ((3, 4), (3, 1), MOVE),
    ];
    for ((ff, fr), (tf, tr), effect) in script {
        let (from, to) = (at(&p, ff, fr), at(&p, tf, tr));
        let (pick, moved) = p.ui_move(from, to);
        assert_eq!(pick, [PICK], "picking {ff},{fr}");
        assert_eq!(moved, [effect], "moving {ff},{fr}-{tf},{tr}");
        if effect == CAPTURE {
            assert_eq!(p.state().cell(at(&p, 3, 3)), EMPTY, "c3 was captured");
        }
        let n = p.sfx_calls().len();
        let s = p.wait_for_human();
        if s.res.is_none() {
            assert_eq!(p.sfx_calls().len(), n, "no sound between moves");
        }
    }
    let s = p.state();
    assert_eq!(
        (s.res, s.why),
        (
            Some(2),
            Some(i32::from(reason_code(EndReason::KingEscaped)))
        ),
        "the king escaped: {s:?}"
    );
    // The win jingle follows the last move's sound, once.
    assert_eq!(p.sfx_calls().last(), Some(&WIN));
    assert_eq!(
        p.sfx_calls()
            .iter()
            .filter(|&&e| e == WIN || e == LOSE)
            .count(),
        1
    );
    p.assert_cpu();
}

#[test]
fn a_game_lost_to_the_ai_plays_the_lose_effect() {
    // A human who plays random moves as the attackers against the level-1 AI loses.
    let mut p = Player::new("ziege");
    let mut dice = Dice(0x5eed_0001);
    p.start(PLAY_ATTACKERS, 1);
    let (res, _, moves) = p.play_out(&mut dice, usize::MAX);
    assert_eq!(res, 2, "the AI (the scientists) won after {moves} moves");
    let calls = p.sfx_calls();
    assert_eq!(calls.last(), Some(&LOSE), "{calls:?}");
    assert!(
        !calls.contains(&WIN),
        "no win jingle in a lost game: {calls:?}"
    );
    assert_eq!(calls.iter().filter(|&&e| e == LOSE).count(), 1);
    // Every move played the move or the capture effect: the AI's moves too.
    let moved = calls.iter().filter(|&&e| e == MOVE || e == CAPTURE).count();
    assert_eq!(
        moved, moves,
        "one move or capture sound per move: {calls:?}"
    );
    p.assert_cpu();
}
