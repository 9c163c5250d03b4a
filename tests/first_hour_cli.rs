//! What a new user trips over in the first hour (issue 28), each answered the way they would
//! expect: a clear error (what, where, how to fix) and a non-zero exit for what cannot be done,
//! a useful report for what can, and never a silent success.

mod cli_support;

use std::path::PathBuf;

use cli_support::tafl8;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tafl8-first-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn count_refuses_a_program_that_does_not_parse() {
    let dir = scratch("count");
    let cart = dir.join("broken.p8");
    // Lexes fine (so it has a token count), but `x = = 1` is no parameter list.
    std::fs::write(
        &cart,
        "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\nfunction f(\n  x = = 1\nend\n",
    )
    .unwrap();
    let (code, stdout, stderr) = tafl8(&["count", cart.to_str().unwrap()]);
    assert_eq!(code, 2, "{stdout}");
    // Line 5 of the file, column 5: the first `=`.
    assert!(stderr.contains("broken.p8:5:5:"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_png_cart_that_is_not_a_png_says_so() {
    let dir = scratch("notpng");
    let cart = dir.join("x.p8.png");
    // Bytes that are neither PNG nor UTF-8.
    let bytes: Vec<u8> = (0..3000u32)
        .map(|i| (i * 7919 % 251) as u8 | 0x80)
        .collect();
    std::fs::write(&cart, bytes).unwrap();
    for cmd in ["count", "run", "lint"] {
        let (code, _, stderr) = tafl8(&[cmd, cart.to_str().unwrap()]);
        assert_ne!(code, 0, "{cmd}");
        assert!(
            stderr.contains("x.p8.png") && stderr.contains("not a PNG"),
            "{cmd}: {stderr}"
        );
        assert!(!stderr.contains("UTF-8"), "{cmd}: {stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn run_without_flags_prints_a_summary() {
    let (code, stdout, stderr) = tafl8(&["run", "carts/ziege.p8", "--frames", "3"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("cpu: 3 frames at 30 fps"), "{stdout}");
    assert!(
        stdout.contains("ziege.p8 (built for ruleset ziege ") && stdout.contains("ran 3 frames"),
        "{stdout}"
    );
}

#[test]
fn a_screenshot_past_the_last_frame_is_an_error() {
    let dir = scratch("shot");
    let shot = dir.join("s.png");
    let spec = format!("9:{}", shot.display());
    let (code, _, stderr) = tafl8(&[
        "run",
        "carts/ziege.p8",
        "--frames",
        "5",
        "--screenshot",
        &spec,
    ]);
    assert_ne!(code, 0);
    assert!(
        stderr.contains("frame 9") && stderr.contains("--frames"),
        "{stderr}"
    );
    assert!(!shot.exists());
    // A cart with no game loop runs no frame: a screenshot after frame 0 is never taken.
    let cart = dir.join("noloop.p8");
    std::fs::write(&cart, "pico-8 cartridge\nversion 42\n__lua__\nx=1\n").unwrap();
    let spec = format!("3:{}", shot.display());
    let (code, _, stderr) = tafl8(&[
        "run",
        cart.to_str().unwrap(),
        "--frames",
        "5",
        "--screenshot",
        &spec,
    ]);
    assert_ne!(code, 0);
    assert!(stderr.contains("screenshot not taken"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fit_that_cannot_fit_does_not_suggest_fit() {
    let dir = scratch("fit");
    let out = dir.join("x.p8");
    let (code, _, stderr) = tafl8(&[
        "build",
        "--budget",
        "100",
        "--fit",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("raise --budget") && !stderr.contains("let --fit"),
        "{stderr}"
    );
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Two games, both won by A: no infinite Elo, a bound instead; `--games 0` refused.
#[test]
fn match_reports_a_bound_for_a_clean_sweep_and_refuses_zero_games() {
    // brandubh, `full` against `bare` at a few nodes: A wins both colours (the bare engine
    // plays the first legal move).
    let (code, stdout, stderr) = tafl8(&[
        "match",
        "--variant",
        "brandubh",
        "--a",
        "full",
        "--b",
        "bare",
        "--nodes",
        "200",
        "--games",
        "2",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("A: 2 wins, 0 draws, 0 losses"), "{stdout}");
    assert!(!stdout.contains("inf"), "{stdout}");
    // 0.025^(1/2) = 0.158: -400 log10(1/0.158 - 1) = -291.
    assert!(
        stdout.contains("no interval (no game lost: 2 of 2 won); 95% lower bound -291"),
        "{stdout}"
    );
    let (code, _, stderr) = tafl8(&["match", "--games", "0"]);
    assert_ne!(code, 0);
    assert!(
        stderr.contains("--games") && stderr.contains('0'),
        "{stderr}"
    );
}

#[test]
fn depths_out_of_range_are_refused_with_sense() {
    let (code, _, stderr) = tafl8(&["analyze", "--depth", "0"]);
    assert_ne!(code, 0);
    assert!(
        stderr.contains("--depth") && stderr.contains("1..=62"),
        "{stderr}"
    );
    let (code, _, stderr) = tafl8(&["perft", "--depth", "300"]);
    assert_ne!(code, 0);
    assert!(!stderr.contains("inf"), "{stderr}");
    // ziege: perft(2) = 1,752 and perft(3) = 87,344 (tests/perft/ziege.perft), so the estimate
    // is log10(87344) + 297 log10(87344/1752) = 4.941 + 297 * 1.6977 = 509.2.
    assert!(stderr.contains("about 10^509 leaves"), "{stderr}");
}

/// The king alone is where a game ends (every attacker captured), not where one starts: a
/// ruleset whose start has no attacker is refused, in a file or an OpenTafl string. A position
/// given to analyze is a finished game, and said to be one.
#[test]
fn a_start_with_only_the_king_is_refused() {
    let dir = scratch("king");
    let (_, toml, _) = tafl8(&["rules", "--variant", "ziege"]);
    let start = toml.lines().find(|l| l.starts_with("start = ")).unwrap();
    let rules = dir.join("king.toml");
    std::fs::write(&rules, toml.replace(start, "start = \"/7/7/7/3K3/7/7/7/\"")).unwrap();
    for spec in [
        rules.to_str().unwrap(),
        "dim:7 name:K start:/7/7/7/3K3/7/7/7/",
    ] {
        let (code, _, stderr) = tafl8(&["perft", "--rules", spec, "--depth", "1"]);
        assert_ne!(code, 0, "{spec}");
        assert!(stderr.contains("no attacker"), "{spec}: {stderr}");
    }
    let (code, stdout, _) = tafl8(&["analyze", "--position", "/7/7/7/3K3/7/7/7/", "--depth", "2"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("the game is over"), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A user's rules build beside the rules file by default, never over a committed cart.
#[test]
fn build_with_your_rules_leaves_the_committed_carts_alone() {
    let dir = scratch("myrules");
    let (_, toml, _) = tafl8(&["rules", "--variant", "tablut"]);
    let rules = dir.join("my.toml");
    std::fs::write(&rules, &toml).unwrap();
    let before = std::fs::read("carts/tablut.p8").unwrap();
    let (code, stdout, stderr) = tafl8(&["build", "--rules", rules.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let mine = dir.join("my.p8");
    assert!(
        stdout.contains(&format!("wrote {}", mine.display())),
        "{stdout}"
    );
    assert!(std::fs::read_to_string(&mine)
        .unwrap()
        .starts_with("pico-8 cartridge"));
    assert_eq!(std::fs::read("carts/tablut.p8").unwrap(), before);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `book --check` without `--out` checks the book built into tafl8, and says where it is.
#[test]
fn book_check_needs_no_out_and_names_the_book() {
    // A shallow generation differs from the committed (depth 7) brandubh book: stale.
    let (code, _, stderr) = tafl8(&[
        "book",
        "--variant",
        "brandubh",
        "--depth",
        "1",
        "--plies",
        "1",
        "--check",
    ]);
    assert_ne!(code, 0);
    assert!(
        stderr.contains("crates/engine/book/brandubh.book") && stderr.contains("stale"),
        "{stderr}"
    );
    // Printing says which file --out would replace.
    let (code, stdout, stderr) = tafl8(&[
        "book",
        "--variant",
        "brandubh",
        "--depth",
        "1",
        "--plies",
        "1",
    ]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("# brandubh opening book"), "{stdout}");
    assert!(
        stderr.contains("--out crates/engine/book/brandubh.book"),
        "{stderr}"
    );
}

/// `otep` defaults to the ruleset's strongest measured engine (`best`, which is its `engine`
/// where the ruleset names none), resolved when the host sends its rules, and `--config engine`
/// and `--config best` are accepted at start.
#[test]
fn otep_plays_the_rulesets_engine_by_default() {
    use std::io::Write;
    let (_, otr, _) = tafl8(&["rules", "--variant", "ziege", "--otep"]);
    let otr = otr.trim().replace("name:ziege", "name:Goat");
    for args in [
        &["otep"][..],
        &["otep", "--config", "engine"],
        &["otep", "--config", "best"],
    ] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tafl8"))
            .args(args)
            .arg("--nodes")
            .arg("200")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "rules {otr}\nplay attackers\ngoodbye").unwrap();
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{args:?}: {text}");
        assert!(text.starts_with("hello"), "{args:?}: {text}");
        assert!(!text.contains("error"), "{args:?}: {text}");
        assert!(text.contains("move "), "{args:?}: {text}");
    }
    let (_, help, _) = tafl8(&["otep", "--help"]);
    assert!(
        help.contains("[default: best; with --level: engine]"),
        "{help}"
    );
}
