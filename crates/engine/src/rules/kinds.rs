//! Small sets of piece kinds (attacker soldier, defender soldier, king), as rules files spell them.

use serde::{Deserialize, Serialize};

use crate::piece::{kind_bit, ATTACKER, DEFENDER, KING};

/// One piece kind, as written in rules files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Attacker soldiers (cell code 1).
    Attackers,
    /// Defender soldiers, the king excluded (cell code 2).
    Defenders,
    /// The king (cell code 3).
    King,
}

impl Kind {
    /// The cell code of this kind.
    pub const fn code(self) -> u8 {
        match self {
            Kind::Attackers => ATTACKER,
            Kind::Defenders => DEFENDER,
            Kind::King => KING,
        }
    }
}

/// A set of piece kinds as a bit mask (`1 << code`), the form the hot paths test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct KindSet(pub u8);

impl KindSet {
    /// No kind.
    pub const NONE: KindSet = KindSet(0);
    /// Every kind.
    pub const ALL: KindSet = KindSet(kind_bit(ATTACKER) | kind_bit(DEFENDER) | kind_bit(KING));

    /// The set of the kinds listed.
    pub fn of(kinds: &[Kind]) -> KindSet {
        KindSet(kinds.iter().fold(0, |m, k| m | kind_bit(k.code())))
    }

    /// Whether the piece with cell code `code` (1..=3) is in the set.
    pub const fn contains(self, code: u8) -> bool {
        code < 8 && self.0 & (1 << code) != 0
    }
}
