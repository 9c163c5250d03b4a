//! `tafl8 bench runner`: how fast the headless runner executes PICO-8 code.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

/// Options of `tafl8 bench runner`.
#[derive(clap::Args, Debug)]
pub struct RunnerOptions {
    /// A cart to measure (booted, then run --frames frames); default: the runner's built-in
    /// search workload (a tafl-like alpha-beta search, about 2.3M PICO-8 instructions).
    #[arg(long, value_name = "FILE")]
    cart: Option<PathBuf>,
    /// Frames to run after booting the cart.
    #[arg(long, default_value_t = 0)]
    frames: u32,
    /// Runs; the best is reported (less noise from other processes).
    #[arg(long, default_value_t = 5)]
    runs: u32,
}

/// Prints PICO-8 VM instructions per second (wall clock and CPU time) and the multiple of PICO-8.
pub fn run(opts: RunnerOptions) -> anyhow::Result<ExitCode> {
    if cfg!(debug_assertions) {
        eprintln!(
            "warning: debug build; use `cargo run --release -- bench runner` for real figures"
        );
    }
    let cart = match &opts.cart {
        Some(path) => tafl8_p8::Cart::read_file(path)
            .with_context(|| format!("cannot load {}", path.display()))?,
        None => {
            let text = format!(
                "pico-8 cartridge // http://www.pico-8.com\nversion 42\n__lua__\n{}\n",
                tafl8_runner::bench::SEARCH_WORKLOAD
            );
            tafl8_p8::Cart::parse(&text)?
        }
    };
    let f = tafl8_runner::bench::measure(&cart, opts.frames, opts.runs)?;
    println!(
        "runner: {} PICO-8 instructions in {:.3} s wall = {:.1}M instructions/s",
        f.instructions,
        f.wall_secs,
        f.per_wall_second() / 1e6
    );
    if let (Some(cpu), Some(rate)) = (f.cpu_secs, f.per_cpu_second()) {
        println!(
            "runner: {:.3} s of CPU = {:.1}M instructions/s per CPU second",
            cpu,
            rate / 1e6
        );
    }
    println!(
        "runner: {:.1}x PICO-8 real time (4.19M instructions/s)",
        f.times_real_time()
    );
    Ok(ExitCode::SUCCESS)
}
