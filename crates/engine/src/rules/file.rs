//! The TOML rules file format: what a user writes. [`super::Rules::from_toml`] validates it.
//!
//! Every field is documented in the preset files under `crates/engine/rules/`.

use serde::{Deserialize, Serialize};

use super::kinds::Kind;

/// Where the king must reach to win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Escape {
    /// Any edge square.
    Edge,
    /// One of the four corner squares.
    Corners,
}

/// How the king is captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KingCapture {
    /// Sandwiched between two hostile squares along a row or column, like a soldier.
    ByTwo,
    /// Hostile squares on all four sides (an empty throne counts when it is hostile to the king).
    ByFour,
    /// By four on the throne or beside it, by two elsewhere (Tablut).
    ByFourNearThrone,
}

/// What a repeated position means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RepetitionResult {
    /// Repetition has no consequence.
    Ignored,
    /// The game is drawn.
    Draw,
    /// The attackers lose.
    AttackersLose,
    /// The defenders lose.
    DefendersLose,
    /// The player whose move makes the position occur `count` times loses (OpenTafl's
    /// `tfr:w`, its built-in Copenhagen's rule: the side to move in the repeated position wins).
    MoverLoses,
    /// The player whose move makes the position occur `count` times wins (OpenTafl's `tfr:l`).
    MoverWins,
}

impl RepetitionResult {
    /// Who loses when a position repeats with `to_move` to move (the other side made the
    /// repeating move); `None` when nobody does (a draw, or repetition ignored).
    pub fn loser(self, to_move: crate::piece::Side) -> Option<crate::piece::Side> {
        match self {
            RepetitionResult::AttackersLose => Some(crate::piece::Side::Attackers),
            RepetitionResult::DefendersLose => Some(crate::piece::Side::Defenders),
            RepetitionResult::MoverLoses => Some(to_move.opponent()),
            RepetitionResult::MoverWins => Some(to_move),
            RepetitionResult::Ignored | RepetitionResult::Draw => None,
        }
    }
}

/// Which side moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FirstSide {
    /// The attackers move first.
    Attackers,
    /// The defenders move first.
    Defenders,
}

/// `[throne]`: the centre square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThroneFile {
    /// Whether the centre square is special at all (needs an odd board size).
    pub enabled: bool,
    /// Kinds the throne is hostile to while empty.
    #[serde(default)]
    pub hostile_when_empty: Vec<Kind>,
    /// Kinds the throne is hostile to while occupied (whoever stands on it).
    #[serde(default)]
    pub hostile_when_occupied: Vec<Kind>,
    /// Kinds that may move across the empty throne.
    #[serde(default)]
    pub pass: Vec<Kind>,
    /// Kinds that may end a move on the throne.
    #[serde(default)]
    pub stop: Vec<Kind>,
}

/// `[corners]`: the four corner squares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CornersFile {
    /// Whether the corners are special squares (if false they are ordinary squares).
    pub special: bool,
    /// Kinds an (empty) corner is hostile to.
    #[serde(default)]
    pub hostile: Vec<Kind>,
    /// Kinds that may move across a corner (moot on a square board, kept for symmetry).
    #[serde(default)]
    pub pass: Vec<Kind>,
    /// Kinds that may end a move on a corner.
    #[serde(default)]
    pub stop: Vec<Kind>,
}

/// `[repetition]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RepetitionFile {
    /// What happens when a position occurs `count` times.
    pub result: RepetitionResult,
    /// Occurrences of the same position (same side to move) that trigger the result.
    #[serde(default = "default_count")]
    pub count: u8,
}

fn default_count() -> u8 {
    3
}

/// `[ai]`: the engine the variant's cart and difficulty levels play.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AiFile {
    /// A search configuration spec (`full,-escape-block,qply=2`, as `tafl8 analyze --config`
    /// takes; its `qply=` is the cart's quiescence depth); `None` means `full`. Not a game rule:
    /// OpenTafl's rules strings do not carry it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// The node budget of each difficulty level, 1 to 5 (increasing): what the cart's CPU
    /// affords on this board, since a node costs more on some boards than on others; `None`
    /// means the defaults (`tafl8_engine::difficulty::LEVELS`). Not a game rule either.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level_nodes: Option<[u64; 5]>,
    /// The strongest configuration measured for this variant when it is more than the cart
    /// affords (switches the templates lack, or that would not fit the cart's tokens): what the
    /// Rust engine plays by default where no cart is involved (`tafl8 otep`, `tafl8 analyze`,
    /// the `best` spec). Rust-only; `None` means `engine`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
}

impl AiFile {
    fn is_default(&self) -> bool {
        self.engine.is_none() && self.level_nodes.is_none() && self.best.is_none()
    }
}

/// A whole rules file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    /// The variant's name.
    pub name: String,
    /// Board size n (squares per side), 5..=11.
    pub size: u8,
    /// Starting layout as an OpenTafl position string (first row = rank 1).
    pub start: String,
    /// Who moves first.
    pub first: FirstSide,
    /// Where the king escapes.
    pub escape: Escape,
    /// Whether the king takes part in captures (as the moving piece or the far side).
    pub king_armed: bool,
    /// How the king is captured.
    pub king_capture: KingCapture,
    /// The centre square.
    pub throne: ThroneFile,
    /// The corner squares.
    pub corners: CornersFile,
    /// Repetition rule.
    pub repetition: RepetitionFile,
    /// Game drawn after this many plies (moves of either side); 0 = no limit.
    #[serde(default)]
    pub move_limit: u16,
    /// Attackers win when no defender (king included) can reach the board edge.
    #[serde(default)]
    pub surround_win: bool,
    /// Copenhagen shieldwall captures along the edges.
    #[serde(default)]
    pub shieldwall: bool,
    /// Copenhagen exit fort: the defenders win with an unbreakable fort around a king on the edge.
    #[serde(default)]
    pub exit_fort: bool,
    /// Linnaeus' capture: a defender beside the occupied throne is captured against it when the
    /// king on the throne is surrounded by attackers on the other three sides.
    #[serde(default)]
    pub linnaean_capture: bool,
    /// The engine the cart and the levels play (`[ai]`; absent: `full`).
    #[serde(default, skip_serializing_if = "AiFile::is_default")]
    pub ai: AiFile,
}

impl RulesFile {
    /// The file as TOML (no comments; `tafl8 rules` prints the presets' commented sources).
    pub fn to_toml(&self) -> String {
        // Plain values and two-level tables always serialise.
        toml::to_string(self).unwrap_or_else(|e| unreachable!("rules file to TOML: {e}"))
    }
}

/// The most nodes a level may search: the cart counts nodes in units of `0x0.0001`, so a budget
/// must stay below 32768 in PICO-8's integers (2^31 raw).
pub const MAX_LEVEL_NODES: u64 = (1 << 31) - 1;

/// Checks a ruleset's `[ai] level_nodes`: each budget at least 1 and at most
/// [`MAX_LEVEL_NODES`], and increasing, so that a higher level never searches less. It lives
/// beside the field so that loading rules does not import the difficulty levels (which import
/// the rules).
pub fn check_level_nodes(nodes: &[u64; 5]) -> Result<(), String> {
    if let Some(&n) = nodes.iter().find(|&&n| n == 0 || n > MAX_LEVEL_NODES) {
        return Err(format!(
            "{n} is not a node budget: each level takes 1 to {MAX_LEVEL_NODES} nodes"
        ));
    }
    if nodes.windows(2).any(|w| w[0] > w[1]) {
        return Err(format!(
            "{nodes:?} decreases: list the budgets of levels 1 to 5 in increasing order"
        ));
    }
    Ok(())
}
