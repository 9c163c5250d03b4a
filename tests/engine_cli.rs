//! The engine's subcommands end to end: `tafl8 rules`, `tafl8 perft`, `tafl8 bench perft`.

use std::process::{Command, Output};

fn tafl8(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tafl8"))
        .args(args)
        .output()
        .expect("run tafl8")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn perft_json_reports_nodes() {
    let o = tafl8(&["perft", "--variant", "brandubh", "--depth", "3", "--json"]);
    assert!(o.status.success(), "{o:?}");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["nodes"], 39_512);
    assert_eq!(v["variant"], "brandubh");
}

#[test]
fn perft_divide_sums_to_the_total() {
    let o = tafl8(&["perft", "--variant", "brandubh", "--depth", "2", "--divide"]);
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().filter(|l| l.contains('-')).collect();
    assert_eq!(lines.len(), 40, "{out}");
    // Generation order: the first piece by square index is d1 (index 13), north first: d1-d2 is
    // blocked by d2, so east: d1-e1 comes first.
    assert!(lines[0].starts_with("d1-e1 "), "{out}");
    let sum: u64 = lines
        .iter()
        .map(|l| l.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 960);
    assert!(out.contains("perft 2 = 960"));
}

#[test]
fn perft_from_a_position_and_side() {
    let o = tafl8(&[
        "perft",
        "--variant",
        "copenhagen",
        "--position",
        "/3TTTt4/3ttt5/11/11/2t8/5K5/11/4T6/11/11/11/",
        "--side",
        "attackers",
        "--depth",
        "1",
        "--json",
    ]);
    assert!(o.status.success(), "{o:?}");
    assert!(stdout(&o).contains("\"nodes\":58"), "{}", stdout(&o));
    let bad = tafl8(&[
        "perft",
        "--variant",
        "brandubh",
        "--position",
        "/3x3/",
        "--depth",
        "1",
    ]);
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("column 3") && err.contains("`x`"), "{err}");
}

#[test]
fn rules_prints_a_file_that_loads_back() {
    let o = tafl8(&["rules", "--variant", "tablut"]);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    let dir = std::env::temp_dir().join(format!("tafl8-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("my.toml");
    std::fs::write(&path, text.replace("size = 9", "size = 9 # edited")).unwrap();
    let p = path.to_str().unwrap();
    let o = tafl8(&["perft", "--rules", p, "--depth", "2", "--json"]);
    assert!(stdout(&o).contains("\"nodes\":4400"), "{o:?}");
    std::fs::write(
        &path,
        text.replace("king_armed = true", "king_armed = maybe"),
    )
    .unwrap();
    let o = tafl8(&["perft", "--rules", p, "--depth", "1"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    // The error points at the bad value: line of `king_armed`, column 14 (after `king_armed = `).
    let line = text
        .lines()
        .position(|l| l.starts_with("king_armed"))
        .unwrap()
        + 1;
    assert!(err.contains(&format!("my.toml:{line}:14:")), "{err}");
    let o = tafl8(&["rules", "--variant", "chess"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("ziege, brandubh, tablut, copenhagen"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bench_perft_prints_leaves_per_second() {
    let o = tafl8(&["bench", "perft", "--depth", "2", "--runs", "1"]);
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    assert!(
        out.contains("perft(2) = 960") && out.contains("M leaves/s"),
        "{out}"
    );
}

/// A brandubh game the shared Python referee played and recorded (its own rules code,
/// `../shared/opentafl/tafl_rules.py`, listed the captures), up to the attackers' last move,
/// which captured the king on e5.
const REFEREE_GAME: &str = "d6-e6 d3-a3 d2-a2xa3 d4-d3 a2-e2 d5-d6 f4-f5 d6-b6 f5-e5 c4-c5 a4-a3 \
    e4-c4 e5-d5 d3-f3 a3-e3 f3-f5 e6-f6 f5-e5xd5 d1-d5 c4-c1";

#[test]
fn analyze_replays_a_game_and_finds_its_end() {
    let o = tafl8(&[
        "analyze",
        "--variant",
        "brandubh",
        "--moves",
        REFEREE_GAME,
        "--depth",
        "3",
        "--json",
    ]);
    assert!(o.status.success(), "{o:?}");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["side"], "attackers");
    assert_eq!(v["best"], "f6-f5", "{v}");
    assert_eq!(v["score"], 31999, "a win in one: {v}");
    // The referee's capture list for that move names the king's square.
    let o = tafl8(&[
        "analyze",
        "--variant",
        "brandubh",
        "--moves",
        &format!("{REFEREE_GAME} f6-f5xe5"),
    ]);
    assert!(o.status.success(), "{o:?}");
    assert!(
        stdout(&o).contains("no move: the game is over"),
        "{}",
        stdout(&o)
    );
    // A wrong capture list is an error naming the move.
    let o = tafl8(&[
        "analyze",
        "--variant",
        "brandubh",
        "--moves",
        "d6-e6 d3-a3 d2-a2xb3",
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("move 3 (`d2-a2xb3`)") && err.contains("captures a3"),
        "{err}"
    );
}

#[test]
fn analyze_movetime_stops_at_a_completed_iteration() {
    let o = tafl8(&[
        "analyze",
        "--variant",
        "copenhagen",
        "--movetime",
        "200",
        "--json",
    ]);
    assert!(o.status.success(), "{o:?}");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let its = v["iterations"].as_array().unwrap();
    assert!(!its.is_empty());
    // The answer is the deepest completed iteration's.
    let last = its.last().unwrap();
    assert_eq!((&v["best"], &v["depth"]), (&last["best"], &last["depth"]));
    assert!(v["ms"].as_f64().unwrap() > 0.0);
}

#[test]
fn rules_as_opentafl_strings() {
    let o = tafl8(&["rules", "--variant", "brandubh", "--otep"]);
    assert!(o.status.success(), "{o:?}");
    let s = stdout(&o);
    // OpenTafl's own Brandub string, but for the name.
    assert_eq!(
        s.trim(),
        "dim:7 name:brandubh surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
    );
    // --rules takes the string wherever it takes a file.
    let o = tafl8(&["perft", "--rules", s.trim(), "--depth", "3", "--json"]);
    assert!(o.status.success(), "{o:?}");
    assert!(stdout(&o).contains("\"nodes\":39512"), "{}", stdout(&o));
    // Printed as TOML and read back, it is the same string.
    let toml = stdout(&tafl8(&["rules", "--rules", s.trim()]));
    let dir = std::env::temp_dir().join(format!("tafl8-otr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("b.toml");
    std::fs::write(&f, toml).unwrap();
    let again = tafl8(&["rules", "--rules", f.to_str().unwrap(), "--otep"]);
    assert_eq!(stdout(&again), s);
    std::fs::remove_dir_all(&dir).ok();
    // Copenhagen's "a repetition loses for the defenders" has no OpenTafl form.
    let o = tafl8(&["rules", "--variant", "copenhagen", "--otep"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("repetition.result") && err.contains("mover-loses"),
        "{err}"
    );
    // A rule tafl8 does not play is named.
    let o = tafl8(&[
        "perft",
        "--rules",
        "dim:7 ks:m start:/7/7/7/3K3/7/7/7/",
        "--depth",
        "1",
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("`ks:m`"));
}
