//! The king's escape distance on the current board: breadth-first search over rook moves through
//! empty squares (the "distance map" idea, computed live; the empty-board part is baked into the
//! tables instead).

use crate::piece::{EMPTY, KING};
use crate::position::Position;
use crate::rules::FLAG_ESCAPE;
use crate::square::MAX_AREA;

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

/// Escape squares the king of `pos` reaches in one move (a cheap test the search uses every node).
#[inline]
pub fn escape_routes(pos: &Position) -> u8 {
    let k = pos.king_square().index();
    let rules = pos.rules();
    let (stop, pass, flags) = (rules.stop_table(), rules.pass_table(), rules.flags());
    let mut n = 0;
    for d in pos.geometry().directions() {
        let mut t = (k as i16 + d) as usize;
        while pos.cells()[t] == EMPTY {
            if flags[t] & FLAG_ESCAPE != 0 && stop[t].contains(KING) {
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

/// Breadth-first search from the king over rook moves through empty squares, level by level.
pub fn king_escape(pos: &Position) -> Escape {
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
                        if flags[t] & FLAG_ESCAPE != 0 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Side;
    use crate::rules::Rules;
    use std::sync::Arc;

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
}
