//! `tafl8 run`: run a cart headless (the runner crate) and report printh output, CPU and screenshots.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use tafl8_codegen::RulesetTag;
use tafl8_engine::Rules;
use tafl8_runner::input::InputScript;
use tafl8_runner::session::{RunOptions, Session};
use tafl8_runner::vm::Limits;

/// Run a cart headless: printh output, CPU per frame, Lua memory, screenshots.
///
/// The cart's exact code runs (lowered to Lua 5.2 with PICO-8's 16.16 numbers) in the game loop
/// (`_init`, then `_update`/`_update60` and `_draw` each frame), with input from a script, CPU
/// accounting and screenshots.
///
/// Prints the CPU (largest and mean frame, frames over budget), then a summary (frames run,
/// printh lines, sound calls) and the files written; --cpu adds the peak Lua memory, --json
/// prints all of it as JSON.
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
    /// Write a per-frame CPU plot to this file: SVG, or PNG when the name ends in `.png` (past
    /// 4,096 frames a bar covers several frames and shows the largest).
    #[arg(long, value_name = "PATH.svg|PATH.png")]
    cpu_plot: Option<PathBuf>,
    /// Print the report (printh lines, CPU, Lua memory, sounds, menu items) as JSON on stdout.
    /// The CPU: `frames`, `total`, `max`, `over_budget` and `series`, each frame's instructions
    /// (past 4,096 frames, each point the largest of `frames_per_point` frames).
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

/// What the cart's ruleset tag says, checked against the preset of the same name: a cart built
/// before the preset's rules changed (or from an edited copy) says so.
fn ruleset_note(code: &str) -> String {
    let Some(tag) = RulesetTag::read(code) else {
        return "no ruleset tag: not built by this tafl8".to_string();
    };
    let note = format!("built for ruleset {} {}", tag.name, tag.id);
    match Rules::preset(&tag.name) {
        Ok(preset) if tag.check(&preset).is_err() => format!(
            "{note}, not the preset {} {}: edited rules, or rebuild it with `tafl8 build \
             --variant {}`",
            tag.name,
            tafl8_codegen::tag::rules_id(&preset),
            tag.name
        ),
        _ => note,
    }
}

fn plural(n: u64, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
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
    for (frame, path) in &screenshots {
        if *frame > opts.frames {
            bail!(
                "--screenshot {frame}:{}: frame {frame} is past the run's last frame ({}, set by \
                 --frames); run at least --frames {frame}",
                path.display(),
                opts.frames
            );
        }
    }
    // Every output checked before the run: a read-only file or a missing folder is refused now.
    for path in screenshots.iter().map(|(_, p)| p).chain(&opts.cpu_plot) {
        tafl8_outfile::check(path)?;
    }
    let asked: Vec<(u32, PathBuf)> = screenshots.clone();
    let cart = tafl8_p8::Cart::read_file(&opts.cart)?;
    let name = opts.cart.file_name().map_or_else(
        || opts.cart.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let limits = Limits {
        instructions_per_frame: opts.max_instructions,
        ..Limits::default()
    };
    let ruleset = cart
        .lua()
        .map_or_else(|| "no code".to_string(), ruleset_note);
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
    } else {
        let c = &report.cpu;
        println!(
            "cpu: {} frames at {} fps, budget {} instructions/frame; max {} ({:.1}%), mean {:.0} \
             ({:.1}%), {} over budget; startup {}",
            c.frames(),
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
        let lines = report.printh.len() as u64 + report.printh_dropped;
        let hint = if lines > 0 && !opts.printh {
            " (--printh prints them)"
        } else {
            ""
        };
        let sounds = report.sounds.len() as u64 + report.sounds_dropped;
        println!(
            "{name} ({ruleset}): ran {}; {}{hint}, {}",
            plural(u64::from(report.frames), "frame"),
            plural(lines, "printh line"),
            plural(sounds, "sound call")
        );
        for path in &report.screenshots {
            println!("wrote {}", path.display());
        }
        if let Some(path) = &opts.cpu_plot {
            println!("wrote {}", path.display());
        }
    }
    // A cart without a game loop runs no frame, so a screenshot after frame 0 is never taken.
    let missed: Vec<String> = asked
        .iter()
        .filter(|(_, p)| !report.screenshots.contains(p))
        .map(|(f, p)| format!("{f}:{}", p.display()))
        .collect();
    if !missed.is_empty() {
        eprintln!(
            "error: screenshot not taken: {} (the cart ran {} frames: it has no _update or \
             _draw)",
            missed.join(", "),
            report.frames
        );
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}
