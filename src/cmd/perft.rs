//! `tafl8 perft`: count the positions a given number of plies ahead (move generator check).

use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use tafl8_engine::{divide, notation, perft, Position, Side};

use super::rules::RulesArgs;

/// Count leaf positions DEPTH plies ahead (every leaf made; games that end earlier are not
/// expanded; repetition is ignored). Compare the counts with other implementations to find bugs.
#[derive(clap::Args, Debug)]
pub struct Options {
    #[command(flatten)]
    rules: RulesArgs,
    /// Start from this OpenTafl position string instead of the variant's start
    /// (rows separated by `/`, FIRST row = rank 1; t attacker, T defender, K king, digits = empties).
    #[arg(long, value_name = "STR")]
    position: Option<String>,
    /// Side to move: attackers or defenders (default: the variant's first side).
    #[arg(long, value_name = "SIDE")]
    side: Option<Side>,
    /// Depth in plies.
    #[arg(long, value_name = "D")]
    depth: u32,
    /// Also print the count below each root move (in generation order).
    #[arg(long)]
    divide: bool,
    /// Print one JSON object: {"variant", "position", "side", "depth", "nodes", "seconds", "divide"?}.
    #[arg(long)]
    json: bool,
}

/// Runs perft and prints the count (and the per-move split with --divide).
pub fn run(opts: Options) -> anyhow::Result<ExitCode> {
    let rules = opts.rules.load()?;
    let side = opts.side.unwrap_or_else(|| rules.first_side());
    let mut pos = match &opts.position {
        Some(s) => Position::from_string(rules.clone(), s, side)
            .with_context(|| format!("--position `{s}`"))?,
        None => {
            let mut p = Position::start(rules.clone());
            if p.side_to_move() != side {
                p = Position::from_cells(rules.clone(), *p.cells(), side)?;
            }
            p
        }
    };
    let g = pos.geometry();
    let t = Instant::now();
    let split = if opts.divide && opts.depth > 0 {
        Some(divide(&mut pos, opts.depth))
    } else {
        None
    };
    let nodes = match &split {
        Some(s) => s.iter().map(|(_, n)| n).sum(),
        None => perft(&mut pos, opts.depth),
    };
    let secs = t.elapsed().as_secs_f64();
    let position = notation::position_string(g, pos.cells());
    if opts.json {
        let mut obj = serde_json::json!({
            "variant": rules.name(),
            "position": position,
            "side": side.name(),
            "depth": opts.depth,
            "nodes": nodes,
            "seconds": secs,
        });
        if let Some(s) = &split {
            let map: serde_json::Map<String, serde_json::Value> = s
                .iter()
                .map(|(m, n)| (m.display(g), serde_json::Value::from(*n)))
                .collect();
            obj["divide"] = serde_json::Value::Object(map);
        }
        println!("{obj}");
    } else {
        if let Some(s) = &split {
            for (m, n) in s {
                println!("{} {n}", m.display(g));
            }
            println!();
        }
        println!("perft {} = {nodes}", opts.depth);
        eprintln!(
            "{} {} to move, {:.3} s, {:.1} M leaves/s",
            rules.name(),
            side,
            secs,
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
    Ok(ExitCode::SUCCESS)
}
