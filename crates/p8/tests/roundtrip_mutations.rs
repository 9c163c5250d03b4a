//! Mutated corpus files: random edits (delete, duplicate or swap a span of characters, insert an
//! operator or keyword) of every corpus source. Whatever the parser makes of the result, nothing
//! panics; when it parses, the readable and minified prints parse back to the same tree with the
//! same token count, and lint and lowering run. Also: nesting far beyond real code is a located
//! error, not a stack overflow.

use proptest::prelude::*;
use tafl8_p8::cart::read_source;
use tafl8_p8::count::count_tokens_in;
use tafl8_p8::{lint, lower, minify, parse, print_chunk, LowerOptions, MinifyOptions};

fn corpus() -> Vec<String> {
    tafl8_testkit::p8_corpus()
        .iter()
        .map(|f| read_source(f).unwrap().code)
        .collect()
}

const INSERTS: &[&str] = &[
    "(", ")", "end", "if", "then", "-", "--", "..", "=", "+=", "?", "::", "[[", "\"", "\n", "do",
    "local", "function", ",", "{", "}", "!=", ">>>", "@", "~", "0x", "1",
];

fn mutate(src: &str, ops: &[(u8, usize, usize)]) -> String {
    let mut chars: Vec<char> = src.chars().collect();
    for &(op, a, b) in ops {
        if chars.is_empty() {
            break;
        }
        let i = a % chars.len();
        let j = (i + 1 + b % 8).min(chars.len());
        match op % 4 {
            0 => {
                chars.drain(i..j);
            }
            1 => {
                let dup: Vec<char> = chars[i..j].to_vec();
                chars.splice(i..i, dup);
            }
            2 => {
                let k = b % chars.len();
                chars.swap(i, k);
            }
            _ => {
                let ins: Vec<char> = INSERTS[b % INSERTS.len()].chars().collect();
                chars.splice(i..i, ins);
            }
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn mutated_corpus_never_panics_and_round_trips_when_it_parses(
        file in 0usize..1000,
        ops in proptest::collection::vec((any::<u8>(), any::<usize>(), any::<usize>()), 1..4),
    ) {
        let sources = corpus();
        let src = mutate(&sources[file % sources.len()], &ops);
        if let Ok(chunk) = parse(&src) {
            let printed = print_chunk(&chunk);
            let back = parse(&printed).map_err(|e| TestCaseError::fail(format!("{e}\n{printed}")))?;
            let minified = minify(&chunk, &MinifyOptions::default());
            let back_min = parse(&minified).map_err(|e| TestCaseError::fail(format!("{e}\n{minified}")))?;
            if back == chunk {
                prop_assert!(back_min == chunk, "minify changed the tree:\n{}", minified);
                prop_assert_eq!(count_tokens_in(&minified).ok(), count_tokens_in(&printed).ok());
            } else {
                // A short form whose one-line body PICO-8 would read differently is printed in
                // its long form (a `?` there as `print(...)`): same meaning, different tree.
                prop_assert_eq!(shape(&back), shape(&chunk), "print changed the meaning:\n{}", printed);
                prop_assert_eq!(shape(&back_min), shape(&chunk), "minify changed the meaning:\n{}", minified);
                prop_assert_eq!(print_chunk(&back), printed.clone(), "print is not stable");
            }
            let _ = minify(&chunk, &MinifyOptions { rename_locals: true });
            let _ = lint(&chunk);
            let _ = lower(&chunk, &LowerOptions { cost: true, ..LowerOptions::default() });
        }
    }
}

/// The meaning of a tree: its Lua 5.2 lowering without line breaks or spaces (short and long
/// forms, `?` and `print(...)`, lower alike; positions only move code between lines).
fn shape(chunk: &tafl8_p8::ast::Chunk) -> String {
    lower(chunk, &LowerOptions::default())
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

#[test]
fn deep_nesting_is_a_located_error_not_a_crash() {
    for (open, close) in [("(", ")"), ("{", "}"), ("- ", ""), ("f(", ")")] {
        let src = format!("x={}1{}", open.repeat(5000), close.repeat(5000));
        let err = parse(&src).expect_err("5000 levels must be refused");
        assert!(err.message.contains("nesting deeper than"), "{err}");
        assert_eq!(err.pos.line, 1);
    }
    let src = format!("{}x=1{}", "do ".repeat(5000), " end".repeat(5000));
    assert!(parse(&src).is_err());
    // Real code nests far less; 60 levels of parentheses still parse, print and lower.
    let src = format!("x={}1{}", "(".repeat(60), ")".repeat(60));
    let chunk = parse(&src).unwrap();
    assert!(parse(&print_chunk(&chunk)).unwrap() == chunk);
    let _ = lower(
        &chunk,
        &LowerOptions {
            cost: true,
            ..LowerOptions::default()
        },
    );
}

/// The nesting limit is z8lua's: `return` with 197 nested parentheses compiles there and 198 do
/// not ("too many C levels (limit is 200)", lupaz8 2.8.0.1); a `+` chain is flat for the
/// parser's nesting (its depth is bounded by the token limit instead, see `deep_trees.rs`).
#[test]
fn nesting_limit_matches_z8lua() {
    let parens = |n: usize| format!("return {}1{}", "(".repeat(n), ")".repeat(n));
    assert!(parse(&parens(197)).is_ok());
    let err = parse(&parens(198)).expect_err("198 levels are refused");
    assert!(err.message.contains("nesting deeper than"), "{err}");
    let sum = format!("return {}", vec!["x"; 5000].join("+"));
    assert!(parse(&sum).is_ok());
    // Blocks too: 197 nested `do` or `if` compile there, 198 do not.
    for (open, close) in [("do ", "end "), ("if a then ", "end ")] {
        let nested = |n: usize| format!("{}x=1 {}", open.repeat(n), close.repeat(n));
        assert!(parse(&nested(197)).is_ok(), "{open}");
        assert!(parse(&nested(198)).is_err(), "{open}");
    }
}
