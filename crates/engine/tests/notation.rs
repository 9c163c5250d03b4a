//! Notation: OpenTafl position strings (first row = rank 1), moves, ASCII diagrams, errors.

use std::sync::Arc;

use tafl8_engine::diagram::{ascii_board, parse_diagram};
use tafl8_engine::notation::{parse_move, parse_position_string, position_string};
use tafl8_engine::rules::PRESETS;
use tafl8_engine::{Geometry, Position, Rules, Side, Square, ATTACKER, KING};

#[test]
fn preset_starts_round_trip() {
    for name in PRESETS {
        let rules = Rules::preset(name).unwrap();
        let g = rules.geometry();
        let s = position_string(g, rules.start_cells());
        assert_eq!(s, rules.file().start, "{name}");
        assert_eq!(&parse_position_string(g, &s).unwrap(), rules.start_cells());
    }
}

#[test]
fn first_row_is_rank_one() {
    let g = Geometry::new(7).unwrap();
    let cells = parse_position_string(g, "/t6/7/7/3K3/7/7/7/").unwrap();
    assert_eq!(cells[g.parse_square("a1").unwrap().index()], ATTACKER);
    assert_eq!(cells[g.parse_square("d4").unwrap().index()], KING);
    // Slashes at the ends are optional; multi-digit counts work on 11x11.
    let g11 = Geometry::new(11).unwrap();
    let c = parse_position_string(g11, "11/11/11/11/11/5K5/11/11/11/11/10t").unwrap();
    assert_eq!(c[g11.parse_square("k11").unwrap().index()], ATTACKER);
}

#[test]
fn position_errors_say_where_and_how() {
    let g = Geometry::new(7).unwrap();
    let e = parse_position_string(g, "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3x3/").unwrap_err();
    assert_eq!(e.column, 31);
    assert!(
        e.problem.contains("`x`") && e.problem.contains("`t`"),
        "{e}"
    );
    let e = parse_position_string(g, "/3t4/3t3/3T3/ttTKTtt/3T3/3t3/3t3/").unwrap_err();
    assert_eq!(e.column, 4); // the `4` of `/3t4/`
    assert!(e.problem.contains("do not fit"), "{e}");
    let e = parse_position_string(g, "/3t3/3t3/").unwrap_err();
    assert!(e.problem.contains("found 2 rows, expected 7"), "{e}");
    // Column 10 is just past the 9 characters of the input.
    assert!(e.to_string().starts_with("column 10:"), "{e}");
    let e = parse_position_string(g, "/3t2/3t3/3T3/ttTKTtt/3T3/3t3/3t3/").unwrap_err();
    assert_eq!(e.column, 5); // the `/` that ends the short row
    assert!(e.problem.contains("has 6 squares, expected 7"), "{e}");
}

#[test]
fn moves_read_and_write() {
    let g = Geometry::new(7).unwrap();
    let m = parse_move(g, "d1-d3").unwrap();
    assert_eq!((m.from, m.to), (Square(13), Square(31)));
    assert_eq!(m.display(g), "d1-d3");
    assert_eq!(parse_move(g, "d1d3").unwrap(), m);
    // Contract encoding: from * AREA + to = 13 * 81 + 31.
    assert_eq!(m.code(g), 13 * 81 + 31);
    assert_eq!(tafl8_engine::Move::from_code(m.code(g), g), Some(m));
    let e = parse_move(g, "h1-d3").unwrap_err();
    assert_eq!(e.column, 1);
    assert!(e.problem.contains("files a-g"), "{e}");
    let e = parse_move(g, "d1-d9").unwrap_err();
    assert_eq!(e.column, 4);
    let g11 = Geometry::new(11).unwrap();
    assert_eq!(parse_move(g11, "k10-k11").unwrap().display(g11), "k10-k11");
    assert!(parse_move(g, "xyz").is_err());
}

#[test]
fn ascii_board_has_coordinates_and_reads_back() {
    let rules = Arc::new(Rules::preset("brandubh").unwrap());
    let p = Position::start(rules.clone());
    let expected = concat!(
        " 7 * . . t . . *\n",
        " 6 . . . t . . .\n",
        " 5 . . . T . . .\n",
        " 4 t t T K T t t\n",
        " 3 . . . T . . .\n",
        " 2 . . . t . . .\n",
        " 1 * . . t . . *\n",
        "   a b c d e f g\n",
    );
    assert_eq!(ascii_board(&p), expected);
    assert_eq!(
        &parse_diagram(rules.geometry(), expected).unwrap(),
        p.cells()
    );
    let (line, e) = parse_diagram(rules.geometry(), "...\n..x").unwrap_err();
    assert_eq!((line, e.column), (2, 3));
    let q =
        Position::from_string(rules, "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", Side::Defenders).unwrap();
    assert_eq!(q.side_to_move(), Side::Defenders);
}

mod no_panics {
    use proptest::prelude::*;
    use tafl8_engine::diagram::parse_diagram;
    use tafl8_engine::notation::{parse_move, parse_position_string};
    use tafl8_engine::Geometry;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]
        /// Any text gets a value or an error, never a panic (huge counts included).
        #[test]
        fn parsers_never_panic(s in "[0-9tTkK/x. \\-a-l\\n*]{0,60}", n in 5u8..=11) {
            let g = Geometry::new(n).unwrap();
            let _ = parse_position_string(g, &s);
            let _ = parse_move(g, &s);
            let _ = parse_diagram(g, &s);
        }
    }

    #[test]
    fn huge_counts_are_an_error() {
        let g = Geometry::new(7).unwrap();
        let e = parse_position_string(g, "/99999999999999999999999/").unwrap_err();
        assert_eq!(e.column, 2);
    }
}
