//! Piece-square tables, baked from the ruleset: the hand-made `ziege` attacker table, and tables
//! generated from the board's move graph (how many escape squares the king reaches from a square
//! in 1, 2 and 3 rook moves on the empty board).

use crate::piece::KING;
use crate::rules::{Rules, FLAG_ESCAPE};
use crate::square::MAX_AREA;

use super::weights::{Weights, ZIEGE_ATTACKERS};

/// Per-square values for each piece kind, from the defenders' point of view per piece: the
/// evaluation adds `defender[sq]` and `king[sq]` and subtracts `attacker[sq]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables {
    /// Attacker soldier table (higher = better for the attackers).
    pub attacker: [i16; MAX_AREA],
    /// Defender soldier table.
    pub defender: [i16; MAX_AREA],
    /// King table.
    pub king: [i16; MAX_AREA],
    /// `reach[k][sq]`: escape squares the king reaches from `sq` in at most `k + 1` rook moves on
    /// the empty board (the move graph the king tables are built from).
    pub reach: [[u8; MAX_AREA]; 3],
}

impl Tables {
    /// Builds the tables of `rules` with weights `w`.
    pub fn new(rules: &Rules, w: &Weights) -> Tables {
        let reach = escape_reach(rules);
        let mut t = Tables {
            attacker: [0; MAX_AREA],
            defender: [0; MAX_AREA],
            king: [0; MAX_AREA],
            reach,
        };
        let g = rules.geometry();
        for sq in g.squares() {
            let i = sq.index();
            let k: i32 = (0..3)
                .map(|j| w.king_reach[j] as i32 * reach[j][i] as i32)
                .sum();
            // Clamped so a big edge-escape board (40 escape squares) cannot inflate the sum.
            let k = k.clamp(0, 400) as i16;
            t.king[i] = k;
            t.attacker[i] = k * w.attacker_share / 16;
            t.defender[i] = k * w.defender_share / 16;
        }
        if rules.name() == "ziege" && g.size() == 7 {
            for (j, sq) in g.squares().enumerate() {
                t.attacker[sq.index()] = ZIEGE_ATTACKERS[j];
            }
        }
        t
    }
}

/// Escape squares reachable from each square in at most 1, 2, 3 king moves on the empty board,
/// by breadth-first search over rook moves (respecting the king's pass/stop squares): a level
/// is every square the squares reached so far reach in one move, the four rays of all of them
/// at once by a doubling fill each.
fn escape_reach(rules: &Rules) -> [[u8; MAX_AREA]; 3] {
    let g = rules.geometry();
    let l = rules.layout();
    let (pass, stop) = (rules.pass_bits(KING), rules.stop_bits(KING));
    let escape = g
        .squares()
        .filter(|s| rules.flags()[s.index()] & FLAG_ESCAPE != 0)
        .fold(0, |b, s| b | l.bit(s.index()));
    let mut out = [[0u8; MAX_AREA]; 3];
    for from in g.squares() {
        let mut reached = l.bit(from.index());
        for table in out.iter_mut() {
            let mut next = reached;
            for dir in 0..4 {
                next |= l.steps(reached, dir, pass) & stop;
            }
            reached = next;
            table[from.index()] = (reached & escape).count_ones() as u8;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights::WEIGHTS;
    use crate::square::Square;

    /// King-move distances from `from` on the empty board (255 = unreachable), square by square:
    /// the reference `escape_reach` must agree with.
    fn empty_board_distances(rules: &Rules, from: Square) -> [u8; MAX_AREA] {
        let g = rules.geometry();
        let (stop, pass) = (rules.stop_table(), rules.pass_table());
        // On the board: a square with a bit (`Geometry::on_board` divides for its file and rank, and
        // this walk asks it for every square of every ray from every square).
        let l = rules.layout();
        let mut dist = [u8::MAX; MAX_AREA];
        let mut queue = vec![from.index()];
        dist[from.index()] = 0;
        let mut head = 0;
        while head < queue.len() {
            let s = queue[head];
            head += 1;
            for d in g.directions() {
                let mut t = (s as i16 + d) as usize;
                while l.bit(t) != 0 {
                    if stop[t].contains(KING) && dist[t] == u8::MAX {
                        dist[t] = dist[s] + 1;
                        queue.push(t);
                    }
                    if !pass[t].contains(KING) {
                        break;
                    }
                    t = (t as i16 + d) as usize;
                }
            }
        }
        dist
    }

    #[test]
    fn escape_reach_agrees_with_a_square_by_square_search() {
        for name in crate::rules::PRESETS {
            let rules = Rules::preset(name).unwrap();
            let g = rules.geometry();
            let reach = escape_reach(&rules);
            let escape: Vec<Square> = g
                .squares()
                .filter(|s| rules.flags()[s.index()] & FLAG_ESCAPE != 0)
                .collect();
            for from in g.squares() {
                let dist = empty_board_distances(&rules, from);
                for (k, table) in reach.iter().enumerate() {
                    let want = escape
                        .iter()
                        .filter(|e| dist[e.index()] as usize <= k + 1)
                        .count();
                    assert_eq!(table[from.index()] as usize, want, "{name} {from:?} {k}");
                }
            }
        }
    }

    #[test]
    fn brandubh_reach_counts_by_hand() {
        let r = Rules::preset("brandubh").unwrap();
        let t = Tables::new(&r, &WEIGHTS);
        let g = r.geometry();
        let sq = |s: &str| g.parse_square(s).unwrap().index();
        // a4 sees the corners a1 and a7 along its file: 2 in one move; all 4 in two (a1 -> g1).
        assert_eq!(t.reach[0][sq("a4")], 2);
        assert_eq!(t.reach[1][sq("a4")], 4);
        // d4 (the throne) reaches no corner in one move, all four in two (d4-d1-a1 etc.).
        assert_eq!(t.reach[0][sq("d4")], 0);
        assert_eq!(t.reach[1][sq("d4")], 4);
        // b2 needs two moves to any corner (b2-b1-a1, b2-b1-g1, b2-b7-a7, b2-b7-g7).
        assert_eq!(t.reach[0][sq("b2")], 0);
        assert_eq!(t.reach[1][sq("b2")], 4);
        // King table = 24*r1 + 6*r2 + 2*r3: a4 = 48 + 24 + 8.
        assert_eq!(t.king[sq("a4")], 80);
    }

    #[test]
    fn ziege_uses_the_given_attacker_table() {
        let r = Rules::preset("ziege").unwrap();
        let t = Tables::new(&r, &WEIGHTS);
        let g = r.geometry();
        let sq = |s: &str| g.parse_square(s).unwrap().index();
        assert_eq!(t.attacker[sq("a1")], -30);
        assert_eq!(t.attacker[sq("d1")], 30);
        assert_eq!(t.attacker[sq("b3")], 30);
        assert_eq!(t.attacker[sq("d4")], 0);
        assert_eq!(t.attacker[sq("g7")], -30);
        // Edge escape: every edge square is an escape square; d4 reaches 4 of them in one move.
        assert_eq!(t.reach[0][sq("d4")], 4);
        // a1 is itself an escape square, and sees the 12 other squares of rank 1 and file a.
        assert_eq!(t.reach[0][sq("a1")], 13);
    }
}
