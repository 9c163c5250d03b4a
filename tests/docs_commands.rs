//! Every command in README.md and docs/ runs as written.
//!
//! - Code blocks (fenced `sh` or plain, and indented ones starting with `tafl8`/`cargo`): every
//!   line runs in `sh`, in order, in a scratch folder holding copies of `carts/` (with
//!   `carts/calib/`), `docs/shots/` and `tests/rules/`, with `tafl8` on the PATH (this build's
//!   binary) and `cargo run --release --` read as `tafl8` (the README says they are the same).
//!   A line ending in `# NUMBER` must
//!   print that number. A block after `<!-- docs-test: skip (REASON) -->` is not run; the
//!   reason is required.
//! - Inline `tafl8 ...` commands: a synopsis (a placeholder such as `V`, `FILE`, `[--json]`,
//!   `...` or a `$VARIABLE`) is not a command; one that starts a command already run (`tafl8
//!   run` before `tafl8 run carts/...`) is covered; every other one runs for up to 10 seconds,
//!   and must succeed or still be running then (the measurements the docs quote take minutes:
//!   their options were read and they started without an error), or be a reference to an option
//!   that clap reports as lacking its value (never an unknown option). A line holding
//!   `<!-- docs-test: skip (REASON) -->` skips its inline commands.
//!   Inline `cargo` and `bash` commands other than `cargo run --release --` are cargo's and CI's
//!   own (building, testing, the CI scripts): CI runs those.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const SKIP: &str = "<!-- docs-test: skip (";

/// A command from the docs: where it is, its text, and the number it must print, if any.
struct Doc {
    at: String,
    cmd: String,
    prints: Option<String>,
}

fn doc_files() -> Vec<PathBuf> {
    let mut files = vec![PathBuf::from("README.md")];
    for dir in ["docs", "docs/shots"] {
        let mut more: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        more.sort();
        files.extend(more);
    }
    files
}

/// The skip reason on a marker line, which must give one.
fn skip_reason(line: &str, at: &str) -> Option<String> {
    let start = line.find(SKIP)? + SKIP.len();
    let reason = line[start..].split(") -->").next().unwrap_or("").trim();
    assert!(!reason.is_empty(), "{at}: a docs-test skip needs a reason");
    Some(reason.to_string())
}

/// Joins `\` continuations and splits off a trailing `# NUMBER`.
fn commands_of(body: &[&str], at: &str) -> Vec<Doc> {
    let mut out = Vec::new();
    let mut pending = String::new();
    for line in body {
        let line = line.trim_end();
        if let Some(start) = line.strip_suffix('\\') {
            pending.push_str(start);
            pending.push(' ');
            continue;
        }
        pending.push_str(line);
        let full = std::mem::take(&mut pending);
        let (cmd, comment) = match full.split_once(" #") {
            Some((c, k)) => (c.trim().to_string(), Some(k.trim().to_string())),
            None => (full.trim().to_string(), None),
        };
        if cmd.is_empty() || cmd.starts_with('#') {
            continue;
        }
        let prints = comment.filter(|k| !k.is_empty() && k.chars().all(|c| c.is_ascii_digit()));
        out.push(Doc {
            at: at.to_string(),
            cmd,
            prints,
        });
    }
    out
}

/// The code blocks' commands and the inline commands of one file, in order; and what was skipped.
fn parse(file: &Path) -> (Vec<Doc>, Vec<Doc>, Vec<String>) {
    let text = std::fs::read_to_string(file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let (mut blocks, mut inline, mut skipped) = (Vec::new(), Vec::new(), Vec::new());
    let mut skip_next: Option<String> = None;
    let mut i = 0;
    while i < lines.len() {
        let at = format!("{}:{}", file.display(), i + 1);
        let line = lines[i];
        if let Some(info) = line.strip_prefix("```") {
            let end = lines[i + 1..]
                .iter()
                .position(|l| l.starts_with("```"))
                .map_or(lines.len(), |k| i + 1 + k);
            let body = &lines[i + 1..end];
            let commands = ["tafl8 ", "cargo ", "bash "];
            let is_shell = info == "sh"
                || (info.is_empty()
                    && body
                        .iter()
                        .any(|l| commands.iter().any(|c| l.starts_with(c))));
            if is_shell {
                match skip_next.take() {
                    Some(reason) => skipped.push(format!("{at}: {reason}")),
                    None => blocks.extend(commands_of(body, &at)),
                }
            }
            i = end + 1;
            continue;
        }
        let indented = line.starts_with("    ") && (i == 0 || lines[i - 1].trim().is_empty());
        let end = lines[i..]
            .iter()
            .position(|l| !l.starts_with("    ") && !l.trim().is_empty())
            .map_or(lines.len(), |k| i + k);
        let has_command = lines[i..end].iter().any(|l| {
            ["tafl8 ", "cargo "]
                .iter()
                .any(|c| l.trim_start().starts_with(c))
        });
        if indented && has_command {
            let body: Vec<&str> = lines[i..end]
                .iter()
                .map(|l| l.get(4..).unwrap_or(""))
                .collect();
            match skip_next.take() {
                Some(reason) => skipped.push(format!("{at}: {reason}")),
                None => blocks.extend(commands_of(&body, &at)),
            }
            i = end;
            continue;
        }
        if let Some(reason) = skip_reason(line, &at) {
            if line.trim_start().starts_with(SKIP) {
                // A marker line of its own: for the next block.
                skip_next = Some(reason);
                i += 1;
                continue;
            }
            skipped.push(format!("{at}: {reason}"));
            i += 1;
            continue;
        }
        if !line.trim().is_empty() && skip_next.is_some() && !line.trim_start().starts_with("<!--")
        {
            // A marker applies to the block right after it only.
            skip_next = None;
        }
        inline.extend(inline_commands(&text, i, &at));
        i += 1;
    }
    (blocks, inline, skipped)
}

/// Inline `tafl8 ...` spans that start on line `i` (a span may run onto the next line).
fn inline_commands(text: &str, i: usize, at: &str) -> Vec<Doc> {
    let lines: Vec<&str> = text.lines().collect();
    let line = lines[i];
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(open) = rest.find('`') {
        let after = &rest[open + 1..];
        let (span, next) = match after.find('`') {
            Some(close) => (after[..close].to_string(), &after[close + 1..]),
            None => {
                // Continues on the next line.
                let tail = lines.get(i + 1).copied().unwrap_or("");
                let close = tail.find('`').unwrap_or(0);
                (format!("{after} {}", &tail[..close]), "")
            }
        };
        let span = span.split_whitespace().collect::<Vec<_>>().join(" ");
        let span = span
            .strip_prefix("cargo run --release -- ")
            .map_or(span.clone(), |s| format!("tafl8 {s}"));
        if span.starts_with("tafl8 ") {
            out.push(Doc {
                at: at.to_string(),
                cmd: span,
                prints: None,
            });
        }
        rest = next;
    }
    out
}

/// A synopsis rather than a command: it has a placeholder.
fn is_synopsis(cmd: &str) -> bool {
    let placeholder = |w: &str| {
        let w = w.trim_end_matches([',', '.']);
        !w.is_empty()
            && w.starts_with(|c: char| c.is_ascii_uppercase())
            && w.chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || "_.[]".contains(c))
            && !w.contains(".p8")
    };
    cmd.contains('[')
        || cmd.contains("...")
        || cmd.contains('$')
        || cmd.contains('<')
        || cmd.split(' ').any(|w| w.contains('|') && !w.contains('\''))
        || cmd.split_whitespace().any(placeholder)
        || cmd
            .split_whitespace()
            .any(|w| w.contains("CART") || w.contains("FILE"))
}

/// A scratch folder with what the documented commands read, and `tafl8` on a PATH.
fn scratch() -> (PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("tafl8-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["carts", "carts/calib", "docs/shots", "tests/rules", "bin"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    for sub in ["carts", "carts/calib", "docs/shots", "tests/rules"] {
        for e in std::fs::read_dir(sub).unwrap() {
            let p = e.unwrap().path();
            if p.is_file() {
                std::fs::copy(&p, dir.join(&p)).unwrap();
            }
        }
    }
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_tafl8"), dir.join("bin/tafl8")).unwrap();
    let path = format!(
        "{}:{}",
        dir.join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    (dir, path)
}

/// Runs `cmd` for up to `limit`: `None` if it is still running then (it is stopped).
fn sh_for(dir: &Path, path: &str, cmd: &str, limit: Duration) -> Option<(i32, String)> {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(cmd)
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            let _ = child.stderr.take().unwrap().read_to_string(&mut err);
            return Some((status.code().unwrap_or(-1), err));
        }
        if start.elapsed() > limit {
            // The shell and what it started: the whole process group.
            let _ = Command::new("kill")
                .arg("--")
                .arg(format!("-{}", child.id()))
                .status();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn sh(dir: &Path, path: &str, cmd: &str) -> (i32, String, String) {
    let cmd = cmd.replace("cargo run --release -- ", "tafl8 ");
    let out = Command::new("sh")
        .arg("-c")
        .arg(&cmd)
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_documented_command_runs_as_written() {
    let (dir, path) = scratch();
    let mut ran: Vec<String> = Vec::new();
    let mut failures = Vec::new();
    let mut skipped = Vec::new();
    let mut inline_all = Vec::new();
    for file in doc_files() {
        let (blocks, inline, skips) = parse(&file);
        skipped.extend(skips);
        for d in blocks {
            let (code, out, err) = sh(&dir, &path, &d.cmd);
            if code != 0 {
                failures.push(format!("{}: `{}` exits {code}: {err}", d.at, d.cmd));
            } else if let Some(n) = &d.prints {
                if !out.contains(n.as_str()) {
                    failures.push(format!("{}: `{}` does not print {n}: {out}", d.at, d.cmd));
                }
            }
            ran.push(d.cmd.replace("cargo run --release -- ", "tafl8 "));
        }
        inline_all.extend(inline);
    }
    let mut inline_ran = 0;
    for d in &inline_all {
        let covered = ran.iter().any(|r| r.starts_with(&d.cmd));
        if is_synopsis(&d.cmd) || covered {
            continue;
        }
        // Still running after 10 s: a measurement that started fine.
        if let Some((code, err)) = sh_for(&dir, &path, &d.cmd, Duration::from_secs(10)) {
            // A reference to an option (`tafl8 diff --cart`) lacks the option's value; an
            // unknown option or a failing command is an error in the docs.
            let reference = code == 2
                && (err.contains("a value is required")
                    || err.contains("required arguments were not provided"));
            if code != 0 && !reference {
                failures.push(format!("{}: `{}` exits {code}: {err}", d.at, d.cmd));
            }
        }
        ran.push(d.cmd.clone());
        inline_ran += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        failures.is_empty(),
        "documented commands that fail:\n{}",
        failures.join("\n")
    );
    // The README's own blocks, at least: build, the quick diff, your rules, perft.
    assert!(ran.len() >= 20, "{ran:?}");
    assert!(inline_ran >= 5, "{inline_ran}");
    // What is not run says why (the list is in the failure message of a changed count).
    assert!(
        skipped.iter().all(|s| !s.trim_end().ends_with(':')),
        "{skipped:?}"
    );
}
