//! Whole games played through the cart's own UI: the test is the human, pressing the arrows, 🅾️
//! and ❎ frame by frame against the cart's AI (no Rust engine in the loop), as the attackers and
//! as the defenders, until the game is over. Every frame must run without a Lua error and within
//! PICO-8's CPU budget.
//!
//! The "human" decides from what the screen shows: the cart's displayed position (`vb`, the
//! snapshot the board is drawn from) and the highlighted destinations (`dst`), read through a
//! small probe function appended to the cart, and it checks that each highlighted square really
//! shows the highlight sprite in the framebuffer. It picks a random piece of its side, moves the
//! cursor there, presses 🅾️; if the piece has no moves it tries another; else it moves the cursor
//! to a random highlighted square and presses 🅾️ again. Along the way it cancels a pick with ❎,
//! takes moves back with ❎ (undo), and restarts from the pause menu.

mod game_support;

use game_support::*;

fn whole_game(mode: u8, seed: u32) {
    let mut p = Player::new("ziege");
    let mut dice = Dice(seed);
    p.start(mode, 1);
    let (res, why, moves) = p.play_out(&mut dice, 3);
    assert!((0..=2).contains(&res), "winner {res}");
    assert!((1..=7).contains(&why), "reason {why}");
    eprintln!(
        "mode {mode}: winner {res}, reason {why}, {moves} moves, {} frames, max CPU {:.1}%",
        p.frame,
        100.0 * p.max as f64 / p.budget as f64
    );
    // Sound: sfx 0 for each move, 4 for each pick, and the jingle (2 won, 3 lost) at the end, as
    // assets/sfx.txt numbers them. Against the AI a human win plays 2, a loss 3, a draw 2.
    let played: Vec<i64> = {
        let m = p.session.vm().machine().borrow();
        m.sounds
            .iter()
            .filter(|c| c.kind == "sfx")
            .map(|c| c.args[0] as i64)
            .collect()
    };
    let human = if mode == PLAY_ATTACKERS { 1 } else { 2 };
    let jingle = if res != 0 && res != human { 3 } else { 2 };
    assert!(played.contains(&0) && played.contains(&4), "{played:?}");
    assert_eq!(
        played.last(),
        Some(&jingle),
        "the last sound is the end jingle"
    );
    // The game-over screen goes back to the title with 🅾️.
    p.press(O);
    assert_eq!(p.state().st, 0, "🅾️ after the game returns to the title");
    p.assert_cpu();
}

#[test]
fn human_attackers_play_a_whole_game_against_the_cart_ai() {
    whole_game(PLAY_ATTACKERS, 0x1234_5678);
}

#[test]
fn human_defenders_play_a_whole_game_against_the_cart_ai() {
    whole_game(PLAY_DEFENDERS, 0x0bad_cafe);
}

#[test]
fn pause_menu_restarts_and_returns_to_the_title() {
    let mut p = Player::new("ziege");
    let mut dice = Dice(7);
    // Level 5 thinks for many frames, long enough to be interrupted.
    p.start(PLAY_ATTACKERS, 5);
    let start = p.state().cells;
    assert!(p.human_move(&mut dice));
    // Restart while the AI thinks: the search is abandoned and the game starts over.
    while !p.state().thinking {
        assert!(p.frame < 2000, "the AI never started thinking");
        p.idle();
    }
    p.idle();
    p.menu(2);
    let s = p.state();
    assert_eq!((s.st, s.moves, s.side), (1, 0, 1), "restart: a new game");
    assert_eq!(s.cells, start, "restart: the start position");
    p.menu(3);
    assert_eq!(p.state().st, 0, "the title item goes back to the title");
    p.assert_cpu();
}
