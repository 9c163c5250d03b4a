//! Golden tests: one folder per case under `tests/golden/<case>/` holding `source.lua` and the
//! reviewed expected outputs: `ast.txt` (tree dump), `printed.lua`, `minified.lua`,
//! `lowered.lua` (Lua 5.2 lowering), `lowered_cost.lua` (with the CPU cost annotation) and
//! `lint.txt` (lint findings).
//! `UPDATE_GOLDEN=1 cargo test -p tafl8-p8 --test parse_golden` rewrites them; review the diff.
//!
//! Beyond the snapshots, every case must satisfy the printers' invariants: the printed and
//! minified sources parse back to the same tree and have the source's PICO-8 token count.

use std::fs;
use std::path::Path;

use tafl8_p8::ast_dump::dump;
use tafl8_p8::count::count_tokens_in;
use tafl8_p8::lower::{lower, LowerOptions};
use tafl8_p8::minify::{minify, MinifyOptions};
use tafl8_p8::{lint, parse, print_chunk};

fn check(dir: &Path, file: &str, actual: &str, failures: &mut Vec<String>) {
    let path = dir.join(file);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        fs::write(&path, actual).unwrap();
        return;
    }
    match fs::read_to_string(&path) {
        Ok(expected) if expected == actual => {}
        Ok(expected) => failures.push(format!(
            "{}: differs\n--- expected\n{expected}\n--- actual\n{actual}",
            path.display()
        )),
        Err(_) => failures.push(format!(
            "{}: missing (run with UPDATE_GOLDEN=1, then review it)",
            path.display()
        )),
    }
}

#[test]
fn golden_cases() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut dirs: Vec<_> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("source.lua").exists())
        .collect();
    dirs.sort();
    let mut failures = Vec::new();
    for dir in &dirs {
        let src = fs::read_to_string(dir.join("source.lua")).unwrap();
        let chunk = parse(&src).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let printed = print_chunk(&chunk);
        let minified = minify(&chunk, &MinifyOptions::default());
        check(dir, "ast.txt", &dump(&chunk), &mut failures);
        check(dir, "printed.lua", &printed, &mut failures);
        check(dir, "minified.lua", &minified, &mut failures);
        check(
            dir,
            "lowered.lua",
            &lower(&chunk, &LowerOptions::default()),
            &mut failures,
        );
        check(
            dir,
            "lowered_cost.lua",
            &lower(
                &chunk,
                &LowerOptions {
                    cost: true,
                    ..LowerOptions::default()
                },
            ),
            &mut failures,
        );
        let findings: String = lint(&chunk).iter().map(|f| format!("{f}\n")).collect();
        check(dir, "lint.txt", &findings, &mut failures);
        let tokens = count_tokens_in(&src).unwrap();
        for (what, text) in [("printed", &printed), ("minified", &minified)] {
            let back = parse(text).unwrap_or_else(|e| panic!("{} {what}: {e}", dir.display()));
            assert!(
                back == chunk,
                "{} {what}: parses to a different tree:\n{}\n---\n{}",
                dir.display(),
                dump(&back),
                dump(&chunk)
            );
            assert_eq!(
                count_tokens_in(text).unwrap(),
                tokens,
                "{} {what}: token count changed",
                dir.display()
            );
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        dirs.len() >= 5,
        "golden cases missing under {}",
        root.display()
    );
}
