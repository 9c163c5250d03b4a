//! The search tree of the last iteration, to a few plies, for `tafl8 analyze --tree N`.

use crate::moves::Move;
use crate::score::Score;

/// One move searched: where, with which window, what it scored and whether it cut off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceNode {
    /// Ply of the node the move was made from (0 = root).
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// Window `(alpha, beta)` at the parent when the move was tried (the parent's view).
    pub alpha: Score,
    /// Upper bound of the window.
    pub beta: Score,
    /// The move's score from the parent's point of view.
    pub score: Score,
    /// Whether this move caused a beta cutoff (its later siblings were not searched).
    pub cutoff: bool,
}
