//! The transposition table: a small fixed-size array indexed by the low bits of the zobrist hash,
//! always-replace (simple for the cart: one array slot per index, no buckets, no ageing).

use crate::moves::Move;

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[repr(u8)]
pub enum Bound {
    /// Empty slot.
    #[default]
    None = 0,
    /// The exact score.
    Exact = 1,
    /// A lower bound (the search failed high: score >= beta).
    Lower = 2,
    /// An upper bound (failed low: score <= alpha).
    Upper = 3,
}

/// One slot: the full hash (to reject index collisions), the best move, the score (win scores
/// relative to the node, see `Score::to_tt`), the remaining depth and the bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Entry {
    /// The full 32-bit hash of the position.
    pub key: i32,
    /// Best (or refutation) move, if any.
    pub mv: Option<Move>,
    /// Score (TT form).
    pub score: i16,
    /// Remaining depth the score was searched to.
    pub depth: i8,
    /// Bound type.
    pub bound: Bound,
}

/// The table.
#[derive(Clone, Debug)]
pub struct Tt {
    slots: Vec<Entry>,
    mask: usize,
}

impl Tt {
    /// A table of `2^bits` empty slots.
    pub fn new(bits: u8) -> Tt {
        let n = 1usize << bits.min(24);
        Tt {
            slots: vec![Entry::default(); n],
            mask: n - 1,
        }
    }

    /// Empties every slot (each search starts clean, so results never depend on earlier ones).
    pub fn clear(&mut self) {
        self.slots.fill(Entry::default());
    }

    /// The slot of `key`, when it holds that position.
    #[inline]
    pub fn probe(&self, key: i32) -> Option<&Entry> {
        let e = &self.slots[key as u32 as usize & self.mask];
        (e.bound != Bound::None && e.key == key).then_some(e)
    }

    /// Stores `e` in its slot, replacing whatever was there.
    #[inline]
    pub fn store(&mut self, e: Entry) {
        let i = e.key as u32 as usize & self.mask;
        self.slots[i] = e;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_and_collision() {
        let mut t = Tt::new(4);
        let e = Entry {
            key: 0x1234_5673,
            mv: None,
            score: 7,
            depth: 3,
            bound: Bound::Exact,
        };
        t.store(e);
        assert_eq!(t.probe(0x1234_5673), Some(&e));
        // Same low 4 bits (3), different key: a miss, not a wrong hit.
        assert_eq!(t.probe(0x0000_0003), None);
        t.store(Entry { key: 3, ..e });
        assert_eq!(t.probe(0x1234_5673), None);
        t.clear();
        assert_eq!(t.probe(3), None);
    }
}
