//! Numbers the code defines, where the README and `docs/` quote them: each is checked against the
//! code here, so a change to the code that leaves a document behind fails (the `--help` texts
//! build theirs from the code; `help_numbers_come_from_the_code` checks that they do).

use std::process::Command;

use tafl8_engine::difficulty::LEVELS;
use tafl8_engine::zobrist::ZOBRIST_SEED;
use tafl8_engine::{Geometry, Side, Square, Zobrist};
use tafl8_engine::{MAX_AREA, MAX_SIZE, MIN_SIZE};

fn doc(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn number(cell: &str) -> u64 {
    cell.trim()
        .replace(',', "")
        .parse()
        .unwrap_or_else(|_| panic!("`{cell}` is not a number"))
}

#[test]
fn the_levels_table_is_levels() {
    let text = doc("docs/levels.md");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| l.starts_with("| ") && l.chars().nth(2).is_some_and(|c| c.is_ascii_digit()))
        .take_while(|l| l.split('|').count() == 9)
        .map(|l| l.split('|').skip(1).collect())
        .collect();
    assert_eq!(
        rows.len(),
        LEVELS.len(),
        "docs/levels.md: one row per level"
    );
    for (row, level) in rows.iter().zip(&LEVELS) {
        let want = [
            u64::from(level.level),
            u64::from(level.depth),
            level.nodes,
            level.margin as u64,
            u64::from(level.halvings),
            u64::from(level.frames),
        ];
        let got: Vec<u64> = row[..6].iter().map(|c| number(c)).collect();
        assert_eq!(
            got, want,
            "docs/levels.md, level {}: level, depth, nodes, margin, halvings, frames differ from LEVELS",
            level.level
        );
    }
}

#[test]
fn the_readme_quotes_the_limits() {
    let text = doc("README.md");
    let token = format!("{}-token budget", tafl8_p8::TOKEN_LIMIT);
    let compressed = format!("{} bytes a cart holds", tafl8_p8::COMPRESSED_LIMIT);
    assert!(text.contains(&token), "README.md: `{token}`");
    assert!(text.contains(&compressed), "README.md: `{compressed}`");
}

#[test]
fn the_contract_quotes_the_board_and_hash_constants() {
    let text = doc("docs/contract.md");
    for quoted in [
        format!("Board size `n`: {MIN_SIZE}..={MAX_SIZE}"),
        format!("(≤ {MAX_AREA})"),
        format!("seeded with `0x{ZOBRIST_SEED:08X}`"),
    ] {
        assert!(text.contains(&quoted), "docs/contract.md: `{quoted}`");
    }
    let z7 = Zobrist::new(Geometry::new(7).unwrap());
    let z11 = Zobrist::new(Geometry::new(11).unwrap());
    let hex = |k: i32| format!("0x{:08X}", k as u32);
    for (what, key) in [
        ("attacker key of square 0 = ", z7.piece(1, Square(0))),
        ("of square 1 = ", z7.piece(1, Square(1))),
        ("defender key of\nsquare 0 = ", z7.piece(2, Square(0))),
        ("side key = ", z7.side()),
        ("11x11: side key ", z11.side()),
    ] {
        let quoted = format!("{what}`{}`", hex(key));
        assert!(text.contains(&quoted), "docs/contract.md: `{quoted}`");
    }
    // The side key is what the defenders to move add: the hash of an empty board shows it.
    let empty = vec![0u8; Geometry::new(7).unwrap().area()];
    assert_eq!(z7.hash_of(&empty, Side::Defenders), z7.side());
}

#[test]
fn the_search_doc_quotes_the_cpu_clock() {
    let per_second =
        tafl8_runner::cpu::CYCLES_PER_SECOND / tafl8_runner::cpu::CYCLES_PER_INSTRUCTION;
    let digits = per_second.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    let quoted = format!("{grouped} instructions per second");
    assert!(
        doc("docs/search.md").contains(&quoted),
        "docs/search.md: `{quoted}`"
    );
}

#[test]
fn help_numbers_come_from_the_code() {
    let help = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_tafl8"))
            .args(args)
            .output()
            .expect("tafl8 runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let diff = help(&["diff", "--help"]);
    for l in &LEVELS {
        let nodes = l.nodes.to_string();
        let grouped = if nodes.len() > 3 {
            format!(
                "{},{}",
                &nodes[..nodes.len() - 3],
                &nodes[nodes.len() - 3..]
            )
        } else {
            nodes
        };
        let quoted = format!("{} {grouped}", l.level);
        assert!(
            diff.contains(&quoted),
            "diff --help: level `{quoted}`:\n{diff}"
        );
    }
    assert!(
        !diff.contains("tafl8 search"),
        "no `tafl8 search` subcommand"
    );
    let count = help(&["count", "--help"]);
    for limit in [
        tafl8_p8::TOKEN_LIMIT,
        tafl8_p8::CHAR_LIMIT,
        tafl8_p8::COMPRESSED_LIMIT,
    ] {
        assert!(count.contains(&limit.to_string()), "count --help: {limit}");
    }
}
