//! The second opinion: the same harness runs the cart's code in z8lua (PyPI `lupaz8`, the Lua
//! fork PICO-8 credits; `printh` and `stat` are stand-ins) on a sample of positions for every
//! preset, and its answers must equal the Rust engine's — and so the runner's, which the other
//! suites hold to the same answers. Needs `TAFL8_VENV` (see `.ci/oracles.sh`).

use tafl8_diff::{cases, compare, Backend, Plan, Runner, Target, Z8lua};
use tafl8_engine::rules::PRESETS;
use tafl8_testkit::Oracle;

#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs z8lua (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn z8lua_and_runner_agree_with_rust_on_every_preset() {
    let Some(venv) = tafl8_testkit::venv(Oracle::Z8lua) else {
        return;
    };
    let z8 = Z8lua::new(&venv).expect("lupaz8 venv");
    let plan = Plan {
        positions: 6,
        perft_depth: 2,
        placements: 4,
        search_positions: 2,
        search_depth: 3,
        think_seeds: 1,
        max_level: 3,
        book_seeds: 2,
        games: 1,
        game_plies: 8,
        seed: 0x2_0B1A,
    };
    let mut total = 0;
    for v in PRESETS {
        let target = Target::preset(v, "full").expect("cart builds");
        let cases = cases(
            &target.rules,
            &plan,
            true,
            target.book.as_ref(),
            target.cfg.race,
        );
        for backend in [&z8 as &dyn Backend, &Runner] {
            let r = compare(&target, backend, &cases, 200, &mut |_| {}).expect("harness runs");
            assert_eq!(
                r.mismatches,
                0,
                "{v} on {}: {} of {} differ; first:\n{}",
                backend.name(),
                r.mismatches,
                r.cases,
                r.details[0]
            );
            total += r.cases;
        }
    }
    eprintln!("z8lua and runner: {total} cases equal to Rust");
}
