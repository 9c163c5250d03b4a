//! The CPU table and the calibration carts (docs/runner.md, "The CPU model against published
//! costs"): each committed calibration cart runs in `tafl8 run` and prints, for every construct
//! the generated carts use, the runner's own figure, which must be the table's
//! ([`PROBES`]`[i].runner`: a drift in what the runner charges fails here) and, where a source
//! publishes one, the published figure; its search node must cost what `tafl8 bench cart`'s
//! harness measures for the same search (within the harness's own reporting). The carts lint clean, fit PICO-8's token limit, and
//! the docs' table is the table's.

mod cli_support;

use std::collections::BTreeSet;

use cli_support::tafl8;
use tafl8_codegen::calibration::{markdown_table, readings, Reading, NODE_DEPTH, PROBES};
use tafl8_diff::Target;
use tafl8_engine::rules::PRESETS;

fn cart(variant: &str) -> String {
    format!("{}/carts/calib/{variant}.p8", env!("CARGO_MANIFEST_DIR"))
}

/// The committed calibration cart of `variant`, run in `tafl8 run`: its readings.
fn run(variant: &str) -> Vec<Reading> {
    let frames = tafl8_diff::calibration::frames().to_string();
    let (code, out, err) = tafl8(&["run", &cart(variant), "--frames", &frames, "--printh"]);
    assert_eq!(code, 0, "tafl8 run {variant}'s calibration cart: {err}");
    let lines: Vec<String> = out.lines().map(str::to_string).collect();
    assert!(
        lines.iter().any(|l| l.trim() == "done"),
        "{variant}: the cart finished its measurements:\n{out}"
    );
    let r = readings(&lines);
    assert_eq!(
        r.len(),
        PROBES.len() + 1,
        "{variant}: one reading a probe and the node"
    );
    r
}

#[test]
fn the_runner_charges_what_the_table_says() {
    // Every variant's cart measures the same constructs the same way: one is enough here (the
    // others are checked for their node below).
    let r = run("ziege");
    for (probe, reading) in PROBES.iter().zip(&r) {
        assert_eq!(reading.name, probe.name);
        assert!(
            (reading.measured - probe.runner).abs() < 0.05,
            "`{}`: the runner measures {} instructions, the table says {} ({})",
            probe.code,
            reading.measured,
            probe.runner,
            probe.runner_text
        );
        assert_eq!(
            reading.predicted, reading.measured,
            "`{}`: the cart's prediction is the runner's figure",
            probe.code
        );
        assert_eq!(reading.published, probe.published, "`{}`", probe.code);
    }
}

#[test]
fn the_table_follows_the_published_figures() {
    for p in PROBES {
        if let Some(published) = p.published {
            assert_eq!(
                p.runner,
                published,
                "`{}`: the runner's {} ({}) differs from the published {} ({}, {})",
                p.code,
                p.runner,
                p.runner_text,
                published,
                p.published_text,
                p.source.name()
            );
        }
    }
}

#[test]
fn each_calibration_node_costs_what_the_bench_measures() {
    for variant in PRESETS {
        let r = run(variant);
        let node = r.last().expect("the node reading");
        assert!(node.name.starts_with("node"), "{variant}: {node:?}");
        assert!(
            (node.measured - node.predicted).abs() < 0.05,
            "{variant}: in the runner the node measures its prediction: {node:?}"
        );
        // The same search through the differential harness (`tafl8 bench cart`'s count).
        let target = Target::preset(variant, "engine").expect("cart builds");
        let rows = tafl8_diff::bench::bench_cart(&target, NODE_DEPTH).expect("bench runs");
        let row = rows
            .iter()
            .find(|row| row.level.is_none() && row.depth == NODE_DEPTH)
            .expect("the depth row");
        let nodes: u64 = node.name["node".len()..].parse().expect("node count");
        assert_eq!(nodes, row.nodes, "{variant}: the same search");
        // The harness also formats its answer (the PV and the root scores, after the search):
        // a little more a node, never less.
        let bench = row.instructions_per_node;
        assert!(
            node.measured <= bench + 0.05 && bench - node.measured < bench * 0.005,
            "{variant}: the calibration cart measures {} instructions a node, the bench {bench:.2}",
            node.measured
        );
    }
}

#[test]
fn the_calibration_carts_lint_clean_and_fit() {
    for variant in PRESETS {
        let text = std::fs::read_to_string(cart(variant)).expect("committed calibration cart");
        let cart = tafl8_p8::Cart::parse(&text).expect("cart parses");
        let code = cart.lua().expect("code");
        let chunk = tafl8_p8::parse(code).expect("code parses");
        let findings = tafl8_p8::lint(&chunk);
        assert!(findings.is_empty(), "{variant}: {findings:?}");
        let tokens = tafl8_p8::count(code).expect("counts").tokens;
        assert!(
            tokens <= tafl8_p8::TOKEN_LIMIT,
            "{variant}: {tokens} tokens"
        );
        let (code, out, err) = tafl8(&["lint", &self::cart(variant)]);
        assert_eq!(code, 0, "tafl8 lint {variant}: {out}{err}");
    }
}

#[test]
fn the_docs_table_is_the_table() {
    let doc = std::fs::read_to_string(format!("{}/docs/runner.md", env!("CARGO_MANIFEST_DIR")))
        .expect("docs/runner.md");
    let table = markdown_table();
    assert!(
        doc.contains(&table),
        "docs/runner.md's CPU table differs from crates/codegen/src/calibration.rs; it should \
         read:\n{table}"
    );
}

/// The built-ins a program reads (see [`tafl8_p8::api_reads`]).
fn builtins(what: &str, code: &str) -> BTreeSet<String> {
    let chunk = tafl8_p8::parse(code).unwrap_or_else(|e| panic!("{what}: {e}"));
    tafl8_p8::api_reads(&chunk)
}

#[test]
fn every_builtin_the_carts_call_has_a_row() {
    let covered: BTreeSet<String> = PROBES
        .iter()
        .flat_map(|p| builtins(p.code, p.code))
        .collect();
    let mut programs: Vec<(String, String)> = Vec::new();
    let root = env!("CARGO_MANIFEST_DIR");
    for variant in PRESETS {
        // The committed game and calibration carts.
        for path in [
            format!("{root}/carts/{variant}.p8"),
            format!("{root}/carts/calib/{variant}.p8"),
        ] {
            let text = std::fs::read_to_string(&path).expect("committed cart");
            let cart = tafl8_p8::Cart::parse(&text).expect("cart parses");
            programs.push((path, cart.lua().expect("code").to_string()));
        }
        // Every template the code generator can render for the variant (every feature on,
        // over the token limit), with the differential harness the diff and the bench load
        // after it.
        let rules = tafl8_engine::Rules::preset(variant).expect("preset");
        let built = tafl8_codegen::build(&tafl8_codegen::BuildRequest {
            features: tafl8_codegen::all_set(),
            budget: usize::MAX,
            ..tafl8_codegen::BuildRequest::full(rules)
        })
        .expect("builds with every feature");
        programs.push((
            format!("{variant} with every feature and the harness"),
            format!("{}\n{}", built.code, tafl8_diff::HARNESS),
        ));
    }
    let mut missing = Vec::new();
    for (what, code) in &programs {
        for name in builtins(what, code) {
            if !covered.contains(&name) {
                missing.push(format!("{name} ({what})"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "built-ins the carts call with no row in the CPU table (crates/codegen/src/calibration.rs, \
         PROBES; docs/runner.md): {missing:?}"
    );
}
