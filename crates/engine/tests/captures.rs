//! Capture rules as before/after diagrams (highest rank on top; `t` attacker, `T` defender,
//! `K` king, `.` empty, `*` an empty special square). Each case plays one move with `play`,
//! compares the board and the ending, checks the incremental hash, and unmakes back to `before`.

use std::sync::Arc;

use tafl8_engine::diagram::parse_diagram;
use tafl8_engine::notation::parse_move;
use tafl8_engine::{Position, Rules, Side, Status};

fn board(rules: &Rules, text: &str) -> [u8; tafl8_engine::MAX_AREA] {
    parse_diagram(rules.geometry(), text).unwrap_or_else(|(l, e)| panic!("diagram line {l}: {e}"))
}

fn run_case(variant: &str, side: Side, mv: &str, status: Status, before: &str, after: &str) {
    let rules = Arc::new(Rules::preset(variant).unwrap());
    let g = rules.geometry();
    let start = Position::from_cells(rules.clone(), board(&rules, before), side).unwrap();
    assert_eq!(
        start.status(),
        Status::Ongoing,
        "the `before` board is already finished"
    );
    let mut pos = start.clone();
    let m = parse_move(g, mv).unwrap();
    let undo = pos
        .play(m)
        .unwrap_or_else(|e| panic!("{mv} should be legal: {e}"));
    let expected = board(&rules, after);
    if pos.cells()[..] != expected[..] {
        panic!(
            "after {mv}:\n{}\nexpected:\n{after}",
            tafl8_engine::diagram::ascii_board(&pos)
        );
    }
    assert_eq!(pos.status(), status, "ending after {mv}");
    assert_eq!(
        pos.hash(),
        rules.zobrist().hash_of(pos.cells(), side.opponent()),
        "incremental hash"
    );
    pos.unmake(&undo);
    assert_eq!(pos, start, "unmake restores the position");
}

macro_rules! capture_cases {
    ($($name:ident: $variant:literal, $side:ident plays $mv:literal => $status:ident,
        before $before:literal after $after:literal;)*) => {
        $(
            #[test]
            fn $name() {
                run_case($variant, Side::$side, $mv, Status::$status, $before, $after);
            }
        )*
    };
}

capture_cases! {
    // --- ziege (7x7): everything by two, king armed, throne not hostile ---
    soldier_captured_by_two: "ziege", Attackers plays "b1-b3" => Ongoing,
        before "....... / .....K. / ....... / ...*... / ..Tt... / ....... / .t....."
        after  "....... / .....K. / ....... / ...*... / .t.t... / ....... / .......";
    three_captures_in_one_move: "ziege", Attackers plays "d5-d3" => Ongoing,
        before "....... / .....K. / ...t... / ...*... / .tT.Tt. / ...T... / ...t..."
        after  "....... / .....K. / ....... / ...*... / .t.t.t. / ....... / ...t...";
    moving_between_two_enemies_is_safe: "ziege", Defenders plays "c5-c3" => Ongoing,
        before "....... / .....K. / ..T.... / ...*... / .t.t... / ....... / ......."
        after  "....... / .....K. / ....... / ...*... / .tTt... / ....... / .......";
    king_captured_by_two: "ziege", Attackers plays "d6-d3" => KingCaptured,
        before "....... / ...t... / ....... / ...*... / .tK.... / ....... / ......."
        after  "....... / ....... / ....... / ...*... / .tKt... / ....... / .......";
    armed_king_captures: "ziege", Defenders plays "c5-c3" => Ongoing,
        before "....... / ....... / ..K.... / ...*... / ...tT.. / ....... / ......."
        after  "....... / ....... / ....... / ...*... / ..K.T.. / ....... / .......";
    ziege_throne_not_hostile: "ziege", Attackers plays "a6-d6" => Ongoing,
        before "....... / t...... / ...T... / ...*... / ....... / .....K. / ......."
        after  "....... / ...t... / ...T... / ...*... / ....... / .....K. / .......";

    // --- brandubh (7x7): corners hostile to all, throne never hostile ---
    hostile_corner_captures_attacker: "brandubh", Defenders plays "c3-c1" => Ongoing,
        before "*.....* / ....... / ....K.. / ...*... / ..T.... / ....... / *t....*"
        after  "*.....* / ....... / ....K.. / ...*... / ....... / ....... / *.T...*";
    king_captured_against_hostile_corner: "brandubh", Attackers plays "c5-c7" => KingCaptured,
        before "*K....* / ....... / ..t.... / ...*... / ....... / ....... / *.....*"
        after  "*Kt...* / ....... / ....... / ...*... / ....... / ....... / *.....*";
    brandubh_empty_throne_not_hostile: "brandubh", Defenders plays "a4-b4" => Ongoing,
        before "*.....* / ....... / .....K. / T.t*... / ....... / ....... / *.....*"
        after  "*.....* / ....... / .....K. / .Tt*... / ....... / ....... / *.....*";

    // --- tablut (9x9): empty throne hostile to all, king strong near the throne, Linnaeus ---
    empty_throne_captures_defender: "tablut", Attackers plays "a7-e7" => Ongoing,
        before "......... / ......... / t........ / ....T.... / ....*.... / ......... / ......... / .K....... / ........."
        after  "......... / ......... / ....t.... / ......... / ....*.... / ......... / ......... / .K....... / .........";
    king_beside_throne_by_three_and_throne: "tablut", Attackers plays "e9-e7" => KingCaptured,
        before "....t.... / ......... / ......... / ...tKt... / ....*.... / ......... / ..T...... / ......... / ........."
        after  "......... / ......... / ....t.... / ...tKt... / ....*.... / ......... / ..T...... / ......... / .........";
    king_beside_throne_not_captured_by_two: "tablut", Attackers plays "f9-f6" => Ongoing,
        before ".....t... / ......... / ......... / ...tK.... / ....*.... / ......... / ..T...... / ......... / ........."
        after  "......... / ......... / ......... / ...tKt... / ....*.... / ......... / ..T...... / ......... / .........";
    king_away_from_throne_captured_by_two: "tablut", Attackers plays "d8-d3" => KingCaptured,
        before "......... / ...t..... / ......... / ......... / ....*.... / ......... / .tK...... / ......... / ........."
        after  "......... / ......... / ......... / ......... / ....*.... / ......... / .tKt..... / ......... / .........";
    linnaean_capture_against_occupied_throne: "tablut", Attackers plays "e1-e3" => Ongoing,
        before "......... / ......... / ......... / ....t.... / ...tKt... / ....T.... / ......... / ......... / ....t...."
        after  "......... / ......... / ......... / ....t.... / ...tKt... / ......... / ....t.... / ......... / .........";

    // --- copenhagen (11x11): king by four (or three + throne), never on the edge, shieldwall,
    //     throne hostile to defenders only when empty ---
    king_captured_by_four: "copenhagen", Attackers plays "k6-c6" => KingCaptured,
        before "*.........* / ........... / ........... / ..t........ / .tKt....... / ..........t / ........... / ........... / ........... / ........... / *.........*"
        after  "*.........* / ........... / ........... / ..t........ / .tKt....... / ..t........ / ........... / ........... / ........... / ........... / *.........*";
    king_not_captured_by_two: "copenhagen", Attackers plays "d10-d7" => Ongoing,
        before "*.........* / ...t....... / ........... / ........... / .tK........ / ........... / ........... / ........... / ........... / ........... / *.........*"
        after  "*.........* / ........... / ........... / ........... / .tKt....... / ........... / ........... / ........... / ........... / ........... / *.........*";
    king_captured_by_three_and_throne: "copenhagen", Attackers plays "f11-f8" => KingCaptured,
        before "*....t....* / ........... / ........... / ........... / ....tKt.... / .....*..... / ........... / ........... / ........... / ........... / *.........*"
        after  "*.........* / ........... / ........... / .....t..... / ....tKt.... / .....*..... / ........... / ........... / ........... / ........... / *.........*";
    king_on_edge_cannot_be_captured: "copenhagen", Attackers plays "e5-b5" => Ongoing,
        before "*.........* / ........... / ........... / ........... / ........... / t....*..... / K...t...... / t.......... / ........... / ........... / *.........*"
        after  "*.........* / ........... / ........... / ........... / ........... / t....*..... / Kt......... / t.......... / ........... / ........... / *.........*";
    shieldwall_captures_row: "copenhagen", Attackers plays "c5-c1" => Ongoing,
        before "*.........* / ........... / ........... / ........... / ........... / .....K..... / ..t........ / ........... / ........... / ...ttt..... / *..TTTt...*"
        after  "*.........* / ........... / ........... / ........... / ........... / .....K..... / ........... / ........... / ........... / ...ttt..... / *.t...t...*";
    shieldwall_closed_by_corner: "copenhagen", Attackers plays "d5-d1" => Ongoing,
        before "*.........* / ........... / ........... / ........... / ........... / .....K..... / ...t....... / ........... / ........... / .tt........ / *TT.......*"
        after  "*.........* / ........... / ........... / ........... / ........... / .....K..... / ........... / ........... / ........... / .tt........ / *..t......*";
    shieldwall_spares_the_king: "copenhagen", Attackers plays "c5-c1" => Ongoing,
        before "*.........* / ........... / ........... / ........... / ........... / .....*..... / ..t........ / ........... / ........... / ...ttt..... / *..TKTt...*"
        after  "*.........* / ........... / ........... / ........... / ........... / .....*..... / ........... / ........... / ........... / ...ttt..... / *.t.K.t...*";
    empty_throne_hostile_to_defenders: "copenhagen", Attackers plays "a8-f8" => Ongoing,
        before "*.........* / ........... / ........... / t.......... / .....T..... / .....*..... / ........... / ........... / ..K........ / ........... / *.........*"
        after  "*.........* / ........... / ........... / .....t..... / ........... / .....*..... / ........... / ........... / ..K........ / ........... / *.........*";
    occupied_throne_not_hostile_to_defenders: "copenhagen", Attackers plays "a8-f8" => Ongoing,
        before "*.........* / ........... / ........... / t.......... / .....T..... / .....K..... / ........... / ........... / ........... / ........... / *.........*"
        after  "*.........* / ........... / ........... / .....t..... / .....T..... / .....K..... / ........... / ........... / ........... / ........... / *.........*";
}

#[test]
fn captures_are_reported_in_contract_order() {
    // d5-d3 in `three_captures_in_one_move`: N (the empty throne) nothing, then E e3, S d2, W c3.
    let rules = Arc::new(Rules::preset("ziege").unwrap());
    let g = rules.geometry();
    let before = "....... / .....K. / ...t... / ...*... / .tT.Tt. / ...T... / ...t...";
    let mut pos =
        Position::from_cells(rules.clone(), board(&rules, before), Side::Attackers).unwrap();
    let undo = pos.play(parse_move(g, "d5-d3").unwrap()).unwrap();
    let names: Vec<String> = pos
        .last_captures(&undo)
        .iter()
        .map(|&s| g.name(tafl8_engine::Square(s)).to_string())
        .collect();
    assert_eq!(names, ["e3", "d2", "c3"]);
    assert_eq!(undo.captures(), 3);
}
