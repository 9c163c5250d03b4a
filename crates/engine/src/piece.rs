//! Cell codes and sides, exactly as the contract fixes them (they are also the Lua's numbers).

/// An empty on-board square.
pub const EMPTY: u8 = 0;
/// An attacker (a "taflman" of the besieging side).
pub const ATTACKER: u8 = 1;
/// A defender soldier.
pub const DEFENDER: u8 = 2;
/// The king (belongs to the defenders).
pub const KING: u8 = 3;
/// A square of the padding ring: off the board.
pub const OFF: u8 = 4;

/// One of the two sides. The numeric values are the contract's (`ATTACKERS = 1`, `DEFENDERS = 2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The besieging side (cell code 1).
    Attackers = 1,
    /// The king's side (cell codes 2 and 3).
    Defenders = 2,
}

impl Side {
    /// The other side.
    pub const fn opponent(self) -> Side {
        match self {
            Side::Attackers => Side::Defenders,
            Side::Defenders => Side::Attackers,
        }
    }

    /// The contract's number for this side (1 or 2).
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The side a piece code (1..=3) belongs to: `min(p, 2)`; `None` for empty or off-board.
    pub const fn of_piece(p: u8) -> Option<Side> {
        match p {
            ATTACKER => Some(Side::Attackers),
            DEFENDER | KING => Some(Side::Defenders),
            _ => None,
        }
    }

    /// Lower-case name, as used in rules files and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Attackers => "attackers",
            Side::Defenders => "defenders",
        }
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Side {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "attackers" | "a" | "black" => Ok(Side::Attackers),
            "defenders" | "d" | "white" => Ok(Side::Defenders),
            _ => Err(format!(
                "unknown side `{s}`: use `attackers` or `defenders`"
            )),
        }
    }
}

/// Bit of a piece kind (1..=3) in the small kind sets the rule tables use (`1 << kind`).
pub const fn kind_bit(kind: u8) -> u8 {
    1 << kind
}
