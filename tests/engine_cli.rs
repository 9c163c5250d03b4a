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

#[test]
fn perft_refuses_a_depth_that_cannot_finish() {
    let t = std::time::Instant::now();
    let o = tafl8(&["perft", "--variant", "copenhagen", "--depth", "99"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{err}");
    assert!(
        err.contains("--depth 99") && err.contains("leaves") && err.contains("--force"),
        "{err}"
    );
    // Refused from the first three plies' counts, at once (not after starting the count).
    assert!(t.elapsed().as_secs() < 30, "{:?}", t.elapsed());
    // Brandubh perft 7 is about 1.1e11 leaves by the estimate (perft 2 = 960, perft 3 = 39,512:
    // 39512 x 41.2^4; perft 5 is 41,843,336, so perft 7 is some 6e10): refused. Perft 4 runs.
    let o = tafl8(&["perft", "--variant", "brandubh", "--depth", "7"]);
    assert!(!o.status.success());
    let o = tafl8(&["perft", "--variant", "brandubh", "--depth", "4", "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("\"nodes\":1007392"), "{}", stdout(&o));
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
fn analyze_movetime_answers_with_the_last_iteration_kept() {
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
    // The answer is the last iteration's: the deepest complete one, or after it one the clock
    // cut whose finished moves were kept; `depth` is the deepest complete.
    let last = its.last().unwrap();
    assert_eq!(v["best"], last["best"]);
    let complete = |i: &serde_json::Value| i["complete"].as_bool().unwrap();
    let deepest = its.iter().rfind(|i| complete(i)).unwrap();
    assert_eq!(v["depth"], deepest["depth"]);
    if !complete(last) {
        assert_eq!(last["depth"].as_u64(), v["depth"].as_u64().map(|d| d + 1));
    }
    assert!(its[..its.len() - 1].iter().all(complete), "{v}");
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

#[test]
fn bench_search_measures_a_rules_file_like_the_preset_it_holds() {
    // Brandubh printed as TOML and read back is the same game, so the ablation table's node
    // counts (deterministic) must be the preset's, row for row.
    let dir = std::env::temp_dir().join(format!("tafl8-bench-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("brandubh.toml");
    let toml = tafl8(&["rules", "--variant", "brandubh"]);
    assert!(toml.status.success());
    std::fs::write(&file, &toml.stdout).unwrap();
    let nodes = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.starts_with("full") || l.starts_with("no ordering"))
            // The row's name (26 columns) and its nodes at depths 1 to 3 (10 each).
            .map(|l| l.chars().take(26 + 3 * 10).collect::<String>())
            .collect()
    };
    let args = ["bench", "search", "--depth", "3", "--runs", "1"];
    let preset = tafl8(&[&args[..], &["--variants", "brandubh"]].concat());
    let from_file = tafl8(&[&args[..], &["--rules", file.to_str().unwrap()]].concat());
    assert!(preset.status.success() && from_file.status.success());
    let (a, b) = (stdout(&preset), stdout(&from_file));
    assert!(!nodes(&a).is_empty(), "{a}");
    assert_eq!(nodes(&a), nodes(&b), "{a}\n{b}");
    // Only the file's ruleset: the default variants are not measured when --rules names one.
    assert!(!b.contains("ziege"), "{b}");
    let bad = tafl8(&["bench", "search", "--rules", "no-such-rules.toml"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("no-such-rules.toml"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_reader_that_closes_the_pipe_early_stops_tafl8_quietly() {
    // `tafl8 rules ... | true`: the reading end is closed before tafl8 (still starting up)
    // prints, so its first `println!` meets a closed pipe.
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tafl8"))
        .args(["rules", "--variant", "copenhagen"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
}

#[test]
fn bench_time_searches_the_start_and_the_middle_of_recorded_games() {
    let cph = "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
    // One record of 163 plies (no `[event:` tag: the file is the record).
    let games = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/otep/copenhagen-gui-tafl8-attackers-clock.otg"
    );
    let args = [
        "bench",
        "time",
        "--movetime",
        "40",
        "--games",
        games,
        "--positions",
        "5",
    ];
    let o = tafl8(&[&args[..], &["--rules", cph, "--json"]].concat());
    assert!(o.status.success(), "{o:?}");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let rows = v["positions"].as_array().unwrap();
    let labels: Vec<&str> = rows
        .iter()
        .map(|r| r["position"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["start", "game 1 ply 81"]);
    // Ply 81 is the defenders' move (the attackers move first).
    assert_eq!(
        (rows[0]["side"].as_str(), rows[1]["side"].as_str()),
        (Some("attackers"), Some("defenders"))
    );
    let mut sum = 0.0;
    for r in rows {
        let ms = r["ms"].as_f64().unwrap();
        assert!(
            r["depth"].as_u64().unwrap() >= 1 && r["nodes"].as_u64().unwrap() > 0,
            "{r}"
        );
        assert!(
            (r["share"].as_f64().unwrap() - ms / 40.0).abs() < 1e-3,
            "{r}"
        );
        sum += ms / 40.0;
    }
    assert!(
        (v["mean_share"].as_f64().unwrap() - sum / 2.0).abs() < 1e-3,
        "{v}"
    );
    // Under other rules the record does not replay: the error names the game and its rules.
    let o = tafl8(&[&args[..], &["--variant", "brandubh"]].concat());
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("copenhagen-gui-tafl8-attackers-clock.otg: game 1"),
        "{err}"
    );
}

#[test]
fn bench_nodes_searches_each_position_to_the_budget() {
    let args = [
        "bench",
        "nodes",
        "--variant",
        "brandubh",
        "--positions",
        "2",
        "--nodes",
        "3000",
    ];
    let o = tafl8(&args);
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(2)
        .take(3)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows[0][0], "start", "{out}");
    // Columns from the right: score, best, nodes, ms (a label may hold a space).
    let col = |r: &Vec<&str>, k: usize| r[r.len() - k].to_string();
    assert!(rows.iter().all(|r| col(r, 2) == "3000"), "{out}");
    // The start's search is `analyze`'s with the same budget: same best move and score.
    let a = tafl8(&[
        "analyze",
        "--variant",
        "brandubh",
        "--nodes",
        "3000",
        "--depth",
        "62",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&a.stdout).unwrap();
    assert_eq!(
        (rows[0][4], rows[0][3]),
        (v["best"].as_str().unwrap(), v["score"].to_string().as_str()),
        "{out}"
    );
    assert!(out.contains("9000 nodes in"), "{out}");
    // The checksum covers the results only: a second run prints the same.
    let sum = |s: &str| s.lines().last().unwrap().to_string();
    assert_eq!(sum(&out), sum(&stdout(&tafl8(&args))));
}

#[test]
fn match_reports_the_share_of_the_move_time_used() {
    let o = tafl8(&[
        "match",
        "--variant",
        "brandubh",
        "--a",
        "full,movetime=30",
        "--a-name",
        "timed",
        "--b",
        "full,nodes=300",
        "--b-name",
        "counted",
        "--games",
        "2",
        "--json",
    ]);
    assert!(o.status.success(), "{o:?}");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    // The share of every move, recomputed from the games' own times (one a move after the
    // random opening): the timed player's moves are those of the side it played in each game.
    let mut shares = Vec::new();
    for g in v["game_list"].as_array().unwrap() {
        let first = usize::from(g["attackers"] != "timed");
        let ms = g["ms"].as_array().unwrap();
        let opening = g["opening_plies"].as_u64().unwrap() as usize;
        for (i, t) in ms.iter().enumerate() {
            if let Some(t) = t.as_f64().filter(|_| (opening + i) % 2 == first) {
                shares.push(t / 30.0);
            }
        }
    }
    let timed = &v["per_engine"]["timed"];
    let mean = shares.iter().sum::<f64>() / shares.len() as f64;
    assert_eq!(
        timed["moves"].as_u64(),
        Some(shares.len() as u64),
        "{timed}"
    );
    // The games' times are rounded to 0.1 ms: 0.05 / 30 at most a move.
    assert!(
        (timed["movetime_share"].as_f64().unwrap() - mean).abs() < 0.002,
        "{timed} against {mean}"
    );
    let open = timed["moves_open"].as_u64().unwrap();
    assert!(open <= shares.len() as u64, "{timed}");
    // A node budget has no move time to measure against.
    let counted = &v["per_engine"]["counted"];
    assert!(counted["movetime_share"].is_null(), "{counted}");
    assert!(counted["moves"].as_u64().unwrap() > 0, "{counted}");
}
