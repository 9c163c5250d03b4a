//! The standard comparison for one variant and configuration: which positions, which checks.
//! The CLI and the tests share it; the tests use a small plan, `.ci/checks` the big one.

use std::sync::Arc;

use tafl8_engine::book::Book;
use tafl8_engine::{Rules, Xorshift32};

use crate::case::{Case, CasePos, Check};
use crate::positions::{placement, reachable};

/// How much to compare.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Random reachable positions (besides the start).
    pub positions: usize,
    /// Perft depth at those positions (the start gets the same depth).
    pub perft_depth: u8,
    /// Free placements (random cells) for the move/capture/outcome and eval checks.
    pub placements: usize,
    /// Positions searched (the start and the first reachable ones).
    pub search_positions: usize,
    /// Deepest search depth (every depth 1..= is compared).
    pub search_depth: u8,
    /// Seeds for each difficulty level's choice, at the start and the first reachable positions.
    pub think_seeds: usize,
    /// Highest difficulty level compared (their node budgets: `tafl8_engine::difficulty::LEVELS`).
    pub max_level: u8,
    /// Seeds for the opening book's choice at each position along random book lines.
    pub book_seeds: usize,
    /// Self-play games from the start (levels and seeds vary by game).
    pub games: usize,
    /// Most plies per game.
    pub game_plies: u16,
    /// The seed of everything random.
    pub seed: u32,
}

impl Plan {
    /// A small plan for debug-build tests.
    pub fn small() -> Plan {
        Plan {
            positions: 30,
            perft_depth: 2,
            placements: 20,
            search_positions: 3,
            search_depth: 3,
            think_seeds: 2,
            max_level: 3,
            book_seeds: 3,
            games: 1,
            game_plies: 16,
            seed: 0x7AF1_D1FF,
        }
    }
}

/// Positions along random lines through `book` (each book move drawn by weight), the start first:
/// `lines` lines of up to `plies` plies, stopping where the book ends.
pub fn book_positions(
    rules: &Arc<Rules>,
    book: &Book,
    seed: u32,
    lines: usize,
    plies: usize,
) -> Vec<CasePos> {
    let mut rng = Xorshift32::new(seed);
    let mut out = vec![CasePos::start(rules)];
    for _ in 0..lines {
        let mut c = CasePos::start(rules);
        let mut p = c.position(rules);
        for _ in 0..plies {
            let Some(m) = book.choose(&p, &mut rng) else {
                break;
            };
            p.make(m);
            c.moves.push(m);
            if !out.contains(&c) {
                out.push(c.clone());
            }
        }
    }
    out
}

/// The cases of `plan` for `rules` (with the cart's opening `book`, if any); `rules_checks` adds
/// the config-independent checks (perft, moves, book) — needed once per variant, not once per
/// configuration; `race`: the configuration's king-race plies (0: no race cases).
pub fn cases(
    rules: &Arc<Rules>,
    plan: &Plan,
    rules_checks: bool,
    book: Option<&Book>,
    race: u8,
) -> Vec<Case> {
    let mut positions = vec![CasePos::start(rules)];
    positions.extend(reachable(rules, plan.seed, plan.positions, 40));
    let mut rng = Xorshift32::new(plan.seed ^ 0x5EED);
    let free: Vec<CasePos> = (0..plan.placements)
        .map(|_| placement(rules, &mut rng, 2))
        .collect();
    let mut out = Vec::new();
    let at = |pos: &CasePos, check: Check| Case {
        pos: pos.clone(),
        check,
    };
    if rules_checks {
        for p in &positions {
            out.push(at(
                p,
                Check::Perft {
                    depth: plan.perft_depth,
                },
            ));
        }
        for p in positions.iter().chain(&free) {
            out.push(at(p, Check::Moves));
        }
    }
    for p in positions.iter().chain(&free) {
        out.push(at(p, Check::Eval));
    }
    let mut seeds = Xorshift32::new(plan.seed ^ 0x7111);
    if rules_checks && plan.book_seeds > 0 {
        // Without a book every answer is `-` on both sides: still a check of the protocol.
        let lines = match book {
            Some(b) => book_positions(rules, b, plan.seed ^ 0xB00C, 4, 8),
            None => vec![CasePos::start(rules)],
        };
        for p in lines.iter().chain(positions.iter().skip(1).take(2)) {
            for _ in 0..plan.book_seeds {
                out.push(at(
                    p,
                    Check::Book {
                        seed: seeds.next_u32(),
                    },
                ));
            }
        }
    }
    for p in positions.iter().take(plan.search_positions) {
        for depth in 1..=plan.search_depth {
            out.push(at(p, Check::Search { depth, nodes: 0 }));
        }
        // A node limit that stops the deepest iteration part-way.
        out.push(at(
            p,
            Check::Search {
                depth: plan.search_depth + 1,
                nodes: 300,
            },
        ));
    }
    for p in positions.iter().take(plan.search_positions) {
        for level in 1..=plan.max_level.min(5) {
            for _ in 0..plan.think_seeds {
                out.push(at(
                    p,
                    Check::Think {
                        level,
                        seed: seeds.next_u32(),
                    },
                ));
            }
        }
    }
    if race > 0 {
        // The race from every position and placement with the defenders to move (on the
        // placements' open boards the king often has a forced escape).
        for p in positions
            .iter()
            .chain(&free)
            .filter(|p| p.to_move() == tafl8_engine::Side::Defenders)
        {
            out.push(at(p, Check::Race { plies: race }));
        }
    }
    for g in 0..plan.games {
        let level = |k: usize| 1 + ((g + k) % 3) as u8;
        out.push(at(
            &positions[0],
            Check::Game {
                attackers: level(0),
                defenders: level(1),
                seed: seeds.next_u32(),
                plies: plan.game_plies,
            },
        ));
    }
    out
}
