//! Rules file tests: presets load, and bad files are rejected with the field and the problem.

use super::*;

#[test]
fn every_preset_validates_and_keeps_its_name() {
    for name in PRESETS {
        let r = Rules::preset(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(r.name(), name);
    }
    assert!(matches!(
        Rules::preset("chess"),
        Err(RulesError::UnknownPreset { .. })
    ));
}

#[test]
fn brandubh_matches_the_issue() {
    let r = Rules::preset("brandubh").unwrap();
    let g = r.geometry();
    assert_eq!(g.size(), 7);
    assert_eq!(r.first_side(), Side::Attackers);
    assert_eq!(r.escape(), Escape::Corners);
    assert!(r.king_armed());
    assert_eq!(r.king_capture(), KingCapture::ByTwo);
    let centre = g.centre().unwrap().index();
    let a1 = g.square(0, 0).unwrap().index();
    assert_eq!(r.hostile_empty_table()[centre], KindSet::NONE);
    assert_eq!(r.hostile_empty_table()[a1], KindSet::ALL);
    assert_eq!(r.stop_table()[centre], KindSet::of(&[Kind::King]));
    assert_eq!(r.pass_table()[centre], KindSet::ALL);
    assert_eq!(r.stop_table()[a1], KindSet::of(&[Kind::King]));
}

#[test]
fn ziege_layout_is_symmetric_under_quarter_turns() {
    let r = Rules::preset("ziege").unwrap();
    let g = r.geometry();
    let n = g.size();
    let cells = r.start_cells();
    let at = |f: u8, rk: u8| cells[g.square(f, rk).unwrap().index()];
    let count = |code| cells.iter().filter(|&&c| c == code).count();
    assert_eq!((count(1), count(2), count(3)), (12, 8, 1));
    for f in 0..n {
        for rk in 0..n {
            // Rotating by 90 degrees maps (f, r) to (r, n-1-f).
            assert_eq!(at(f, rk), at(rk, n - 1 - f), "asymmetric at {f},{rk}");
        }
    }
    assert_eq!(at(3, 3), crate::piece::KING);
}

fn with(preset: &str, from: &str, to: &str) -> Result<Rules, RulesError> {
    let src = preset_source(preset).unwrap();
    assert!(src.contains(from), "test edit `{from}` not found");
    Rules::from_toml(&src.replacen(from, to, 1), "test.toml")
}

fn invalid_field(r: Result<Rules, RulesError>) -> (String, String, Option<usize>) {
    match r {
        Err(RulesError::Invalid {
            field,
            problem,
            line,
            ..
        }) => (field, problem, line),
        other => panic!("expected an invalid-field error, got {other:?}"),
    }
}

#[test]
fn invalid_values_name_the_field_line_and_fix() {
    let (f, p, line) = invalid_field(with("ziege", "size = 7", "size = 12"));
    assert_eq!(f, "size");
    assert!(p.contains("5 to 11"), "{p}");
    assert_eq!(line, Some(10)); // `size = 7` is on line 10 of ziege.toml

    let (f, p, _) = invalid_field(with("ziege", "size = 7", "size = 8"));
    assert_eq!(f, "start");
    assert!(p.contains("expected 8"), "{p}");

    let (f, _, _) = invalid_field(with(
        "brandubh",
        "stop = [\"king\"]\n\n[repetition]",
        "stop = []\n\n[repetition]",
    ));
    assert_eq!(f, "corners.stop");

    let (f, p, _) = invalid_field(with("ziege", "escape = \"edge\"", "escape = \"corners\""));
    assert_eq!(f, "escape");
    assert!(p.contains("corners.special"), "{p}");

    let (f, _, line) = invalid_field(with("ziege", "count = 3", "count = 1"));
    assert_eq!(f, "repetition.count");
    assert!(line.is_some());

    let (f, _, _) = invalid_field(with("ziege", "exit_fort = false", "exit_fort = true"));
    assert_eq!(f, "exit_fort");

    let (f, p, _) = invalid_field(with("ziege", "tT1K1Tt", "tT1T1Tt"));
    assert_eq!(f, "start");
    assert!(p.contains("0 kings"), "{p}");

    // The king alone (no attacker) is the end of a game, not a start.
    let start = Rules::preset("ziege").unwrap().file().start.clone();
    let (f, p, _) = invalid_field(with("ziege", &start, "/7/7/7/3K3/7/7/7/"));
    assert_eq!(f, "start");
    assert!(p.contains("no attacker"), "{p}");
    // The king and one attacker make a game (the defenders need no other piece).
    assert!(with("ziege", &start, "/t6/7/7/3K3/7/7/7/").is_ok());

    let (f, _, _) = invalid_field(with("ziege", "move_limit = 0", "move_limit = 40000"));
    assert_eq!(f, "move_limit");
}

#[test]
fn toml_errors_give_line_and_column() {
    let err = with("ziege", "king_armed = true", "kng_armed = true").unwrap_err();
    let RulesError::Parse {
        line, col, message, ..
    } = &err
    else {
        panic!("expected a parse error, got {err:?}")
    };
    assert_eq!((*line, *col), (34, 1));
    assert!(message.contains("kng_armed"), "{message}");
    assert!(err.to_string().starts_with("test.toml:34:1:"), "{err}");

    let err = with("ziege", "result = \"draw\"", "result = \"tie\"").unwrap_err();
    assert!(matches!(err, RulesError::Parse { .. }), "{err:?}");
    assert!(err.to_string().contains("tie"), "{err}");
}

#[test]
fn the_ai_engine_is_validated_where_it_is_written() {
    let engine = "engine = \"full,-escape-block,-escape-threat,-balance,-king-moves,qply=2\"";
    let ziege_src = preset_source("ziege").unwrap();
    let line_of_engine = ziege_src
        .lines()
        .position(|l| l.starts_with("engine ="))
        .map(|i| i + 1);
    for (bad, says) in [
        ("engine = \"fast\"", "unknown base `fast`"),
        (
            "engine = \"full,+region\"",
            "region, which the cart does not have",
        ),
        ("engine = \"full,tt-bits=10\"", "remove `tt-bits=`"),
        ("engine = \"full,+nope\"", "nope"),
        ("engine = \"engine\"", "unknown base `engine`"),
    ] {
        let (f, p, line) = invalid_field(with("ziege", engine, bad));
        assert_eq!(f, "ai.engine", "{bad}");
        assert!(p.contains(says), "{bad}: {p}");
        assert_eq!(line, line_of_engine, "{bad}");
    }
    let err = with("ziege", engine, "engin = \"full\"").unwrap_err();
    assert!(err.to_string().contains("engin"), "{err}");
    // Absent, the engine is `full`; the presets that name none play it.
    let plain = with("ziege", engine, "").unwrap();
    assert_eq!(plain.engine_spec(), "full");
    assert_eq!(Rules::preset("brandubh").unwrap().engine_spec(), "full");
    // The quiescence depth is the engine's to choose: the cart is built with it.
    let shallow = with("ziege", engine, "engine = \"full,qply=3\"").unwrap();
    assert_eq!(SearchConfig::of_rules(&shallow).max_qply, 3);
}

#[test]
fn the_best_engine_is_rust_only_and_validated() {
    let engine = "engine = \"full,-escape-block,-escape-threat,-balance,-king-moves,qply=2\"";
    let with_best = |best: &str| with("ziege", engine, &format!("{engine}\nbest = \"{best}\""));
    // Switches the cart lacks and a table size of its own are the point of `best`.
    let r = with_best("full,+region,tt-bits=20").unwrap();
    assert_eq!(r.best_spec(), "full,+region,tt-bits=20");
    assert_eq!(
        r.engine_spec(),
        "full,-escape-block,-escape-threat,-balance,-king-moves,qply=2"
    );
    let cfg = SearchConfig::parse_for("best", &r).unwrap();
    assert!(cfg.eval.region && cfg.tt_bits == 20);
    assert_eq!(
        SearchConfig::parse_for("engine", &r).unwrap(),
        SearchConfig::of_rules(&r)
    );
    for (bad, says) in [("fast", "unknown base `fast`"), ("full,+nope", "nope")] {
        let (f, p, _) = invalid_field(with_best(bad));
        assert_eq!(f, "ai.best", "{bad}");
        assert!(p.contains(says), "{bad}: {p}");
    }
    // Copenhagen and Tablut name one (docs/strength.md); the others play their engine
    // everywhere.
    let cph = Rules::preset("copenhagen").unwrap();
    assert_eq!(cph.best_spec(), "full,+corners,+tropism,+qrace,+potential");
    let best = SearchConfig::parse_for("best", &cph).unwrap();
    assert!(best.eval.corners && best.eval.tropism && best.quiet_race > 0 && best.eval.potential);
    assert_ne!(best, SearchConfig::of_rules(&cph));
    let tablut = Rules::preset("tablut").unwrap();
    let best = SearchConfig::parse_for("best", &tablut).unwrap();
    assert!(best.eval.even && !SearchConfig::of_rules(&tablut).eval.even);
    for v in ["brandubh", "ziege"] {
        let r = Rules::preset(v).unwrap();
        assert_eq!(r.best_spec(), r.engine_spec(), "{v}");
    }
}
