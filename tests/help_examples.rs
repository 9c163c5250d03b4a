//! The help says what the commands do, and its examples work: every example in `--help` that
//! tafl8 can check (an OpenTafl rules string, a position, a move list, a search or feature spec)
//! is run, each subcommand's full text is shown (not a one-line summary hiding it), and the
//! options that take OpenTafl rules strings say so.

mod cli_support;

use cli_support::tafl8;

/// The subcommands, from `tafl8 --help`.
fn subcommands() -> Vec<String> {
    let (code, out, _) = tafl8(&["--help"]);
    assert_eq!(code, 0);
    out.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

fn help(cmd: &[&str]) -> String {
    let mut args = cmd.to_vec();
    args.push("--help");
    let (code, out, err) = tafl8(&args);
    assert_eq!(code, 0, "{cmd:?}: {err}");
    out
}

/// The `backticked` spans of a text.
fn spans(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

fn is_square(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 2
        && (b'a'..=b'k').contains(&b[0])
        && s[1..].parse::<u8>().is_ok_and(|n| (1..=11).contains(&n))
}

/// `c1-b1`, `a3-b3xb2`: a move in OpenTafl's notation.
fn is_move(s: &str) -> bool {
    let mut parts = s.split('x');
    let Some((from, to)) = parts.next().and_then(|m| m.split_once('-')) else {
        return false;
    };
    is_square(from) && is_square(to) && parts.all(is_square)
}

fn is_move_list(s: &str) -> bool {
    let moves: Vec<&str> = s.split([',', '|', ' ']).filter(|m| !m.is_empty()).collect();
    !moves.is_empty() && moves.iter().all(|m| is_move(m))
}

fn is_position(s: &str) -> bool {
    s.len() > 2
        && s.starts_with('/')
        && s.ends_with('/')
        && s.chars().all(|c| c.is_ascii_digit() || "tTK/".contains(c))
}

/// A search spec (`full,-killers`) or, for `build`, a feature list (`none,+material`).
fn is_spec(s: &str, build: bool) -> bool {
    let bases: &[&str] = if build {
        &["engine", "full", "all", "none"]
    } else {
        &["engine", "full", "seed", "bare"]
    };
    let mut items = s.split(',');
    let base = items.next().unwrap_or("");
    s.contains(',')
        && bases.contains(&base)
        && items.all(|i| i.starts_with(['+', '-']) || i.contains('='))
}

#[test]
fn every_checkable_example_in_the_help_runs() {
    let mut checked = Vec::new();
    for cmd in subcommands() {
        let text = help(&[&cmd]);
        for span in spans(&text) {
            let run: Vec<String> = if span.starts_with("dim:") {
                vec!["rules".into(), "--rules".into(), span.clone()]
            } else if is_position(&span) {
                // The board's size picks the variant it is a position of.
                let rows = span.matches('/').count() - 1;
                let variant = match rows {
                    7 => "ziege",
                    9 => "tablut",
                    _ => "copenhagen",
                };
                let args = [
                    "analyze",
                    "--variant",
                    variant,
                    "--position",
                    &span,
                    "--depth",
                    "1",
                ];
                args.map(String::from).to_vec()
            } else if is_move_list(&span) {
                let args = ["analyze", "--moves", &span, "--depth", "1"];
                args.map(String::from).to_vec()
            } else if is_spec(&span, cmd == "build") {
                if cmd == "build" {
                    let args = ["build", "--features", &span, "-o", "/dev/null"];
                    args.map(String::from).to_vec()
                } else {
                    let spec = span.split(',').filter(|i| {
                        !i.contains('=') || i.starts_with("tt-bits") || i.starts_with("qply")
                    });
                    let spec = spec.collect::<Vec<_>>().join(",");
                    ["analyze", "--config", &spec, "--depth", "1"]
                        .map(String::from)
                        .to_vec()
                }
            } else {
                continue;
            };
            let args: Vec<&str> = run.iter().map(String::as_str).collect();
            let (code, _, err) = tafl8(&args);
            assert_eq!(code, 0, "`{span}` from `tafl8 {cmd} --help` fails: {err}");
            checked.push(span);
        }
    }
    // The rules string, the position, the move lists and the specs the help gives.
    assert!(checked.iter().any(|s| s.starts_with("dim:")), "{checked:?}");
    assert!(checked.iter().any(|s| s.starts_with('/')), "{checked:?}");
    assert!(
        checked.iter().filter(|s| is_move_list(s)).count() >= 3,
        "{checked:?}"
    );
    assert!(checked.len() >= 12, "{checked:?}");
}

#[test]
fn each_command_shows_its_whole_help() {
    // Text that was in a command's own description but hidden behind a one-line summary.
    for (cmd, text) in [
        ("match", "level=L"),
        ("run", "--cpu adds the peak Lua memory"),
        ("book", "crates/engine/book/<variant>.book"),
        ("analyze", "principal variation"),
        ("otep", "engine .ini file"),
        ("perft", "Compare the counts with other implementations"),
    ] {
        let out = help(&[cmd]);
        assert!(
            out.contains(text),
            "`tafl8 {cmd} --help` lacks `{text}`:\n{out}"
        );
    }
    assert!(!help(&["run"]).contains("see `tafl8 run --help`"));
}

#[test]
fn options_that_take_opentafl_strings_say_so() {
    for cmd in [
        &["diff"][..],
        &["bench", "perft"],
        &["perft"],
        &["build"],
        &["match"],
    ] {
        let out = help(cmd);
        // The option's own entry: its line, and the lines up to the next option.
        let lines: Vec<&str> = out.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.trim_start().starts_with("--rules <"))
            .unwrap_or_else(|| panic!("{cmd:?} has no --rules"));
        let end = lines[at + 1..]
            .iter()
            .position(|l| l.trim_start().starts_with('-'))
            .map_or(lines.len(), |k| at + 1 + k);
        let rules = lines[at..end].join(" ");
        assert!(rules.contains("OpenTafl rules string"), "{cmd:?}: {rules}");
    }
    // And they are taken (the string `tafl8 rules --otep` prints).
    let (_, otr, _) = tafl8(&["rules", "--variant", "brandubh", "--otep"]);
    let (code, out, err) = tafl8(&["bench", "perft", "--rules", otr.trim(), "--depth", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("brandubh") || err.contains("brandubh"),
        "{out}{err}"
    );
}

/// The unknown-feature error lists every switch the engine has, from its own list.
#[test]
fn an_unknown_feature_lists_every_feature() {
    let (code, _, err) = tafl8(&["analyze", "--config", "full,+nope", "--depth", "1"]);
    assert_ne!(code, 0);
    for f in tafl8_engine::config::FEATURES {
        assert!(err.contains(f), "`{f}` missing from: {err}");
    }
    assert!(err.contains("pvs") && err.contains("lmr"), "{err}");
}

/// `diff --cart`'s default configuration is the same in its help and its error: `engine`.
#[test]
fn diff_cart_names_one_default_config() {
    let out = help(&["diff"]);
    let cart = &out[out.find("--cart <FILE>").unwrap()..];
    let cart = &cart[..cart.find("--config <").unwrap()];
    assert!(cart.contains("default `engine`"), "{cart}");
    let (code, _, err) = tafl8(&[
        "diff",
        "--cart",
        "carts/ziege.p8",
        "--variant",
        "ziege",
        "--variant",
        "brandubh",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("default engine"), "{err}");
}
