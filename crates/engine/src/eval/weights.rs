//! Every evaluation weight, in one place (the cart's templates read them from here).
//!
//! Units are the material scale the PICO-8 tafl this game descends from used: an attacker 300, a
//! defender 280, the king 10000. The king's value is not summed: while the game goes on the king
//! is always on the board (a constant 10000 would only eat PICO-8's range), and its capture is a
//! win score (see `Score`), which is what the 10000 stood for. Every term is bounded so the whole sum fits PICO-8's integers
//! (see `Score::eval`): with at most 24 attackers and 12 defenders the material alone is at most
//! 7200 + 13360, and each positional term is a few hundred at most.

/// The weights of the evaluation terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Value of an attacker soldier.
    pub attacker: i16,
    /// Value of a defender soldier.
    pub defender: i16,
    /// King table from the move graph: points per escape square reachable in 1, 2, 3 rook moves
    /// on the empty board.
    pub king_reach: [i16; 3],
    /// Generated attacker table (boards without a hand-made one): the king table's value of a
    /// square, times this, divided by 16 (attackers want the squares the king wants).
    pub attacker_share: i16,
    /// Generated defender table: the king table times this, divided by 16.
    pub defender_share: i16,
    /// Bonus by the king's escape distance on the current board (rook moves to an escape square
    /// through empty squares): index 1, 2, 3; farther or blocked scores 0.
    pub escape_distance: [i16; 3],
    /// Extra bonus per escape square the king reaches in one move beyond the first (two open
    /// routes cannot both be blocked by one move).
    pub escape_routes: i16,
    /// Penalty per attacker orthogonally next to the king.
    pub king_guard: i16,
    /// Points per legal move difference (defenders minus attackers).
    pub mobility: i16,
    /// Points per soldier with a friendly piece orthogonally next to it.
    pub defended: i16,
}

/// The default weights.
pub const WEIGHTS: Weights = Weights {
    attacker: 300,
    defender: 280,
    king_reach: [24, 6, 2],
    attacker_share: 4,
    defender_share: 2,
    escape_distance: [500, 90, 25],
    escape_routes: 1500,
    king_guard: 45,
    mobility: 3,
    defended: 8,
};

impl Default for Weights {
    fn default() -> Self {
        WEIGHTS
    }
}

/// The hand-made attacker table for `ziege` (rank 1 first, files a..g), from the PICO-8 tafl this
/// game descends from (issue 4 gives it).
pub const ZIEGE_ATTACKERS: [i16; 49] = [
    -30, -10, 0, 30, 0, -10, -30, //
    -10, 20, 30, 20, 30, 20, -10, //
    0, 30, 10, 10, 10, 30, 0, //
    30, 20, 10, 0, 10, 20, 30, //
    0, 30, 10, 10, 10, 30, 0, //
    -10, 20, 30, 20, 30, 20, -10, //
    -30, -10, 0, 30, 0, -10, -30, //
];
