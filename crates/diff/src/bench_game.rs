//! The cart's think time over a whole game: a self-play game at one difficulty level, played by
//! the Rust engine, and at each AI move the cart's own `think` on that position measured by the
//! runner's CPU model (the move the cart chooses must be the Rust engine's, or the row says so).
//! It answers what a player waits: the first move's time, the median and the longest.

use serde::Serialize;
use tafl8_engine::difficulty::{seeded_rng, think_within, Level};
use tafl8_engine::search::Searcher;
use tafl8_engine::Side;
use tafl8_runner::cpu::{CYCLES_PER_INSTRUCTION, CYCLES_PER_SECOND};

use crate::backend::Runner;
use crate::case::{hex, Case, CasePos, Check};
use crate::error::DiffError;
use crate::target::Target;

/// One AI move of the game.
#[derive(Clone, Debug, Serialize)]
pub struct GameMove {
    /// Plies played before it.
    pub ply: usize,
    /// The side that moved (`attackers`, `defenders`).
    pub side: &'static str,
    /// The move, as the Rust engine chose it (`d1-d3`).
    pub mv: String,
    /// Whether it came from the opening book (nothing measured then: a book move costs
    /// nothing to speak of).
    pub book: bool,
    /// The cart's instructions for its choice (search, king race, choice), the baseline off.
    pub instructions: u64,
    /// PICO-8 seconds with the whole CPU.
    pub seconds: f64,
    /// Nodes the search visited (the Rust engine's count; the cart's is the same when `same`).
    pub nodes: u64,
    /// Moves the king race made for this choice (the Rust engine's count).
    pub race_nodes: u64,
    /// Whether the cart chose the same move with the same generator state and node count.
    pub same: bool,
}

/// The seed of the choice at `ply` (each choice seeded on its own, so that the cart's `think`
/// request, which seeds the game's generator, makes the same draw).
fn seed_at(seed: u32, ply: usize) -> u32 {
    seed.wrapping_mul(31).wrapping_add(ply as u32 + 1).max(1)
}

/// Plays a game at `level` from the start (book moves first, as the cart's game plays), at most
/// `max_plies` plies, and measures each of the cart's choices.
pub fn bench_game(
    target: &Target,
    level: u8,
    seed: u32,
    max_plies: usize,
) -> Result<Vec<GameMove>, DiffError> {
    let lv = Level::of(&target.rules, level)
        .ok_or_else(|| DiffError::Config(format!("no level {level}")))?;
    let rules = &target.rules;
    let book = target.book.as_ref();
    let mut case_pos = CasePos::start(rules);
    let mut pos = case_pos.position(rules);
    let mut searcher = Searcher::new(rules, target.cfg);
    let per_second = (CYCLES_PER_SECOND / CYCLES_PER_INSTRUCTION) as f64;
    let g = rules.geometry();
    let mut rows = Vec::new();
    while pos.outcome().is_none() && case_pos.moves.len() < max_plies {
        let ply = case_pos.moves.len();
        let s = seed_at(seed, ply);
        let side = match pos.side_to_move() {
            Side::Attackers => "attackers",
            Side::Defenders => "defenders",
        };
        if let Some(m) = book.and_then(|b| b.choose(&pos, &mut seeded_rng(s))) {
            rows.push(GameMove {
                ply,
                side,
                mv: m.display(g),
                book: true,
                instructions: 0,
                seconds: 0.0,
                nodes: 0,
                race_nodes: 0,
                same: true,
            });
            pos.make(m);
            case_pos.moves.push(m);
            continue;
        }
        let mut rng = seeded_rng(s);
        let t = think_within(&mut searcher, &mut pos, &lv, lv.limits(), &mut rng);
        let Some(m) = t.mv else { break };
        let case = Case {
            pos: case_pos.clone(),
            check: Check::Think { level, seed: s },
        };
        let nop = Case {
            pos: case_pos.clone(),
            check: Check::Eval,
        }
        .request(rules)
        .replacen("eval", "nop", 1);
        let (base, _) = Runner.run_profiled(target, &[nop], false)?;
        let (out, _) = Runner.run_profiled(target, &[case.request(rules)], false)?;
        let line = match (out.error, out.lines.first()) {
            (None, Some(l)) => l.clone(),
            (e, _) => {
                return Err(DiffError::Backend {
                    backend: "runner".into(),
                    message: format!("think at ply {ply}: {}", e.unwrap_or_default()),
                })
            }
        };
        let want = format!(
            "think {} {} {}",
            m.code(g),
            hex(rng.state()),
            hex(t.result.nodes as u32)
        );
        let instructions = out.instructions.saturating_sub(base.instructions);
        rows.push(GameMove {
            ply,
            side,
            mv: m.display(g),
            book: false,
            instructions,
            seconds: instructions as f64 / per_second,
            nodes: t.result.nodes,
            race_nodes: t.race_nodes,
            same: line.starts_with(&want),
        });
        pos.make(m);
        case_pos.moves.push(m);
    }
    Ok(rows)
}

/// The first, median and longest think time of a game's measured moves, in PICO-8 seconds.
pub fn summary(rows: &[GameMove]) -> Option<(f64, f64, f64)> {
    let mut t: Vec<f64> = rows.iter().filter(|r| !r.book).map(|r| r.seconds).collect();
    let first = *t.first()?;
    t.sort_by(f64::total_cmp);
    Some((first, t[t.len() / 2], t[t.len() - 1]))
}
