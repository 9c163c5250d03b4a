//! `tafl8 otep` against what OpenTafl's host really sends. The sessions under `tests/otep/`
//! were recorded with `tafl8 otep --log` while OpenTafl v0.4.8.0b (its terminal UI, playing its
//! own AI against tafl8) drove the engine; the `.otg` files are the same games as OpenTafl saved
//! them. OpenTafl is not needed here: its lines are replayed.
//!
//! - Every move of those games, fed as `opponent-move` with OpenTafl's board after it, leads
//!   tafl8 to OpenTafl's board (its rules and OpenTafl's agree, captures included).
//! - OpenTafl's saved records replay through tafl8's rules with the captures OpenTafl listed.
//! - The host's lines replayed as they came get one `move` per `play` and no `error`.
//! - Malformed and unexpected lines get an `error` line, and the engine never dies of them.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tafl8_engine::record::{play_move_list, GameRecord};
use tafl8_engine::{Position, Rules};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/otep")
}

fn recorded(ext: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(fixtures())
        .unwrap()
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == ext).then(|| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read_to_string(&p).unwrap())
            })
        })
        .collect();
    out.sort();
    assert!(
        out.len() >= 2,
        "recorded sessions for brandubh, tablut and copenhagen"
    );
    out
}

/// Runs `tafl8 otep ARGS` with `input` on stdin (then closed); returns stdout lines and the
/// exit status. A run that does not end within a minute is a failure.
fn otep(args: &[&str], input: &[u8]) -> (Vec<String>, std::process::ExitStatus) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tafl8"))
        .arg("otep")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tafl8 otep");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() || start.elapsed() > Duration::from_secs(60) {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill();
    writer.join().unwrap();
    let out = child.wait_with_output().unwrap();
    let lines = String::from_utf8(out.stdout)
        .expect("OTEP output is ASCII")
        .lines()
        .map(str::to_string)
        .collect();
    (lines, out.status)
}

/// The lines of a transcript in one direction (`<<` host to engine, `>>` engine to host).
fn lines<'a>(log: &'a str, dir: &str) -> Vec<&'a str> {
    log.lines()
        .filter_map(|l| {
            let mut it = l.splitn(3, ' ');
            let (_, d, rest) = (it.next()?, it.next()?, it.next().unwrap_or(""));
            (d == dir).then_some(rest)
        })
        .collect()
}

/// The whole game of a session as `opponent-move MOVE BOARD` lines: the host's moves with its
/// boards, and ours with the board the host confirmed (`move BOARD`) after them.
fn observed_game(log: &str) -> String {
    let mut script = String::new();
    let mut ours = None;
    for l in log.lines() {
        let mut it = l.splitn(3, ' ');
        let (_, dir, rest) = (
            it.next().unwrap(),
            it.next().unwrap_or(""),
            it.next().unwrap_or(""),
        );
        let (cmd, args) = rest.split_once(' ').unwrap_or((rest, ""));
        match (dir, cmd) {
            ("<<", "rules") | ("<<", "opponent-move") => {
                script.push_str(rest);
                script.push('\n');
            }
            (">>", "move") => ours = Some(args.to_string()),
            ("<<", "move") => {
                let mv = ours.take().expect("the host confirms a move we sent");
                script.push_str(&format!("opponent-move {mv} {args}\n"));
            }
            _ => {}
        }
    }
    script
}

#[test]
fn tafl8_reaches_opentafls_board_after_every_move_of_the_recorded_games() {
    for (name, log) in recorded("log") {
        let script = observed_game(&log);
        let moves = script
            .lines()
            .filter(|l| l.starts_with("opponent-move"))
            .count();
        assert!(moves >= 10, "{name}: a whole game");
        let (out, status) = otep(&["--depth", "1"], script.as_bytes());
        assert!(status.success(), "{name}: {status}");
        // Nothing but the greeting: no error, no "took the host's board" status.
        assert_eq!(out, ["hello"], "{name}");
    }
}

#[test]
fn opentafls_saved_games_replay_with_its_captures() {
    for (name, text) in recorded("otg") {
        let rec = GameRecord::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let rules = Arc::new(Rules::from_otr(&rec.rules).unwrap());
        let mut pos = Position::start(rules);
        let n = play_move_list(&mut pos, &rec.moves.join(" "))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(n, rec.moves.len());
        let o = pos
            .outcome()
            .unwrap_or_else(|| panic!("{name}: the game ended"));
        // OpenTafl's result tag: 1 attackers won, -1 defenders, 0 draw.
        let result = rec.tags.iter().find(|(k, _)| k == "result").unwrap();
        let winner = match result.1.as_str() {
            "1" => Some(tafl8_engine::Side::Attackers),
            "-1" => Some(tafl8_engine::Side::Defenders),
            _ => None,
        };
        assert_eq!(o.winner, winner, "{name}");
    }
}

#[test]
fn the_hosts_lines_replayed_get_a_move_per_play_and_no_error() {
    for (name, log) in recorded("log") {
        let host = lines(&log, "<<");
        let mut input: String = host.iter().map(|l| format!("{l}\n")).collect();
        input.push_str("goodbye\n");
        let (out, status) = otep(&["--depth", "2"], input.as_bytes());
        assert!(status.success(), "{name}: {status}");
        assert_eq!(out[0], "hello");
        assert!(
            !out.iter().any(|l| l.starts_with("error")),
            "{name}: {out:?}"
        );
        // Read ahead from a script, a `play` followed by `finish` looks like a game the host
        // ended while we thought: that move is (rightly) not sent.
        let plays = host.iter().filter(|l| l.starts_with("play")).count();
        let ended_while_thinking = host
            .windows(2)
            .filter(|w| w[0].starts_with("play") && w[1].starts_with("finish"))
            .count();
        let moves = out.iter().filter(|l| l.starts_with("move ")).count();
        assert_eq!(moves, plays - ended_while_thinking, "{name}: {out:?}");
        // The engine announces itself once, before its first move.
        let first_status = out
            .iter()
            .position(|l| l.starts_with("status tafl8 "))
            .unwrap();
        assert!(out[first_status].contains("OTEP engine"), "{out:?}");
    }
}

const BRANDUB: &str =
    "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

#[test]
fn malformed_and_unexpected_lines_get_an_error_line() {
    // Each line alone (after the rules when `ruled`), and the first answer it must get.
    let cases: [(&str, bool, &str); 19] = [
        ("foo", false, "error 0 unknown command `foo`"),
        ("play attackers", false, "error 0 `play` before `rules`"),
        (
            "position /7/7/7/3K3/7/7/7/",
            false,
            "error 0 `position` before `rules`",
        ),
        (
            "rules dim:7 ks:m start:/7/7/7/3K3/7/7/7/",
            false,
            "error -1 tafl8 cannot play these rules",
        ),
        (
            "rules dim:99 start:/",
            false,
            "error -1 tafl8 cannot play these rules",
        ),
        ("rules", false, "error -1 tafl8 cannot play these rules"),
        ("play purple", true, "error 0 `play purple`"),
        ("side", true, "error 0 `side `"),
        ("position /7/", true, "error 0 position `/7/`"),
        ("clock 1 2", true, "error 0 `clock 1 2`"),
        ("clock 1 2 x 4 5", true, "error 0 `x` is not"),
        ("opponent-move", true, "error 0 `opponent-move `"),
        (
            "opponent-move z9-z1 /3t3/3t3/3T3/ttTKTtt/3T3/3t3/2t4/",
            true,
            "error 0 moves `z9-z1`",
        ),
        (
            "opponent-move d1-c1 /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/3t3/",
            true,
            "error 0 position",
        ),
        ("move /K/", true, "error 0 position"),
        ("analyze many 1", true, "error 0 `analyze many 1`"),
        ("finish 9", true, "error 0 `finish 9`"),
        // An illegal move with a good board: the board wins, and the engine says so.
        (
            "opponent-move a1-a7 /3t3/3t3/3T3/ttTKTtt/3T3/4t2/3t3/",
            true,
            "status tafl8 took the host's board",
        ),
        ("dump 1", true, "status tafl8 has no evaluation dump"),
    ];
    for (line, ruled, want) in cases {
        let input = if ruled {
            format!("rules {BRANDUB}\n{line}\n")
        } else {
            format!("{line}\n")
        };
        let (out, status) = otep(&["--depth", "1"], input.as_bytes());
        assert!(status.success(), "{line}: {status}");
        assert_eq!(out.len(), 2, "{line}: one answer: {out:?}");
        assert!(out[1].starts_with(want), "{line}: {out:?}");
    }
}

#[test]
fn bytes_that_are_not_lines_of_text() {
    // Not UTF-8, a NUL, a line of 2 MB, then a good command: each gets its error, the last works.
    let mut input = b"\xff\xfe garbage\n\0\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 2 << 20));
    input.extend_from_slice(format!("\nrules {BRANDUB}\nplay attackers\n").as_bytes());
    let (out, status) = otep(&["--depth", "1"], &input);
    assert!(status.success());
    assert!(out[1].starts_with("error 0 unknown command"), "{out:?}");
    assert!(out[2].starts_with("error 0 unknown command"), "{out:?}");
    assert!(
        out[3].starts_with("error 0 a line of 2097153 bytes"),
        "{out:?}"
    );
    assert!(out.last().unwrap().starts_with("move "), "{out:?}");
    // Every output line is printable ASCII.
    assert!(out
        .iter()
        .all(|l| l.bytes().all(|b| (32..127).contains(&b))));
}

#[test]
fn goodbye_and_end_of_input_end_the_session() {
    let (out, status) = otep(
        &[],
        format!("rules {BRANDUB}\ngoodbye\nplay attackers\n").as_bytes(),
    );
    assert!(status.success());
    assert_eq!(out, ["hello"], "nothing after goodbye");
    let (out, status) = otep(
        &["--depth", "1"],
        format!("rules {BRANDUB}\nplay attackers\n").as_bytes(),
    );
    assert!(status.success());
    assert!(
        out.last().unwrap().starts_with("move "),
        "a script ending after play gets its move"
    );
}

#[test]
fn analysis_is_in_the_form_the_host_parses() {
    let input = format!("rules {BRANDUB}\nposition /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\nside defenders\nanalyze 3 1\n");
    let (out, status) = otep(&["--depth", "3"], input.as_bytes());
    assert!(status.success());
    let a = out
        .iter()
        .find(|l| l.starts_with("analysis "))
        .expect("an analysis line");
    // OpenTafl's host splits at spaces and wants an odd count: the number, then pairs of a
    // move list (`|` between moves) and a number.
    let parts: Vec<&str> = a["analysis ".len()..].split(' ').collect();
    assert_eq!(parts.len() % 2, 1, "{a}");
    let n: usize = parts[0].parse().unwrap();
    assert!((1..=3).contains(&n) && parts.len() == 1 + 2 * n, "{a}");
    for pair in parts[1..].chunks(2) {
        assert!(pair[0].split('|').all(|m| m.contains('-')), "{a}");
        assert!(pair[1].parse::<f64>().is_ok(), "{a}");
    }
    // The defenders move: the first move of the list is a defender's.
    let first = &parts[1][..2];
    assert!(["c4", "d3", "d5", "e4", "d4"].contains(&first), "{a}");
}

#[test]
fn a_game_the_host_ends_while_the_engine_thinks_gets_no_move() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tafl8"))
        .args(["otep", "--movetime", "2000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "rules {BRANDUB}\nplay attackers").unwrap();
    stdin.flush().unwrap();
    // The search runs for a second or so (the start is no decided position); the host gives
    // up after 100 ms.
    std::thread::sleep(Duration::from_millis(100));
    writeln!(stdin, "finish 0\ngoodbye").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(text.contains("status tafl8 depth="), "{text}");
    assert!(!text.contains("\nmove "), "{text}");
}

#[test]
fn the_hosts_analysis_request_gets_an_analysis() {
    // OpenTafl's terminal UI with tafl8 as its analysis engine, and the `analyze 3 2` command:
    // the host sends the rules, then the board and the side, then `analyze`.
    let log = std::fs::read_to_string(fixtures().join("brandubh-gui-analysis.transcript")).unwrap();
    let host = lines(&log, "<<");
    assert!(host.iter().any(|l| l.starts_with("analyze ")));
    let input: String = host.iter().map(|l| format!("{l}\n")).collect();
    let (out, status) = otep(&["--depth", "3"], input.as_bytes());
    assert!(status.success());
    let a = out
        .iter()
        .find(|l| l.starts_with("analysis 3 "))
        .expect("analysis");
    // Attackers to move at the start: every listed move is an attacker's.
    let starts = ["a4", "b4", "d1", "d2", "d6", "d7", "f4", "g4"];
    for pair in a.split(' ').skip(2).collect::<Vec<_>>().chunks(2) {
        assert!(starts.contains(&&pair[0][..2]), "{a}");
    }
}

#[test]
fn a_level_plays_as_the_carts_level_does() {
    // `--level 5 --seed 7`: each `play` is the cart's own level-5 choice, the game's generator
    // seeded 7 and carried through the game (the cart's choice is the engine's at the nodes the
    // cart reached: tests/cart_time.rs).
    let target = tafl8_diff::Target::preset("brandubh", "engine").unwrap();
    let g = target.rules.geometry();
    let mut at = tafl8_diff::CasePos::start(&target.rules);
    let mut rng = tafl8_engine::difficulty::seeded_rng(7).state();
    let (mut want, mut boards) = (Vec::new(), Vec::new());
    for _ in 0..2 {
        let c = tafl8_diff::cart_player::cart_think(&target, &at, 5, rng).unwrap();
        let m = c.mv.unwrap();
        rng = c.rng;
        want.push(m.display(g));
        at.moves.push(m);
        let pos = at.position(&target.rules);
        boards.push(tafl8_engine::notation::position_string(g, pos.cells()));
    }
    // The host confirms our move with the board after it (`move RECORD`).
    let input = format!(
        "rules {BRANDUB}\nplay attackers\nmove {}\nplay defenders\n",
        boards[0]
    );
    let (out, status) = otep(&["--level", "5", "--seed", "7"], input.as_bytes());
    assert!(status.success(), "{out:?}");
    let moves: Vec<&str> = out.iter().filter_map(|l| l.strip_prefix("move ")).collect();
    assert_eq!(moves, want, "{out:?}");
    // A level plays its own budgets: --depth, --nodes or --movetime with it is refused.
    for extra in [["--depth", "3"], ["--nodes", "100"], ["--movetime", "50"]] {
        let mut args = vec!["--level", "5"];
        args.extend(extra);
        let (_, status) = otep(&args, b"");
        assert!(!status.success(), "{extra:?}");
    }
}
