//! Token and character counts equal shrinko8's on the corpus and on every cart the project builds.
//!
//! shrinko8 is the oracle (see `shared/DESIGN.md`); it lives in the Python venv named by
//! `TAFL8_VENV` (made by `.ci/oracles.sh`). Without it the comparison is skipped locally and fails
//! in CI. The same run checks that shrinko8 compiles every corpus file, so the corpus stays valid
//! PICO-8 for the parser's tests.

use std::path::{Path, PathBuf};
use std::process::Command;

use tafl8_p8::cart::read_source;
use tafl8_p8::count;

/// shrinko8's (tokens, chars) for `file`, failing if it reports a compilation error.
fn shrinko_counts(exe: &Path, file: &Path) -> (usize, usize) {
    let out = Command::new(exe)
        .arg(file)
        .args(["--lint", "--count", "--parsable-count"])
        .args([
            "--no-lint-unused",
            "--no-lint-undefined",
            "--no-lint-duplicate",
        ])
        .output()
        .expect("run shrinko8");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        !stdout.contains("Compilation errors"),
        "shrinko8 rejects {}:\n{stdout}",
        file.display()
    );
    let field = |name: &str| -> usize {
        tafl8_testkit::parsable_count(&stdout, name).unwrap_or_else(|| {
            panic!(
                "no {name} count from shrinko8 for {}:\n{stdout}",
                file.display()
            )
        })
    };
    (field("tokens"), field("chars"))
}

#[test]
fn corpus_is_large_and_every_file_counts() {
    let files = tafl8_testkit::corpus_and_carts();
    let corpus = files
        .iter()
        .filter(|f| f.parent().unwrap().ends_with("corpus"))
        .count();
    assert!(
        corpus >= 30,
        "the corpus must hold at least 30 sources, has {corpus}"
    );
    for f in &files {
        let src = read_source(f).unwrap_or_else(|e| panic!("{e}"));
        count(&src.code).unwrap_or_else(|e| panic!("{}:{e}", f.display()));
    }
}

/// Mismatch descriptions for `files`.
fn compare(exe: &Path, files: &[PathBuf]) -> Vec<String> {
    let mut bad = Vec::new();
    for f in files {
        let src = read_source(f).unwrap_or_else(|e| panic!("{e}"));
        let ours = count(&src.code).unwrap_or_else(|e| panic!("{}:{e}", f.display()));
        let theirs = shrinko_counts(exe, f);
        if (ours.tokens, ours.chars) != theirs {
            bad.push(format!(
                "{}: ours tokens={} chars={}, shrinko8 tokens={} chars={}",
                f.display(),
                ours.tokens,
                ours.chars,
                theirs.0,
                theirs.1
            ));
        }
    }
    bad
}

#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs shrinko8 (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn counts_equal_shrinko8() {
    let Some(exe) = tafl8_testkit::shrinko8() else {
        return;
    };
    let files = tafl8_testkit::corpus_and_carts();
    // shrinko8 starts in ~0.3 s; two workers halve the wall time on the 2-core machine.
    let (a, b) = files.split_at(files.len() / 2);
    let bad = std::thread::scope(|s| {
        let h = s.spawn(|| compare(&exe, a));
        let mut bad = compare(&exe, b);
        bad.extend(h.join().unwrap());
        bad
    });
    assert!(bad.is_empty(), "count mismatches:\n{}", bad.join("\n"));
    eprintln!("{} files: counts equal shrinko8's", files.len());
}
