//! The cart's CPU on PICO-8: for each search depth from the start position, and for each
//! difficulty level, the VM instructions the cart's search executes (the runner's CPU model), the
//! nodes it searches, and the PICO-8 time that takes at 30 fps.

use serde::Serialize;
use tafl8_runner::cpu::{frame_budget, CYCLES_PER_INSTRUCTION, CYCLES_PER_SECOND};

use crate::backend::{Backend, Runner};
use crate::case::{Case, CasePos, Check};
use crate::error::DiffError;
use crate::target::Target;

/// One row of the CPU table.
#[derive(Clone, Debug, Serialize)]
pub struct BenchRow {
    /// Variant.
    pub variant: String,
    /// Difficulty level (`None`: a plain full-width search to `depth`).
    pub level: Option<u8>,
    /// Depth completed.
    pub depth: u8,
    /// Nodes searched.
    pub nodes: u64,
    /// PICO-8 VM instructions (the runner's cost model).
    pub instructions: u64,
    /// Instructions per node.
    pub instructions_per_node: f64,
    /// PICO-8 seconds with the whole CPU (instructions at 4,194,304 per second).
    pub seconds: f64,
    /// Frames at 30 fps when the search yields at 90% of each frame, as the cart's AI does.
    pub frames: u64,
    /// Whether the Rust engine searched the same number of nodes to the same depth.
    pub matches_rust: bool,
    /// The cart's live Lua memory after the search, in KiB as PICO-8 counts it (`stat(0)`): its
    /// code and data and what the search keeps (the transposition table), of PICO-8's 2048.
    pub lua_kib: f64,
}

/// A field of a harness answer (0 = the echoed command).
fn field(line: &str, i: usize) -> Result<&str, DiffError> {
    line.split(' ').nth(i).ok_or_else(|| DiffError::Backend {
        backend: "runner".into(),
        message: format!("short answer `{line}`"),
    })
}

fn raw(hex: &str) -> u64 {
    u64::from(u32::from_str_radix(&hex.trim_start_matches("0x").replace('.', ""), 16).unwrap_or(0))
}

/// Instructions and the answer line of one request, minus the `nop` baseline (setup, protocol),
/// and the live Lua memory after it.
fn measure(target: &Target, case: &Case, baseline: u64) -> Result<(u64, String, usize), DiffError> {
    let out = Runner.run(target, &[case.request(&target.rules)])?;
    match (out.error, out.lines.first()) {
        (None, Some(l)) => Ok((
            out.instructions.saturating_sub(baseline),
            l.clone(),
            out.lua_memory,
        )),
        (e, _) => Err(DiffError::Backend {
            backend: "runner".into(),
            message: format!("bench request failed: {}", e.unwrap_or_default()),
        }),
    }
}

/// The table for `target` from its start position: depths 1..=`max_depth`, then levels 1..=5.
pub fn bench_cart(target: &Target, max_depth: u8) -> Result<Vec<BenchRow>, DiffError> {
    let start = CasePos::start(&target.rules);
    // The baseline: the same position set up, answered by `nop` (the `eval` request renamed).
    let eval = Case {
        pos: start.clone(),
        check: Check::Eval,
    };
    let nop = eval.request(&target.rules).replacen("eval", "nop", 1);
    let nop = Runner.run(target, &[nop])?;
    let baseline = nop.instructions;
    let per_second = (CYCLES_PER_SECOND / CYCLES_PER_INSTRUCTION) as f64;
    let slice = (frame_budget(30) as f64 * 0.9).max(1.0);
    let row = |level: Option<u8>,
               depth: u8,
               nodes: u64,
               instructions: u64,
               rust: (u64, u8),
               memory: usize| BenchRow {
        variant: target.rules.name().to_string(),
        level,
        depth,
        nodes,
        instructions,
        instructions_per_node: instructions as f64 / nodes.max(1) as f64,
        seconds: instructions as f64 / per_second,
        frames: (instructions as f64 / slice).ceil() as u64,
        matches_rust: rust == (nodes, depth),
        lua_kib: memory as f64 / 1024.0,
    };
    let mut rows = Vec::new();
    for depth in 1..=max_depth {
        let case = Case {
            pos: start.clone(),
            check: Check::Search { depth, nodes: 0 },
        };
        let (instr, line, memory) = measure(target, &case, baseline)?;
        let nodes = raw(field(&line, 3)?);
        let d: u8 = field(&line, 4)?.parse().unwrap_or(0);
        let mut pos = start.position(&target.rules);
        let r = tafl8_engine::search::Searcher::new(&target.rules, target.cfg)
            .search(&mut pos, tafl8_engine::search::Limits::depth(depth));
        rows.push(row(None, d, nodes, instr, (r.nodes, r.depth), memory));
    }
    for level in tafl8_engine::difficulty::LEVELS {
        let case = Case {
            pos: start.clone(),
            check: Check::Think {
                level: level.level,
                seed: 1,
            },
        };
        let req = case.request(&target.rules).replacen("think", "level", 1);
        let out = Runner.run(target, &[req])?;
        let line = match (out.error, out.lines.first()) {
            (None, Some(l)) => l.clone(),
            (e, _) => {
                return Err(DiffError::Backend {
                    backend: "runner".into(),
                    message: format!(
                        "bench level {} failed: {}",
                        level.level,
                        e.unwrap_or_default()
                    ),
                })
            }
        };
        let nodes = raw(field(&line, 1)?);
        let d: u8 = field(&line, 2)?.parse().unwrap_or(0);
        let mut pos = start.position(&target.rules);
        let mut s = tafl8_engine::search::Searcher::new(&target.rules, target.cfg);
        s.set_root_margin(level.margin);
        let r = s.search(&mut pos, level.limits());
        rows.push(row(
            Some(level.level),
            d,
            nodes,
            out.instructions.saturating_sub(baseline),
            (r.nodes, r.depth),
            out.lua_memory,
        ));
    }
    Ok(rows)
}
