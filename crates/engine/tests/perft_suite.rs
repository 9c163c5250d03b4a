//! The one perft driver: reads every `tests/perft/*.perft` file of the workspace and checks each
//! count up to a node limit (default 2,000,000 so debug `cargo test` stays fast; set
//! `TAFL8_PERFT_NODE_LIMIT` to check deeper counts).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tafl8_engine::{perft, Position, Rules, Side};

struct Entry {
    origin: String,
    id: String,
    variant: Option<String>,
    position: Option<String>,
    side: Option<Side>,
    counts: Vec<(u32, u64, usize)>,
}

fn parse(path: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut entries = Vec::new();
    let mut cur: Option<Entry> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let at = format!("{}:{}", path.display(), i + 1);
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            entries.extend(cur.take());
            continue;
        }
        let (key, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{at}: expected `key value`, got `{line}`"));
        let value = value.trim();
        if key == "id" {
            entries.extend(cur.take());
            cur = Some(Entry {
                origin: at,
                id: value.to_string(),
                variant: None,
                position: None,
                side: None,
                counts: Vec::new(),
            });
            continue;
        }
        let e = cur
            .as_mut()
            .unwrap_or_else(|| panic!("{at}: `{key}` before any `id` line"));
        match key {
            "variant" => e.variant = Some(value.to_string()),
            "position" => e.position = Some(value.to_string()),
            "side" => e.side = Some(value.parse().unwrap_or_else(|m| panic!("{at}: {m}"))),
            "perft" => {
                let mut it = value.split_whitespace().map(|x| x.parse::<u64>());
                match (it.next(), it.next(), it.next()) {
                    (Some(Ok(d)), Some(Ok(n)), None) => e.counts.push((d as u32, n, i + 1)),
                    _ => panic!("{at}: expected `perft DEPTH NODES`, got `{line}`"),
                }
            }
            _ => panic!("{at}: unknown key `{key}` (use id, variant, position, side, perft)"),
        }
    }
    entries.extend(cur);
    entries
}

fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/perft")
}

#[test]
fn perft_suites_match() {
    let limit: u64 = std::env::var("TAFL8_PERFT_NODE_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000_000);
    let mut files: Vec<PathBuf> = std::fs::read_dir(suite_dir())
        .expect("tests/perft exists")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 4,
        "expected a .perft file per preset, found {files:?}"
    );
    let (mut checked, mut skipped) = (0, 0);
    for file in &files {
        for e in parse(file) {
            let variant = e
                .variant
                .as_deref()
                .unwrap_or_else(|| panic!("{}: entry `{}` has no variant", e.origin, e.id));
            let rules =
                Arc::new(Rules::preset(variant).unwrap_or_else(|x| panic!("{}: {x}", e.origin)));
            let side = e.side.unwrap_or_else(|| rules.first_side());
            let mut pos = match &e.position {
                Some(p) => Position::from_string(rules.clone(), p, side)
                    .unwrap_or_else(|x| panic!("{}: position: {x}", e.origin)),
                None => Position::from_cells(rules.clone(), *rules.start_cells(), side).unwrap(),
            };
            for &(depth, expected, line) in &e.counts {
                if expected > limit {
                    skipped += 1;
                    continue;
                }
                let got = perft(&mut pos, depth);
                assert_eq!(
                    got,
                    expected,
                    "{}:{line}: {} perft {depth}",
                    file.display(),
                    e.id
                );
                checked += 1;
            }
        }
    }
    println!("perft suite: {checked} counts checked, {skipped} above the node limit {limit}");
    assert!(checked >= 20, "only {checked} perft counts were checked");
}

#[test]
fn brandubh_published_counts() {
    // 40, 960, 39512: the counts six independent tafl implementations agree on.
    let rules = Arc::new(Rules::preset("brandubh").unwrap());
    let mut pos = Position::start(rules);
    let got: Vec<u64> = (1..=3).map(|d| perft(&mut pos, d)).collect();
    assert_eq!(got, [40, 960, 39_512]);
}
