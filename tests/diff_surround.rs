//! The cart's surround check (Copenhagen: the attackers win by walling in the king and every
//! defender) against the Rust engine, on positions built so that one attackers' move closes the
//! ring. Random positions almost never come near a surround, and the cart's check keeps a path to
//! the edge between calls (`wit` in `templates/engine/outcome.lua`), so both answers and the
//! reuse of a stale path need positions of their own.

use tafl8_diff::{compare, Case, CasePos, Check, Runner, Target};
use tafl8_engine::notation::{parse_move, parse_position_string};
use tafl8_engine::{Position, Side, Status};

/// A diamond of attackers around the king on e..g, 4..8 with one gap (g6) that j6-g6 closes.
/// With `far_defender`, a defender on b2 still reaches the edge, so the same move does not win.
fn diamond(far_defender: bool) -> String {
    let b2 = if far_defender { "1T9" } else { "11" };
    format!("/11/{b2}/11/5t5/4t1t4/3t1K3t1/4t1t4/5t5/11/11/11/")
}

fn cases(cells_str: &str, rules: &tafl8_engine::Rules) -> Vec<Case> {
    let cells = parse_position_string(rules.geometry(), cells_str).expect("position parses");
    let pos = CasePos {
        cells,
        side: Side::Attackers,
        moves: Vec::new(),
    };
    [
        Check::Moves,
        Check::Perft { depth: 2 },
        Check::Search { depth: 3, nodes: 0 },
    ]
    .into_iter()
    .map(|check| Case {
        pos: pos.clone(),
        check,
    })
    .collect()
}

#[test]
fn surround_positions_match_rust() {
    let target = Target::preset("copenhagen", "full").expect("cart builds");
    let g = target.rules.geometry();
    let close = parse_move(g, "j6-g6").unwrap();
    for far in [false, true] {
        let s = diamond(far);
        // Independent of the cart: the Rust engine says whether the move walls everyone in.
        let cells = parse_position_string(g, &s).unwrap();
        let mut p = Position::from_cells(target.rules.clone(), cells, Side::Attackers).unwrap();
        p.play(close).unwrap();
        assert_eq!(p.status() == Status::Surrounded, !far, "{s}");

        let r = compare(&target, &Runner, &cases(&s, &target.rules), 60, &mut |_| {})
            .expect("harness runs");
        assert_eq!(r.cases, 3);
        assert_eq!(
            r.mismatches, 0,
            "{s}: the cart's surround check differs:\n{}",
            r.details[0]
        );
    }
}
