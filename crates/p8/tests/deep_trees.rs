//! Trees as deep as the parser allows, and inputs past its limits, on a thread with a small
//! stack: every walk of the tree (lint, both printers, the minifier's renaming, the lowering
//! with and without costs, the dump, `Clone`, `PartialEq`, `Debug`, `Drop`) finishes without
//! overflowing it, and what the parser refuses is refused with the place the limit is passed.
//! Before the walks went through `stack::deep` and the parser bounded expression depth, a chain
//! of 8,000 `.a` overflowed a 2 MiB test thread and 300,000 overflowed the main thread
//! (SIGABRT) in `tafl8 lint`, `count` and `diff --cart`.

use tafl8_p8::ast_dump::dump;
use tafl8_p8::parser::{MAX_EXPR_LEVELS, SOURCE_LIMIT};
use tafl8_p8::{lint, lower, minify, parse, print_chunk, LowerOptions, MinifyOptions, ParseError};

/// The stack the walks run on: a quarter of a test thread's, far less than any of the trees
/// below needs without `stack::deep`.
const SMALL_STACK: usize = 512 * 1024;

fn on_small_stack<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

/// `MAX_EXPR_LEVELS` levels of each kind of chain (and of chains inside chains), each in a
/// statement `y=...`.
fn deepest() -> Vec<(&'static str, String)> {
    let n = MAX_EXPR_LEVELS as usize - 1;
    let half = n / 2 - 4;
    vec![
        ("members", format!("y=t{}", ".a".repeat(n))),
        ("calls", format!("y=f{}", "()".repeat(n))),
        ("methods", format!("y=o{}", ":m()".repeat(n))),
        ("indexes", format!("y=t{}", "[1]".repeat(n))),
        ("sum", format!("y=x{}", "+x".repeat(n))),
        ("folded sum", format!("y=1{}", "+1".repeat(n))),
        ("and", format!("y=a{}", " and a".repeat(n))),
        ("comparisons", format!("y=a{}", "==a".repeat(n))),
        (
            "a function in a chain",
            format!(
                "y=f(function() return t{} end){}",
                ".a".repeat(half),
                ".a".repeat(half)
            ),
        ),
        (
            "a statement",
            format!("t{}=1 f{}", ".a".repeat(n), "()".repeat(n)),
        ),
        ("a compound assignment", format!("t{}+=1", ".a".repeat(n))),
    ]
}

#[test]
fn the_deepest_trees_are_walked_on_a_small_stack() {
    on_small_stack(|| {
        for (what, src) in deepest() {
            let chunk = parse(&src).unwrap_or_else(|e| panic!("{what}: {e}"));
            let _ = lint(&chunk);
            let printed = print_chunk(&chunk);
            assert!(parse(&printed).unwrap() == chunk, "{what}: printed");
            let small = minify(
                &chunk,
                &MinifyOptions {
                    rename_locals: true,
                },
            );
            assert!(parse(&small).unwrap() == chunk, "{what}: minified");
            for cost in [false, true] {
                let lua = lower(
                    &chunk,
                    &LowerOptions {
                        cost,
                        ..LowerOptions::default()
                    },
                );
                assert!(lua.len() > src.len() / 2, "{what}: lowered");
            }
            assert!(dump(&chunk).len() > src.len() / 2, "{what}: dumped");
            let copy = chunk.clone();
            assert!(copy == chunk, "{what}: cloned");
            assert!(format!("{copy:?}").contains("Expr"), "{what}: debug");
            drop(copy);
        }
    });
}

/// The error for `src`, which the parser must refuse.
fn refused(src: &str) -> ParseError {
    let src = src.to_string();
    on_small_stack(move || parse(&src).expect_err("refused"))
}

#[test]
fn one_level_more_is_refused_where_the_limit_is_passed() {
    let n = MAX_EXPR_LEVELS as usize;
    // `y=t` then n `.a`: the n-th `a` makes the tree n+1 levels deep (column 4 + 2n - 1).
    for (src, col) in [
        (format!("y=t{}", ".a".repeat(n)), 3 + 2 * n),
        (format!("y=f{}", "()".repeat(n)), 3 + 2 * n),
        (format!("y=x{}", "+x".repeat(n)), 3 + 2 * n),
    ] {
        let e = refused(&src);
        assert_eq!((e.pos.line, e.pos.col as usize), (1, col), "{e}");
        assert!(
            e.message
                .starts_with("expression nested more than 8192 levels deep"),
            "{e}"
        );
    }
    // A function's body counts towards the expression it is in.
    let inner = ".a".repeat(n / 2);
    let src = format!("y=f(function() return t{inner} end){inner}");
    assert!(refused(&src).message.contains("8192 levels"));
}

/// What broke `tafl8 lint`, `count` and `diff --cart` (issue 30): refused at once.
#[test]
fn hostile_sizes_are_refused_not_crashed_on() {
    let e = refused(&format!("t={{}} t.a=t y=t{}", ".a".repeat(300_000)));
    assert!(e.message.contains("8192 levels"), "{e}");
    let e = refused(&format!("x=1 y={}", vec!["x"; 35_000].join("+")));
    assert!(e.message.contains("8192 levels"), "{e}");
    let e = refused(&format!("y=f{}", "()".repeat(300_000)));
    assert!(e.message.contains("8192 levels"), "{e}");
    let e = refused(&format!(
        "y={}1{}",
        "(".repeat(300_000),
        ")".repeat(300_000)
    ));
    assert!(e.message.contains("nesting deeper than 200"), "{e}");
    // 2,000,000 lines of `x+=1`: refused at the byte past the limit (line 209,716, column 2:
    // 1 MiB is 209,715 lines of 5 bytes and one more byte).
    let e = refused(&"x+=1\n".repeat(2_000_000));
    assert_eq!((e.pos.line, e.pos.col), (209_716, 2), "{e}");
    assert!(
        e.message
            .starts_with("the source has 10000000 bytes, more than the 1048576"),
        "{e}"
    );
    assert_eq!(SOURCE_LIMIT, 1 << 20);
}
