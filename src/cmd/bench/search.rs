//! `tafl8 bench search`: the ablation table. For each feature set, the nodes and time of a
//! fixed-depth search from a variant's start, per depth: what each feature buys.

use std::time::Instant;

use tafl8_engine::search::{Limits, SearchConfig, Searcher};
use tafl8_engine::{Position, Rules};

/// Options of `tafl8 bench search`.
#[derive(clap::Args, Debug)]
pub struct SearchOptions {
    /// Variants to measure (comma-separated built-in names).
    #[arg(long, value_name = "NAMES", default_value = "brandubh,ziege")]
    variants: String,
    /// Deepest iteration.
    #[arg(long, default_value_t = 6)]
    depth: u8,
    /// Extra feature sets to measure, as config specs (e.g. `full,-tt`); repeatable.
    #[arg(long = "config", value_name = "SPEC")]
    configs: Vec<String>,
}

/// The rows of the table: ordering features added one at a time on top of a fixed evaluation
/// and extension set (so the trees differ only by ordering), then the full engine without each
/// ordering or pruning feature, then the seed-level engine.
const ROWS: [(&str, &str); 13] = [
    ("no ordering", "full,-pv,-tt,-killers,-history,-captures"),
    ("+pv", "full,-tt,-killers,-history,-captures"),
    ("+pv+tt", "full,-killers,-history,-captures"),
    ("+pv+tt+killers", "full,-history,-captures"),
    ("+pv+tt+killers+history", "full,-captures"),
    ("full (+captures)", "full"),
    ("full -pv", "full,-pv"),
    ("full -tt", "full,-tt"),
    ("full -killers", "full,-killers"),
    ("full -history", "full,-history"),
    ("full -pvs", "full,-pvs"),
    ("full -lmr", "full,-lmr"),
    ("seed (the baseline engine)", "seed"),
];

/// Prints the table for each variant.
pub fn run(opts: SearchOptions) -> anyhow::Result<std::process::ExitCode> {
    if cfg!(debug_assertions) {
        eprintln!(
            "warning: debug build; use `cargo run --release -- bench search` for real figures"
        );
    }
    let mut rows: Vec<(String, SearchConfig)> = Vec::new();
    for (name, spec) in ROWS {
        rows.push((name.to_string(), SearchConfig::parse(spec)?));
    }
    for spec in &opts.configs {
        rows.push((spec.clone(), SearchConfig::parse(spec)?));
    }
    for variant in opts.variants.split(',').map(str::trim) {
        let rules = std::sync::Arc::new(Rules::preset(variant)?);
        println!(
            "\n{variant}: nodes per depth from the start (cumulative over iterations), time at the last depth"
        );
        print!("{:<26}", "features");
        for d in 1..=opts.depth {
            print!("{:>10}", format!("d{d}"));
        }
        println!("{:>10}{:>12}  best  score", "ms", "knodes/s");
        for (name, cfg) in &rows {
            let mut pos = Position::start(rules.clone());
            let mut searcher = Searcher::new(&rules, *cfg);
            let t = Instant::now();
            let r = searcher.search(&mut pos, Limits::depth(opts.depth));
            let secs = t.elapsed().as_secs_f64();
            print!("{name:<26}");
            for d in 1..=opts.depth {
                match r.iterations.iter().find(|i| i.depth == d) {
                    Some(it) => print!("{:>10}", it.nodes),
                    None => print!("{:>10}", "-"),
                }
            }
            let best = r
                .best
                .map_or("-".to_string(), |m| m.display(rules.geometry()));
            println!(
                "{:>10.1}{:>12.0}  {best}  {}",
                secs * 1e3,
                r.nodes as f64 / secs / 1e3,
                r.score
            );
        }
    }
    Ok(std::process::ExitCode::SUCCESS)
}
