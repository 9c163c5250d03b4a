//! Structural evaluation terms: the corner seals, the king's mobility and region, the
//! attackers' enclosure of the defenders and their closeness to the king (the region and the
//! enclosure are research switches of the Rust engine only; the cart mirrors the others). Each is cheap on dense bitsets here; the comments say what a
//! mailbox version (the cart's) has to compute.

use crate::piece::{ATTACKER, DEFENDER, EMPTY, KING};
use crate::position::Position;
use crate::square::{CELLS, MAX_AREA};

use super::bits::{BoardMasks, TROPISM_REACH};
use super::weights::Weights;

/// The squares of each corner's seal (see [`super::Evaluator`]'s `corners`), corners in the order a1,
/// last file of rank 1, a of the last rank, the far corner.
pub(super) fn corner_squares(rules: &crate::rules::Rules) -> Vec<[u8; 5]> {
    let g = rules.geometry();
    let n = g.size();
    if rules.escape() != crate::rules::Escape::Corners || n < 5 {
        return Vec::new();
    }
    let last = n - 1;
    let at = |f: u8, r: u8| {
        g.square(f, r)
            .unwrap_or_else(|| unreachable!("inside the board"))
            .index() as u8
    };
    // (corner file, corner rank, file step, rank step) towards the board's inside.
    [
        (0, 0, 1i8, 1i8),
        (last, 0, -1, 1),
        (0, last, 1, -1),
        (last, last, -1, -1),
    ]
    .iter()
    .map(|&(f, r, df, dr)| {
        let off = |a: i8, b: i8| at((f as i8 + a * df) as u8, (r as i8 + b * dr) as u8);
        // Entry 1 on the corner's file, entry 2 on its rank.
        [off(0, 1), off(0, 2), off(1, 0), off(2, 0), off(1, 1)]
    })
    .collect()
}

/// Squares the king can move to from which an escape square is one more move away (the
/// king's own square counted empty, as it will be). `empty` is the board's empty squares.
pub(super) fn escape_threats(pos: &Position, m: &BoardMasks, empty: u128) -> i32 {
    let king = m.bit(pos.king_square().index());
    let pass = empty & m.king_pass;
    let mut moves = 0;
    for dir in 0..4 {
        moves |= m.ray(king, dir, empty, pass);
    }
    moves &= m.king_stop;
    // Squares one king move from an escape square: rays from the escape squares, walked the
    // other way, through the empty squares and the king's.
    let open = empty | king;
    let mut near = 0;
    for dir in 0..4 {
        near |= m.ray(m.king_target & open, dir, open, open & m.king_pass);
    }
    (moves & near & !m.king_target).count_ones() as i32
}

/// The fewest king moves to an escape square when only the attackers block (defenders' squares
/// count as empty), searching at most `max` moves; 0 when none is within reach. `bound`, when
/// not 0, is a number of moves known to reach an escape square: the escape distance (defenders
/// blocking) is one, since every move it counts is a move here too. Then the levels below it
/// decide alone: none reaching one means `bound` is the answer.
#[inline]
pub(super) fn escape_potential(pos: &Position, m: &BoardMasks, max: u8, bound: u8) -> u8 {
    let last = if bound > 0 && bound <= max {
        bound
    } else {
        max + 1
    };
    if last == 1 {
        return 1;
    }
    let k = pos.king_square().index();
    // Most of the time no target shares the king's rank or file: level 1 reaches none, and
    // when it is the only level to test, his rays need not be walked.
    if last == 2 && m.cross(k) & m.king_target == 0 {
        return if last > max { 0 } else { last };
    }
    grow_potential(pos, m, max, last)
}

/// [`escape_potential`] from its level 1 on, testing the levels below `last`. Out of line, so
/// the answers found without walking (inlined in the evaluation) pay for none of its frame:
/// six saved registers and the fills' spills.
#[inline(never)]
fn grow_potential(pos: &Position, m: &BoardMasks, max: u8, last: u8) -> u8 {
    let k = pos.king_square().index();
    let open = m.board & !m.holding(pos, ATTACKER);
    let pass = open & m.king_pass;
    // Level 1 from the king's square alone: his four rays, table reads instead of fills.
    let [north, east, south, west] = m.rays_from(k, pass);
    let reached = (north | east | south | west) & open;
    if reached & m.king_target != 0 {
        return 1;
    }
    let mut seen = m.bit(k);
    let mut frontier = reached & m.king_stop & !seen;
    seen |= frontier;
    for depth in 2..last {
        if frontier == 0 {
            return 0;
        }
        let mut reached = 0;
        for dir in 0..4 {
            reached |= m.ray(frontier, dir, open, pass);
            // One direction reaching a target decides the level: the others need not be walked.
            if reached & m.king_target != 0 {
                return depth;
            }
        }
        frontier = reached & m.king_stop & !seen;
        seen |= frontier;
    }
    if last > max {
        0
    } else {
        last
    }
}

/// Attackers near the king: the sum of `4 - d` over attackers at orthogonal distance `d <= 3`.
/// The few attackers in the king's zone (precomputed per square) each score by their file and
/// rank: cheaper than growing rings and counting bits (the build has no `popcnt`).
pub(super) fn tropism(pos: &Position, m: &BoardMasks) -> i32 {
    let k = m.index(pos.king_square().index()) & 127;
    let near = m.holding(pos, ATTACKER) & m.zone[k];
    let (kf, kr) = m.coords[k];
    let reach = TROPISM_REACH as i32 + 1;
    let mut v = 0;
    for (mut half, base) in [(near as u64, 0), ((near >> 64) as u64, 64)] {
        while half != 0 {
            let (f, r) = m.coords[(base + half.trailing_zeros() as usize) & 127];
            v += reach - (f.abs_diff(kf) + r.abs_diff(kr)) as i32;
            half &= half - 1;
        }
    }
    v
}

/// The attackers' enclosure points (see [`EvalConfig::enclosure`]).
pub(super) fn enclosure(pos: &Position, m: &BoardMasks, w: &Weights) -> i32 {
    let king = m.bit(pos.king_square().index());
    let mut wall = m.holding(pos, ATTACKER);
    let mut v = 0;
    for level in 0..w.enclosed_king.len() {
        if level > 0 {
            // Thicken the wall by one step: gaps one square narrower count as closed.
            wall |= m.shift(wall, 0) | m.shift(wall, 1) | m.shift(wall, 2) | m.shift(wall, 3);
            wall &= !king;
        }
        let free = m.board & !wall;
        let outside = m.fill(free & m.edge, free);
        if level == 0 {
            let defenders_in = (m.holding(pos, DEFENDER) & !outside).count_ones() as i32;
            v += defenders_in * w.enclosed_defender as i32;
        }
        if outside & king == 0 {
            // Enclosed at this level: the thinner levels' points are earned too (the wall's
            // thickening only closes more).
            v += w.enclosed_king[level..]
                .iter()
                .map(|&p| p as i32)
                .sum::<i32>();
            break;
        }
    }
    v
}

/// The king's region term (see [`EvalConfig::region`]), defenders' point of view.
pub(super) fn king_region(pos: &Position, m: &BoardMasks, w: &Weights) -> i32 {
    let free = m.board & !m.holding(pos, ATTACKER);
    let r = m.fill(m.bit(pos.king_square().index()), free);
    let escapes = (r & m.king_target).count_ones() as i32;
    let mut v = w.region_size as i32 * (r.count_ones() as i32 / 8);
    if escapes == 0 {
        v -= w.region_closed as i32;
    } else {
        v += w.region_escape as i32 * escapes.min(8);
    }
    v
}

/// The attackers' corner-seal points (see [`EvalConfig::corners`]).
pub(super) fn corner_seals(cells: &[u8; CELLS], corners: &[[u8; 5]], w: &Weights) -> i32 {
    // All 256 cells: a `u8` square indexes them without a bounds test.
    let att = |sq: u8| cells[sq as usize] == ATTACKER;
    let mut v = 0;
    for &[e1, b1, e2, b2, d] in corners {
        let diag = att(d);
        let s1 = att(e1) || (diag && att(b1));
        let s2 = att(e2) || (diag && att(b2));
        v += (s1 as i32 + s2 as i32) * w.corner_entry as i32;
        if s1 && s2 {
            v += w.corner_sealed as i32;
        }
    }
    v
}

/// The corner-triangle units (see [`crate::config::EvalConfig::triangles`]), attackers' point of
/// view: per corner 0, 1, 3 or 9 for the attackers on its `a3 b2 c1` barricade.
pub(super) fn corner_triangles(cells: &[u8; MAX_AREA], corners: &[[u8; 5]]) -> i32 {
    const UNITS: [i32; 4] = [0, 1, 3, 9];
    corners
        .iter()
        .map(|&[_, beyond1, _, beyond2, diagonal]| {
            let n = [beyond1, beyond2, diagonal]
                .iter()
                .filter(|&&sq| cells[sq as usize] == ATTACKER)
                .count();
            UNITS[n]
        })
        .sum()
}

/// Squares the king can move to.
pub(super) fn king_moves(pos: &Position) -> i32 {
    let k = pos.king_square().index();
    let rules = pos.rules();
    let (stop, pass) = (rules.stop_table(), rules.pass_table());
    let cells = pos.cells();
    let mut n = 0;
    for d in pos.geometry().directions() {
        let mut t = (k as i16 + d) as usize;
        while cells[t] == EMPTY {
            if stop[t].contains(KING) {
                n += 1;
            }
            if !pass[t].contains(KING) {
                break;
            }
            t = (t as i16 + d) as usize;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::WEIGHTS;
    use crate::piece::Side;
    use crate::rules::Rules;
    use std::sync::Arc;

    fn pos(variant: &str, s: &str) -> Position {
        let r = Arc::new(Rules::preset(variant).unwrap());
        Position::from_string(r, s, Side::Attackers).unwrap()
    }

    fn seals(p: &Position) -> i32 {
        corner_seals(&p.cells, &corner_squares(p.rules()), &WEIGHTS)
    }

    #[test]
    fn corner_seals_by_hand() {
        let (e, s) = (WEIGHTS.corner_entry as i32, WEIGHTS.corner_sealed as i32);
        // Copenhagen (rank 1 first): an attacker on a2 closes a1's file entry only.
        let p = pos("copenhagen", "/11/t10/11/11/11/5K5/11/11/11/11/11/");
        assert_eq!(seals(&p), e);
        // a3, b2, c1: both entries of a1 closed without standing beside the corner.
        let p = pos("copenhagen", "/2t8/1t9/t10/11/11/5K5/11/11/11/11/11/");
        assert_eq!(seals(&p), 2 * e + s);
        // b2 alone closes nothing; a3 and c1 without b2 neither.
        let p = pos("copenhagen", "/11/1t9/11/11/11/5K5/11/11/11/11/11/");
        assert_eq!(seals(&p), 0);
        let p = pos("copenhagen", "/2t8/11/t10/11/11/5K5/11/11/11/11/11/");
        assert_eq!(seals(&p), 0);
        // b11 beside a11 closes that corner's rank entry.
        let p = pos("copenhagen", "/11/11/11/11/11/5K5/11/11/11/11/1t9/");
        assert_eq!(seals(&p), e);
        // The far corner k11 sealed from beside it (k10 and j11): the last corner's squares.
        let p = pos("copenhagen", "/11/11/11/11/11/5K5/11/11/11/10t/9t1/");
        assert_eq!(seals(&p), 2 * e + s);
        // Edge escape boards have no corners to seal.
        assert!(corner_squares(&Rules::preset("ziege").unwrap()).is_empty());
    }

    #[test]
    fn corner_triangles_by_hand() {
        let units = |s: &str| {
            let p = pos("copenhagen", s);
            corner_triangles(p.cells(), &corner_squares(p.rules()))
        };
        // a3, b2, c1: a1's whole barricade, 9.
        assert_eq!(units("/2t8/1t9/t10/11/11/5K5/11/11/11/11/11/"), 9);
        // Two of a1's (b2, c1): 3; one (a3): 1.
        assert_eq!(units("/2t8/1t9/11/11/11/5K5/11/11/11/11/11/"), 3);
        assert_eq!(units("/11/11/t10/11/11/5K5/11/11/11/11/11/"), 1);
        // Beside the corner (a2, b1) is not the barricade: 0.
        assert_eq!(units("/1t9/t10/11/11/11/5K5/11/11/11/11/11/"), 0);
        // k11's barricade (i11, j10, k9) whole and a11's c11 alone: 9 + 1.
        assert_eq!(units("/11/11/11/11/11/5K5/11/11/10t/9t1/2t5t2/"), 10);
        // A defender on a barricade square is not an attacker.
        assert_eq!(units("/2T8/1t9/t10/11/11/5K5/11/11/11/11/11/"), 3);
        // Edge escape boards have no corners.
        let p = pos("ziege", "/7/7/7/3K3/7/7/7/");
        assert_eq!(corner_triangles(p.cells(), &corner_squares(p.rules())), 0);
    }

    /// The escape potential grown a level at a time from the king's square, every direction
    /// by the same fill and no bound: the reference of [`escape_potential`].
    fn escape_potential_plain(pos: &Position, m: &BoardMasks, max: u8) -> u8 {
        let open = m.board & !m.holding(pos, ATTACKER);
        let pass = open & m.king_pass;
        let mut frontier = m.bit(pos.king_square().index());
        let mut seen = frontier;
        for depth in 1..=max {
            let mut reached = 0;
            for dir in 0..4 {
                reached |= m.ray(frontier, dir, open, pass);
            }
            if reached & m.king_target != 0 {
                return depth;
            }
            frontier = reached & m.king_stop & !seen;
            seen |= frontier;
        }
        0
    }

    #[test]
    fn escape_potential_agrees_with_the_plain_growth() {
        // Random boards of every preset: a king and attackers on a quarter to a half of the
        // other squares (thick enough to shut him in, or send him round about), and defenders
        // on a quarter of the rest (they block nothing here, only the escape distance, the
        // bound the evaluation passes); every search depth, without a bound and with it.
        use crate::piece::DEFENDER;
        let mut rng = crate::rng::Xorshift32::new(0x2545_f491);
        let (mut found, mut bounded) = ([0u32; 7], 0);
        for name in crate::rules::PRESETS {
            let rules = Arc::new(Rules::preset(name).unwrap());
            let m = BoardMasks::new(&rules);
            let squares: Vec<usize> = rules.geometry().squares().map(|s| s.index()).collect();
            for i in 0..2000 {
                let mut cells = [EMPTY; MAX_AREA];
                for &sq in &squares {
                    let r = rng.next_u32();
                    let wall = if i % 2 == 0 { r & 3 == 0 } else { r & 1 == 0 };
                    if wall {
                        cells[sq] = ATTACKER;
                    } else if r & 12 == 0 {
                        cells[sq] = DEFENDER;
                    }
                }
                cells[squares[rng.below(squares.len() as u16) as usize]] = KING;
                let pos = Position::from_cells(rules.clone(), cells, Side::Defenders).unwrap();
                let e = crate::eval::king_escape(&pos).distance;
                for max in 1..=6 {
                    let want = escape_potential_plain(&pos, &m, max);
                    assert_eq!(escape_potential(&pos, &m, max, 0), want, "{name} {i} {max}");
                    assert_eq!(
                        escape_potential(&pos, &m, max, e),
                        want,
                        "{name} {i} {max} {e}"
                    );
                    if max == 6 {
                        found[want as usize] += 1;
                        bounded += (e > 0 && e != want) as u32;
                    }
                }
            }
        }
        // Every answer met, and bounds that were not the answer themselves.
        assert!(found.iter().all(|&c| c > 20), "{found:?}");
        assert!(bounded > 100, "{bounded}");
    }

    #[test]
    fn king_moves_by_hand() {
        // brandubh's start: the king is boxed in by its own defenders.
        let p = Position::start(Arc::new(Rules::preset("brandubh").unwrap()));
        assert_eq!(king_moves(&p), 0);
        // King alone on c3: c4-c7 (4), c2-c1 (2), d3-g3 (4), b3-a3 (2).
        let p = pos("brandubh", "/7/7/2K4/7/7/7/7/");
        assert_eq!(king_moves(&p), 12);
        // An attacker on c5 cuts the file north: c4 only.
        let p = pos("brandubh", "/7/7/2K4/7/2t4/7/7/");
        assert_eq!(king_moves(&p), 9);
    }

    #[test]
    fn enclosure_levels_by_hand() {
        let masks = |p: &Position| BoardMasks::new(p.rules());
        let all = WEIGHTS.enclosed_king.iter().map(|&w| w as i32).sum::<i32>();
        // King on d4 walled in by four attackers: enclosed at level 0 (all three levels' points).
        let p = pos("brandubh", "/7/7/3t3/2tKt2/3t3/7/7/");
        assert_eq!(enclosure(&p, &masks(&p), &WEIGHTS), all);
        // d3 open: not closed, nor with the wall one step thicker (d3's neighbours c3 and e3 are
        // in the thickened wall, d2 is not, so the outside reaches d3 and the king); two steps
        // thicker, d3 is wall too.
        let p = pos("brandubh", "/7/7/7/2tKt2/3t3/7/7/");
        assert_eq!(
            enclosure(&p, &masks(&p), &WEIGHTS),
            WEIGHTS.enclosed_king[2] as i32
        );
        // A defender walled in with the king counts; one outside does not.
        let p = pos(
            "copenhagen",
            "/11/11/11/4ttt4/3tTKTt3/4ttt4/11/11/11/T10/11/",
        );
        assert_eq!(
            enclosure(&p, &masks(&p), &WEIGHTS),
            all + 2 * WEIGHTS.enclosed_defender as i32
        );
    }

    #[test]
    fn escape_threats_by_hand() {
        let threats = |p: &Position| {
            let m = BoardMasks::new(p.rules());
            escape_threats(p, &m, m.empty(p))
        };
        // brandubh, king b4, attackers d1 and d7: from a4 and g4 the king reaches two corners,
        // from b1 and b7 one (a1, a7); c4, e4, f4, the throne d4, b2, b3, b5, b6 lead nowhere.
        let p = pos("brandubh", "/3t3/7/7/1K5/7/7/3t3/");
        assert_eq!(threats(&p), 4);
        // An attacker on b2 keeps the king off b1; on a2 it closes a1 to a4, not a7.
        let p = pos("brandubh", "/3t3/1t5/7/1K5/7/7/3t3/");
        assert_eq!(threats(&p), 3);
        let p = pos("brandubh", "/3t3/t6/7/1K5/7/7/3t3/");
        assert_eq!(threats(&p), 4);
        // The start: the king cannot move.
        let p = Position::start(Arc::new(Rules::preset("copenhagen").unwrap()));
        assert_eq!(threats(&p), 0);
    }

    #[test]
    fn tropism_equals_rings_grown_from_the_king() {
        // Along seeded random walks on every preset: the zone-and-coordinates sum against the
        // rings of distance 1, 2, 3 grown from the king, counted bit by bit.
        let mut near = 0;
        crate::testutil::random_walks(11, 500, 150, |_, pos| {
            let m = BoardMasks::new(pos.rules());
            let att = m.holding(pos, ATTACKER);
            let mut inside = m.bit(pos.king_square().index());
            let mut want = 0;
            for points in [3, 2, 1] {
                let grown = inside
                    | m.shift(inside, 0)
                    | m.shift(inside, 1)
                    | m.shift(inside, 2)
                    | m.shift(inside, 3);
                want += points * (att & grown & !inside).count_ones() as i32;
                inside = grown;
            }
            assert_eq!(tropism(pos, &m), want);
            near += want;
        });
        assert!(near > 1000, "{near}");
    }

    #[test]
    fn tropism_by_hand() {
        // King d4; attackers on d5 (1 step: 3), f4 (2 steps: 2), a1 (6 steps: 0), c2 (3: 1).
        let p = pos("brandubh", "/t6/2t4/7/3K1t1/3t3/7/7/");
        let m = BoardMasks::new(p.rules());
        assert_eq!(tropism(&p, &m), 3 + 2 + 1);
    }

    #[test]
    fn king_region_by_hand() {
        let m = |p: &Position| BoardMasks::new(p.rules());
        // King alone on brandubh: its region is the board with all four corners.
        let p = pos("brandubh", "/7/7/7/3K3/7/7/1t5/");
        let w = WEIGHTS;
        assert_eq!(
            king_region(&p, &m(&p), &w),
            4 * w.region_escape as i32 + w.region_size as i32 * (48 / 8)
        );
        // Walled in: no corner in the region.
        let p = pos("brandubh", "/7/7/3t3/2tKt2/3t3/7/7/");
        assert_eq!(king_region(&p, &m(&p), &w), -(w.region_closed as i32));
    }
}
