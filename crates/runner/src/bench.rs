//! Speed figures: PICO-8 VM instructions (as the CPU model counts them) executed per second, by wall
//! clock and by this thread's CPU time (Linux `/proc/thread-self/schedstat`), so a loaded machine
//! still gives a meaningful figure. PICO-8 itself runs about 4.19M instructions/s.

use std::time::Instant;

use tafl8_p8::Cart;

use crate::cpu::{CYCLES_PER_INSTRUCTION, CYCLES_PER_SECOND};
use crate::session::{RunError, Session};
use crate::vm::Limits;

/// A tafl-like search (mailbox board, sliding moves, make/unmake, alpha-beta): the default workload.
pub const SEARCH_WORKLOAD: &str = include_str!("../tests/workloads/search.lua");

/// What one measurement found.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SpeedFigures {
    /// PICO-8 instructions one run executes.
    pub instructions: u64,
    /// Best wall-clock seconds of a run.
    pub wall_secs: f64,
    /// Best CPU seconds of a run (None where the OS does not say).
    pub cpu_secs: Option<f64>,
}

impl SpeedFigures {
    /// Instructions per wall-clock second.
    pub fn per_wall_second(&self) -> f64 {
        self.instructions as f64 / self.wall_secs
    }

    /// Instructions per CPU second.
    pub fn per_cpu_second(&self) -> Option<f64> {
        self.cpu_secs.map(|s| self.instructions as f64 / s)
    }

    /// How many times faster than a real PICO-8 (by CPU time when known).
    pub fn times_real_time(&self) -> f64 {
        let pico8 = (CYCLES_PER_SECOND / CYCLES_PER_INSTRUCTION) as f64;
        self.per_cpu_second().unwrap_or(self.per_wall_second()) / pico8
    }
}

/// This thread's CPU time in seconds, if the OS exposes it.
fn cpu_time() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

/// Boots `cart` (top-level code and `_init`) and runs `frames` frames, `runs` times; the best run counts.
pub fn measure(cart: &Cart, frames: u32, runs: u32) -> Result<SpeedFigures, RunError> {
    let limits = Limits {
        instructions_per_frame: u64::MAX,
        ..Limits::default()
    };
    let mut best = SpeedFigures {
        instructions: 0,
        wall_secs: f64::INFINITY,
        cpu_secs: None,
    };
    for _ in 0..runs.max(1) {
        let session = Session::from_cart(cart, "bench.p8", limits)?;
        let (t, c) = (Instant::now(), cpu_time());
        session.boot()?;
        for f in 1..=frames {
            session.frame(f, 0, None)?;
        }
        let wall = t.elapsed().as_secs_f64();
        let cpu = c.zip(cpu_time()).map(|(a, b)| b - a);
        best.instructions = session.cycles();
        best.wall_secs = best.wall_secs.min(wall);
        best.cpu_secs = match (best.cpu_secs, cpu) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_the_instructions_a_cart_executes() {
        let text = "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n\
                    s=0 for i=1,1000 do s+=i end\nfunction _update() end\n";
        let cart = Cart::parse(text).unwrap();
        let f = measure(&cart, 2, 2).unwrap();
        // 1000 iterations of `s+=i` on a global: GETTABUP, ADD, SETTABUP, FORLOOP = 4 each.
        assert!((4000..4100).contains(&f.instructions), "{f:?}");
        assert!(f.wall_secs > 0.0 && f.per_wall_second() > 0.0);
    }
}
