//! The hashes of the game before the search's root, for the repetition test at every node.

/// The game's hashes, sorted, with a one-bit-per-value filter on their low bits in front: most
/// positions on the search path never occurred in the game, and one bit tells so without a
/// binary search.
#[derive(Clone, Debug)]
pub(super) struct GameHashes {
    sorted: Vec<i32>,
    /// Bit `h & (FILTER_BITS - 1)` is set for each hash `h` of the game.
    filter: [u64; FILTER_BITS / 64],
}

/// The filter's size: a game of a few hundred plies sets a few percent of its bits.
const FILTER_BITS: usize = 4096;

impl GameHashes {
    /// The hashes of `history` (the game's positions before the root).
    pub(super) fn new(history: &[i32]) -> GameHashes {
        let mut sorted = history.to_vec();
        sorted.sort_unstable();
        let mut filter = [0; FILTER_BITS / 64];
        for &h in &sorted {
            let b = h as usize & (FILTER_BITS - 1);
            filter[b / 64] |= 1 << (b % 64);
        }
        GameHashes { sorted, filter }
    }

    /// Whether `h` is one of the game's hashes.
    #[inline]
    pub(super) fn contains(&self, h: i32) -> bool {
        let b = h as usize & (FILTER_BITS - 1);
        self.filter[b / 64] & (1 << (b % 64)) != 0 && self.sorted.binary_search(&h).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Xorshift32;

    #[test]
    fn contains_exactly_the_games_hashes() {
        // Random hashes, and hashes sharing their low bits with the game's (the filter says
        // maybe; the sorted list must say no).
        let mut rng = Xorshift32::new(5);
        let game: Vec<i32> = (0..300).map(|_| rng.next_u32() as i32).collect();
        let g = GameHashes::new(&game);
        assert!(game.iter().all(|&h| g.contains(h)));
        let (mut absent, mut same_low_bits) = (0, 0);
        for i in 0..100_000u32 {
            let h = if i % 2 == 0 {
                rng.next_u32() as i32
            } else {
                game[i as usize % game.len()] ^ (1 << 20)
            };
            let want = game.contains(&h);
            assert_eq!(g.contains(h), want, "{h}");
            absent += !want as u32;
            same_low_bits += (i % 2 == 1 && !want) as u32;
        }
        assert!(
            absent > 90_000 && same_low_bits > 45_000,
            "{absent} {same_low_bits}"
        );
    }
}
