//! `tafl8 bench time`: how a timed search spends its budget. Each position (the start, then
//! the middle of recorded games or positions of seeded self-play games) gets a move decided
//! with `--movetime` as `otep` and `match` decide one (the search and the guards behind it);
//! the report gives per position the time used, its share of the budget, the depth reached
//! (and that of an iteration the clock cut whose finished moves were kept), the nodes and the
//! quiet race's guard's time, then the mean share (the measure of time well used with a fixed
//! move time), and how far past the budget the searches that ran into it ended (the cost of
//! reading the clock only every `TIME_CHECK_NODES` nodes, plus unwinding).
//!
//! These are wall-clock figures: on a shared machine, another process holding the core shows
//! up as time used and as overrun. The report also gives this thread's CPU time.

use std::time::{Duration, Instant};

use tafl8_engine::search::{Limits, Searcher, TimeLimit, GUARD_RESERVE, TIME_CHECK_NODES};

use super::cases::CaseArgs;
use super::search::thread_cpu_secs;

/// Options of `tafl8 bench time`.
#[derive(clap::Args, Debug)]
pub struct TimeOptions {
    #[command(flatten)]
    cases: CaseArgs,
    /// Budget per search in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    movetime: u64,
    /// Print one JSON object: every search and the summary.
    #[arg(long)]
    json: bool,
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
    /// The quiet race's guard's time, in milliseconds.
    guard_ms: f64,
}

/// Runs the benchmark.
pub fn run(opts: TimeOptions) -> anyhow::Result<std::process::ExitCode> {
    let (rules, cfg, cases) = opts.cases.load()?;
    if cfg!(debug_assertions) {
        eprintln!("warning: debug build; use `cargo run --release -- bench time`");
    }
    let budget = Duration::from_millis(opts.movetime);
    let time = TimeLimit::movetime(budget);
    let mut rows = Vec::new();
    let cpu0 = thread_cpu_secs();
    for c in &cases {
        let mut pos = c.pos.clone();
        let mut s = Searcher::new(&rules, cfg);
        let t0 = Instant::now();
        let r = s.decide(&mut pos, Limits::time(time));
        let el = t0.elapsed();
        rows.push(Row {
            label: c.label.clone(),
            side: c.pos.side_to_move().name(),
            ms: el.as_secs_f64() * 1e3,
            depth: r.depth,
            cut: r.iterations.last().filter(|i| !i.complete).map(|i| i.depth),
            nodes: r.nodes,
            decided: r.score.is_decided(),
            guard_ms: s.guard_report().elapsed.as_secs_f64() * 1e3,
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
    // A move that keeps time for the quiet race's guard ends within twice `GUARD_RESERVE` of
    // the budget once too little is left to search on.
    let reserve_ms = 2.0 * GUARD_RESERVE.as_secs_f64() * 1e3;
    let near = rows
        .iter()
        .filter(|r| !r.decided && r.ms < budget_ms && r.ms >= budget_ms - reserve_ms)
        .count();
    if opts.json {
        let v = serde_json::json!({
            "variant": rules.name(),
            "config": opts.cases.config,
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
                "guard_ms": (r.guard_ms * 100.0).round() / 100.0,
            })).collect::<Vec<_>>(),
            "mean_ms": (mean_ms * 100.0).round() / 100.0,
            "mean_share": (mean_share * 1e4).round() / 1e4,
            "nodes_per_second": nps.round(),
            "cpu_ms_per_search": cpu.map(|c| (c * 1e3 / n * 100.0).round() / 100.0),
            "ran_into_the_budget": overruns.len(),
            "ended_on_a_decided_score": decided,
            "ended_within_the_guards_last_reserve": near,
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
        opts.cases.config
    );
    println!(
        "  {:<18} {:<9} {:>9} {:>6} {:>7} {:>10} {:>8}",
        "position", "to move", "ms", "share", "depth", "nodes", "guard ms"
    );
    for r in &rows {
        // `5+6`: depth 5 complete, and the moves of depth 6 that finished before the cut.
        let depth = match r.cut {
            Some(c) => format!("{}+{c}", r.depth),
            None => r.depth.to_string(),
        };
        println!(
            "  {:<18} {:<9} {:>9.1} {:>5.0}% {:>7} {:>10} {:>8.1}{}",
            r.label,
            r.side,
            r.ms,
            100.0 * r.ms / budget_ms,
            depth,
            r.nodes,
            r.guard_ms,
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
        "  ran into the budget: {} ({} keeping the finished moves of the cut iteration); within {reserve_ms:.0} ms of it (the guard's last reserve left): {near}; ended early on a decided score: {decided}; otherwise before the budget: {}",
        overruns.len(),
        rows.iter().filter(|r| r.cut.is_some()).count(),
        rows.len() - overruns.len() - decided - near
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
