//! [`EvalConfig`]: which evaluation terms are on (each documented here; their weights are in
//! `eval::weights`).

/// Which evaluation terms are on (the cart mirrors the same switches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalConfig {
    /// Piece values.
    pub material: bool,
    /// Piece-square tables.
    pub pst: bool,
    /// King escape distance by BFS on the current board, and open routes.
    pub escape: bool,
    /// Attackers next to the king.
    pub king_guard: bool,
    /// Legal-move difference (costly: generates both sides' moves).
    pub mobility: bool,
    /// Soldiers with a friendly neighbour.
    pub defended: bool,
    /// Corner seals (corner-escape boards only): per corner, each of its two entry squares
    /// (beside it on the edges) is sealed when an attacker stands on it, or on both the square
    /// beyond it along the edge and the square diagonal to the corner (the `a3 b2 c1` line that
    /// keeps the king out of `a1`).
    pub corners: bool,
    /// Corner triangles (corner-escape boards only): per corner, the attackers on its barricade
    /// `a3 b2 c1` (the squares two steps from the corner along each edge and the one diagonal to
    /// it), scored 1, 3, 9 units for one, two, three of them: a whole barricade is worth far more
    /// than its parts, since it alone shuts the corner for good. Not in the cart yet.
    pub triangles: bool,
    /// King mobility: the squares the king can move to.
    pub king_moves: bool,
    /// The king's region: the squares the king could walk to by single orthogonal steps through
    /// squares free of attackers (defenders count as free: they can move away). Points for the
    /// defenders per escape square in it and per 8 squares of it, and for the attackers when it
    /// holds no escape square (the attackers' wall is closed). Not in the cart yet.
    pub region: bool,
    /// Enclosure: the squares free of attackers from which the edge can be reached by single
    /// orthogonal steps through such squares (what the surround rule tests); points for the
    /// attackers when the king is not among them and per defender that is not. Not in the cart
    /// yet.
    pub enclosure: bool,
    /// Balance: the start position's material is subtracted, so a position as even as the start
    /// scores about 0 like a draw does (without it the attackers' larger army makes every
    /// draw look like a gift to the defenders and a disaster to the attackers).
    pub balance: bool,
    /// Even start: the start position's piece-square table value is subtracted as well, so that
    /// with `balance` the start itself scores 0 like a draw does. Tables drawn for the attackers'
    /// ring and the king's routes need not cancel at the start (Tablut's score +860 for the
    /// attackers there), and a side the tables call behind by that much takes a repetition draw
    /// against a weaker opponent.
    pub even: bool,
    /// Tropism: attackers close to the king (within 3 orthogonal steps, the nearer the more),
    /// what a king capture by four needs.
    pub tropism: bool,
    /// Escape threats: the squares the king can move to from which it would reach an escape
    /// square with its next move (the king's square counted empty). Not in the cart yet.
    pub threats: bool,
    /// Escape potential: the king's distance in rook moves to an escape square when only the
    /// attackers stand in the way (the defenders, who can step aside, are ignored): how well the
    /// attackers' structure, not the moment's traffic, keeps the king in. Not in the cart yet.
    pub potential: bool,
}

impl EvalConfig {
    /// Every term that earned its cost in matches (mobility and defended are off: see the note;
    /// `king_moves` and `balance` won matches with the escape-aware quiescence, see
    /// `docs/strength.md`).
    pub const FULL: EvalConfig = EvalConfig {
        material: true,
        pst: true,
        escape: true,
        king_guard: true,
        mobility: false,
        defended: false,
        corners: false,
        triangles: false,
        king_moves: true,
        region: false,
        enclosure: false,
        balance: true,
        even: false,
        tropism: false,
        threats: false,
        potential: false,
    };
    /// The seed-level evaluation: material and piece-square tables only.
    pub const SEED: EvalConfig = EvalConfig {
        material: true,
        pst: true,
        escape: false,
        king_guard: false,
        mobility: false,
        defended: false,
        corners: false,
        triangles: false,
        king_moves: false,
        region: false,
        enclosure: false,
        balance: false,
        even: false,
        tropism: false,
        threats: false,
        potential: false,
    };
}
