//! `tafl8 perft`: count the positions a given number of plies ahead (move generator check).

use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressStyle};
use tafl8_engine::{notation, perft, Move, MoveList, Position, Side, Status};

use super::rules::RulesArgs;

/// Count leaf positions DEPTH plies ahead (perft), to check the move generator.
///
/// Every leaf is made; games that end earlier are not expanded; repetition is ignored. Compare
/// the counts with other implementations to find bugs.
///
/// On a terminal, progress (root moves done) is shown on stderr. A depth whose estimated leaf
/// count (from the branching of the third ply) is over the limit is refused unless
/// --force: such a count would run for hours or days.
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
    /// Run even when the estimated leaf count is over the limit.
    #[arg(long)]
    force: bool,
}

/// The most leaves a count may be estimated to visit without --force: at the ten to fifty
/// million leaves per second `tafl8 bench perft` measures, minutes; ten times more is an hour.
pub const MAX_ESTIMATED_LEAVES: f64 = 1e10;

/// The base-10 logarithm of the leaves `depth` plies ahead (`-inf` for none), estimated from the
/// exact counts at depths 2 and 3: every further ply multiplies by their ratio (the mean
/// branching of the third ply; branching still grows in the opening, so this estimate is low
/// rather than high). Depths up to 3 are counted exactly. A logarithm, because a deep estimate
/// (depth 300: about 10^470) is past what an `f64` holds.
pub fn estimate_leaves_log10(pos: &mut Position, depth: u32) -> f64 {
    if depth <= 3 {
        return (perft(pos, depth) as f64).log10();
    }
    let p2 = perft(pos, 2) as f64;
    let p3 = perft(pos, 3) as f64;
    if p3 == 0.0 {
        return f64::NEG_INFINITY;
    }
    p3.log10() + f64::from(depth - 3) * (p3 / p2).log10()
}

/// An estimate given as its logarithm, for a message: `3.2e12`, or `10^470` when it is beyond
/// a number's range.
fn about(log10: f64) -> String {
    if log10 < 300.0 {
        format!("{:.1e}", 10f64.powf(log10))
    } else {
        format!("10^{log10:.0}")
    }
}

/// Per-root-move leaf counts, as `tafl8_engine::divide` counts them, reporting each root move
/// to `done` as it finishes.
fn divide_with_progress(
    pos: &mut Position,
    depth: u32,
    mut done: impl FnMut(usize, usize, Move, u64),
) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    pos.gen_moves(&mut list);
    let total = list.len();
    let mut out = Vec::with_capacity(total);
    for (i, &m) in list.iter().enumerate() {
        let undo = pos.make(m);
        let n = if depth <= 1 {
            1
        } else if pos.status() == Status::Ongoing {
            perft(pos, depth - 1)
        } else {
            0
        };
        pos.unmake(&undo);
        done(i + 1, total, m, n);
        out.push((m, n));
    }
    out
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
    let estimate = estimate_leaves_log10(&mut pos, opts.depth);
    if estimate > MAX_ESTIMATED_LEAVES.log10() && !opts.force {
        bail!(
            "--depth {}: about {} leaves (the branching of the third ply, \
             repeated), more than the {MAX_ESTIMATED_LEAVES:.0e} this command runs without \
             --force (it would run for an hour or more at tens of millions of leaves per \
             second). Use a smaller depth, or --force to run it anyway",
            opts.depth,
            about(estimate)
        );
    }
    let t = Instant::now();
    // Progress per root move on a terminal (indicatif draws nothing when stderr is not one).
    let bar = if opts.json || opts.depth < 2 {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(0)
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} root moves  {msg}  [{elapsed}]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let split = if opts.depth > 0 {
        Some(divide_with_progress(
            &mut pos,
            opts.depth,
            |i, total, m, n| {
                bar.set_length(total as u64);
                bar.set_position(i as u64);
                bar.set_message(format!("{} {n}", m.display(g)));
            },
        ))
    } else {
        None
    };
    bar.finish_and_clear();
    let nodes = match &split {
        Some(s) => s.iter().map(|(_, n)| n).sum(),
        None => perft(&mut pos, opts.depth),
    };
    let split = split.filter(|_| opts.divide);
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
