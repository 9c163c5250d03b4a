//! The king's escape distance on the current board: breadth-first search over rook moves through
//! empty squares (the "distance map" idea, computed live; the empty-board part is baked into the
//! tables instead).

use crate::piece::KING;
use crate::position::Position;

use super::bits::{Bits, BoardMasks};

/// How far the king is from escaping, searching at most [`MAX_ESCAPE_DEPTH`] moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Escape {
    /// Fewest king moves to an escape square (1..=MAX_ESCAPE_DEPTH), or 0 when none is found.
    pub distance: u8,
    /// Escape squares the king reaches in exactly one move.
    pub routes: u8,
}

/// The BFS stops at this depth (cost grows with it; 3 is what the evaluation weighs).
pub const MAX_ESCAPE_DEPTH: u8 = 3;

/// The king's open routes: the directions in which it reaches a route target
/// ([`crate::rules::FLAG_KING_TARGET`]: an escape square, or a square it has escaped from) in
/// one move. One a direction: a single block nearer than the ray's first target closes the ray
/// (a cheap test the search uses every node).
#[inline]
pub fn escape_routes(pos: &Position) -> u8 {
    let rays = route_rays(pos);
    rays.iter().map(|&r| (r != 0) as u8).sum()
}

/// The squares of each of the king's rays that is an open route, from his neighbour up to and
/// including its first target; 0 for a ray that is not one. Each ray walks over the empty
/// squares he may pass that are not targets, and is a route when the square it stops on is an
/// empty target.
#[inline(always)]
pub(crate) fn route_rays(pos: &Position) -> [Bits; 4] {
    let rules = pos.rules();
    let l = rules.layout();
    let [_, attackers, defenders, king] = pos.bits;
    let empty = l.board & !(attackers | defenders | king);
    let targets = empty & rules.king_target_bits();
    let k = l.index(pos.king_square().index());
    // Most of the time no free target shares the king's rank or file: no ray to walk.
    if l.cross(k) & targets == 0 {
        return [0; 4];
    }
    let through = empty & rules.pass_bits(KING) & !targets;
    let rays = l.rays_until(k, through);
    rays.map(|r| if r & targets != 0 { r } else { 0 })
}

/// The squares from which the king, moved there without capturing, would have an open route
/// (his own square taken as empty): `escape_routes_after_quiet` is nonzero exactly for his
/// moves landing on one. All at once, by a doubling fill per direction back from the free
/// route targets through the squares he may pass, for a node that tests many of his moves.
pub(crate) fn route_starts(pos: &Position) -> Bits {
    let rules = pos.rules();
    let l = rules.layout();
    let [_, attackers, defenders, king] = pos.bits;
    let free = l.board & !(attackers | defenders) & !(king & !l.bit(pos.king_square().index()));
    let targets = free & rules.king_target_bits();
    let through = free & rules.pass_bits(KING);
    let mut starts = 0;
    for dir in 0..4 {
        starts |= l.steps(targets, (dir + 2) % 4, through);
    }
    starts
}

/// [`escape_routes`], also marking in `marks` every square of each open route: the empty
/// squares from the king's neighbour up to and including the ray's first target (a piece
/// landing on any of them closes that route). `marks` is not cleared first.
pub fn route_squares(pos: &Position, marks: &mut [bool; crate::square::MAX_AREA]) -> u8 {
    let (n, mut squares) = route_bits(pos);
    let l = pos.rules().layout();
    while squares != 0 {
        marks[l.square(squares.trailing_zeros())] = true;
        squares &= squares - 1;
    }
    n
}

/// [`escape_routes`] and the squares of its open routes (see [`route_squares`]) as a board
/// bitset.
pub(crate) fn route_bits(pos: &Position) -> (u8, Bits) {
    let rays = route_rays(pos);
    let n = rays.iter().map(|&r| (r != 0) as u8).sum();
    (n, rays[0] | rays[1] | rays[2] | rays[3])
}

/// Breadth-first search from the king over rook moves through empty squares, level by level.
///
/// Builds the board masks on each call: the evaluation keeps them in its [`super::Evaluator`]
/// and calls [`king_escape_with`] instead.
pub fn king_escape(pos: &Position) -> Escape {
    let masks = BoardMasks::new(pos.rules());
    king_escape_with(pos, &masks, masks.empty(pos), None)
}

/// [`king_escape`] with the ruleset's masks at hand. The search runs on bitsets, a whole BFS level
/// at a time: the squares a level reaches are the rays from every square of the one before, so
/// the fewest moves to an escape square is the first level whose rays touch one (the same answer
/// as a square-by-square BFS; the test below compares the two).
/// `empty` is `m.empty(pos)`, which the evaluation has already built; `routes` is
/// `escape_routes(pos)` when the caller (the search) has already counted them.
pub(crate) fn king_escape_with(
    pos: &Position,
    m: &BoardMasks,
    empty: Bits,
    routes: Option<u8>,
) -> Escape {
    king_escape_scan(pos, m, empty, routes).0
}

/// [`king_escape_with`], also giving the king's moves (`structure::king_moves`) when the search
/// walked its first level: they are that level's squares, so the evaluation need not walk the
/// king's rays again.
pub(crate) fn king_escape_scan(
    pos: &Position,
    m: &BoardMasks,
    empty: Bits,
    routes: Option<u8>,
) -> (Escape, Option<i32>) {
    let routes = routes.unwrap_or_else(|| escape_routes(pos));
    if routes > 0 {
        let e = Escape {
            distance: 1,
            routes,
        };
        return (e, None);
    }
    let pass = empty & m.king_pass;
    // Level 1: the king's own rays, found from his square alone; none reaches a target, or
    // there would be routes above. The squares he stops on are his moves and seed level 2.
    let k = pos.king_square().index();
    let [north, east, south, west] = m.rays_from(k, pass);
    let mut frontier = (north | east | south | west) & empty & m.king_stop;
    let king_moves = Some(frontier.count_ones() as i32);
    // The king's square is not empty, so never among the squares reached.
    let mut seen = frontier | m.bit(k);
    for depth in 2..=MAX_ESCAPE_DEPTH {
        if frontier == 0 {
            break;
        }
        let mut reached = 0;
        for dir in 0..4 {
            reached |= m.ray(frontier, dir, empty, pass);
            // One direction reaching a target decides the level: the others need not be walked.
            if reached & m.king_target != 0 {
                let e = Escape {
                    distance: depth,
                    routes: 0,
                };
                return (e, king_moves);
            }
        }
        frontier = reached & m.king_stop & !seen;
        seen |= frontier;
    }
    let e = Escape {
        distance: 0,
        routes: 0,
    };
    (e, king_moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;
    use crate::piece::Side;
    use crate::piece::EMPTY;
    use crate::rules::Rules;
    use crate::rules::FLAG_KING_TARGET;
    use crate::square::MAX_AREA;
    use crate::testutil::random_walks;
    use std::sync::Arc;

    /// The open routes of a king on `k`, with `vacated` taken as empty, walked a square at a
    /// time on the mailbox: the reference of the bitset answers.
    fn routes_from(pos: &Position, k: usize, vacated: usize) -> (u8, Bits) {
        let rules = pos.rules();
        let (pass, flags, l) = (rules.pass_table(), rules.flags(), rules.layout());
        let (mut n, mut squares) = (0, 0);
        for d in pos.geometry().directions() {
            let mut t = (k as i16 + d) as usize;
            let mut ray = 0;
            while pos.cells()[t] == EMPTY || t == vacated {
                ray |= l.bit(t);
                if flags[t] & FLAG_KING_TARGET != 0 {
                    n += 1;
                    squares |= ray;
                    break;
                }
                if !pass[t].contains(KING) {
                    break;
                }
                t = (t as i16 + d) as usize;
            }
        }
        (n, squares)
    }

    /// [`escape_routes`] after the king's move `mv`, counted on the board as it is (the king's old
    /// square taken as empty), for a move that captures nothing: the walks [`route_starts`] must
    /// agree with.
    fn escape_routes_after_quiet(pos: &Position, mv: Move) -> u8 {
        routes_from(pos, mv.to.index(), mv.from.index()).0
    }

    #[test]
    fn routes_agree_with_the_walks() {
        // Every preset's random walks: the routes and their squares as the mailbox walk finds
        // them.
        let mut open = [0u32; 3];
        random_walks(4242, 1500, 150, |step, pos| {
            let k = pos.king_square().index();
            let want = routes_from(pos, k, k);
            assert_eq!(route_bits(pos), want, "{}", step.preset);
            assert_eq!(escape_routes(pos), want.0, "{}", step.preset);
            open[want.0.min(2) as usize] += 1;
        });
        assert!(open.iter().all(|&c| c > 100), "{open:?}");
    }

    #[test]
    fn route_starts_agree_with_the_walks() {
        // Every preset's random walks, every king's move: landing on a route start is having
        // a route after the move, as the ray walks count them.
        let mut with_route = 0;
        random_walks(77, 1500, 150, |step, pos| {
            let starts = route_starts(pos);
            let l = pos.rules().layout();
            for &m in step.moves.iter().filter(|m| m.from == pos.king_square()) {
                let walked = escape_routes_after_quiet(pos, m) > 0;
                assert_eq!(
                    l.bit(m.to.index()) & starts != 0,
                    walked,
                    "{}: {m:?}",
                    step.preset
                );
                with_route += walked as u32;
            }
        });
        assert!(with_route > 500, "{with_route}");
    }

    /// The square-by-square BFS the bitset version replaced: the reference it must agree with.
    fn king_escape_mailbox(pos: &Position) -> Escape {
        let routes = escape_routes(pos);
        if routes > 0 {
            return Escape {
                distance: 1,
                routes,
            };
        }
        let rules = pos.rules();
        let (stop, pass, flags) = (rules.stop_table(), rules.pass_table(), rules.flags());
        let cells = pos.cells();
        let dirs = pos.geometry().directions();
        let mut seen = [false; MAX_AREA];
        let mut queue = [0u8; MAX_AREA];
        let k = pos.king_square().index();
        seen[k] = true;
        queue[0] = k as u8;
        let (mut head, mut tail) = (0usize, 1usize);
        // Level by level: squares reached with `depth` moves sit in queue[head..level_end].
        for depth in 1..=MAX_ESCAPE_DEPTH {
            let level_end = tail;
            while head < level_end {
                let s = queue[head] as usize;
                head += 1;
                for d in dirs {
                    let mut t = (s as i16 + d) as usize;
                    while cells[t] == EMPTY {
                        if stop[t].contains(KING) && !seen[t] {
                            if flags[t] & FLAG_KING_TARGET != 0 {
                                return Escape {
                                    distance: depth,
                                    routes: 0,
                                };
                            }
                            seen[t] = true;
                            queue[tail] = t as u8;
                            tail += 1;
                        }
                        if !pass[t].contains(KING) {
                            break;
                        }
                        t = (t as i16 + d) as usize;
                    }
                }
            }
        }
        Escape {
            distance: 0,
            routes: 0,
        }
    }

    fn pos(variant: &str, s: &str) -> Position {
        let r = Arc::new(Rules::preset(variant).unwrap());
        Position::from_string(r, s, Side::Attackers).unwrap()
    }

    #[test]
    fn distances_by_hand() {
        // brandubh start: the king on d4 is boxed in by its own defenders: no route within 3.
        let p = pos("brandubh", "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
        assert_eq!(
            king_escape(&p),
            Escape {
                distance: 0,
                routes: 0
            }
        );
        // King alone on c3 of an empty brandubh board: two moves to every corner (c3-c1-a1 ...).
        let p = pos("brandubh", "/7/7/2K4/7/7/7/t6/");
        assert_eq!(king_escape(&p).distance, 2);
        // King on a3 with a clear file both ways: a1 and a7 in one move = two routes.
        let p = pos("brandubh", "/7/7/K6/7/7/7/6t/");
        assert_eq!(
            king_escape(&p),
            Escape {
                distance: 1,
                routes: 2
            }
        );
        // ziege: king on d4 with an attacker on d6: north blocked, east/south/west open = 3 routes.
        let p = pos("ziege", "/7/7/7/3K3/7/3t3/7/");
        assert_eq!(
            king_escape(&p),
            Escape {
                distance: 1,
                routes: 3
            }
        );
    }

    #[test]
    fn routes_after_a_quiet_king_move_agree_with_making_it() {
        // Every king move that captures nothing, made and counted against counted in place.
        let (mut checked, mut open) = (0, 0);
        random_walks(777, 1500, 150, |step, pos| {
            let king = pos.king_square();
            for &m in step.moves.iter().filter(|m| m.from == king) {
                if pos.enemy_beside(m.to) {
                    continue;
                }
                let counted = escape_routes_after_quiet(pos, m);
                let undo = pos.make(m);
                assert_eq!(undo.captures(), 0, "{} {m:?}", step.preset);
                assert_eq!(escape_routes(pos), counted, "{} {m:?}", step.preset);
                pos.unmake(&undo);
                checked += 1;
                open += (counted > 0) as u32;
            }
        });
        // Both answers must have been met, or the comparison proves little.
        assert!(
            checked > 1000 && open > 100,
            "{checked} moves, {open} with routes"
        );
    }

    #[test]
    fn bitsets_agree_with_the_mailbox_bfs() {
        // Every preset, many positions from a fixed pseudo-random walk (both sides to move, pieces
        // thinning out as captures happen), restarted when a game ends.
        let mut seen_distances = [0u32; 4];
        let mut moves_checked = 0;
        random_walks(12345, 3000, 150, |step, pos| {
            // Built at each step: cheap next to the reference BFS.
            let masks = BoardMasks::new(step.rules);
            let want = king_escape_mailbox(pos);
            let (got, king_moves) = king_escape_scan(pos, &masks, masks.empty(pos), None);
            let (name, ply) = (step.preset, step.index);
            assert_eq!(got, want, "{name} ply {ply}");
            if let Some(n) = king_moves {
                let walked = super::super::structure::king_moves(pos);
                assert_eq!(n, walked, "{name} ply {ply}");
                moves_checked += 1;
            }
            seen_distances[want.distance as usize] += 1;
        });
        // The walk must have exercised every answer, or the comparison proves little.
        assert!(seen_distances.iter().all(|&c| c > 50), "{seen_distances:?}");
        assert!(moves_checked > 1000, "{moves_checked}");
    }
}
