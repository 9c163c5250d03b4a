//! The differential suite on a user's own ruleset: `tests/rules/edge11.toml` differs from every
//! preset (11x11, edge escape, unarmed king captured by two, a throne hostile to no one, a move
//! limit). Its cart's Lua answers like the Rust engine on perft, moves, eval, search, difficulty
//! choices and a game, in the full configuration and one without the transposition table (debug
//! sized; `.ci/checks/diff-full.sh` runs it bigger, in release, through `tafl8 diff --rules`).

use std::sync::Arc;

use tafl8_diff::{cases, compare, Plan, Runner, Target};
use tafl8_engine::rules::PRESETS;
use tafl8_engine::Rules;

fn edge11() -> Arc<Rules> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/rules/edge11.toml");
    Arc::new(Rules::from_file(std::path::Path::new(path)).expect("edge11.toml reads"))
}

#[test]
fn the_custom_ruleset_is_none_of_the_presets() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/rules/edge11.toml"
    ))
    .unwrap();
    for name in PRESETS {
        let preset = Rules::preset(name).unwrap();
        // Under the preset's name, so only the rules themselves can tell the two apart.
        let renamed = Rules::from_toml(
            &text.replace("name = \"edge11\"", &format!("name = \"{name}\"")),
            "edge11 renamed",
        )
        .unwrap();
        assert_eq!(renamed.name(), preset.name());
        assert_ne!(
            format!("{renamed:?}"),
            format!("{preset:?}"),
            "edge11 is {name}"
        );
    }
}

#[test]
fn the_cart_plays_the_custom_ruleset_like_the_rust() {
    let rules = edge11();
    let plan = Plan {
        positions: 8,
        placements: 6,
        search_positions: 1,
        search_depth: 2,
        think_seeds: 1,
        max_level: 2,
        games: 1,
        game_plies: 12,
        ..Plan::small()
    };
    for (spec, rules_checks) in [("full", true), ("full,-tt", false)] {
        let target = Target::new(rules.clone(), spec).expect("the cart builds");
        assert!(target.book.is_none(), "no book for a ruleset of one's own");
        let cases = cases(&rules, &plan, rules_checks, None, target.cfg.race);
        let r = compare(&target, &Runner, &cases, 60, &mut |_| {}).expect("harness runs");
        let kinds: Vec<&str> = r.by_check.keys().map(String::as_str).collect();
        for kind in ["eval", "search", "think"] {
            assert!(kinds.contains(&kind), "[{spec}] no {kind} case: {kinds:?}");
        }
        if rules_checks {
            for kind in ["perft", "moves", "game"] {
                assert!(kinds.contains(&kind), "[{spec}] no {kind} case: {kinds:?}");
            }
        }
        assert_eq!(
            r.mismatches, 0,
            "edge11 [{spec}]: {} of {} cases differ; first:\n{}",
            r.mismatches, r.cases, r.details[0]
        );
        eprintln!(
            "edge11 [{spec}]: {} cases equal ({:?})",
            r.cases, r.by_check
        );
    }
}
