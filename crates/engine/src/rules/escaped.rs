//! Squares the king has already escaped from: derived from a ruleset when it loads.
//!
//! A king on such a square wins on its next move whatever the attackers do, so for every purpose
//! but the end of the game it counts as an escape square: the search's known-escape win, the
//! escape distance, and the squares quiescence must block. On Copenhagen they are the eight edge
//! squares beside the corners: only the king may stand on a corner (nothing can block it), and
//! a king on the edge cannot be captured (it needs four hostile sides). Where the king is taken
//! by two and a corner is hostile to it (Brandubh), the same squares are no escape: an attacker
//! landing on the far side takes the king against the corner.
//!
//! The test for a square `s`, from the ruleset's tables only (never a list per variant):
//! 1. a neighbour `e` of `s` is an escape square on which only the king may stop (so it is
//!    always empty and no attacker's move can block the step `s`-`e`);
//! 2. no single attackers' move can capture the king on `s`: for capture by two, no line
//!    through `s` has both ends possibly hostile to the king; for capture by four, some side of
//!    `s` can never be hostile (the board's edge, or a square no attacker may stand on that is
//!    not hostile to the king); by four near the throne, by two elsewhere, as the rules say.
//!
//! Other ways the attackers could win in one move do not apply to a king beside an escape
//! square: the king standing on the edge or with an empty escape square beside it is not
//! surrounded, and it always has a move. A repetition could only intervene if the king had
//! already stood there without stepping out (and the search scores a repeated position by the
//! repetition rule before anything else). A move limit could end the game before the king's
//! step, so a ruleset with one has no escaped squares.

use crate::piece::{ATTACKER, KING};
use crate::square::{Geometry, Square, CELLS};

use super::{KindSet, KingCapture, FLAG_ESCAPE};

/// The tables [`escaped_squares`] reads (all indexed by square, the ring included).
pub(super) struct Tables<'a> {
    pub geometry: Geometry,
    pub flags: &'a [u8; CELLS],
    pub stop: &'a [KindSet; CELLS],
    pub hostile_empty: &'a [KindSet; CELLS],
    pub hostile_occupied: &'a [KindSet; CELLS],
    pub king_capture: KingCapture,
    pub throne: Option<Square>,
    pub move_limit: u16,
}

impl Tables<'_> {
    /// Whether square `t` can be hostile to the king at some time: an attacker may stand there,
    /// or it is a special square hostile to the king (empty or occupied). Off-board: never.
    fn may_be_hostile(&self, t: usize) -> bool {
        if !self.geometry.on_board(Square(t as u8)) {
            return false;
        }
        self.stop[t].contains(ATTACKER)
            || self.hostile_empty[t].contains(KING)
            || self.hostile_occupied[t].contains(KING)
    }

    /// Whether one attackers' move could capture the king standing on `s`.
    fn capturable(&self, s: usize) -> bool {
        let dirs = self.geometry.directions();
        let step = |d: i16| (s as i16 + d) as usize;
        let by_four = match self.king_capture {
            KingCapture::ByTwo => false,
            KingCapture::ByFour => true,
            KingCapture::ByFourNearThrone => self
                .throne
                .is_some_and(|t| t.index() == s || dirs.iter().any(|&d| step(d) == t.index())),
        };
        if by_four {
            dirs.iter().all(|&d| self.may_be_hostile(step(d)))
        } else {
            // A line through `s` both of whose ends may be hostile: the mover closes one end.
            dirs[..2]
                .iter()
                .any(|&d| self.may_be_hostile(step(d)) && self.may_be_hostile(step(-d)))
        }
    }

    /// Whether `e` is an escape square only the king may stop on.
    fn sealed_escape(&self, e: usize) -> bool {
        self.flags[e] & FLAG_ESCAPE != 0 && self.stop[e] == KindSet(1 << KING)
    }
}

/// The squares (indices) the king has escaped from under these tables: see the module doc.
pub(super) fn escaped_squares(t: &Tables<'_>) -> Vec<usize> {
    if t.move_limit != 0 {
        return Vec::new();
    }
    let dirs = t.geometry.directions();
    t.geometry
        .squares()
        .map(Square::index)
        .filter(|&s| {
            t.flags[s] & FLAG_ESCAPE == 0
                && t.stop[s].contains(KING)
                && dirs
                    .iter()
                    .any(|&d| t.sealed_escape((s as i16 + d) as usize))
                && !t.capturable(s)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::rules::{preset_source, Rules, FLAG_ESCAPED, FLAG_KING_TARGET, PRESETS};

    /// The escaped squares' names, in square order.
    fn escaped(r: &Rules) -> Vec<String> {
        let g = r.geometry();
        g.squares()
            .filter(|s| r.flags()[s.index()] & FLAG_ESCAPED != 0)
            .map(|s| g.name(s).to_string())
            .collect()
    }

    fn edited(preset: &str, edits: &[(&str, &str)]) -> Rules {
        let mut src = preset_source(preset).unwrap().to_string();
        for (from, to) in edits {
            assert!(src.contains(from), "test edit `{from}` not found");
            src = src.replacen(from, to, 1);
        }
        Rules::from_toml(&src, "test.toml").unwrap()
    }

    #[test]
    fn copenhagen_has_the_eight_squares_beside_its_corners() {
        // Worked by hand: a1's neighbours a2 and b1, and likewise at each corner. The king is
        // captured by four, so on the edge (one side off the board) never; only the king may
        // stand on a corner.
        let r = Rules::preset("copenhagen").unwrap();
        assert_eq!(
            escaped(&r),
            ["b1", "j1", "a2", "k2", "a10", "k10", "b11", "j11"]
        );
    }

    #[test]
    fn none_where_the_rules_do_not_make_them() {
        // Brandubh: the armed king is taken by two and the corner is hostile to it, so an
        // attacker landing on c1 takes a king on b1. Tablut and ziege escape to any edge square,
        // where soldiers may stand too: nothing is sealed.
        for name in PRESETS.iter().filter(|&&n| n != "copenhagen") {
            let r = Rules::preset(name).unwrap();
            assert!(escaped(&r).is_empty(), "{name}: {:?}", escaped(&r));
        }
    }

    #[test]
    fn a_user_ruleset_brandubh_with_corners_harmless_to_the_king() {
        // The same board, the corners hostile to soldiers only: the king on b1 has a1 (never
        // hostile to it, never an attacker's) on one side and the board's edge on the other.
        let r = edited(
            "brandubh",
            &[(
                "hostile = [\"attackers\", \"defenders\", \"king\"]\npass = [\"king\"]",
                "hostile = [\"attackers\", \"defenders\"]\npass = [\"king\"]",
            )],
        );
        assert_eq!(
            escaped(&r),
            ["b1", "f1", "a2", "g2", "a6", "g6", "b7", "f7"]
        );
        // With a move limit the game could end before the king's step: none.
        let limited = edited(
            "brandubh",
            &[
                (
                    "hostile = [\"attackers\", \"defenders\", \"king\"]\npass = [\"king\"]",
                    "hostile = [\"attackers\", \"defenders\"]\npass = [\"king\"]",
                ),
                ("move_limit = 0", "move_limit = 200"),
            ],
        );
        assert!(escaped(&limited).is_empty());
        // Attackers allowed on those corners: a corner can be blocked, so nothing is escaped.
        let open = edited(
            "brandubh",
            &[(
                "hostile = [\"attackers\", \"defenders\", \"king\"]\npass = [\"king\"]\nstop = [\"king\"]",
                "hostile = [\"attackers\", \"defenders\"]\npass = [\"king\"]\nstop = [\"king\", \"attackers\"]",
            )],
        );
        assert!(escaped(&open).is_empty(), "{:?}", escaped(&open));
    }

    #[test]
    fn route_targets_are_the_king_stoppable_escapes_and_the_escaped() {
        for name in PRESETS {
            let r = Rules::preset(name).unwrap();
            let stop = r.stop_table();
            for s in r.geometry().squares() {
                let f = r.flags()[s.index()];
                let want = f & FLAG_ESCAPED != 0
                    || f & super::FLAG_ESCAPE != 0 && stop[s.index()].contains(crate::piece::KING);
                assert_eq!(f & FLAG_KING_TARGET != 0, want, "{name} {s:?}");
            }
        }
    }
}
