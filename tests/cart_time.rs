//! The cart's thinking time: its level 5 run as the game runs it (a coroutine resumed once a
//! frame in the runner, yielding when the frame's CPU is spent) keeps its CPU within the level's
//! time, and where the time stops it, it plays what the engine plays with the nodes it reached
//! (the cart stops at a node exactly as a node budget stops the engine there).

use tafl8_diff::cart_player::{cart_think, check};
use tafl8_diff::{CasePos, Target};
use tafl8_engine::difficulty::Level;
use tafl8_engine::record::parse_move_record;

/// A Copenhagen middlegame, 49 plies of a level-5 self-play game (`tafl8 bench cart --variant
/// copenhagen --game 5 --seed 3`), where a node costs about five times what it costs at the
/// start: level 5's node budget would take the cart past 14 PICO-8 seconds here.
const MIDDLEGAME: &str = "f2-g2 f4-e4 j6-j4 f5-f3 d1-d2 f6-f4 j4-h4 g5-h5 g2-g3 g7-g8 e1-e3 \
    f4-f2 h4-h2 f2-e2 f1-e1 e4-i4 e1-b1 i4-c4 d2-c2 e2-e1 b1-d1 e1-e3 b6-b3 e3-d3 b3-c3 d6-c6 \
    d11-d6 g6-e6 a8-d8 d3-d7 f10-b10 d7-b7 a5-b5 b7-b9 d8-d9 b9-c9 e11-c11 c9-a9 b10-a10 a9-b9 \
    a10-b10 b9-c9 a7-a9 e7-e9 b5-c5 e9-e10 h11-h9 g8-h8 g3-g10";

fn at(target: &Target, moves: &str) -> CasePos {
    let mut p = CasePos::start(&target.rules);
    let mut pos = p.position(&target.rules);
    for m in moves.split_whitespace() {
        let mv = parse_move_record(target.rules.geometry(), m).unwrap().mv;
        pos.play(mv).unwrap();
        p.moves.push(mv);
    }
    p
}

#[test]
fn level_5_keeps_its_time_and_plays_the_engines_move() {
    for (variant, moves) in [
        ("copenhagen", MIDDLEGAME),
        ("brandubh", ""),
        ("copenhagen", ""),
    ] {
        let target = Target::preset(variant, "engine").unwrap();
        let level = Level::of(&target.rules, 5).unwrap();
        let pos = at(&target, moves);
        let cart = cart_think(&target, &pos, 5, 0x1234_5678).unwrap();
        // The time is charged once a frame, where the search yields: it may run over by the
        // rest of that frame.
        assert!(
            cart.cpu_frames <= f64::from(level.frames) + 1.0,
            "{variant}: {} frames of CPU, {} allowed",
            cart.cpu_frames,
            level.frames
        );
        check(&target, &pos, 5, 0x1234_5678, &cart).unwrap_or_else(|e| panic!("{variant}: {e}"));
        if !moves.is_empty() {
            assert!(
                cart.timed_out && cart.nodes < level.nodes,
                "{variant}: {cart:?}"
            );
        }
    }
}
