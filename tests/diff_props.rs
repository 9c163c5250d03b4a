//! Property tests: proptest generates positions — free placements of pieces (any mix, the king
//! anywhere, either side to move, then a few random moves) and random playouts from the start —
//! and every one must get the same answers from the cart's Lua (in the headless runner) and the
//! Rust engine. A failure prints the variant, position string, configuration, both answers and
//! the `tafl8 diff` command that reproduces it.

use std::sync::{Arc, OnceLock};

use proptest::prelude::*;
use tafl8_diff::positions::{placement, playout};
use tafl8_diff::{compare, Case, CasePos, Check, Runner, Target};
use tafl8_engine::rules::PRESETS;
use tafl8_engine::Xorshift32;

/// One cart per preset (full configuration), built once for all cases.
fn targets() -> &'static Vec<Target> {
    static T: OnceLock<Vec<Target>> = OnceLock::new();
    T.get_or_init(|| {
        PRESETS
            .iter()
            .map(|v| Target::preset(v, "full").expect("cart builds"))
            .collect()
    })
}

/// The checks a generated position gets. The search has a node limit: on a crowded free
/// placement quiescence can explode (a copenhagen placement took 737,192 nodes at depth 2), and a
/// stopped search must agree too.
const CHECKS: [Check; 4] = [
    Check::Moves,
    Check::Perft { depth: 2 },
    Check::Eval,
    Check::Search {
        depth: 3,
        nodes: 1500,
    },
];

fn check_all(variant: usize, seeds: &[(u32, u8, bool)]) -> Result<(), TestCaseError> {
    let target = &targets()[variant];
    let rules: &Arc<_> = &target.rules;
    let mut cases = Vec::new();
    for &(seed, plies, free) in seeds {
        let mut rng = Xorshift32::new(seed);
        let pos = if free {
            placement(rules, &mut rng, u32::from(plies))
        } else {
            playout(rules, CasePos::start(rules), u32::from(plies) * 6, &mut rng)
        };
        for check in CHECKS {
            cases.push(Case {
                pos: pos.clone(),
                check,
            });
        }
    }
    let report = compare(target, &Runner, &cases, 64, &mut |_| {})
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    if let Some(m) = report.details.first() {
        return Err(TestCaseError::fail(format!(
            "{} of {} cases differ; first:\n{m}",
            report.mismatches, report.cases
        )));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Six generated positions per case, four checks each, for a random preset.
    #[test]
    fn lua_equals_rust_on_generated_positions(
        variant in 0..PRESETS.len(),
        seeds in prop::collection::vec((1u32.., 0u8..6, any::<bool>()), 6),
    ) {
        check_all(variant, &seeds)?;
    }
}
