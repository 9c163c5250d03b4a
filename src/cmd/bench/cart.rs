//! `tafl8 bench cart`: the cart's AI on PICO-8's CPU — VM instructions per search node and the
//! PICO-8 time to finish each depth from the start position, and per difficulty level.

use std::process::ExitCode;

use tafl8_diff::bench::{bench_cart, bench_cart_at, PART_NAMES};
use tafl8_diff::bench_game::{bench_game, summary};
use tafl8_diff::Target;

use crate::cmd::rules::RulesArgs;

/// Options of `tafl8 bench cart`.
#[derive(clap::Args, Debug)]
pub struct CartOptions {
    #[command(flatten)]
    rules: RulesArgs,
    /// Search configuration the cart is built with (`engine`: the variant's own, what its cart
    /// plays; `full`, `seed,+tt`, ...).
    #[arg(long, value_name = "SPEC", default_value = "engine")]
    config: String,
    /// Deepest full-width search measured (every depth from 1).
    #[arg(long, value_name = "D", default_value_t = 5)]
    depth: u8,
    /// Print a JSON list of objects: level (null for a plain depth-limited search), depth,
    /// nodes, instructions, instructions_per_node, seconds, seconds_low, think_seconds (a
    /// level's think time in the game and its lower bound), frames, matches_rust, lua_kib,
    /// parts (instructions by part of the engine), calls and functions (per engine function).
    #[arg(long)]
    json: bool,
    /// Also print how many times each engine function runs per node.
    #[arg(long)]
    calls: bool,
    /// The game so far, as `analyze --moves` takes it: the table is measured after these moves
    /// (a middlegame costs more a node than the start).
    #[arg(long, value_name = "LIST")]
    moves: Option<String>,
    /// Instead of the table from the start: play a whole self-play game at difficulty level L
    /// (both sides; book moves first, as the cart plays) and measure the cart's think time at
    /// every AI move: the first, the median and the longest (`--seed`, `--plies`).
    #[arg(long, value_name = "L", value_parser = clap::value_parser!(u8).range(1..=5))]
    game: Option<u8>,
    /// The game's seed (`--game`): each choice draws from it as the cart's game would.
    #[arg(long, default_value_t = 1, requires = "game")]
    seed: u32,
    /// Most plies of the game (`--game`).
    #[arg(long, default_value_t = 200, requires = "game")]
    plies: usize,
}

/// Runs the cart's search in the headless runner and prints the CPU table.
pub fn run(opts: CartOptions) -> anyhow::Result<ExitCode> {
    let rules = opts.rules.load()?;
    let name = rules.name().to_string();
    let shown = if opts.config.trim_start().starts_with("engine") {
        format!("{}; engine = {}", opts.config, rules.engine_spec())
    } else {
        opts.config.clone()
    };
    let target = Target::new(rules, &opts.config)?;
    if let Some(level) = opts.game {
        return game(&target, &shown, level, &opts);
    }
    let rows = match &opts.moves {
        Some(list) => {
            let mut at = tafl8_diff::CasePos::start(&target.rules);
            at.moves = replay(&target.rules, list)?;
            bench_cart_at(&target, opts.depth, &at)?
        }
        None => bench_cart(&target, opts.depth)?,
    };
    if opts.json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{} [{}] from the start: PICO-8 instructions by the runner's cost model; seconds at \
         4,194,304 instructions/s (30 fps x 139,810); low: the same with a comparison used as a \
         condition free (the model's remaining uncertainty, docs/runner.md); think: a level's \
         time in the game, its search sliced (a stat(1) test where it may yield), low-high; frames when the \
         AI yields at 90% of each; lua KiB: the live Lua memory after the search as PICO-8 \
         counts it (stat(0), of 2048)",
        name, shown
    );
    println!(
        "{:<8} {:>5} {:>8} {:>12} {:>10} {:>8} {:>6} {:>11} {:>7} {:>8}  rust",
        "search",
        "depth",
        "nodes",
        "instructions",
        "instr/node",
        "seconds",
        "low",
        "think",
        "frames",
        "lua KiB"
    );
    for r in &rows {
        let what = r.level.map_or("full".to_string(), |l| format!("level {l}"));
        let think = r
            .think_seconds
            .map_or("-".to_string(), |(t, low)| format!("{low:.2}-{t:.2}"));
        println!(
            "{what:<8} {:>5} {:>8} {:>12} {:>10.0} {:>8.2} {:>6.2} {:>11} {:>7} {:>8.1}  {}",
            r.depth,
            r.nodes,
            r.instructions,
            r.instructions_per_node,
            r.seconds,
            r.seconds_low,
            think,
            r.frames,
            r.lua_kib,
            if r.matches_rust {
                "same nodes"
            } else {
                "DIFFERS"
            }
        );
    }
    println!();
    println!(
        "instructions per node by part (each function's own code; see `PARTS` in \
         crates/diff/src/bench.rs for which function is where)"
    );
    print!("{:<8} {:>5}", "search", "depth");
    for p in PART_NAMES {
        print!(" {p:>8}");
    }
    println!(" {:>8}", "total");
    for r in &rows {
        let what = r.level.map_or("full".to_string(), |l| format!("level {l}"));
        print!("{what:<8} {:>5}", r.depth);
        let n = r.nodes.max(1) as f64;
        for p in PART_NAMES {
            let v = r.parts.get(p).copied().unwrap_or(0);
            print!(" {:>8.0}", v as f64 / n);
        }
        println!(" {:>8.0}", r.instructions_per_node);
    }
    if opts.calls {
        println!();
        println!("calls per node (function: calls/node, own instructions per call)");
        for r in &rows {
            let what = r.level.map_or("full".to_string(), |l| format!("level {l}"));
            let n = r.nodes.max(1) as f64;
            let list: Vec<String> = r
                .calls
                .iter()
                .map(|(f, &c)| {
                    let own = r.functions.get(f).copied().unwrap_or(0);
                    format!(
                        "{f} {:.2} {:.0}",
                        c as f64 / n,
                        own as f64 / c.max(1) as f64
                    )
                })
                .collect();
            println!("{what:<8} {:>5}  {}", r.depth, list.join(", "));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `--game L`: the think time at every AI move of a self-play game.
fn game(target: &Target, shown: &str, level: u8, opts: &CartOptions) -> anyhow::Result<ExitCode> {
    let rows = bench_game(target, level, opts.seed, opts.plies)?;
    if opts.json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{} [{shown}], a level-{level} game, seed {}: the cart's thinking per AI move, as the game \
         runs it (sliced, bound by the level's time): its CPU in PICO-8 seconds, its nodes, \
         whether the time stopped it, and the engine's move with the nodes the cart reached",
        target.rules.name(),
        opts.seed
    );
    println!(
        "{:>4} {:<9} {:<9} {:>12} {:>8} {:>8} {:>6} {:>5}  engine",
        "ply", "side", "move", "instructions", "seconds", "nodes", "race", "time"
    );
    for r in &rows {
        if r.book {
            println!("{:>4} {:<9} {:<9} {:>12}", r.ply, r.side, r.mv, "book");
            continue;
        }
        println!(
            "{:>4} {:<9} {:<9} {:>12} {:>8.2} {:>8} {:>6} {:>5}  {}",
            r.ply,
            r.side,
            r.mv,
            r.instructions,
            r.seconds,
            r.nodes,
            r.race_nodes,
            if r.timed_out { "out" } else { "" },
            if r.same { "same move" } else { "DIFFERS" }
        );
    }
    if let Some((first, median, max)) = summary(&rows) {
        println!("first {first:.2} s, median {median:.2} s, longest {max:.2} s");
    }
    let differ = rows.iter().filter(|r| !r.same).count();
    if differ > 0 {
        println!(
            "{differ} moves where the engine with the cart's nodes chose differently from the cart"
        );
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// The moves of `list` (an `analyze --moves` list) as they are played from the start.
fn replay(
    rules: &std::sync::Arc<tafl8_engine::Rules>,
    list: &str,
) -> anyhow::Result<Vec<tafl8_engine::Move>> {
    let g = rules.geometry();
    let mut pos = tafl8_engine::Position::start(rules.clone());
    let mut out = Vec::new();
    for tok in list.split([' ', ',', '|']).filter(|t| !t.is_empty()) {
        if tok.ends_with('.') {
            continue;
        }
        let rec = tafl8_engine::record::parse_move_record(g, tok)
            .map_err(|e| anyhow::anyhow!("--moves `{tok}`: {e}"))?;
        pos.play(rec.mv)
            .map_err(|e| anyhow::anyhow!("--moves `{tok}`: {e}"))?;
        out.push(rec.mv);
    }
    Ok(out)
}
