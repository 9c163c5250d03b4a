//! `tafl8 bench search`: the ablation table. For each feature set, the nodes and time of a
//! fixed-depth search from a variant's start (or summed over a seeded sample of game positions),
//! per depth: what each feature buys.

use std::time::Instant;

use std::sync::Arc;

use tafl8_engine::search::{Limits, SearchConfig, Searcher};
use tafl8_engine::{MoveList, Position, Rules, Status, Xorshift32};

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
fn sample(rules: &Arc<Rules>, count: usize, seed: u32) -> Vec<Position> {
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
        let rules = Arc::new(Rules::preset(variant)?);
        let positions = sample(&rules, opts.positions, opts.seed);
        if positions.len() > 1 {
            println!(
                "\n{variant}: nodes per depth summed over the start and {} self-play positions (seed {}; cumulative over iterations), time at the last depth",
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
        println!("{:>10}{:>12}  best  score", "ms", "knodes/s");
        for (name, cfg) in &rows {
            let mut per_depth = vec![0u64; opts.depth as usize];
            let (mut secs, mut nodes) = (0.0, 0);
            let mut first = None;
            for start in &positions {
                let mut pos = start.clone();
                let mut searcher = Searcher::new(&rules, *cfg);
                let t = Instant::now();
                let r = searcher.search(&mut pos, Limits::depth(opts.depth));
                secs += t.elapsed().as_secs_f64();
                nodes += r.nodes;
                // A search that ends early (a forced win) counts its last iteration's total at
                // every deeper depth, so the sums stay comparable.
                let mut last = 0;
                for d in 1..=opts.depth {
                    if let Some(it) = r.iterations.iter().find(|i| i.depth == d) {
                        last = it.nodes;
                    }
                    per_depth[d as usize - 1] += last;
                }
                first.get_or_insert(r);
            }
            let r = first.expect("the sample always holds the start");
            print!("{name:<26}");
            for n in &per_depth {
                print!("{n:>10}");
            }
            let best = r
                .best
                .map_or("-".to_string(), |m| m.display(rules.geometry()));
            println!(
                "{:>10.1}{:>12.0}  {best}  {}",
                secs * 1e3,
                nodes as f64 / secs / 1e3,
                r.score
            );
        }
    }
    Ok(std::process::ExitCode::SUCCESS)
}
