//! Zobrist keys: 32-bit patterns held as `i32`, drawn from [`Xorshift32`] in a fixed order so the
//! cart can regenerate them at init instead of storing them.
//!
//! Order: seed [`ZOBRIST_SEED`]; for kind 1, 2, 3 (attacker, defender, king), for square
//! 0..AREA-1 (ring squares included, so the Lua loop needs no test): one `next_i32()` each; then
//! one more draw, the side-to-move key. The hash of a position is the XOR of the keys of its pieces,
//! XORed with the side key when the defenders are to move.

use crate::piece::Side;
use crate::rng::Xorshift32;
use crate::square::{Geometry, Square, CELLS, MAX_AREA};

/// The fixed seed of the zobrist key sequence.
pub const ZOBRIST_SEED: u32 = 0x7AF1_8C0D;

/// The keys for one board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zobrist {
    /// Row 0 (empty, and `OFF` via `& 3`) is all zeros, so lookups need no branch; a row for
    /// every `u8` square (zeros past the area), so they need no bounds test either.
    pieces: [[i32; CELLS]; 4],
    side: i32,
}

impl Zobrist {
    /// Generates the keys for `geometry` in the documented order.
    pub fn new(geometry: Geometry) -> Zobrist {
        let mut rng = Xorshift32::new(ZOBRIST_SEED);
        let mut pieces = [[0i32; CELLS]; 4];
        for table in pieces.iter_mut().skip(1) {
            for key in table.iter_mut().take(geometry.area()) {
                *key = rng.next_i32();
            }
        }
        let side = rng.next_i32();
        Zobrist { pieces, side }
    }

    /// Key of piece `kind` (1..=3) on `sq`; 0 for empty (0) and off-board (4) cells.
    #[inline(always)]
    pub fn piece(&self, kind: u8, sq: Square) -> i32 {
        if kind > 4 {
            return 0;
        }
        self.pieces[(kind & 3) as usize][sq.index()]
    }

    /// The side-to-move key (XORed in when the defenders are to move).
    pub fn side(&self) -> i32 {
        self.side
    }

    /// The full hash of `cells` with `side` to move (the incremental hash must always equal this).
    pub fn hash_of(&self, cells: &[u8], side: Side) -> i32 {
        let mut h = if side == Side::Defenders {
            self.side
        } else {
            0
        };
        for (i, &c) in cells.iter().enumerate().take(MAX_AREA) {
            h ^= self.piece(c, Square(i as u8));
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_follow_the_documented_draw_order() {
        let g = Geometry::new(7).unwrap();
        let z = Zobrist::new(g);
        let mut rng = Xorshift32::new(ZOBRIST_SEED);
        let draws: Vec<i32> = (0..3 * g.area() + 1).map(|_| rng.next_i32()).collect();
        assert_eq!(z.piece(1, Square(0)), draws[0]);
        assert_eq!(z.piece(1, Square(80)), draws[80]);
        assert_eq!(z.piece(2, Square(0)), draws[81]);
        assert_eq!(z.piece(3, Square(5)), draws[162 + 5]);
        assert_eq!(z.side(), draws[243]);
        // Golden values computed independently (a Python xorshift32) for the Lua side to match.
        assert_eq!(z.piece(1, Square(0)) as u32, 0x2571_3F15);
        assert_eq!(z.piece(1, Square(1)) as u32, 0x50E0_55DC);
        assert_eq!(z.piece(2, Square(0)) as u32, 0xB2C5_1A1E);
        assert_eq!(z.side() as u32, 0xD3D8_BD67);
        assert_eq!(
            Zobrist::new(Geometry::new(11).unwrap()).side() as u32,
            0x4536_981D
        );
        assert_eq!(z.piece(0, Square(3)), 0);
        assert_eq!(z.piece(4, Square(3)), 0);
    }
}
