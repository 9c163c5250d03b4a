//! `tafl8 tune` and the `pst=FILE` player item: tables fitted from recorded games are written
//! whole, read back by a match player, and bad input is refused with where and why.

mod cli_support;

use std::path::{Path, PathBuf};

use cli_support::tafl8;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tafl8-tune-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn games(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/strength/games")
        .join(name)
        .display()
        .to_string()
}

/// `tafl8 tune` under `variant` on the Brandubh games kept in the repository, writing `out`,
/// with `extra` options after.
fn tune(variant: &str, out: &Path, extra: &[&str]) -> (i32, String, String) {
    let games = games("opentafl-1500-brandubh.otg");
    let out = out.to_str().unwrap();
    let mut args = vec![
        "tune",
        "--variant",
        variant,
        "--games",
        &games,
        "--out",
        out,
    ];
    args.extend_from_slice(extra);
    tafl8(&args)
}

/// Two games of `tafl8 match` under `variant` at depth 1, side A reading its tables from `pst`,
/// with `extra` options after.
fn match_with_pst(variant: &str, pst: &Path, extra: &[&str]) -> (i32, String, String) {
    let spec = format!("full,depth=1,pst={}", pst.display());
    let mut args = vec![
        "match",
        "--variant",
        variant,
        "--a",
        &spec,
        "--b",
        "full,depth=1",
        "--games",
        "2",
    ];
    args.extend_from_slice(extra);
    tafl8(&args)
}

#[test]
fn fits_brandubh_tables_that_a_match_player_loads() {
    let dir = scratch("fit");
    let out = dir.join("brandubh.pst");
    let (code, stdout, stderr) = tune("brandubh", &out, &["--steps", "200", "--json"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let j: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    // 40 games, every 5th held out.
    assert_eq!(j["games"], 40, "{j}");
    assert!(j["test_positions"].as_u64().unwrap() > 0, "{j}");
    let [before, after] = [0, 1].map(|i| j["train_error"][i].as_f64().unwrap());
    assert!(
        after <= before,
        "the fit made the training error worse: {j}"
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("size 7\nattacker\n"), "{text}");
    // Brandubh is symmetric: a table's corners agree (a1, a7, g1, g7 are one orbit).
    let king: Vec<&str> = text.lines().skip_while(|l| *l != "king").skip(1).collect();
    let first: Vec<&str> = king[0].split_whitespace().collect();
    let last: Vec<&str> = king[6].split_whitespace().collect();
    assert_eq!(
        (first[0], first[6]),
        (last[0], last[6]),
        "corners differ:\n{text}"
    );
    // A match player with these tables plays (two games at depth 1).
    let (code, stdout, stderr) = match_with_pst("brandubh", &out, &["--quiet"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tables_for_another_board_are_refused_with_their_line() {
    let dir = scratch("size");
    let out = dir.join("brandubh.pst");
    let (code, _, stderr) = tune("brandubh", &out, &["--steps", "10"]);
    assert_eq!(code, 0, "{stderr}");
    let (code, _, stderr) = match_with_pst("tablut", &out, &[]);
    assert_ne!(code, 0);
    // The `size` line is the first after the comment lines.
    let size_line = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .position(|l| l.starts_with("size"))
        .unwrap()
        + 1;
    let want = format!("{}:{size_line}:6:", out.display());
    assert!(stderr.contains(&want) && stderr.contains("9x9"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn games_under_other_rules_are_skipped_and_nothing_is_written() {
    let dir = scratch("rules");
    let out = dir.join("none.pst");
    let (code, _, stderr) = tune("ziege", &out, &[]);
    assert_ne!(code, 0);
    assert!(
        stderr.contains("no position to fit") && stderr.contains("40 skipped"),
        "{stderr}"
    );
    assert!(!out.exists(), "a file was written");
    std::fs::remove_dir_all(&dir).unwrap();
}
