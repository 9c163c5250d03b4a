//! Helpers shared by the crate's unit tests.

use std::sync::Arc;

use crate::bitboard::Bits;
use crate::moves::MoveList;
use crate::position::Position;
use crate::rng::Xorshift32;
use crate::rules::{Rules, PRESETS};

/// A position of a [`random_walks`] walk: where it stands and the moves it has.
pub(crate) struct Step<'a> {
    /// The preset walked.
    pub(crate) preset: &'static str,
    /// Its rules.
    pub(crate) rules: &'a Arc<Rules>,
    /// The step's number in the preset's walk (restarts count as steps).
    pub(crate) index: usize,
    /// The position's moves (never empty).
    pub(crate) moves: &'a MoveList,
}

/// Pseudo-random games on every preset, so a test meets many positions (both sides to move,
/// pieces thinning out as captures happen) with a fixed seed: `steps` steps a preset from its
/// start, each showing the position to `visit` and then making one of its moves drawn with
/// xorshift32 from `seed` (afresh for each preset). A step whose game has ended or gone past
/// `max_ply` plies restarts from the start instead. `visit` may make and unmake moves but must
/// leave the position as it found it.
pub(crate) fn random_walks(
    seed: u32,
    steps: usize,
    max_ply: u16,
    mut visit: impl FnMut(&Step<'_>, &mut Position),
) {
    for preset in PRESETS {
        let rules = Arc::new(Rules::preset(preset).unwrap());
        let mut pos = Position::start(rules.clone());
        let mut moves = MoveList::new();
        let mut rng = Xorshift32::new(seed);
        for index in 0..steps {
            pos.gen_moves(&mut moves);
            if moves.is_empty() || pos.ply() > max_ply {
                pos = Position::start(rules.clone());
                continue;
            }
            let step = Step {
                preset,
                rules: &rules,
                index,
                moves: &moves,
            };
            visit(&step, &mut pos);
            let pick = rng.next_u32() as usize % moves.len();
            pos.make(moves.as_slice()[pick]);
        }
    }
}

/// 128 random bits, each set with probability one half: four 32-bit draws side by side, the
/// first the highest.
pub(crate) fn random_bits(rng: &mut Xorshift32) -> Bits {
    (0..4).fold(0, |acc, _| acc << 32 | Bits::from(rng.next_u32()))
}
