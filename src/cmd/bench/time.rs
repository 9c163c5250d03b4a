//! `tafl8 bench time`: how a timed search spends its budget. Each position (the start, then
//! the middle of recorded games or positions of seeded self-play games) is searched with
//! `--movetime`; the report gives per position the time used, its share of the budget, the
//! depth reached (and that of an iteration the clock cut whose finished moves were kept) and
//! the nodes, then the mean share (the measure of time well used with a fixed move time), and
//! how far past the budget the searches that ran into it ended (the cost of reading the clock
//! only every `TIME_CHECK_NODES` nodes, plus unwinding).
//!
//! These are wall-clock figures: on a shared machine, another process holding the core shows
//! up as time used and as overrun. The report also gives this thread's CPU time.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use tafl8_engine::config::SearchConfig;
use tafl8_engine::record::{parse_move_list, play_record, GameRecord};
use tafl8_engine::search::{Limits, Searcher, TimeLimit, TIME_CHECK_NODES};
use tafl8_engine::{Position, Rules, Status};

use super::search::{sample, thread_cpu_secs};
use crate::cmd::rules::RulesArgs;

/// Options of `tafl8 bench time`.
#[derive(clap::Args, Debug)]
pub struct TimeOptions {
    #[command(flatten)]
    rules: RulesArgs,
    /// Budget per search in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    movetime: u64,
    /// Positions searched besides the start: the middle position of each game in `--games`
    /// (the first N games of 20 plies or more), else positions from seeded self-play games.
    #[arg(long, default_value_t = 30)]
    positions: usize,
    /// OpenTafl game records (`.otg`, one or more records in the file, as `tafl8 match
    /// --record` writes them; e.g. `docs/strength/games/copenhagen.otg`) to take the positions
    /// from, replayed under the chosen rules.
    #[arg(long, value_name = "FILE")]
    games: Option<PathBuf>,
    /// Seed of the self-play sample (without `--games`).
    #[arg(long, default_value_t = 1)]
    seed: u32,
    /// Search config spec (default: the variant's engine).
    #[arg(long, value_name = "SPEC", default_value = "engine")]
    config: String,
    /// Print one JSON object: every search and the summary.
    #[arg(long)]
    json: bool,
}

/// One position to search, with where it comes from.
pub(super) struct Case {
    /// `start`, `game K ply P` or `self-play I`.
    pub(super) label: String,
    /// The position, with the game's history.
    pub(super) pos: Position,
}

/// One search's figures.
struct Row {
    label: String,
    side: &'static str,
    ms: f64,
    depth: u8,
    /// The depth of an iteration the clock cut whose finished moves were kept.
    cut: Option<u8>,
    nodes: u64,
    decided: bool,
}

/// A game's middle position (games shorter than this many plies are skipped).
const MIN_PLIES: usize = 20;

/// The records in `text`: each starts at a line beginning `[event:` (a file without one is one
/// record).
fn split_records(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("[event:") || out.is_empty() {
            out.push(String::new());
        }
        let last = out.last_mut().expect("pushed above");
        last.push_str(line);
        last.push('\n');
    }
    out.retain(|r| !r.trim().is_empty());
    out
}

/// The start, then the middle of each game in `path` that has `MIN_PLIES` plies or more, until
/// `count` are taken; each game is replayed under `rules` with every move and capture checked.
fn from_games(rules: &Arc<Rules>, path: &PathBuf, count: usize) -> anyhow::Result<Vec<Case>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("--games {}", path.display()))?;
    let mut out = vec![Case {
        label: "start".into(),
        pos: Position::start(rules.clone()),
    }];
    for (k, rec) in split_records(&text).iter().enumerate() {
        if out.len() > count {
            break;
        }
        let where_ = || format!("{}: game {}", path.display(), k + 1);
        let g = GameRecord::parse(rec).with_context(where_)?;
        if g.moves.len() < MIN_PLIES {
            continue;
        }
        let list = parse_move_list(rules.geometry(), &g.moves.join(" ")).with_context(where_)?;
        let mut pos = Position::start(rules.clone());
        let ply = list.len() / 2;
        for (i, (tok, r)) in list[..ply].iter().enumerate() {
            play_record(&mut pos, r, i + 1, tok).with_context(|| {
                format!(
                    "{} (its rules are `{}`; give them with --rules)",
                    where_(),
                    g.rules
                )
            })?;
        }
        if pos.status() == Status::Ongoing {
            out.push(Case {
                label: format!("game {} ply {ply}", k + 1),
                pos,
            });
        }
    }
    Ok(out)
}

/// The start and `count` more positions: the middle of the games in `games`, else positions
/// of seeded self-play games.
pub(super) fn cases(
    rules: &Arc<Rules>,
    games: Option<&PathBuf>,
    count: usize,
    seed: u32,
) -> anyhow::Result<Vec<Case>> {
    Ok(match games {
        Some(path) => from_games(rules, path, count)?,
        None => sample(rules, count, seed)
            .into_iter()
            .enumerate()
            .map(|(i, pos)| Case {
                label: if i == 0 {
                    "start".into()
                } else {
                    format!("self-play {i}")
                },
                pos,
            })
            .collect(),
    })
}

/// Runs the benchmark.
pub fn run(opts: TimeOptions) -> anyhow::Result<std::process::ExitCode> {
    let rules = opts.rules.load()?;
    let cfg = SearchConfig::parse_for(&opts.config, &rules)?;
    if cfg!(debug_assertions) {
        eprintln!("warning: debug build; use `cargo run --release -- bench time`");
    }
    let budget = Duration::from_millis(opts.movetime);
    let time = TimeLimit::movetime(budget);
    let cases = cases(&rules, opts.games.as_ref(), opts.positions, opts.seed)?;
    let mut rows = Vec::new();
    let cpu0 = thread_cpu_secs();
    for c in &cases {
        let mut pos = c.pos.clone();
        let mut s = Searcher::new(&rules, cfg);
        let t0 = Instant::now();
        let r = s.search(&mut pos, Limits::time(time));
        let el = t0.elapsed();
        rows.push(Row {
            label: c.label.clone(),
            side: c.pos.side_to_move().name(),
            ms: el.as_secs_f64() * 1e3,
            depth: r.depth,
            cut: r.iterations.last().filter(|i| !i.complete).map(|i| i.depth),
            nodes: r.nodes,
            decided: r.score.is_decided(),
        });
    }
    let cpu = cpu0.zip(thread_cpu_secs()).map(|(a, b)| b - a);
    let budget_ms = budget.as_secs_f64() * 1e3;
    let n = rows.len().max(1) as f64;
    let mean_ms = rows.iter().map(|r| r.ms).sum::<f64>() / n;
    let mean_share = mean_ms / budget_ms;
    let nodes: u64 = rows.iter().map(|r| r.nodes).sum();
    let nps = nodes as f64 / (rows.iter().map(|r| r.ms).sum::<f64>() / 1e3).max(1e-9);
    let mut overruns: Vec<f64> = rows
        .iter()
        .filter(|r| r.ms >= budget_ms)
        .map(|r| r.ms - budget_ms)
        .collect();
    overruns.sort_by(f64::total_cmp);
    let decided = rows
        .iter()
        .filter(|r| r.decided && r.ms < budget_ms)
        .count();
    if opts.json {
        let v = serde_json::json!({
            "variant": rules.name(),
            "config": opts.config,
            "movetime_ms": opts.movetime,
            "positions": rows.iter().map(|r| serde_json::json!({
                "position": r.label,
                "side": r.side,
                "ms": (r.ms * 100.0).round() / 100.0,
                "share": (r.ms / budget_ms * 1e4).round() / 1e4,
                "depth": r.depth,
                "cut_depth": r.cut,
                "nodes": r.nodes,
                "decided": r.decided,
            })).collect::<Vec<_>>(),
            "mean_ms": (mean_ms * 100.0).round() / 100.0,
            "mean_share": (mean_share * 1e4).round() / 1e4,
            "nodes_per_second": nps.round(),
            "cpu_ms_per_search": cpu.map(|c| (c * 1e3 / n * 100.0).round() / 100.0),
            "ran_into_the_budget": overruns.len(),
            "ended_on_a_decided_score": decided,
            "past_the_budget_max_ms": overruns.last().map(|m| (m * 1000.0).round() / 1000.0),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(std::process::ExitCode::SUCCESS);
    }
    println!(
        "{}: {} searches with a {} ms budget, config `{}`, clock read every {TIME_CHECK_NODES} nodes",
        rules.name(),
        rows.len(),
        opts.movetime,
        opts.config
    );
    println!(
        "  {:<18} {:<9} {:>9} {:>6} {:>7} {:>10}",
        "position", "to move", "ms", "share", "depth", "nodes"
    );
    for r in &rows {
        // `5+6`: depth 5 complete, and the moves of depth 6 that finished before the cut.
        let depth = match r.cut {
            Some(c) => format!("{}+{c}", r.depth),
            None => r.depth.to_string(),
        };
        println!(
            "  {:<18} {:<9} {:>9.1} {:>5.0}% {:>7} {:>10}{}",
            r.label,
            r.side,
            r.ms,
            100.0 * r.ms / budget_ms,
            depth,
            r.nodes,
            if r.decided { "  (decided)" } else { "" }
        );
    }
    println!(
        "  time used per search: mean {mean_ms:.1} ms, {:.1}% of the budget; {:.0} nodes a second{}",
        100.0 * mean_share,
        nps,
        cpu.map(|c| format!(
            "; this thread's CPU {:.1} ms per search",
            c * 1e3 / n
        ))
        .unwrap_or_default()
    );
    println!(
        "  ran into the budget: {} ({} keeping the finished moves of the cut iteration); ended early on a decided score: {decided}; otherwise before the budget: {}",
        overruns.len(),
        rows.iter().filter(|r| r.cut.is_some()).count(),
        rows.len() - overruns.len() - decided
    );
    if let (Some(max), false) = (overruns.last(), overruns.is_empty()) {
        let mean = overruns.iter().sum::<f64>() / overruns.len() as f64;
        let p90 = overruns[(overruns.len() * 9 / 10).min(overruns.len() - 1)];
        println!(
            "  past the budget: mean {mean:.3} ms, 90th percentile {p90:.3} ms, max {max:.3} ms"
        );
    }
    Ok(std::process::ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_split_at_their_event_tags() {
        let text = "[event:a]\n[rules:x]\n1. a1-a2\n\n[event:b]\n[rules:y]\n1. b1-b2\n";
        let r = split_records(text);
        assert_eq!(r.len(), 2);
        assert!(r[0].contains("a1-a2") && !r[0].contains("b1-b2"));
        assert!(r[1].starts_with("[event:b]"));
        assert_eq!(split_records("[rules:x]\n1. a1-a2\n").len(), 1);
    }
}
