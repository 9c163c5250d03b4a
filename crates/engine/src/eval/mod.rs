//! The static evaluation, behind one entry point ([`evaluate`]): material, piece-square tables
//! (hand-made for `ziege`'s attackers, generated from the move graph otherwise), the king's escape
//! distance on the current board, attackers next to the king, and optional mobility and
//! defended-piece terms. Every term is a switch in [`EvalConfig`]; every weight is in [`weights`].

pub(crate) mod bits;
mod bound;
mod escape;
pub mod fitted;
mod structure;
mod tables;
pub mod weights;

pub use escape::{escape_routes, king_escape, route_squares, Escape, MAX_ESCAPE_DEPTH};
pub(crate) use escape::{route_bits, route_rays, route_starts};
pub use fitted::{FittedError, FittedTables};
pub use tables::Tables;
pub use weights::{Weights, WEIGHTS, WEIGHT_NAMES, ZIEGE_ATTACKERS};

use std::sync::Arc;

use crate::config::EvalConfig;
use crate::piece::{Side, ATTACKER, DEFENDER, EMPTY, KING, OFF};
use crate::position::Position;
use crate::psq::{psq_sum, PsqTable};
use crate::score::Score;
use crate::square::{step, CELLS, MAX_AREA};

/// The evaluation data of one ruleset: weights and baked tables.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// The weights.
    pub weights: Weights,
    /// The piece-square tables.
    pub tables: Tables,
    /// Material plus table value per cell code (0..=4, padded to 8 so a masked code needs no
    /// bounds check) and square, defenders' point of view: the common case (both terms on)
    /// becomes one table read per piece.
    combined: [[i16; MAX_AREA]; 8],
    /// `combined` indexed by piece code and bit index instead of square, so the sum walks the
    /// position's bitsets of each kind and reads neither the mailbox nor the square of a bit;
    /// shared with the positions a search keeps its sum in (see [`crate::psq`]).
    by_bit: Arc<PsqTable>,
    /// Board bitsets for the king's escape search.
    masks: bits::BoardMasks,
    /// Per corner (corner-escape boards of size 5 and up): the entry squares beside it, the
    /// squares beyond them along the edges, and the square diagonal to the corner, as
    /// `[entry1, beyond1, entry2, beyond2, diagonal]` padded squares.
    corners: Vec<[u8; 5]>,
    /// The start position's material, defenders' point of view (see `EvalConfig::balance`).
    start_material: i32,
    /// The start position's piece-square table value, defenders' point of view (see
    /// `EvalConfig::even`).
    start_tables: i32,
}

impl Evaluator {
    /// Tables for `pos`'s ruleset with the default weights.
    pub fn new(rules: &crate::rules::Rules) -> Evaluator {
        Evaluator::with_weights(rules, &WEIGHTS)
    }

    /// Tables for `rules` with weights `weights` (for tuning: the cart always uses [`WEIGHTS`]).
    pub fn with_weights(rules: &crate::rules::Rules, weights: &Weights) -> Evaluator {
        Evaluator::with_fitted(rules, weights, None)
    }

    /// As [`Evaluator::with_weights`], with `fitted` tables added to the generated ones
    /// (Rust only: the cart never plays fitted tables).
    pub fn with_fitted(
        rules: &crate::rules::Rules,
        weights: &Weights,
        fitted: Option<&FittedTables>,
    ) -> Evaluator {
        let mut tables = Tables::new(rules, weights);
        if let Some(f) = fitted {
            for (t, add) in [
                (&mut tables.attacker, &f.attacker),
                (&mut tables.defender, &f.defender),
                (&mut tables.king, &f.king),
            ] {
                for (v, a) in t.iter_mut().zip(add) {
                    *v = v.saturating_add(*a);
                }
            }
        }
        let mut combined = [[0i16; MAX_AREA]; 8];
        for (sq, ((a, d), k)) in tables
            .attacker
            .iter()
            .zip(&tables.defender)
            .zip(&tables.king)
            .enumerate()
        {
            combined[ATTACKER as usize][sq] = -(weights.attacker + a);
            combined[DEFENDER as usize][sq] = weights.defender + d;
            combined[KING as usize][sq] = *k;
        }
        let start_material: i32 = rules
            .start_cells()
            .iter()
            .map(|&c| match c {
                ATTACKER => -(weights.attacker as i32),
                DEFENDER => weights.defender as i32,
                _ => 0,
            })
            .sum();
        let start_tables: i32 = rules
            .start_cells()
            .iter()
            .zip(
                tables
                    .attacker
                    .iter()
                    .zip(&tables.defender)
                    .zip(&tables.king),
            )
            .map(|(&c, ((&a, &d), &k))| match c {
                ATTACKER => -(a as i32),
                DEFENDER => d as i32,
                KING => k as i32,
                _ => 0,
            })
            .sum();
        // The cart adds them as one literal: each and their sum must be PICO-8 integers.
        debug_assert!(
            [start_material, start_tables, start_material + start_tables]
                .iter()
                .all(|v| (i16::MIN as i32..=i16::MAX as i32).contains(v)),
            "start material {start_material} or tables {start_tables} leave PICO-8's integer \
             range: lower the weights"
        );
        let masks = bits::BoardMasks::new(rules);
        let mut by_bit = PsqTable {
            by_bit: [[0; 128]; 4],
            by_square: [[0; CELLS]; 4],
        };
        for i in 0..masks.board.count_ones() {
            let sq = masks.square(i);
            for code in [ATTACKER, DEFENDER, KING] {
                let v = combined[code as usize][sq];
                by_bit.by_bit[code as usize][i as usize] = v;
                by_bit.by_square[code as usize][sq] = v;
            }
        }
        Evaluator {
            weights: *weights,
            tables,
            combined,
            by_bit: Arc::new(by_bit),
            masks,
            corners: structure::corner_squares(rules),
            start_material,
            start_tables,
        }
    }

    /// The start position's material, defenders' point of view: what `EvalConfig::balance`
    /// subtracts (the code generator bakes it into the cart's evaluation).
    pub fn start_material(&self) -> i32 {
        self.start_material
    }

    /// The start position's piece-square table value, defenders' point of view: what
    /// `EvalConfig::even` subtracts (baked into the cart's evaluation with the material).
    pub fn start_tables(&self) -> i32 {
        self.start_tables
    }

    /// What `cfg` subtracts from every evaluation for the start's advantage (`balance`'s
    /// material, `even`'s tables), defenders' point of view: the cart's one literal.
    pub fn start_offset(&self, cfg: &EvalConfig) -> i32 {
        let mut v = 0;
        if cfg.balance {
            v += self.start_material;
        }
        if cfg.even {
            v += self.start_tables;
        }
        v
    }

    /// Per corner, the squares of its seal as `[entry1, beyond1, entry2, beyond2, diagonal]`
    /// (see `EvalConfig::corners`; empty on boards without corner escapes).
    pub fn corner_squares(&self) -> &[[u8; 5]] {
        &self.corners
    }

    /// Material plus table value per piece code and bit index, the table a search has its
    /// position keep the sum of (see [`crate::psq`]).
    pub(crate) fn psq_table(&self) -> &Arc<PsqTable> {
        &self.by_bit
    }
}

/// The evaluation of `pos` from the side to move's point of view.
pub fn evaluate(pos: &Position, ev: &Evaluator, cfg: &EvalConfig) -> Score {
    evaluate_known(pos, ev, cfg, None)
}

/// [`evaluate`] with the king's open routes (`escape_routes(pos)`) when the caller has counted
/// them already: the search does at every node, and need not pay for them twice.
pub(crate) fn evaluate_known(
    pos: &Position,
    ev: &Evaluator,
    cfg: &EvalConfig,
    routes: Option<u8>,
) -> Score {
    let v = evaluate_terms(pos, ev, cfg, routes);
    Score::eval(if pos.side_to_move() == Side::Defenders {
        v
    } else {
        -v
    })
}

/// The evaluation from the defenders' point of view (positive = good for the king's side), as
/// a raw sum (each term bounded; `Score::eval` checks the total fits PICO-8's integers).
pub fn evaluate_for_defenders(pos: &Position, ev: &Evaluator, cfg: &EvalConfig) -> i32 {
    evaluate_terms(pos, ev, cfg, None)
}

/// [`evaluate_for_defenders`], given `escape_routes(pos)` if known.
fn evaluate_terms(pos: &Position, ev: &Evaluator, cfg: &EvalConfig, routes: Option<u8>) -> i32 {
    let w = &ev.weights;
    let t = &ev.tables;
    let g = pos.geometry();
    let cells = pos.cells();
    let dirs = g.directions();
    let mut v: i32 = 0;
    // The empty squares as a bitset, for the escape search.
    let empty = if cfg.escape || cfg.threats {
        ev.masks.empty(pos)
    } else {
        0
    };
    if cfg.material && cfg.pst && !cfg.defended {
        // The sum the position keeps for this table as moves are made, else the pieces from
        // their bitsets: a dozen or two squares instead of the whole board.
        v += pos
            .psq_for(&ev.by_bit)
            .unwrap_or_else(|| psq_sum(&pos.bits, &ev.by_bit));
    } else if cfg.material || cfg.pst || cfg.defended {
        let (first, last) = (
            g.width() as usize + 1,
            g.size() as usize * (g.width() as usize + 1),
        );
        for (sq, &c) in cells.iter().enumerate().take(last + 1).skip(first) {
            let (sign, value, table) = match c {
                ATTACKER => (-1, w.attacker, &t.attacker),
                DEFENDER => (1, w.defender, &t.defender),
                KING => (1, 0, &t.king),
                _ => continue,
            };
            if cfg.material {
                v += sign * value as i32;
            }
            if cfg.pst {
                v += sign * table[sq] as i32;
            }
            if cfg.defended && c != KING {
                let friend = dirs
                    .iter()
                    .any(|&d| Side::of_piece(cells[(sq as i16 + d) as usize]) == Side::of_piece(c));
                if friend {
                    v += sign * w.defended as i32;
                }
            }
        }
    }
    let mut king_moves = None;
    // The escape distance, a bound on the escape potential (0: none known).
    let mut escape_distance = 0;
    if cfg.escape {
        let (e, moves) = escape::king_escape_scan(pos, &ev.masks, empty, routes);
        king_moves = moves;
        escape_distance = e.distance;
        if e.distance > 0 {
            v += w.escape_distance[e.distance as usize - 1] as i32;
        }
        if e.routes > 1 {
            v += w.escape_routes as i32;
        }
    }
    if cfg.king_guard {
        // All 256 cells, indexed by `step`: no bounds test.
        let k = pos.king_square().index();
        let n = dirs
            .iter()
            .filter(|&&d| pos.cells[step(k, d)] == ATTACKER)
            .count() as i32;
        v -= n * w.king_guard as i32;
    }
    if cfg.mobility {
        v += w.mobility as i32 * mobility_difference(pos);
    }
    if cfg.corners {
        v -= structure::corner_seals(&pos.cells, &ev.corners, w);
    }
    if cfg.triangles {
        v -= structure::corner_triangles(cells, &ev.corners) * w.triangle as i32;
    }
    if cfg.king_moves {
        let n = king_moves.unwrap_or_else(|| structure::king_moves(pos));
        v += w.king_moves as i32 * n;
    }
    if cfg.region {
        v += structure::king_region(pos, &ev.masks, w);
    }
    if cfg.enclosure {
        v -= structure::enclosure(pos, &ev.masks, w);
    }
    v -= ev.start_offset(cfg);
    if cfg.threats {
        v += w.threat as i32 * structure::escape_threats(pos, &ev.masks, empty);
    }
    if cfg.potential {
        let d =
            structure::escape_potential(pos, &ev.masks, w.potential.len() as u8, escape_distance);
        if d > 0 {
            v += w.potential[d as usize - 1] as i32;
        }
    }
    if cfg.tropism {
        v -= structure::tropism(pos, &ev.masks) * w.tropism as i32;
    }
    v
}

/// The mobility difference is clamped to `-MOBILITY_CLAMP..=MOBILITY_CLAMP`: 4 x 121 moves times
/// the weight must not dominate material.
pub const MOBILITY_CLAMP: i32 = 100;

/// Defenders' legal moves minus attackers' (each side counted as if it were to move), clamped.
fn mobility_difference(pos: &Position) -> i32 {
    let diff = count_moves(pos, DEFENDER) - count_moves(pos, ATTACKER);
    diff.clamp(-MOBILITY_CLAMP, MOBILITY_CLAMP)
}

/// Legal moves of side `side` (1 or 2) in `pos`, counted without building a list.
fn count_moves(pos: &Position, side: u8) -> i32 {
    let g = pos.geometry();
    let rules = pos.rules();
    let (stop, pass) = (rules.stop_table(), rules.pass_table());
    let cells = pos.cells();
    let mut n = 0;
    for sq in g.squares() {
        let c = cells[sq.index()];
        if c == EMPTY || c == OFF || c.min(2) != side {
            continue;
        }
        for d in g.directions() {
            let mut t = (sq.index() as i16 + d) as usize;
            while cells[t] == EMPTY {
                if stop[t].contains(c) {
                    n += 1;
                }
                if !pass[t].contains(c) {
                    break;
                }
                t = (t as i16 + d) as usize;
            }
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use std::sync::Arc;

    #[test]
    fn combined_table_equals_the_separate_terms() {
        // The fast path (material + tables in one read) must equal the term-by-term sum: the
        // `defended` switch forces the slow loop, and its weight is subtracted back out by
        // comparing against a copy with that weight zeroed.
        // Positions from every preset's start along a fixed walk, so pieces sit everywhere.
        for name in crate::rules::PRESETS {
            let rules = Arc::new(Rules::preset(name).unwrap());
            let mut pos = Position::start(rules.clone());
            let mut ev = Evaluator::new(&rules);
            let fast_ev = ev.clone();
            ev.weights.defended = 0;
            let slow_cfg = EvalConfig {
                defended: true,
                ..EvalConfig::SEED
            };
            let mut list = crate::moves::MoveList::new();
            for ply in 0..60 {
                let fast = evaluate_for_defenders(&pos, &fast_ev, &EvalConfig::SEED);
                assert_eq!(
                    fast,
                    evaluate_for_defenders(&pos, &ev, &slow_cfg),
                    "{name} ply {ply}"
                );
                pos.gen_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                pos.make(list.as_slice()[(ply * 7 + 3) % list.len()]);
            }
        }
        // By hand for brandubh's start: 8 attackers, 4 defenders; tables are symmetric.
        let rules = Arc::new(Rules::preset("brandubh").unwrap());
        let ev = Evaluator::new(&rules);
        let cfg = EvalConfig {
            pst: false,
            ..EvalConfig::SEED
        };
        let pos = Position::start(rules);
        assert_eq!(evaluate_for_defenders(&pos, &ev, &cfg), 4 * 280 - 8 * 300);
    }

    #[test]
    fn even_start_scores_zero() {
        // With `balance` and `even`, material and tables at the start cancel exactly, on every
        // preset; the tables alone do not cancel on Tablut (its attackers' ring is worth more
        // there than the defenders' cross), so `even` has something to remove.
        let tables_only = EvalConfig {
            material: false,
            ..EvalConfig::SEED
        };
        for name in crate::rules::PRESETS {
            let rules = Arc::new(Rules::preset(name).unwrap());
            let ev = Evaluator::new(&rules);
            let pos = Position::start(rules);
            let raw = evaluate_for_defenders(&pos, &ev, &tables_only);
            assert_eq!(raw, ev.start_tables(), "{name}");
            for cfg in [
                EvalConfig {
                    balance: true,
                    even: true,
                    ..EvalConfig::SEED
                },
                EvalConfig {
                    even: true,
                    ..tables_only
                },
            ] {
                assert_eq!(evaluate_for_defenders(&pos, &ev, &cfg), 0, "{name}");
            }
        }
        let rules = Arc::new(Rules::preset("tablut").unwrap());
        assert!(Evaluator::new(&rules).start_tables() < -500);
    }

    #[test]
    fn the_kept_sum_is_the_full_sum_along_games() {
        // Seeded random walks on every preset (captures and the king's moves included): after
        // every move made, and after taking it back, the kept sum equals the sum over the
        // pieces, and a probe leaves it as it was.
        let mut made = 0;
        crate::testutil::random_walks(5, 400, 150, |step, pos| {
            let table = Evaluator::new(pos.rules()).psq_table().clone();
            let mut p = pos.clone();
            p.set_psq_table(Some(table.clone()));
            let before = p.psq_for(&table);
            assert_eq!(before, Some(crate::psq::psq_sum(&p.bits, &table)));
            for &m in step.moves.iter() {
                p.probe(m, crate::position::Probe::Endings);
                assert_eq!(p.psq_for(&table), before, "{} probe {m:?}", step.preset);
                let undo = p.make(m);
                assert_eq!(
                    p.psq_for(&table),
                    Some(crate::psq::psq_sum(&p.bits, &table)),
                    "{} step {} {m:?}",
                    step.preset,
                    step.index
                );
                p.unmake(&undo);
                assert_eq!(p.psq_for(&table), before);
                made += 1;
            }
            // Another evaluator's table (another allocation) is never taken for this one.
            let other = Evaluator::new(pos.rules()).psq_table().clone();
            assert_eq!(p.psq_for(&other), None);
        });
        assert!(made > 10_000, "{made}");
    }
}
