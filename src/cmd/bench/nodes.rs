//! `tafl8 bench nodes`: the search's speed at a fixed amount of work. Each position (the start,
//! then the middle of recorded games or positions of seeded self-play games) is searched to a
//! node budget, so the work does not depend on the machine: the report gives per position the
//! depth, score, best move and time, then the nodes a second over all of them and a checksum of
//! the results (nodes, scores and PVs), which changes if any search's tree does.
//!
//! The time is wall-clock and this thread's CPU time, both noisy on a shared machine; for a
//! figure that is not, count the instructions of the same run (`valgrind --tool=callgrind`,
//! see `docs/search.md`).

use std::time::Instant;

use tafl8_engine::search::{Limits, Searcher};

use super::cases::CaseArgs;
use super::search::thread_cpu_secs;

/// Options of `tafl8 bench nodes`.
#[derive(clap::Args, Debug)]
pub struct NodesOptions {
    #[command(flatten)]
    cases: CaseArgs,
    /// Node budget per search.
    #[arg(long, default_value_t = 100_000)]
    nodes: u64,
}

/// FNV-1a over `bytes`, continuing from `h`: a checksum of the results, not a secure hash.
fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Runs the benchmark.
pub fn run(opts: NodesOptions) -> anyhow::Result<std::process::ExitCode> {
    let (rules, cfg, cases) = opts.cases.load()?;
    if cfg!(debug_assertions) {
        eprintln!("warning: debug build; use `cargo run --release -- bench nodes`");
    }
    let g = rules.geometry();
    println!(
        "{}: {} searches of {} nodes, config `{}`",
        rules.name(),
        cases.len(),
        opts.nodes,
        opts.cases.config
    );
    println!(
        "  {:<18} {:<9} {:>5} {:>7} {:<9} {:>10} {:>9}",
        "position", "to move", "depth", "score", "best", "nodes", "ms"
    );
    let (mut nodes, mut ms, mut sum) = (0u64, 0f64, 0xcbf2_9ce4_8422_2325u64);
    let cpu0 = thread_cpu_secs();
    for c in &cases {
        let mut pos = c.pos.clone();
        let mut s = Searcher::new(&rules, cfg);
        let t0 = Instant::now();
        let r = s.search(&mut pos, Limits::nodes(opts.nodes));
        let el = t0.elapsed().as_secs_f64() * 1e3;
        let best = r.best.map(|m| m.display(g)).unwrap_or_else(|| "-".into());
        println!(
            "  {:<18} {:<9} {:>5} {:>7} {:<9} {:>10} {:>9.1}",
            c.label,
            c.pos.side_to_move().name(),
            r.depth,
            r.score.to_string(),
            best,
            r.nodes,
            el
        );
        for it in &r.iterations {
            sum = fnv(sum, &it.nodes.to_le_bytes());
            sum = fnv(sum, &it.score.get().to_le_bytes());
            for m in &it.pv {
                sum = fnv(sum, &[m.from.0, m.to.0]);
            }
        }
        nodes += r.nodes;
        ms += el;
    }
    let cpu = cpu0.zip(thread_cpu_secs()).map(|(a, b)| b - a);
    println!(
        "  {nodes} nodes in {ms:.0} ms: {:.0} nodes a second{}",
        nodes as f64 / (ms / 1e3).max(1e-9),
        cpu.map(|c| format!(" ({:.0} a CPU second)", nodes as f64 / c.max(1e-9)))
            .unwrap_or_default()
    );
    println!("  results checksum {sum:016x} (nodes, scores and PVs of every iteration)");
    Ok(std::process::ExitCode::SUCCESS)
}
