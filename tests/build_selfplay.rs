//! The cart's own game loop (AI against AI, book moves first, thinking in a coroutine that yields when the frame's
//! CPU is nearly spent) plays exactly the moves the Rust engine's `difficulty::think` plays from
//! the same seed, and no frame goes over PICO-8's CPU budget while it thinks.

use std::sync::Arc;

use tafl8_codegen::{build, BuildRequest};
use tafl8_engine::book::Book;
use tafl8_engine::config::SearchConfig;
use tafl8_engine::difficulty::{seeded_rng, think, Level};
use tafl8_engine::search::Searcher;
use tafl8_engine::{Position, Rules};
use tafl8_runner::session::{RunOptions, Session};

/// The seed and level the self-play cart uses (`ScreenContext`).
const SEED: u32 = 0x7AF1_0001;
const LEVEL: u8 = 3;

#[test]
fn cart_self_play_matches_rust_and_never_freezes() {
    self_play("ziege", 450, 4);
}

#[test]
fn bigger_boards_self_play_matches_rust_and_never_freezes() {
    // Bigger boards think longer per move: fewer moves in the frames run, same checks.
    for name in ["brandubh", "tablut", "copenhagen"] {
        self_play(name, 240, 1);
    }
}

fn self_play(variant: &str, frames: u32, min_moves: usize) {
    let rules = Arc::new(Rules::preset(variant).unwrap());
    let built = build(&BuildRequest::full((*rules).clone())).unwrap();
    let mut cart = built.cart.clone();
    // Report each move the game makes (the game sets `last` after making it).
    cart.set_lua(&format!(
        "{}\nlocal up=_update\nfunction _update()\n local l=last\n up()\n if last~=l then\n  printh(last)\n end\nend\n",
        built.code
    ));
    // The wrapper's tokens come on top of a full cart (Copenhagen's is within 8 of the limit).
    let limits = tafl8_runner::vm::Limits {
        code_limits: false,
        ..Default::default()
    };
    let session = Session::from_cart(&cart, "selfplay.p8", limits).unwrap();
    let report = session
        .run(&RunOptions {
            frames,
            ..Default::default()
        })
        .unwrap();
    // The first game's moves: a game that ends inside the run is followed by a new one, whose
    // start resets `last` (printed as `false`).
    let lua_moves: Vec<i64> = report.printh.iter().map_while(|l| l.parse().ok()).collect();
    if let Some(l) = report.printh.get(lua_moves.len()) {
        assert_eq!(l, "false", "{variant}: a printh line that is not a move");
    }
    assert!(
        lua_moves.len() >= min_moves,
        "{variant}: the AI should make {min_moves}+ moves in {frames} frames: {lua_moves:?}"
    );
    // The run is short enough that each point of the series is one frame.
    assert_eq!(report.cpu.frames_per_point(), 1);
    let over: Vec<(usize, u64)> = report
        .cpu
        .series()
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > report.cpu.budget)
        .map(|(i, &c)| (i + 1, c))
        .collect();
    assert!(
        over.is_empty(),
        "{variant}: frames over the CPU budget {}: {over:?}",
        report.cpu.budget
    );

    let g = rules.geometry();
    let mut pos = Position::start(rules.clone());
    let mut searcher = Searcher::new(&rules, SearchConfig::of_rules(&rules));
    let mut rng = seeded_rng(SEED);
    let level = Level::of(&rules, LEVEL).unwrap();
    let book = Book::builtin(&rules);
    let mut rust_moves = Vec::new();
    for _ in 0..lua_moves.len() {
        let from_book = book.as_ref().and_then(|b| b.choose(&pos, &mut rng));
        let m = from_book
            .or_else(|| think(&mut searcher, &mut pos, &level, &mut rng))
            .expect("a move");
        rust_moves.push(i64::from(m.code(g)));
        pos.make(m);
    }
    assert_eq!(
        lua_moves, rust_moves,
        "{variant}: cart moves vs Rust think()"
    );
}
