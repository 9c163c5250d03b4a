//! Frame-sliced search in the cart equals the Rust search: the cart's own game loop (the AI
//! plays itself, thinking in a coroutine that yields when `stat(1)` says the frame is spent) runs
//! frame by frame in the headless runner; the harness's watch mode prints each move the game
//! makes with the search's node count and depth. The Rust engine replays the same game (same
//! level, same PRNG seed, book moves from the engine's book) and must choose the same move with the same nodes and depth every time.
//! The searches must really have been sliced (moves spanning several frames), and no frame may
//! go over PICO-8's CPU budget.

use tafl8_codegen::screen::ScreenContext;
use tafl8_diff::oracle::think;
use tafl8_diff::Target;
use tafl8_engine::difficulty::seeded_rng;
use tafl8_engine::search::Searcher;
use tafl8_engine::{Move, Position};
use tafl8_runner::session::{RunOptions, Session};
use tafl8_runner::vm::Limits;

fn raw(hex: &str) -> u32 {
    u32::from_str_radix(&hex.trim_start_matches("0x").replace('.', ""), 16)
        .unwrap_or_else(|e| panic!("bad hex `{hex}`: {e}"))
}

#[test]
fn sliced_self_play_equals_rust_move_for_move() {
    let target = Target::preset("ziege", "full").expect("cart builds");
    let mut cart = target.cart.clone();
    cart.set_lua(&target.program(&[]));
    let session = Session::from_cart(&cart, "watch.p8", Limits::default()).expect("cart loads");
    let frames = 240;
    let report = session
        .run(&RunOptions {
            frames,
            ..RunOptions::default()
        })
        .expect("the game runs");

    let screen = ScreenContext::new(&target.rules);
    let mut rng = seeded_rng(raw(&screen.seed));
    let mut pos = Position::start(target.rules.clone());
    let mut searcher = Searcher::new(&target.rules, target.cfg);
    let g = target.rules.geometry();
    let moves: Vec<&String> = report
        .printh
        .iter()
        .filter(|l| l.starts_with("move "))
        .collect();
    assert!(
        moves.len() >= 4,
        "too few moves in {frames} frames: {:?}",
        report.printh
    );
    let mut last_frame = 0;
    let mut longest = 0;
    let mut searched = 0;
    for (i, line) in moves.iter().enumerate() {
        let f: Vec<&str> = line.split(' ').collect();
        let code: i16 = f[1].parse().unwrap();
        let shown = Move::from_code(code, g).map_or("?".into(), |m| m.display(g));
        let want = if f[2] == "book" {
            let book = target
                .book
                .as_ref()
                .expect("a book move from a cart with a book");
            let want = book
                .choose(&pos, &mut rng)
                .expect("the Rust book has this position");
            assert_eq!(
                code,
                want.code(g),
                "move {i} (book): cart {shown} vs Rust {}",
                want.display(g)
            );
            want
        } else {
            let (nodes, depth) = (raw(f[2]), f[3].parse::<u8>().unwrap());
            let (want, want_nodes, want_depth) =
                think(&mut searcher, &mut pos, screen.level, &mut rng);
            let want = want.expect("the game is not over");
            assert_eq!(
                (code, nodes as u64, depth),
                (want.code(g), want_nodes, want_depth),
                "move {i}: cart {shown} vs Rust {} (move, nodes, depth)",
                want.display(g)
            );
            searched += 1;
            want
        };
        let frame: u32 = f[f.len() - 1].parse().unwrap();
        pos.make(want);
        longest = longest.max(frame - last_frame);
        last_frame = frame;
    }
    assert!(searched >= 3, "too few searched moves: {moves:?}");
    assert!(
        longest > 1,
        "no search spanned more than one frame: slicing was not exercised"
    );
    assert_eq!(
        report.cpu.over_budget(),
        0,
        "frames over budget ({}): max {} instructions",
        report.cpu.budget,
        report.cpu.max()
    );
}
