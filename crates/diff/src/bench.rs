//! The cart's CPU on PICO-8: for each search depth from the start position, and for each
//! difficulty level, the VM instructions the cart's search executes (the runner's CPU model), the
//! nodes it searches, and the PICO-8 time that takes at 30 fps; and where the instructions go,
//! by part of the engine (each function's own instructions, grouped by [`PARTS`]).
//!
//! Each row also gives the model's remaining uncertainty as a lower bound: the same search with
//! a comparison used as a condition counted as free (the PICO-8 wiki's "comparison 0 in a
//! condition", which the model counts as one instruction; see docs/runner.md). A level's row
//! gives the think time the game shows, which adds the frame-slicing test (`stat(1)` against the
//! frame's budget) where the search calls `yld`: the bench's searches run unsliced.

use std::collections::BTreeMap;

use serde::Serialize;
use tafl8_runner::cpu::{frame_budget, CYCLES_PER_INSTRUCTION, CYCLES_PER_SECOND};

use crate::backend::{Profile, Runner};
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
    /// `seconds` with a comparison used as a condition free: the model's lower bound.
    pub seconds_low: f64,
    /// A level's think time in the game (its search, sliced: `seconds` plus the slicing test
    /// at every call of `yld`), and its lower bound; `None` for a plain search.
    pub think_seconds: Option<(f64, f64)>,
    /// Frames at 30 fps when the search yields at 90% of each frame, as the cart's AI does.
    pub frames: u64,
    /// Whether the Rust engine searched the same number of nodes to the same depth.
    pub matches_rust: bool,
    /// The cart's live Lua memory after the search, in KiB as PICO-8 counts it (`stat(0)`): its
    /// code and data and what the search keeps (the transposition table), of PICO-8's 2048.
    pub lua_kib: f64,
    /// Instructions by part of the engine ([`PART_NAMES`]; `other` for functions [`PARTS`]
    /// does not name; `builtins` what the built-ins charge beyond their calls, which no
    /// function's own code holds). They sum to `instructions`.
    pub parts: BTreeMap<String, u64>,
    /// Calls of each of the cart's functions (the harness's own left out).
    pub calls: BTreeMap<String, u64>,
    /// Each of the cart's functions' own instructions (the harness's left out).
    pub functions: BTreeMap<String, u64>,
}

/// The parts of the engine a row's instructions are split into, in table order.
pub const PART_NAMES: [&str; 10] = [
    "movegen", "make", "captures", "endings", "eval", "ordering", "search", "race", "builtins",
    "other",
];

/// Which part each of the cart's engine functions belongs to (its own instructions; what it
/// calls is counted where the callee belongs). `movegen`: the move lists; `make`: make/unmake
/// and the state they keep (quiescence makes and unmakes its captures inline: `qs`, counted in
/// `search`); `captures`: finding and applying captures (`qfind` finds quiescence's moves,
/// `qmv` their movers); `endings`: the game-ending tests make runs (surround, exit fort);
/// `eval`: the static evaluation; `ordering`: move keys and selection; `search`: the tree walk
/// itself (node counting, repetition, the table, the known-escape test, PVs); `race`: the king
/// race and its guard on the attackers' choice. A function
/// missing here is counted as `other`, so a renamed function shows up instead of vanishing.
pub const PARTS: &[(&str, &str)] = &[
    ("gen", "movegen"),
    ("qfind", "captures"),
    ("qmv", "captures"),
    ("qsw", "captures"),
    ("vic", "captures"),
    ("mrk", "captures"),
    ("sus", "captures"),
    ("mk", "make"),
    ("um", "make"),
    ("capt", "captures"),
    ("rem", "captures"),
    ("kcap", "captures"),
    ("host", "captures"),
    ("capr", "captures"),
    ("shield", "captures"),
    ("surr", "endings"),
    ("srep", "endings"),
    ("wchk", "endings"),
    ("qsur", "endings"),
    ("fort", "endings"),
    ("fort.pr", "endings"),
    ("pr", "endings"),
    ("evaluate", "eval"),
    ("kesc", "eval"),
    ("cr", "eval"),
    ("nmoves", "eval"),
    ("stage", "ordering"),
    ("lg", "ordering"),
    ("nega", "search"),
    ("qs", "search"),
    ("qblk", "search"),
    ("rsq", "search"),
    ("rootsearch", "search"),
    ("search", "search"),
    ("tick", "search"),
    ("yld", "search"),
    ("rep", "search"),
    ("upv", "search"),
    ("routes", "search"),
    ("ksafe", "search"),
    ("rdef", "race"),
    ("ratt", "race"),
    ("guard", "race"),
];

/// Groups a per-function profile into parts.
fn group(profile: &BTreeMap<String, u64>) -> BTreeMap<String, u64> {
    let mut parts: BTreeMap<String, u64> = PART_NAMES.iter().map(|p| (p.to_string(), 0)).collect();
    for (f, &n) in profile {
        let part = PARTS
            .iter()
            .find(|(name, _)| name == f)
            .map_or("other", |(_, p)| p);
        *parts.entry(part.to_string()).or_default() += n;
    }
    parts
}

/// `a - b` function by function (a profile minus the baseline's).
fn minus(a: &BTreeMap<String, u64>, b: &BTreeMap<String, u64>) -> BTreeMap<String, u64> {
    a.iter()
        .map(|(k, &v)| (k.clone(), v.saturating_sub(b.get(k).copied().unwrap_or(0))))
        .collect()
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

/// What one request cost, the `nop` baseline (setup, protocol) taken off.
struct Measured {
    instructions: u64,
    line: String,
    parts: BTreeMap<String, u64>,
    calls: BTreeMap<String, u64>,
    functions: BTreeMap<String, u64>,
    /// Live Lua memory after the request, in bytes.
    lua_memory: usize,
}

/// The entries of a per-function table that belong to the cart's engine ([`PARTS`]).
fn engine_only(t: BTreeMap<String, u64>) -> BTreeMap<String, u64> {
    t.into_iter()
        .filter(|(f, n)| *n > 0 && PARTS.iter().any(|(p, _)| p == f))
        .collect()
}

/// Runs one request line, profiled, and takes the baseline off.
fn measure(
    target: &Target,
    request: String,
    baseline: &(u64, Profile),
) -> Result<Measured, DiffError> {
    let (out, profile) = Runner.run_profiled(target, &[request], true)?;
    let own = minus(&profile.instructions, &baseline.1.instructions);
    let instructions = out.instructions.saturating_sub(baseline.0);
    let mut parts = group(&own);
    // The built-ins' charges (`add`'s 5, `stat`'s 16, ...) are in the total, not in any
    // function's own count.
    let counted: u64 = parts.values().sum();
    parts.insert("builtins".into(), instructions.saturating_sub(counted));
    match (out.error, out.lines.first()) {
        (None, Some(l)) => Ok(Measured {
            instructions,
            line: l.clone(),
            parts,
            calls: engine_only(minus(&profile.calls, &baseline.1.calls)),
            functions: engine_only(own),
            lua_memory: out.lua_memory,
        }),
        (e, _) => Err(DiffError::Backend {
            backend: "runner".into(),
            message: format!("bench request failed: {}", e.unwrap_or_default()),
        }),
    }
}

/// Instructions of `request` in the model (`free_tests`: the lower bound), the setup's taken off.
fn instructions(target: &Target, request: String, free_tests: bool) -> Result<u64, DiffError> {
    let count = |req: String| -> Result<u64, DiffError> {
        let (out, _) = Runner.run_model(target, &[req], false, free_tests)?;
        match out.error {
            None => Ok(out.instructions),
            Some(e) => Err(DiffError::Backend {
                backend: "runner".into(),
                message: format!("bench request failed: {e}"),
            }),
        }
    };
    let nop = request.split_whitespace().take(4).collect::<Vec<_>>();
    let nop = format!("nop {}", nop[1..].join(" "));
    Ok(count(request)?.saturating_sub(count(nop)?))
}

/// What the game's frame-slicing test adds to each call of `yld`, in both models: `yld()` with
/// `slice` set against without, over 1,000 calls (no frame is spent by then, so it never
/// yields).
fn slicing(target: &Target, eval: &str) -> Result<(f64, f64), DiffError> {
    let per = |free: bool| -> Result<f64, DiffError> {
        let req = |s: u8| format!("{} 1000 {s}", eval.replacen("eval", "ycost", 1));
        let on = instructions(target, req(1), free)?;
        let off = instructions(target, req(0), free)?;
        Ok(on.saturating_sub(off) as f64 / 1000.0)
    };
    Ok((per(false)?, per(true)?))
}

/// The table for `target` from its start position: depths 1..=`max_depth`, then levels 1..=5.
pub fn bench_cart(target: &Target, max_depth: u8) -> Result<Vec<BenchRow>, DiffError> {
    bench_cart_at(target, max_depth, &CasePos::start(&target.rules))
}

/// [`bench_cart`] from another position (`start`: a base position and the moves played from
/// it, so the search sees the game's history).
pub fn bench_cart_at(
    target: &Target,
    max_depth: u8,
    start: &CasePos,
) -> Result<Vec<BenchRow>, DiffError> {
    let start = start.clone();
    // The baseline: the same position set up, answered by `nop` (the `eval` request renamed).
    let eval = Case {
        pos: start.clone(),
        check: Check::Eval,
    };
    let eval_req = eval.request(&target.rules);
    let nop = eval_req.replacen("eval", "nop", 1);
    let (nop, nop_profile) = Runner.run_profiled(target, &[nop], true)?;
    let baseline = (nop.instructions, nop_profile);
    let per_second = (CYCLES_PER_SECOND / CYCLES_PER_INSTRUCTION) as f64;
    let slice = (frame_budget(30) as f64 * 0.9).max(1.0);
    let (test, test_low) = slicing(target, &eval_req)?;
    let row = |level: Option<u8>, depth: u8, nodes: u64, m: Measured, low: u64, rust: (u64, u8)| {
        // The slicing test runs where the search calls `yld` (every few nodes, before the
        // king-escape search and each race move), which the unsliced search calls too.
        let tests = m.calls.get("yld").copied().unwrap_or(0) as f64;
        BenchRow {
            variant: target.rules.name().to_string(),
            level,
            depth,
            nodes,
            instructions: m.instructions,
            instructions_per_node: m.instructions as f64 / nodes.max(1) as f64,
            seconds: m.instructions as f64 / per_second,
            seconds_low: low as f64 / per_second,
            think_seconds: level.map(|_| {
                (
                    (m.instructions as f64 + tests * test) / per_second,
                    (low as f64 + tests * test_low) / per_second,
                )
            }),
            frames: (m.instructions as f64 / slice).ceil() as u64,
            matches_rust: rust == (nodes, depth),
            lua_kib: m.lua_memory as f64 / 1024.0,
            parts: m.parts,
            calls: m.calls,
            functions: m.functions,
        }
    };
    let mut rows = Vec::new();
    for depth in 1..=max_depth {
        let case = Case {
            pos: start.clone(),
            check: Check::Search { depth, nodes: 0 },
        };
        let low = instructions(target, case.request(&target.rules), true)?;
        let m = measure(target, case.request(&target.rules), &baseline)?;
        let nodes = raw(field(&m.line, 3)?);
        let d: u8 = field(&m.line, 4)?.parse().unwrap_or(0);
        let mut pos = start.position(&target.rules);
        let r = tafl8_engine::search::Searcher::new(&target.rules, target.cfg)
            .search(&mut pos, tafl8_engine::search::Limits::depth(depth));
        rows.push(row(None, d, nodes, m, low, (r.nodes, r.depth)));
    }
    for level in tafl8_engine::difficulty::Level::all(&target.rules) {
        let case = Case {
            pos: start.clone(),
            check: Check::Think {
                level: level.level,
                seed: 1,
            },
        };
        let req = case.request(&target.rules).replacen("think", "level", 1);
        let low = instructions(target, req.clone(), true)?;
        let m = measure(target, req, &baseline).map_err(|e| DiffError::Backend {
            backend: "runner".into(),
            message: format!("bench level {}: {e}", level.level),
        })?;
        let nodes = raw(field(&m.line, 1)?);
        let d: u8 = field(&m.line, 2)?.parse().unwrap_or(0);
        let mut pos = start.position(&target.rules);
        let mut s = tafl8_engine::search::Searcher::new(&target.rules, target.cfg);
        s.set_root_margin(level.margin);
        let r = s.search(&mut pos, level.limits());
        rows.push(row(Some(level.level), d, nodes, m, low, (r.nodes, r.depth)));
    }
    Ok(rows)
}
