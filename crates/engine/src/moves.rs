//! A move and a fixed-capacity move list (no allocation in the generator).

use crate::square::{Geometry, Square};

/// A move: a piece goes from `from` to `to` along a row or column.
///
/// The contract's 16-bit encoding is `from * AREA + to` ([`Move::code`]); in memory it is two
/// square indices, so making it needs no division.
// Two-byte aligned, so its two squares are read as one `u16` ([`Move::pair`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(C, align(2))]
pub struct Move {
    /// Origin square.
    pub from: Square,
    /// Destination square.
    pub to: Square,
}

impl Move {
    /// A move between two squares.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The contract encoding `from * AREA + to` (at most 28560, inside PICO-8's integers).
    pub fn code(self, geometry: Geometry) -> i16 {
        let code = self.from.index() * geometry.area() + self.to.index();
        i16::try_from(code).unwrap_or_else(|_| unreachable!("move code {code} out of range"))
    }

    /// Decodes [`Move::code`]; `None` when a square is out of range.
    pub fn from_code(code: i16, geometry: Geometry) -> Option<Move> {
        let code = usize::try_from(code).ok()?;
        let area = geometry.area();
        let (from, to) = (code / area, code % area);
        (from < area).then(|| Move::new(Square(from as u8), Square(to as u8)))
    }

    /// The two squares side by side in a `u16` (`from` in the low byte, as in memory, so the
    /// compiler reads it as one load): a key to compare moves by, or index a table with.
    #[inline(always)]
    pub(crate) fn pair(self) -> u16 {
        self.from.0 as u16 | (self.to.0 as u16) << 8
    }

    /// The move in `d1-d3` notation.
    pub fn display(self, geometry: Geometry) -> String {
        format!("{}-{}", geometry.name(self.from), geometry.name(self.to))
    }
}

/// Upper bound on legal moves in any position: every destination is the nearest empty square
/// reached along one of 4 directions, so at most 4 x 121 on the largest board.
pub const MAX_MOVES: usize = 4 * 121;

/// The room of a [`MoveList`]: [`MAX_MOVES`] rounded up to a power of two, so the generators
/// store at `n % MOVE_SLOTS`, an index the compiler knows is in range, without a bounds test
/// per move (`n` never reaches `MAX_MOVES` anyway).
pub(crate) const MOVE_SLOTS: usize = MAX_MOVES.next_power_of_two();

/// A list of moves on the stack, filled by the generator.
#[derive(Clone)]
pub struct MoveList {
    /// The generator fills these and `len` directly (see `Position::gen_moves`).
    pub(crate) moves: [Move; MOVE_SLOTS],
    pub(crate) len: usize,
}

impl MoveList {
    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Square(0), Square(0)); MOVE_SLOTS],
            len: 0,
        }
    }
    /// Empties the list.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }
    /// Appends a move (the generator never exceeds [`MAX_MOVES`]).
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        self.moves[self.len] = m;
        self.len += 1;
    }
    /// Number of moves.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether there are no moves.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The moves as a slice, in generation order.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn largest_code_fits_pico8_integers() {
        let g = Geometry::new(11).unwrap();
        let m = Move::new(Square(168), Square(168));
        assert_eq!(m.code(g), 28_560); // 168 * 169 + 168, the contract's bound
        assert_eq!(Move::from_code(28_560, g), Some(m));
        assert_eq!(Move::from_code(-1, g), None);
        assert_eq!(Move::from_code(i16::MAX, g), None);
    }
}
