//! The cart's think time over a whole game: a self-play game at one difficulty level, each AI
//! move the cart's own choice as the game makes it ([`crate::cart_player`]: sliced, bound by the
//! level's thinking time, in the runner's frames), checked against the engine's with the nodes
//! the cart reached. It answers what a player waits: the first move's time, the median and the
//! longest.

use serde::Serialize;
use tafl8_engine::difficulty::{seeded_rng, think_within, Level};
use tafl8_engine::search::Searcher;
use tafl8_engine::Side;

use crate::cart_player::{cart_think, check};
use crate::case::CasePos;
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
    /// The instructions of the frames the cart thought in (the runner's CPU model).
    pub instructions: u64,
    /// The CPU its thinking used, in PICO-8 seconds (its frames' CPU, `stat(1)`, summed).
    pub seconds: f64,
    /// Nodes the search visited (the Rust engine's count; the cart's is the same when `same`).
    pub nodes: u64,
    /// Moves the king race made for this choice (the Rust engine's count).
    pub race_nodes: u64,
    /// Whether the cart's thinking time stopped it (else its node budget or depth).
    pub timed_out: bool,
    /// Whether the engine, given the nodes the cart reached, chose the same move with the same
    /// generator state, node count and depth.
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
                timed_out: false,
                same: true,
            });
            pos.make(m);
            case_pos.moves.push(m);
            continue;
        }
        // The cart's choice as the game makes it (sliced, bound by the level's time), then
        // the engine's with the nodes the cart reached, which must agree.
        let rng = seeded_rng(s).state();
        let cart = cart_think(target, &case_pos, level, rng)?;
        let same = check(target, &case_pos, level, rng, &cart).is_ok();
        let mut lv = lv;
        lv.nodes = cart.engine_nodes(&lv);
        let t = think_within(
            &mut searcher,
            &mut pos,
            &lv,
            lv.limits(),
            &mut tafl8_engine::Xorshift32::new(rng),
        );
        let Some(m) = t.mv else { break };
        rows.push(GameMove {
            ply,
            side,
            mv: m.display(g),
            book: false,
            instructions: cart.instructions,
            seconds: cart.cpu_frames / 30.0,
            nodes: cart.nodes,
            race_nodes: t.race_nodes,
            timed_out: cart.timed_out,
            same,
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
