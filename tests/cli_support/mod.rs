//! What the command-line tests share: running the binary, and a `tafl8 diff` small enough for a
//! debug build (a few cases of every kind but games).

use std::process::Command;

/// Runs `tafl8 ARGS`: exit code, stdout, stderr.
pub fn tafl8(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tafl8"))
        .args(args)
        .output()
        .expect("tafl8 runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `tafl8 diff` options for a handful of cases of each check but games, as JSON.
#[allow(dead_code, reason = "not every test binary runs a diff")]
pub const SMALL_DIFF: [&str; 17] = [
    "--positions",
    "4",
    "--placements",
    "4",
    "--search-positions",
    "1",
    "--search-depth",
    "1",
    "--think-seeds",
    "1",
    "--max-level",
    "1",
    "--book-seeds",
    "1",
    "--games",
    "0",
    "--json",
];
