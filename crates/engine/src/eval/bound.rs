//! A bound on the evaluation's size for every board a ruleset allows, filled or not: when it is
//! within `±EVAL_MAX`, the clamp in [`super::evaluate`] never changes a value, so the cart can
//! leave its two comparisons out of every evaluation.

use super::Evaluator;
use crate::config::EvalConfig;
use crate::piece::{ATTACKER, DEFENDER, KING};
use crate::rules::Rules;

impl Evaluator {
    /// The most `|evaluate_for_defenders|` can be for `rules` under `cfg`, on any board (every
    /// square holding the piece worth most there, one king), or `None` when a term on has no
    /// bound worked out here (the research terms the cart does not implement).
    ///
    /// Each term is bounded on its own (so the sum may be far above what any position reaches):
    /// the tables by the largest entry per square, the escape term by its largest distance
    /// bonus plus the routes bonus, the guard by four attackers, the king's moves by four rays
    /// of `size - 1`, mobility by its clamp, defended soldiers by every square, the corner
    /// seals by every corner sealed, tropism by every square within 3 of the king held.
    pub fn max_abs(&self, rules: &Rules, cfg: &EvalConfig) -> Option<i64> {
        if cfg.region || cfg.enclosure || cfg.threats || cfg.potential || cfg.triangles {
            return None;
        }
        let w = &self.weights;
        let abs = |x: i16| i64::from(x).abs();
        let g = rules.geometry();
        let mut b: i64 = 0;
        if cfg.material || cfg.pst {
            let value = |kind: u8, sq: usize| -> i64 {
                let c = i64::from(self.combined[kind as usize][sq]);
                // `combined` holds both terms; a config with one of them keeps only that part.
                let material = match kind {
                    ATTACKER => -i64::from(w.attacker),
                    DEFENDER => i64::from(w.defender),
                    _ => 0,
                };
                match (cfg.material, cfg.pst) {
                    (true, true) => c,
                    (true, false) => material,
                    _ => c - material,
                }
            };
            let mut king = 0;
            for s in g.squares() {
                let i = s.index();
                b += value(ATTACKER, i).abs().max(value(DEFENDER, i).abs());
                king = king.max(value(KING, i).abs());
            }
            b += king;
        }
        if cfg.escape {
            b +=
                w.escape_distance.iter().map(|&x| abs(x)).max().unwrap_or(0) + abs(w.escape_routes);
        }
        if cfg.king_guard {
            b += 4 * abs(w.king_guard);
        }
        if cfg.king_moves {
            b += 4 * (i64::from(g.size()) - 1) * abs(w.king_moves);
        }
        if cfg.mobility {
            b += i64::from(super::MOBILITY_CLAMP) * abs(w.mobility);
        }
        if cfg.defended {
            b += g.squares().count() as i64 * abs(w.defended);
        }
        if cfg.corners {
            b += self.corners.len() as i64 * (2 * abs(w.corner_entry) + abs(w.corner_sealed));
        }
        b += i64::from(self.start_offset(cfg)).abs();
        if cfg.tropism {
            // At most 4 squares at distance 1, 8 at 2 and 12 at 3: 4*3 + 8*2 + 12*1.
            b += 40 * abs(w.tropism);
        }
        Some(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::evaluate_for_defenders;
    use crate::piece::{Side, EMPTY};
    use crate::position::Position;
    use crate::rng::Xorshift32;
    use crate::score::EVAL_MAX;
    use std::sync::Arc;

    /// Every term the cart implements.
    const CART_ALL: EvalConfig = EvalConfig {
        material: true,
        pst: true,
        escape: true,
        king_guard: true,
        mobility: true,
        defended: true,
        corners: true,
        triangles: false,
        king_moves: true,
        region: false,
        enclosure: false,
        balance: true,
        even: true,
        tropism: true,
        threats: false,
        potential: false,
    };

    /// Random boards, many far fuller than a game allows: no evaluation passes the bound.
    #[test]
    fn no_board_passes_the_bound() {
        let mut rng = Xorshift32::new(0x5eed);
        for v in ["ziege", "brandubh", "tablut", "copenhagen"] {
            let rules = Arc::new(Rules::preset(v).unwrap());
            let ev = Evaluator::new(&rules);
            for cfg in [CART_ALL, EvalConfig::FULL, EvalConfig::SEED] {
                let bound = ev.max_abs(&rules, &cfg).unwrap();
                let squares: Vec<usize> = rules.geometry().squares().map(|s| s.index()).collect();
                let mut worst = 0i64;
                for round in 0..300 {
                    let mut cells = *rules.start_cells();
                    let fill = [2, 4, 8, 16][round % 4];
                    for &s in &squares {
                        if cells[s] != KING {
                            cells[s] = match rng.below(fill) {
                                0 => ATTACKER,
                                1 => DEFENDER,
                                _ => EMPTY,
                            };
                        }
                    }
                    let Ok(pos) = Position::from_cells(rules.clone(), cells, Side::Attackers)
                    else {
                        continue;
                    };
                    let e = i64::from(evaluate_for_defenders(&pos, &ev, &cfg));
                    worst = worst.max(e.abs());
                }
                assert!(worst <= bound, "{v} {cfg:?}: {worst} > {bound}");
                assert!(worst > 0, "{v}: no board evaluated");
            }
        }
    }

    /// The 7x7 presets need no clamp even on a full board (their carts leave it out); the
    /// larger boards' tables summed over every square pass it (theirs keep it).
    #[test]
    fn small_boards_fit_without_the_clamp() {
        for v in ["ziege", "brandubh"] {
            let rules = Rules::preset(v).unwrap();
            let ev = Evaluator::new(&rules);
            let b = ev.max_abs(&rules, &EvalConfig::FULL).unwrap();
            assert!(b <= i64::from(EVAL_MAX), "{v}: {b}");
        }
        for v in ["tablut", "copenhagen"] {
            let rules = Rules::preset(v).unwrap();
            let ev = Evaluator::new(&rules);
            let b = ev.max_abs(&rules, &EvalConfig::FULL).unwrap();
            assert!(b > i64::from(EVAL_MAX), "{v}: {b}");
        }
    }

    /// A weight far too large gives a bound past the clamp (the cart then keeps it).
    #[test]
    fn heavy_weights_need_the_clamp() {
        let rules = Rules::preset("ziege").unwrap();
        let mut w = crate::eval::WEIGHTS;
        w.escape_routes = 29000;
        let ev = Evaluator::with_weights(&rules, &w);
        assert!(ev.max_abs(&rules, &EvalConfig::FULL).unwrap() > i64::from(EVAL_MAX));
    }
}
