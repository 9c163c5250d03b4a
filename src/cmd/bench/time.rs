//! `tafl8 bench time`: how closely a timed search keeps its budget. Each search of a seeded
//! sample of game positions runs with a wall-clock budget; the report says how long each took
//! past its hard limit (the cost of reading the clock only every `TIME_CHECK_NODES` nodes, plus
//! unwinding), and how often the soft limit ended it first.
//!
//! These are wall-clock figures: on a shared machine, another process holding the core while
//! the search should stop shows up as overrun. The report also gives this thread's CPU time.

use std::time::{Duration, Instant};

use tafl8_engine::config::SearchConfig;
use tafl8_engine::search::{Limits, Searcher, TimeLimit, TIME_CHECK_NODES};

use super::search::{sample, thread_cpu_secs};
use crate::cmd::rules::RulesArgs;

/// Options of `tafl8 bench time`.
#[derive(clap::Args, Debug)]
pub struct TimeOptions {
    #[command(flatten)]
    rules: RulesArgs,
    /// Budget per search in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    movetime: u64,
    /// Positions searched (the start, then positions from seeded self-play games).
    #[arg(long, default_value_t = 30)]
    positions: usize,
    /// Seed of the position sample.
    #[arg(long, default_value_t = 1)]
    seed: u32,
    /// Search config spec (default: the variant's engine).
    #[arg(long, value_name = "SPEC", default_value = "engine")]
    config: String,
    /// Make the soft limit equal to the hard one, so every search runs into the hard limit
    /// (measures the in-search check alone).
    #[arg(long)]
    hard_only: bool,
}

/// Runs the benchmark.
pub fn run(opts: TimeOptions) -> anyhow::Result<std::process::ExitCode> {
    let rules = opts.rules.load()?;
    let cfg = SearchConfig::parse_for(&opts.config, &rules)?;
    if cfg!(debug_assertions) {
        eprintln!("warning: debug build; use `cargo run --release -- bench time`");
    }
    let budget = Duration::from_millis(opts.movetime);
    let mut time = TimeLimit::movetime(budget);
    if opts.hard_only {
        time.soft = time.hard;
    }
    let positions = sample(&rules, opts.positions, opts.seed);
    let mut overruns = Vec::new();
    let mut by_soft = 0;
    let mut decided = 0;
    let mut elapsed_all = Vec::new();
    let cpu0 = thread_cpu_secs();
    for p in &positions {
        let mut pos = p.clone();
        let mut s = Searcher::new(&rules, cfg);
        let t0 = Instant::now();
        let r = s.search(&mut pos, Limits::time(time));
        let el = t0.elapsed();
        elapsed_all.push(el.as_secs_f64() * 1e3);
        if el >= budget {
            overruns.push((el - budget).as_secs_f64() * 1e3);
        } else if r.score.is_decided() {
            decided += 1;
        } else {
            by_soft += 1;
        }
    }
    let cpu = cpu0.zip(thread_cpu_secs()).map(|(a, b)| b - a);
    overruns.sort_by(f64::total_cmp);
    let n = positions.len();
    let mean_el = elapsed_all.iter().sum::<f64>() / n.max(1) as f64;
    println!(
        "{}: {n} searches with a {} ms budget (soft limit {} ms), config `{}`, clock read every {TIME_CHECK_NODES} nodes",
        rules.name(),
        opts.movetime,
        time.soft.as_millis(),
        opts.config
    );
    println!(
        "  ended by the soft limit: {by_soft}; by a decided score: {decided}; ran into the hard limit: {}",
        overruns.len()
    );
    println!(
        "  wall time per search: mean {mean_el:.2} ms{}",
        cpu.map(|c| format!(
            ", this thread's CPU {:.2} ms per search",
            c * 1e3 / n.max(1) as f64
        ))
        .unwrap_or_default()
    );
    if let (Some(max), false) = (overruns.last(), overruns.is_empty()) {
        let mean = overruns.iter().sum::<f64>() / overruns.len() as f64;
        let p90 = overruns[(overruns.len() * 9 / 10).min(overruns.len() - 1)];
        println!(
            "  past the hard limit: mean {mean:.3} ms, 90th percentile {p90:.3} ms, max {max:.3} ms"
        );
    }
    Ok(std::process::ExitCode::SUCCESS)
}
