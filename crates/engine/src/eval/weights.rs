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
    /// Corner seal (corner-escape boards): points for the attackers per sealed entry square of a
    /// corner (the two squares beside it; see `EvalConfig::corners`).
    pub corner_entry: i16,
    /// Corner seal: extra points for the attackers when both entries of a corner are sealed.
    pub corner_sealed: i16,
    /// Corner triangles (see `EvalConfig::triangles`): points for the attackers per unit (1, 3
    /// or 9 units for one, two or three attackers on a corner's barricade).
    pub triangle: i16,
    /// Points for the defenders per square the king can move to.
    pub king_moves: i16,
    /// King's region (see `EvalConfig::region`): points for the defenders per escape square
    /// in the king's region.
    pub region_escape: i16,
    /// King's region: points for the attackers when it holds no escape square (the king is
    /// walled in).
    pub region_closed: i16,
    /// King's region: points for the defenders per 8 squares of it.
    pub region_size: i16,
    /// Enclosure (see `EvalConfig::enclosure`): points for the attackers when the king cannot
    /// reach the edge through squares at least 0, 1, 2 steps from every attacker (the
    /// attackers' wall closed, closed but for one-square gaps, for two-square gaps).
    pub enclosed_king: [i16; 3],
    /// Enclosure: points for the attackers per defender that cannot reach the edge (level 0).
    pub enclosed_defender: i16,
    /// Tropism (see `EvalConfig::tropism`): points for the attackers per attacker and step of
    /// closeness to the king (`4 - distance` for attackers within 3 orthogonal steps).
    pub tropism: i16,
    /// Escape threats (see `EvalConfig::threats`): points for the defenders per square the
    /// king can move to from which it would reach an escape square in one more move.
    pub threat: i16,
    /// Escape potential (see `EvalConfig::potential`): points for the defenders by the king's
    /// distance to an escape square with only the attackers in the way, 1 to 6 moves.
    pub potential: [i16; 6],
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
    corner_entry: 60,
    corner_sealed: 100,
    triangle: 30,
    king_moves: 8,
    region_escape: 100,
    region_closed: 600,
    region_size: 0,
    enclosed_king: [400, 200, 100],
    enclosed_defender: 40,
    tropism: 6,
    threat: 120,
    potential: [300, 150, 80, 40, 20, 10],
};

/// The weight names [`Weights::set`] knows (`escape_distance` and `king_reach` take a 1-based
/// index: `escape_distance2`).
pub const WEIGHT_NAMES: [&str; 33] = [
    "attacker",
    "defender",
    "king_reach1",
    "king_reach2",
    "king_reach3",
    "attacker_share",
    "defender_share",
    "escape_distance1",
    "escape_distance2",
    "escape_distance3",
    "escape_routes",
    "king_guard",
    "mobility",
    "defended",
    "corner_entry",
    "corner_sealed",
    "triangle",
    "king_moves",
    "region_escape",
    "region_closed",
    "region_size",
    "enclosed_king1",
    "enclosed_king2",
    "enclosed_king3",
    "enclosed_defender",
    "tropism",
    "threat",
    "potential1",
    "potential2",
    "potential3",
    "potential4",
    "potential5",
    "potential6",
];

impl Weights {
    /// Sets weight `name` (one of [`WEIGHT_NAMES`]) to `value`; `false` if there
    /// is no such weight.
    pub fn set(&mut self, name: &str, value: i16) -> bool {
        let w = match name {
            "attacker" => &mut self.attacker,
            "defender" => &mut self.defender,
            "king_reach1" => &mut self.king_reach[0],
            "king_reach2" => &mut self.king_reach[1],
            "king_reach3" => &mut self.king_reach[2],
            "attacker_share" => &mut self.attacker_share,
            "defender_share" => &mut self.defender_share,
            "escape_distance1" => &mut self.escape_distance[0],
            "escape_distance2" => &mut self.escape_distance[1],
            "escape_distance3" => &mut self.escape_distance[2],
            "escape_routes" => &mut self.escape_routes,
            "king_guard" => &mut self.king_guard,
            "mobility" => &mut self.mobility,
            "defended" => &mut self.defended,
            "corner_entry" => &mut self.corner_entry,
            "corner_sealed" => &mut self.corner_sealed,
            "triangle" => &mut self.triangle,
            "king_moves" => &mut self.king_moves,
            "region_escape" => &mut self.region_escape,
            "region_closed" => &mut self.region_closed,
            "region_size" => &mut self.region_size,
            "enclosed_king1" => &mut self.enclosed_king[0],
            "enclosed_king2" => &mut self.enclosed_king[1],
            "enclosed_king3" => &mut self.enclosed_king[2],
            "enclosed_defender" => &mut self.enclosed_defender,
            "tropism" => &mut self.tropism,
            "threat" => &mut self.threat,
            "potential1" => &mut self.potential[0],
            "potential2" => &mut self.potential[1],
            "potential3" => &mut self.potential[2],
            "potential4" => &mut self.potential[3],
            "potential5" => &mut self.potential[4],
            "potential6" => &mut self.potential[5],
            _ => return false,
        };
        *w = value;
        true
    }
}

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
