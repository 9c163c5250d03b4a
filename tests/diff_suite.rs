//! The differential suite, debug-sized: for every preset, the cart's Lua (the exact code the
//! code generator ships, in the headless runner) answers like the Rust engine — perft and every
//! legal move's captures/outcome/hash at the start, random reachable positions and free
//! placements; evaluations; searches at depths 1-3 (and a node-limited one) under several search
//! configurations, each in its own cart; difficulty choices with seeded PRNGs (the search in a
//! coroutine); and self-play games. The big counts (1,000+ positions per preset, depth 3/4,
//! levels 4-5) run in release from `.ci/checks/diff-full.sh`.

use tafl8_diff::{cases, compare, Plan, Report, Runner, Target};
use tafl8_engine::rules::PRESETS;

/// The configurations besides `full` (evaluation and search checks only: the rules checks do not
/// depend on them).
const OTHER_CONFIGS: [&str; 5] = [
    "seed",
    "bare",
    "full,+mobility,+defended,+escape-ext,+corners,+tropism,+even",
    "full,-pvs,-lmr,-tt",
    "full,-escape-block,-escape-threat,-balance,-king-moves",
];

fn check(variant: &str, spec: &str, plan: &Plan, rules_checks: bool) -> Report {
    let target = Target::preset(variant, spec).expect("cart builds");
    let cases = cases(
        &target.rules,
        plan,
        rules_checks,
        target.book.as_ref(),
        target.cfg.race,
    );
    let r = compare(&target, &Runner, &cases, 60, &mut |_| {}).expect("harness runs");
    assert!(r.cases > 0);
    assert_eq!(
        r.mismatches, 0,
        "{variant} [{spec}]: {} of {} cases differ; first:\n{}",
        r.mismatches, r.cases, r.details[0]
    );
    r
}

#[test]
fn every_preset_full_config() {
    for v in PRESETS {
        let r = check(v, "full", &Plan::small(), true);
        eprintln!("{v} [full]: {} cases equal ({:?})", r.cases, r.by_check);
    }
}

#[test]
fn every_preset_other_configs() {
    let plan = Plan {
        positions: 6,
        placements: 4,
        search_positions: 1,
        think_seeds: 1,
        max_level: 2,
        games: 0,
        ..Plan::small()
    };
    for v in PRESETS {
        for spec in OTHER_CONFIGS {
            let r = check(v, spec, &plan, false);
            eprintln!("{v} [{spec}]: {} cases equal", r.cases);
        }
    }
}
