//! Perft speed: brandubh perft(5) from the start, every leaf made and unmade (no bulk counting).
//! Prints leaves per second (wall clock, best of 3) and, on Linux, leaves per CPU-second of this
//! thread (`/proc/thread-self/schedstat`), which other processes on a shared machine disturb less.
//! `tafl8 bench perft` measures the same wall-clock figure.

use std::sync::Arc;
use std::time::Instant;

use tafl8_engine::{perft, Position, Rules};

/// CPU time this thread has run, in seconds (Linux; `None` elsewhere).
fn thread_cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

fn main() {
    // `cargo test --benches` runs this without `--bench`: keep that quick.
    let quick = !std::env::args().any(|a| a == "--bench");
    let depth = if quick { 3 } else { 5 };
    let rules = Arc::new(Rules::preset("brandubh").expect("preset"));
    let mut pos = Position::start(rules);
    let (mut best, mut best_cpu) = (f64::INFINITY, f64::INFINITY);
    let mut nodes = 0;
    for _ in 0..3 {
        let cpu0 = thread_cpu_seconds();
        let t = Instant::now();
        nodes = perft(&mut pos, depth);
        best = best.min(t.elapsed().as_secs_f64());
        if let (Some(a), Some(b)) = (cpu0, thread_cpu_seconds()) {
            best_cpu = best_cpu.min(b - a);
        }
    }
    println!(
        "brandubh perft({depth}) = {nodes}: {:.1} M leaves/s wall (best of 3, {best:.3} s)",
        nodes as f64 / best / 1e6
    );
    if best_cpu.is_finite() {
        println!(
            "brandubh perft({depth}) = {nodes}: {:.1} M leaves per CPU-second (best of 3, {best_cpu:.3} s)",
            nodes as f64 / best_cpu / 1e6
        );
    }
}
