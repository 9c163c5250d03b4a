//! `tafl8 bench`: speed figures, one target per sub-subcommand.

use std::process::ExitCode;
use std::time::Instant;

use tafl8_engine::{perft, Position};

use super::rules::RulesArgs;

mod cart;
mod cases;
pub(crate) use cases::split_records;
mod nodes;
mod runner;
mod search;
mod time;

/// Measure speed and print figures (build with --release for meaningful numbers).
#[derive(clap::Args, Debug)]
pub struct Options {
    #[command(subcommand)]
    target: Target,
}

/// What to measure.
#[derive(clap::Subcommand, Debug)]
pub enum Target {
    /// Leaves per second of perft from a variant's start (default: brandubh perft 5), every leaf
    /// made and unmade (no bulk counting).
    Perft(PerftOptions),
    /// The search ablation table: nodes and time per depth for each feature set, from the start
    /// of brandubh and ziege (what each ordering feature buys).
    Search(search::SearchOptions),
    /// The cart's AI on PICO-8's CPU: instructions per node and PICO-8 seconds per search depth
    /// from the start, and per difficulty level (default ziege; `--json` for a list of rows).
    Cart(cart::CartOptions),
    /// PICO-8 VM instructions per second the headless runner executes (wall clock and CPU time).
    Runner(runner::RunnerOptions),
    /// The search's speed at a fixed node budget per position (the start and positions from
    /// recorded games with `--games`): nodes a second, and a checksum of the results.
    Nodes(nodes::NodesOptions),
    /// How a timed search spends its budget (`--movetime`): per position the time used, its
    /// share of the budget, the depth and nodes; the mean share; the time past the budget.
    Time(time::TimeOptions),
}

/// Options of `tafl8 bench perft`.
#[derive(clap::Args, Debug)]
pub struct PerftOptions {
    /// Built-in variant (or --rules).
    #[arg(long, value_name = "NAME", default_value = "brandubh")]
    variant: String,
    /// A rules file (TOML, as `tafl8 rules` prints) or an OpenTafl rules string (as `tafl8 rules
    /// --otep` prints); overrides --variant.
    #[arg(long, value_name = "FILE|STRING")]
    rules: Option<std::path::PathBuf>,
    /// Depth in plies.
    #[arg(long, default_value_t = 5)]
    depth: u32,
    /// Runs; the best is reported (less noise from other processes).
    #[arg(long, default_value_t = 3)]
    runs: u32,
}

/// Runs the chosen benchmark.
pub fn run(opts: Options) -> anyhow::Result<ExitCode> {
    match opts.target {
        Target::Perft(p) => bench_perft(p),
        Target::Search(s) => search::run(s),
        Target::Cart(c) => cart::run(c),
        Target::Runner(r) => runner::run(r),
        Target::Time(t) => time::run(t),
        Target::Nodes(n) => nodes::run(n),
    }
}

fn bench_perft(opts: PerftOptions) -> anyhow::Result<ExitCode> {
    let rules = RulesArgs {
        variant: opts.variant,
        rules: opts.rules,
    }
    .load()?;
    if cfg!(debug_assertions) {
        eprintln!(
            "warning: debug build; use `cargo run --release -- bench perft` for real figures"
        );
    }
    let mut pos = Position::start(rules.clone());
    let mut best = f64::INFINITY;
    let mut nodes = 0;
    for run in 1..=opts.runs.max(1) {
        let t = Instant::now();
        nodes = perft(&mut pos, opts.depth);
        let secs = t.elapsed().as_secs_f64();
        best = best.min(secs);
        println!(
            "run {run}: {} perft({}) = {nodes} in {secs:.3} s = {:.1} M leaves/s",
            rules.name(),
            opts.depth,
            nodes as f64 / secs / 1e6
        );
    }
    println!(
        "best: {:.1} M leaves/s ({nodes} leaves in {best:.3} s)",
        nodes as f64 / best / 1e6
    );
    Ok(ExitCode::SUCCESS)
}
