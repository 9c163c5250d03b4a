//! `tafl8 bench search`: the ablation table. For each feature set, the nodes and time of a
//! fixed-depth search from a variant's start (or summed over a seeded sample of game positions),
//! per depth: what each feature buys.
//!
//! Speed is nodes per second of this thread's CPU time (best of `--runs`), not wall time: on a
//! shared machine the wall clock also counts the time other processes hold the core.

use std::sync::Arc;
use std::time::Instant;

use tafl8_engine::config::SearchConfig;
use tafl8_engine::search::{Limits, Searcher};
use tafl8_engine::{MoveList, Position, Rules, Status, Xorshift32};

use crate::cmd::rules::load_rules_file;

/// Options of `tafl8 bench search`.
#[derive(clap::Args, Debug)]
pub struct SearchOptions {
    /// Variants to measure (comma-separated built-in names). Default: brandubh,ziege, or none
    /// when `--rules` names the rulesets.
    #[arg(long, value_name = "NAMES")]
    variants: Option<String>,
    /// A ruleset to measure: a rules file (TOML, as `tafl8 rules` prints) or an OpenTafl rules
    /// string; repeatable, measured after `--variants`.
    #[arg(long, value_name = "FILE|STRING")]
    rules: Vec<std::path::PathBuf>,
    /// Deepest iteration.
    #[arg(long, default_value_t = 6)]
    depth: u8,
    /// Extra feature sets to measure, as config specs (e.g. `full,-tt`); repeatable.
    #[arg(long = "config", value_name = "SPEC")]
    configs: Vec<String>,
    /// Runs per row; the fastest counts (the search is deterministic, so every run visits the
    /// same nodes).
    #[arg(long, default_value_t = 3)]
    runs: u32,
    /// Sum the nodes over the start and this many positions from seeded self-play games (two
    /// random opening plies, then the full engine at 300 nodes a move, a position every 5 plies):
    /// one position is an anecdote, a sample says what a feature buys in play.
    #[arg(long, default_value_t = 0)]
    positions: usize,
    /// Seed of the position sample.
    #[arg(long, default_value_t = 1)]
    seed: u32,
}

/// The start, then positions from seeded self-play games until `count` more are collected.
pub(super) fn sample(rules: &Arc<Rules>, count: usize, seed: u32) -> Vec<Position> {
    let mut out = vec![Position::start(rules.clone())];
    let mut rng = Xorshift32::new(seed);
    let mut list = MoveList::new();
    let mut games = 0;
    while out.len() <= count && games < count * 4 + 4 {
        games += 1;
        let mut pos = Position::start(rules.clone());
        let mut engine = Searcher::new(rules, SearchConfig::FULL);
        for ply in 0..60 {
            if pos.status() != Status::Ongoing || out.len() > count {
                break;
            }
            let mv = if ply < 2 {
                pos.gen_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                list.as_slice()[rng.below(list.len() as u16) as usize]
            } else {
                match engine.search(&mut pos, Limits::nodes(300)).best {
                    Some(m) => m,
                    None => break,
                }
            };
            pos.make(mv);
            if ply % 5 == 4 && pos.status() == Status::Ongoing {
                out.push(pos.clone());
            }
        }
    }
    out
}

/// This thread's CPU time in seconds (Linux's `/proc/thread-self/schedstat`: nanoseconds on the
/// CPU first), or `None` where the OS does not expose it.
pub(super) fn thread_cpu_secs() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
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
    let variants = match (&opts.variants, opts.rules.is_empty()) {
        (Some(v), _) => v.clone(),
        (None, true) => "brandubh,ziege".to_string(),
        (None, false) => String::new(),
    };
    let mut rulesets = Vec::new();
    for variant in variants.split(',').map(str::trim).filter(|v| !v.is_empty()) {
        rulesets.push(Rules::preset(variant)?);
    }
    for path in &opts.rules {
        rulesets.push(load_rules_file(path)?);
    }
    for rules in rulesets {
        let variant = rules.name().to_string();
        let rules = Arc::new(rules);
        let positions = sample(&rules, opts.positions, opts.seed);
        if positions.len() > 1 {
            println!(
                "\n{variant}: nodes per depth summed over the start and {} self-play positions (seed {}; cumulative over iterations), time of all the searches",
                positions.len() - 1,
                opts.seed
            );
        } else {
            println!(
                "\n{variant}: nodes per depth from the start (cumulative over iterations), time at the last depth"
            );
        }
        print!("{:<26}", "features");
        for d in 1..=opts.depth {
            print!("{:>10}", format!("d{d}"));
        }
        println!(
            "{:>10}{:>10}{:>14}  best  score",
            "cpu ms", "wall ms", "knodes/cpu-s"
        );
        let (mut total_nodes, mut total_cpu) = (0u64, 0f64);
        for (name, cfg) in &rows {
            let mut best_wall = f64::INFINITY;
            let mut best_cpu: Option<f64> = None;
            let mut per_depth = vec![0u64; opts.depth as usize];
            let mut nodes = 0;
            let mut first = None;
            for run in 0..opts.runs.max(1) {
                let (t, c) = (Instant::now(), thread_cpu_secs());
                for start in &positions {
                    let mut pos = start.clone();
                    let mut searcher = Searcher::new(&rules, *cfg);
                    let r = searcher.search(&mut pos, Limits::depth(opts.depth));
                    if run == 0 {
                        nodes += r.nodes;
                        // A search that ends early (a forced win) counts its last iteration's
                        // total at every deeper depth, so the sums stay comparable.
                        let mut last = 0;
                        for (d, sum) in per_depth.iter_mut().enumerate() {
                            if let Some(it) =
                                r.iterations.iter().find(|i| i.depth as usize == d + 1)
                            {
                                last = it.nodes;
                            }
                            *sum += last;
                        }
                        first.get_or_insert(r);
                    }
                }
                best_wall = best_wall.min(t.elapsed().as_secs_f64());
                if let Some(cpu) = c.zip(thread_cpu_secs()).map(|(a, b)| b - a) {
                    best_cpu = Some(best_cpu.map_or(cpu, |b: f64| b.min(cpu)));
                }
            }
            let r = first.expect("the sample always holds the start");
            // Without a CPU clock the wall clock stands in (and the header says CPU: note it).
            let secs = best_cpu.unwrap_or(best_wall).max(1e-9);
            total_nodes += nodes;
            total_cpu += secs;
            print!("{name:<26}");
            for n in &per_depth {
                print!("{n:>10}");
            }
            let best = r
                .best
                .map_or("-".to_string(), |m| m.display(rules.geometry()));
            let cpu_ms = best_cpu.map_or("-".to_string(), |c| format!("{:.1}", c * 1e3));
            println!(
                "{cpu_ms:>10}{:>10.1}{:>14.0}  {best}  {}",
                best_wall * 1e3,
                nodes as f64 / secs / 1e3,
                r.score
            );
        }
        if thread_cpu_secs().is_none() {
            println!("(no per-thread CPU clock here: the speeds above are by wall time)");
        }
        println!(
            "{variant}: all rows {total_nodes} nodes in {:.1} ms = {:.0} knodes per CPU second",
            total_cpu * 1e3,
            total_nodes as f64 / total_cpu.max(1e-9) / 1e3
        );
    }
    Ok(std::process::ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::thread_cpu_secs;
    use std::time::{Duration, Instant};

    #[test]
    fn the_cpu_clock_counts_work_not_waiting() {
        // Linux has the clock (CI runs there); elsewhere the bench falls back to wall time.
        let linux = cfg!(target_os = "linux");
        let Some(start) = thread_cpu_secs() else {
            assert!(!linux, "no /proc/thread-self/schedstat");
            return;
        };
        std::thread::sleep(Duration::from_millis(50));
        let slept = thread_cpu_secs().unwrap() - start;
        assert!(slept < 0.03, "50 ms of sleep counted {slept} s of CPU");
        // Spin until the clock has moved 10 ms (or give up after 10 s of wall time).
        let (t, before) = (Instant::now(), thread_cpu_secs().unwrap());
        let mut x = 1u64;
        while thread_cpu_secs().unwrap() - before < 0.01 && t.elapsed() < Duration::from_secs(10) {
            for _ in 0..10_000 {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            }
        }
        assert!(
            thread_cpu_secs().unwrap() - before >= 0.01,
            "spinning did not count"
        );
    }
}
