//! `tafl8 run`: run a cart headless (the runner crate) and report printh output, CPU and screenshots.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use tafl8_runner::input::InputScript;
use tafl8_runner::session::{RunOptions, Session};
use tafl8_runner::vm::Limits;

/// Run a PICO-8 cart headless: its exact code (lowered to Lua 5.2 with PICO-8's 16.16 numbers), the
/// game loop (`_init`, then `_update`/`_update60` and `_draw` each frame), input from a script, CPU
/// accounting and screenshots.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "INPUT SCRIPT (--input): one instruction per line, `#` comments, frames count from 1:
  10: R          right held on frame 10
  11-20: R X     frames 11..=20: right and X held
  30: L O 1:U    player 0 left + O, player 1 up
  40: menu 1     select pause-menu item 1 before frame 40's update
Buttons: L R U D O X (btn 0..5); frames not listed hold nothing.

LUA MEMORY (--cpu, --json): the cart's live Lua memory as PICO-8 counts it (stat(0), after a full
garbage collection), sampled after boot and after every frame; its peak and the frame of the peak.
Like PICO-8, the run stops with \"out of memory\" when the live memory passes 2048 KiB.

EXIT STATUS: 0 when the run completes; 1 when the cart errors (the message names the cart line),
calls an unknown function, runs out of Lua memory, or runs away (\"exceeded N instructions in
frame F\")."
)]
pub struct Options {
    /// The cart: `.p8`, `.p8.png` or `.p8.rom`.
    cart: PathBuf,
    /// Frames to run after `_init` (30 or 60 per second, depending on `_update60`).
    #[arg(long, default_value_t = 1)]
    frames: u32,
    /// Input script: buttons held per frame (format below).
    #[arg(long, value_name = "FILE")]
    input: Option<PathBuf>,
    /// Write each `printh` line to stdout as it happens.
    #[arg(long)]
    printh: bool,
    /// Save the screen as PNG after frame N's `_draw` (N = 0: after `_init`); repeatable.
    #[arg(long, value_name = "FRAME:PATH.png")]
    screenshot: Vec<String>,
    /// Report the cart's VM instructions per frame (max, mean, frames over the PICO-8 budget) and
    /// its peak Lua memory (a full garbage collection after every frame, so slower).
    #[arg(long)]
    cpu: bool,
    /// Write a per-frame CPU plot to this file: SVG, or PNG when the name ends in `.png`.
    #[arg(long, value_name = "PATH.svg|PATH.png")]
    cpu_plot: Option<PathBuf>,
    /// Print the report (printh lines, CPU per frame, Lua memory, sounds, menu items) as JSON on
    /// stdout.
    #[arg(long)]
    json: bool,
    /// Runaway limit: real Lua VM instructions per frame before the run is stopped.
    #[arg(long, value_name = "N", default_value_t = Limits::default().instructions_per_frame)]
    max_instructions: u64,
}

fn parse_screenshot(spec: &str) -> anyhow::Result<(u32, PathBuf)> {
    let Some((frame, path)) = spec.split_once(':') else {
        bail!("--screenshot {spec}: expected FRAME:PATH.png, e.g. 10:shot.png");
    };
    let frame = frame
        .parse::<u32>()
        .with_context(|| format!("--screenshot {spec}: `{frame}` is not a frame number"))?;
    if path.is_empty() {
        bail!("--screenshot {spec}: the path is empty");
    }
    Ok((frame, PathBuf::from(path)))
}

/// Runs the subcommand.
pub fn run(opts: Options) -> anyhow::Result<ExitCode> {
    let input = match &opts.input {
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .with_context(|| format!("cannot read input script {}", p.display()))?;
            InputScript::parse(&text)
                .and_then(|s| s.check_frames(opts.frames).map(|()| s))
                .map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?
        }
        None => InputScript::default(),
    };
    let screenshots = opts
        .screenshot
        .iter()
        .map(|s| parse_screenshot(s))
        .collect::<anyhow::Result<Vec<_>>>()?;
    // Every output checked before the run: a read-only file or a missing folder is refused now.
    for path in screenshots.iter().map(|(_, p)| p).chain(&opts.cpu_plot) {
        tafl8_outfile::check(path)?;
    }
    let cart = tafl8_p8::Cart::read_file(&opts.cart)?;
    let name = opts.cart.file_name().map_or_else(
        || opts.cart.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let limits = Limits {
        instructions_per_frame: opts.max_instructions,
        ..Limits::default()
    };
    let session = Session::from_cart(&cart, &name, limits)?;
    let run_opts = RunOptions {
        frames: opts.frames,
        input,
        echo_printh: opts.printh && !opts.json,
        screenshots,
        limits,
        measure_memory: opts.cpu || opts.json,
    };
    let report = match session.run(&run_opts) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    if let Some(path) = &opts.cpu_plot {
        let is_png = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("png"));
        let bytes = if is_png {
            report.cpu.png()?
        } else {
            report.cpu.svg().into_bytes()
        };
        tafl8_outfile::write(path, &bytes)?;
    }
    if opts.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else if opts.cpu {
        let c = &report.cpu;
        println!(
            "cpu: {} frames at {} fps, budget {} instructions/frame; max {} ({:.1}%), mean {:.0} \
             ({:.1}%), {} over budget; startup {}",
            c.per_frame.len(),
            c.fps,
            c.budget,
            c.max(),
            100.0 * c.max() as f64 / c.budget as f64,
            c.mean(),
            100.0 * c.mean() / c.budget as f64,
            c.over_budget(),
            c.startup
        );
        if let Some(m) = &report.memory {
            let limit = m
                .limit_bytes
                .unwrap_or(tafl8_runner::lua_memory::PICO8_LIMIT);
            println!(
                "lua memory: peak {:.1} KiB ({:.1}% of PICO-8's {} KiB) at frame {}; final {:.1} KiB",
                m.peak_bytes as f64 / 1024.0,
                100.0 * m.peak_bytes as f64 / limit as f64,
                limit / 1024,
                m.peak_frame,
                m.final_bytes as f64 / 1024.0
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
