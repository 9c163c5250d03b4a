//! The budget: a build over its token budget fails naming the biggest parts; `fit` drops optional
//! features (cheapest value per token first) until it fits; feature costs add up.

use std::collections::BTreeSet;

use tafl8_codegen::{
    all_set, build, build_within, feature_costs, full_set, BuildRequest, CodegenError, FEATURES,
};
use tafl8_engine::Rules;

fn ziege() -> Rules {
    Rules::preset("ziege").unwrap()
}

#[test]
fn over_budget_names_the_biggest_parts() {
    let req = BuildRequest {
        budget: 1000,
        ..BuildRequest::full(ziege())
    };
    match build(&req) {
        Err(CodegenError::OverBudget {
            tokens,
            budget,
            biggest,
        }) => {
            assert_eq!(budget, 1000);
            assert!(tokens > 1000);
            // The search is by far the biggest template.
            assert!(biggest.starts_with("ai/search "), "{biggest}");
        }
        other => panic!("expected OverBudget, got {other:?}"),
    }
}

#[test]
fn fit_drops_features_until_it_fits() {
    let full = build(&BuildRequest::full(ziege())).unwrap();
    let budget = full.budget.tokens - 150;
    let fitted = build(&BuildRequest {
        budget,
        fit: true,
        ..BuildRequest::full(ziege())
    })
    .unwrap();
    assert!(fitted.budget.tokens <= budget);
    assert!(!fitted.budget.dropped.is_empty());
    for d in &fitted.budget.dropped {
        assert!(!fitted.budget.features.contains(d), "{d} still included");
    }
    // Nothing is dropped when the program fits already.
    let same = build(&BuildRequest {
        fit: true,
        ..BuildRequest::full(ziege())
    })
    .unwrap();
    assert!(same.budget.dropped.is_empty());
    assert_eq!(same.code, full.code);
}

#[test]
fn fit_fails_when_nothing_is_left_to_drop() {
    let req = BuildRequest {
        budget: 100,
        fit: true,
        ..BuildRequest::full(ziege())
    };
    let e = build(&req).unwrap_err();
    assert!(
        matches!(e, CodegenError::CoreOverBudget { budget: 100, .. }),
        "{e:?}"
    );
    // --fit was given: the way out is a bigger budget, not --fit again.
    let text = e.to_string();
    assert!(
        !text.contains("let --fit") && text.contains("raise --budget"),
        "{text}"
    );
}

#[test]
fn every_feature_costs_tokens_and_none_builds_smaller() {
    let costs = feature_costs(&ziege()).unwrap();
    assert_eq!(costs.len(), FEATURES.len());
    for (f, tokens) in &costs {
        // Material and piece-square values share one baked table: either alone costs nothing
        // more than the other (checked together below); so do `balance` and `even`, one
        // literal for the start's material and tables. Ziege's king escapes to the edge, so it
        // has no corners to seal (checked on brandubh below).
        if !["material", "pst", "balance", "even", "corners"].contains(&f.name) {
            assert!(
                *tokens > 0,
                "{} costs nothing: is its switch wired?",
                f.name
            );
        }
    }
    let a = build(&BuildRequest {
        features: all_set(),
        ..BuildRequest::full(ziege())
    })
    .unwrap();
    for pair in [["material", "pst"], ["balance", "even"]] {
        let mut without_both = all_set();
        for f in pair {
            without_both.remove(f);
        }
        let b = build(&BuildRequest {
            features: without_both,
            ..BuildRequest::full(ziege())
        })
        .unwrap();
        assert!(b.budget.tokens < a.budget.tokens, "{pair:?}");
    }
    let all = build(&BuildRequest {
        features: all_set(),
        ..BuildRequest::full(ziege())
    })
    .unwrap();
    let none = build(&BuildRequest {
        features: BTreeSet::new(),
        ..BuildRequest::full(ziege())
    })
    .unwrap();
    assert!(none.budget.tokens < all.budget.tokens);
    // `full`: balance, book, captures, escape, escape-block, escape-threat, escape-win, guard,
    // history, killers, king-moves, lmr, material, pst, pv, pvs, qsearch, race, tt.
    assert_eq!(full_set().len(), 19);
    let corner_board = feature_costs(&Rules::preset("brandubh").unwrap()).unwrap();
    assert!(corner_board
        .iter()
        .any(|(f, tokens)| f.name == "corners" && *tokens > 0));
}

#[test]
fn unknown_feature_is_named() {
    let req = BuildRequest {
        features: ["warp-drive".to_string()].into_iter().collect(),
        ..BuildRequest::full(ziege())
    };
    let e = build(&req).unwrap_err().to_string();
    assert!(e.contains("warp-drive") && e.contains("killers"), "{e}");
}

#[test]
fn budget_table_adds_up() {
    let b = build(&BuildRequest::full(ziege())).unwrap().budget;
    let parts: usize = b.parts.iter().map(|p| p.tokens).sum();
    let funcs: usize = b.functions.iter().map(|f| f.tokens).sum();
    assert_eq!(parts, b.tokens);
    assert_eq!(funcs, b.tokens);
    let table = b.table();
    assert!(
        table.contains("nega") && table.contains("/ 8192 tokens"),
        "{table}"
    );
}

#[test]
fn over_the_character_limit_the_code_is_minified_with_the_same_tokens() {
    let full = build(&BuildRequest::full(ziege())).unwrap();
    assert!(!full.budget.minified);
    let small = build_within(&BuildRequest::full(ziege()), full.budget.chars - 1).unwrap();
    assert!(small.budget.minified);
    // The data strings dominate, so minifying saves the code's spacing and local names only.
    assert!(
        small.budget.chars < full.budget.chars,
        "{}",
        small.budget.chars
    );
    assert_eq!(
        tafl8_p8::count(&small.code).unwrap().tokens,
        full.budget.tokens
    );
    // Far below what any minifier reaches: a clear error.
    let e = build_within(&BuildRequest::full(ziege()), 100).unwrap_err();
    assert!(
        matches!(e, CodegenError::OverChars { limit: 100, .. }),
        "{e}"
    );
}
