//! Undo while the AI thinks: ❎ (or the pause menu's undo) during the AI's frame-sliced search
//! stops the search, takes back the moves the search had made on the board and the human's last
//! move, so the human is to move again in the position before that move; the game then goes on.
//! Played through the cart's UI with scripted input, no Rust engine in the loop; every frame must
//! run without a Lua error and within PICO-8's CPU budget.

mod game_support;

use game_support::*;

/// The thinking indicator's progress bar is drawn in red from x = 0 on the row two pixels above
/// the status line, and the ❎ hint (colour 13) starts at x = 99 on the status line.
fn indicator_shown(p: &Player) -> bool {
    let y = p.screen.text_y as i32;
    let m = p.session.vm().machine().borrow();
    let hint: String = (0..7)
        .map(|dx| {
            if m.mem.pixel(99 + dx, y) == 13 {
                '#'
            } else {
                '.'
            }
        })
        .collect();
    m.mem.pixel(0, y - 2) == 8 && hint == ".#####."
}

/// Plays a human move at level 5, waits until the AI has been thinking for a few frames with the
/// indicator on screen, then calls `undo` (with ❎ or the menu); checks the position went back.
fn undo_while_thinking(by_menu: bool) {
    let mut p = Player::new("ziege");
    let mut dice = Dice(0x00c0_ffee);
    // Level 5 thinks for many frames.
    p.start(PLAY_ATTACKERS, 5);
    let before = p.state();
    assert!(before.human_to_move() && before.moves == 0, "{before:?}");
    assert!(p.human_move(&mut dice));
    let moved = p.state();
    assert_ne!(moved.cells, before.cells);
    let mut thinking_frames = 0;
    while thinking_frames < 4 {
        assert!(p.frame < 2000, "the AI never thought for 4 frames");
        p.idle();
        let s = p.state();
        // While the AI thinks the screen shows the position after the human's move (`moves`
        // then counts the search's own moves too).
        assert_eq!(s.cells, moved.cells, "the AI must still be thinking: {s:?}");
        if s.thinking {
            // The search starts at the end of a frame's drawing: from the next frame on, the
            // indicator is drawn.
            if thinking_frames > 0 {
                assert!(indicator_shown(&p), "the thinking indicator is on screen");
            }
            thinking_frames += 1;
        }
    }
    if by_menu {
        p.menu(1);
        p.idle();
    } else {
        p.press(X);
    }
    let u = p.state();
    assert!(!u.thinking, "the search stopped: {u:?}");
    assert_eq!(u.moves, 0, "the human's move was taken back");
    assert_eq!(
        u.cells, before.cells,
        "the position before the human's move"
    );
    assert_eq!(
        (u.side, u.shown_side),
        (1, 1),
        "the human (attackers) is to move"
    );
    assert!(u.human_to_move() && u.res.is_none() && u.sel.is_none() && u.dst.is_empty());
    // The board on screen no longer shows the indicator.
    p.idle();
    assert!(!indicator_shown(&p));
    // The game goes on: two more human moves, each answered by the AI.
    for n in [2, 4] {
        assert!(p.human_move(&mut dice));
        let s = p.wait_for_human();
        if s.res.is_some() {
            break;
        }
        assert_eq!(s.moves, n, "the AI answered: {s:?}");
    }
    eprintln!(
        "undo while thinking ({}): {} frames, max CPU {:.1}%",
        if by_menu { "menu" } else { "❎" },
        p.frame,
        100.0 * p.max as f64 / p.budget as f64
    );
    p.assert_cpu();
}

#[test]
fn x_while_the_ai_thinks_takes_back_the_human_move() {
    undo_while_thinking(false);
}

#[test]
fn menu_undo_while_the_ai_thinks_takes_back_the_human_move() {
    undo_while_thinking(true);
}
