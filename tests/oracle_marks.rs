//! A test that needs an oracle (shrinko8, z8lua) and finds none must say so in a plain
//! `cargo test`: it is ignored, with the reason, rather than passed after a note that only
//! `--nocapture` shows. The build script `crates/testkit/oracle_cfg.rs` sets
//! `cfg(tafl8_no_oracle)` when no venv is configured outside CI, and every oracle test carries
//! `#[cfg_attr(tafl8_no_oracle, ignore = "...")]`. Checked here: the attribute is on every test
//! that reaches an oracle gate, and the cfg follows the environment the tests were built in.

use std::path::{Path, PathBuf};

/// The calls that gate a test on an oracle (crates/testkit/src/oracle.rs).
const GATES: [&str; 3] = ["z8lua_python()", "testkit::shrinko8()", "testkit::venv("];
const MARK: &str = "#[cfg_attr(tafl8_no_oracle, ignore";

fn test_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("tests")];
    for c in std::fs::read_dir(root.join("crates")).unwrap() {
        dirs.push(c.unwrap().path().join("tests"));
    }
    let mut files = Vec::new();
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

/// Each top-level `fn` of a rustfmt-formatted file: its name, the lines above it (attributes and
/// doc comments, joined), and its body (up to the `}` in the first column).
fn functions(text: &str) -> Vec<(String, String, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = line
            .strip_prefix("fn ")
            .or_else(|| line.strip_prefix("pub fn "))
        else {
            continue;
        };
        let name = rest.split(['(', '<']).next().unwrap_or("").to_string();
        // The attributes and doc comments above it (an attribute may span lines).
        let mut attrs = Vec::new();
        let mut j = i;
        while j > 0 && !lines[j - 1].trim().is_empty() && !lines[j - 1].starts_with('}') {
            j -= 1;
            attrs.push(lines[j].trim());
        }
        let end = lines[i..]
            .iter()
            .position(|l| l.starts_with('}'))
            .map_or(lines.len(), |k| i + k);
        attrs.reverse();
        out.push((name, attrs.join(" "), lines[i..end].join("\n")));
    }
    out
}

#[test]
fn every_test_that_reaches_an_oracle_is_marked() {
    let mut gated_tests = 0;
    let mut unmarked = Vec::new();
    for file in test_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        if file.ends_with("oracle_marks.rs") || !GATES.iter().any(|g| text.contains(g)) {
            continue;
        }
        let fns = functions(&text);
        // Helpers that call a gate, then tests that call a gate or such a helper.
        let helpers: Vec<&str> = fns
            .iter()
            .filter(|(_, attrs, body)| {
                !attrs.contains("#[test]") && GATES.iter().any(|g| body.contains(g))
            })
            .map(|(name, _, _)| name.as_str())
            .collect();
        for (name, attrs, body) in &fns {
            if !attrs.contains("#[test]") {
                continue;
            }
            let reaches = GATES.iter().any(|g| body.contains(g))
                || helpers.iter().any(|h| body.contains(&format!("{h}(")));
            if reaches {
                gated_tests += 1;
                let compact: String = attrs.chars().filter(|c| !c.is_whitespace()).collect();
                if !compact.contains(&MARK.replace(' ', "")) {
                    unmarked.push(format!("{}: {name}", file.display()));
                }
            }
        }
    }
    assert!(
        unmarked.is_empty(),
        "oracle tests without `{MARK} = \"...\")]`:\n{}",
        unmarked.join("\n")
    );
    // The suites comparing with shrinko8 and z8lua (p8, runner, the carts, the diff).
    assert!(gated_tests >= 15, "only {gated_tests} oracle tests found");
}

#[test]
fn the_cfg_follows_the_environment_of_the_build() {
    let venv = option_env!("TAFL8_VENV").is_some_and(|v| !v.is_empty());
    let ci = option_env!("CI").is_some();
    assert_eq!(cfg!(tafl8_no_oracle), !venv && !ci);
}
