//! `tafl8 bench cart`'s time columns, as `--json` gives them: `seconds` is the instructions at
//! PICO-8's 4,194,304 a second; `seconds_low` (a comparison used as a condition free) is at
//! most `seconds`; a level's think time adds the game's frame-slicing test to every call of
//! `yld` (the search's `calls`), which is worked out here by hand from the published costs and
//! the template's `yld`: `stat(1)`'s call (the wiki's call 2 + 1 argument: 3) and its 16 (wiki,
//! revision 1547), and the comparison with the frame's budget (1 in the runner's model, 0 in
//! the low one), 20 and 19 instructions a call in all.

mod cli_support;

use cli_support::tafl8;

const PER_SECOND: f64 = 4_194_304.0;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9 * b.abs().max(1.0)
}

#[test]
fn the_low_and_think_columns_hold_what_they_say() {
    let (code, out, err) = tafl8(&[
        "bench",
        "cart",
        "--variant",
        "brandubh",
        "--depth",
        "1",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<serde_json::Value> = serde_json::from_str(&out).expect("a JSON list");
    assert_eq!(rows.len(), 6, "depth 1, then levels 1 to 5: {out}");
    for row in &rows {
        let f = |k: &str| row[k].as_f64().unwrap_or_else(|| panic!("{k}: {row}"));
        let (nodes, instructions) = (f("nodes"), f("instructions"));
        let (seconds, low) = (f("seconds"), f("seconds_low"));
        assert!(nodes > 0.0 && instructions > 0.0, "{row}");
        assert!(close(seconds, instructions / PER_SECOND), "{row}");
        assert!(low > 0.0 && low < seconds, "{row}");
        match row["level"].as_u64() {
            None => assert!(row["think_seconds"].is_null(), "{row}"),
            Some(_) => {
                let think = row["think_seconds"]
                    .as_array()
                    .expect("a level's think time");
                let tests = row["calls"]["yld"]
                    .as_f64()
                    .expect("the search's yld calls");
                assert!(tests > 0.0 && tests < nodes, "{row}");
                let (high, think_low) = (think[0].as_f64().unwrap(), think[1].as_f64().unwrap());
                assert!(
                    close((high - seconds) * PER_SECOND, 20.0 * tests),
                    "the slicing test, 20 a call: {row}"
                );
                assert!(
                    close((think_low - low) * PER_SECOND, 19.0 * tests),
                    "the slicing test in the low model, 19 a call: {row}"
                );
                assert!(think_low < high, "{row}");
            }
        }
    }
}
