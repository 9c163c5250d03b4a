//! Helpers shared by the crate's unit tests.

use std::sync::Arc;

use crate::bitboard::Bits;
use crate::moves::MoveList;
use crate::piece::{Side, ATTACKER, DEFENDER, EMPTY, KING, OFF};
use crate::position::{Position, Status};
use crate::rng::Xorshift32;
use crate::rules::{Rules, FLAG_CORNER, FLAG_THRONE, PRESETS};
use crate::square::MAX_AREA;

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

/// A sparse random position under `rules` with `side` to move: a king, 2-4 attackers and 0-2
/// defenders on random squares (no corner, no throne), drawn from `rng` (`x % n` on each draw);
/// `None` when the draw is no legal position or one whose game has ended.
pub(crate) fn sparse_position(
    rules: &Arc<Rules>,
    side: Side,
    rng: &mut Xorshift32,
) -> Option<Position> {
    let mut rnd = |n: u32| rng.next_u32() % n;
    let g = rules.geometry();
    let mut cells = [OFF; MAX_AREA];
    let free: Vec<usize> = g
        .squares()
        .map(|s| s.index())
        .filter(|&s| rules.flags()[s] & (FLAG_CORNER | FLAG_THRONE) == 0)
        .collect();
    for s in g.squares() {
        cells[s.index()] = EMPTY;
    }
    let attackers = 2 + rnd(3);
    let defenders = rnd(3);
    let pieces = std::iter::once(KING)
        .chain(std::iter::repeat_n(ATTACKER, attackers as usize))
        .chain(std::iter::repeat_n(DEFENDER, defenders as usize));
    for c in pieces {
        loop {
            let s = free[rnd(free.len() as u32) as usize];
            if cells[s] == EMPTY {
                cells[s] = c;
                break;
            }
        }
    }
    let pos = Position::from_cells(rules.clone(), cells, side).ok()?;
    (pos.status() == Status::Ongoing).then_some(pos)
}

/// A plain minimax (every move, no escape shortcuts): whether the defenders, to move, win
/// within `plies` (game-ending moves only; repetition is ignored, so use rules that draw it).
/// The checker of the king race's and the quiet race's proofs.
pub(crate) fn defenders_win_within(pos: &mut Position, plies: u8) -> bool {
    if plies == 0 {
        return false;
    }
    let mut list = MoveList::new();
    pos.gen_moves(&mut list);
    // The king's moves first: most wins start with one (the order changes the time, not the
    // answer).
    let king = pos.king_square();
    let mut moves: Vec<_> = list.iter().copied().collect();
    moves.sort_by_key(|m| m.from != king);
    for m in moves {
        let undo = pos.make(m);
        let won = match pos.status() {
            Status::Ongoing => {
                let mut replies = MoveList::new();
                pos.gen_moves(&mut replies);
                // The attackers to move: the defenders win if they have no move, or if every
                // move they have loses.
                replies.iter().all(|&r| {
                    let u = pos.make(r);
                    let ok = pos.status() == Status::Ongoing
                        && defenders_win_within(pos, plies.saturating_sub(2));
                    pos.unmake(&u);
                    ok
                })
            }
            _ => true,
        };
        pos.unmake(&undo);
        if won {
            return true;
        }
    }
    false
}

/// A preset's rules with one passage of its TOML source replaced (`from` must occur).
pub(crate) fn preset_source_edit(preset: &str, from: &str, to: &str) -> Rules {
    let src = crate::rules::preset_source(preset).unwrap();
    assert!(src.contains(from), "{preset} has no `{from}`");
    Rules::from_toml(&src.replacen(from, to, 1), "test.toml").unwrap()
}

/// OpenTafl's Copenhagen rules string (`tfr:w`: the player who moves into a repetition loses).
pub(crate) const OPENTAFL_COPENHAGEN: &str = "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y \
    start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";

/// Round 4 of docs/strength/games/opentafl-potential-copenhagen.otg before the defenders' 14th
/// move: the king and an attacker have shuttled (Kk9-j9, k10-j10, Kj9-k9, j10-k10, ...) so
/// that the attackers' k10-j10 brought a position back a second time, and Kj9-k9 would stand
/// the king on k9 beside an empty k10 a third time, a loss for the defenders.
pub(crate) fn shuttle_game() -> (Arc<Rules>, Position) {
    let rules = Arc::new(Rules::from_otr(OPENTAFL_COPENHAGEN).unwrap());
    let mut pos = Position::start(rules.clone());
    crate::record::play_move_list(
        &mut pos,
        "d1-c1 h6-h2 h11-h3xh2 g7-h7 f10-j10 g6-g10 j6-i6 Kf6-g6 d11-d9 Kg6-g9 i6-i9 g5-i5 \
         g1-g3 Kg9-h9 b6-b10 i5-i6 f2-j2 i6-j6 i9-i6xj6 Kh9-k9 j10-k10 Kk9-j9 k10-j10 Kj9-k9 \
         j10-k10 Kk9-j9 k10-j10",
    )
    .unwrap();
    (rules, pos)
}
