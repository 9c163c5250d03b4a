//! The CPU model against z8lua: the instructions the runner attributes to a cart's own code (the
//! lowering's cost annotations, without what the API charges: `add`'s 5 and the like, which
//! z8lua's hook does not see) must be within 10% of what z8lua executes for the same program
//! (lupaz8 with a count hook firing every instruction). Needs the oracle venv (`TAFL8_VENV`).
//!
//! z8lua's own numbers are 16.16, so the hook counts in steps of 0x0.0001 and reads the raw bits
//! (`tostr(n, 2)`): counting by 1 would wrap at 32768.

mod support;

use support::{cart_text, run_z8lua};
use tafl8_runner::session::Session;
use tafl8_runner::vm::Limits;

/// (z8lua instruction count, z8lua result, runner count, runner result) for a workload.
fn counts(python: &std::path::PathBuf, workload: &str) -> (u64, String, u64, String) {
    let oracle = format!(
        "local __n=0 debug.sethook(function() __n+=0x0.0001 end,\"\",1)\n{workload}\n\
         debug.sethook() return tostr(__n,2)..\"|\"..result\n"
    );
    let out = run_z8lua(python, &oracle);
    let (n, result) = out.split_once('|').expect("count|result");
    let cart = tafl8_p8::Cart::parse(&cart_text(workload)).unwrap();
    let session = Session::from_cart(&cart, "workload.p8", Limits::default()).unwrap();
    session.boot().unwrap();
    let ours: String = session.vm().env().get("result").unwrap();
    (
        n.parse().unwrap(),
        result.to_string(),
        session.cycles() - session.vm().clock().api_instructions(),
        ours,
    )
}

fn check(name: &str, workload: &str) {
    let Some(python) = tafl8_testkit::z8lua_python() else {
        return;
    };
    let (theirs, their_result, ours, our_result) = counts(&python, workload);
    assert_eq!(
        our_result, their_result,
        "{name}: the workload computes the same result"
    );
    let error = (ours as f64 - theirs as f64) / theirs as f64;
    eprintln!(
        "{name}: z8lua {theirs} instructions, runner estimate {ours} ({:+.1}%)",
        error * 100.0
    );
    assert!(
        error.abs() <= 0.10,
        "{name}: runner's instruction estimate {ours} is {:+.1}% off z8lua's {theirs}",
        error * 100.0
    );
}

#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs z8lua (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn search_workload_within_10_percent_of_z8lua() {
    check("search", include_str!("workloads/search.lua"));
}

#[test]
#[cfg_attr(
    tafl8_no_oracle,
    ignore = "needs z8lua (TAFL8_VENV unset: bash .ci/oracles.sh)"
)]
fn mixed_workload_within_10_percent_of_z8lua() {
    check("mixed", include_str!("workloads/mixed.lua"));
}
