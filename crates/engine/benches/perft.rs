//! Perft speed: brandubh perft(5) from the start, every leaf made and unmade (no bulk counting).
//! Prints leaves per second for the best of three runs. `tafl8 bench perft` measures the same.

use std::sync::Arc;
use std::time::Instant;

use tafl8_engine::{perft, Position, Rules};

fn main() {
    // `cargo test --benches` runs this with `--bench` absent: keep that quick.
    let quick = !std::env::args().any(|a| a == "--bench");
    let depth = if quick { 3 } else { 5 };
    let rules = Arc::new(Rules::preset("brandubh").expect("preset"));
    let mut pos = Position::start(rules);
    let mut best = f64::INFINITY;
    let mut nodes = 0;
    for _ in 0..3 {
        let t = Instant::now();
        nodes = perft(&mut pos, depth);
        best = best.min(t.elapsed().as_secs_f64());
    }
    println!(
        "brandubh perft({depth}) = {nodes}: {:.1} M leaves/s (best of 3, {best:.3} s)",
        nodes as f64 / best / 1e6
    );
}
