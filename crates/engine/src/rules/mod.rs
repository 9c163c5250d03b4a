//! Rulesets as data: the TOML file format ([`RulesFile`]), the built-in presets and the validated,
//! table-compiled [`Rules`] that the board, move generator and capture code read.

mod engine;
mod error;
mod escaped;
mod file;
mod kinds;
pub mod otr;
mod presets;

use std::path::Path;

pub use error::RulesError;
pub use file::{
    check_level_nodes, AiFile, CornersFile, Escape, FirstSide, KingCapture, RepetitionFile,
    RepetitionResult, RulesFile, ThroneFile, MAX_LEVEL_NODES,
};
pub use kinds::{Kind, KindSet};
pub use presets::{preset_of, preset_source, PRESETS};

use crate::bitboard::{Bits, Layout};
use crate::config::SearchConfig;
use crate::notation::parse_position_string;
use crate::piece::{Side, ATTACKER, DEFENDER, KING};
use crate::square::{Geometry, Square, CELLS, MAX_AREA};
use crate::zobrist::Zobrist;

/// Square flag: the throne.
pub const FLAG_THRONE: u8 = 1;
/// Square flag: a special corner.
pub const FLAG_CORNER: u8 = 2;
/// Square flag: an on-board edge square.
pub const FLAG_EDGE: u8 = 4;
/// Square flag: the king wins by reaching this square.
pub const FLAG_ESCAPE: u8 = 8;
/// Square flag: the king has escaped from here: it wins next move whatever the attackers do
/// (derived from the rules, see `rules/escaped.rs`; Copenhagen's edge squares beside a corner).
pub const FLAG_ESCAPED: u8 = 16;
/// Square flag: the king's routes end here: an escape square the king may stop on, or an
/// escaped square ([`FLAG_ESCAPED`]). The search and the evaluation read this, the game's end
/// only [`FLAG_ESCAPE`].
pub const FLAG_KING_TARGET: u8 = 32;

/// A validated ruleset, with the per-square tables the hot paths use.
#[derive(Clone, Debug)]
pub struct Rules {
    file: RulesFile,
    geometry: Geometry,
    start: [u8; MAX_AREA],
    throne: Option<Square>,
    flags: [u8; CELLS],
    stop: [KindSet; CELLS],
    pass: [KindSet; CELLS],
    hostile_empty: [KindSet; CELLS],
    hostile_occupied: [KindSet; CELLS],
    zobrist: Zobrist,
    layout: Layout,
    /// `hostile_empty` and `hostile_occupied` as board bitsets, per cell code (1..=3).
    hostile_bits: [[Bits; 4]; 2],
    /// `stop` and `pass` as board bitsets, per cell code (1..=3).
    move_bits: [[Bits; 4]; 2],
    /// The squares flagged [`FLAG_KING_TARGET`], as a board bitset.
    king_target_bits: Bits,
}

impl Rules {
    /// The built-in preset called `name` (see [`PRESETS`]).
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        let src = preset_source(name).ok_or_else(|| RulesError::UnknownPreset {
            name: name.to_string(),
            known: PRESETS.join(", "),
        })?;
        Rules::from_toml(src, &format!("<preset {name}>"))
    }

    /// The default preset (`ziege`).
    pub fn default_preset() -> Rules {
        // The embedded presets are validated by the crate's tests, so this cannot fail at run time.
        Rules::preset("ziege").unwrap_or_else(|e| unreachable!("embedded preset is invalid: {e}"))
    }

    /// Reads and validates a rules file.
    pub fn from_file(path: &Path) -> Result<Rules, RulesError> {
        let text = std::fs::read_to_string(path).map_err(|e| RulesError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
        Rules::from_toml(&text, &path.display().to_string())
    }

    /// Parses and validates TOML text; `source` names it in errors (a path or `<preset x>`).
    pub fn from_toml(text: &str, source: &str) -> Result<Rules, RulesError> {
        let file: RulesFile = toml::from_str(text).map_err(|e| {
            let (line, col) = e
                .span()
                .map(|s| error::line_col(text, s.start))
                .unwrap_or((1, 1));
            RulesError::Parse {
                origin: source.to_string(),
                line,
                col,
                message: e.message().trim().to_string(),
            }
        })?;
        Rules::from_file_struct(file).map_err(|(field, problem)| {
            let line = error::locate_field(text, field);
            RulesError::Invalid {
                origin: source.to_string(),
                line,
                field: field.to_string(),
                problem,
            }
        })
    }

    /// Validates a parsed file. Errors name the field and the problem.
    pub fn from_rules_file(file: RulesFile) -> Result<Rules, RulesError> {
        Rules::from_file_struct(file).map_err(|(field, problem)| RulesError::Invalid {
            origin: "<rules>".to_string(),
            line: None,
            field: field.to_string(),
            problem,
        })
    }

    fn from_file_struct(file: RulesFile) -> Result<Rules, (&'static str, String)> {
        if file.name.trim().is_empty() {
            return Err(("name", "must not be empty".into()));
        }
        let geometry = Geometry::new(file.size).ok_or((
            "size",
            format!("{} is out of range: use a size from 5 to 11", file.size),
        ))?;
        let start =
            parse_position_string(geometry, &file.start).map_err(|e| ("start", e.to_string()))?;
        let kings = start.iter().filter(|&&c| c == KING).count();
        if kings != 1 {
            return Err((
                "start",
                format!("has {kings} kings (`K`): a starting layout needs exactly one"),
            ));
        }
        // A king alone is a finished game (every attacker captured), not a start: the attackers
        // could never move. The defenders need no piece besides their king.
        if !start.contains(&ATTACKER) {
            return Err((
                "start",
                "has no attacker (`t`): the game would be over before it began; a starting \
                 layout needs the king and at least one attacker"
                    .into(),
            ));
        }
        let throne = if file.throne.enabled {
            Some(geometry.centre().ok_or((
                "throne.enabled",
                format!(
                    "a {0}x{0} board has no centre square: set `enabled = false` or use an odd size",
                    file.size
                ),
            ))?)
        } else {
            None
        };
        if file.escape == Escape::Corners {
            if !file.corners.special {
                return Err((
                    "escape",
                    "`corners` escape needs special corners: set `corners.special = true`".into(),
                ));
            }
            if !file.corners.stop.contains(&Kind::King) {
                return Err((
                    "corners.stop",
                    "the king escapes to the corners, so `stop` must list \"king\"".into(),
                ));
            }
        }
        if file.king_capture == KingCapture::ByFourNearThrone && throne.is_none() {
            return Err((
                "king_capture",
                "`by-four-near-throne` needs a throne: set `throne.enabled = true`".into(),
            ));
        }
        if file.linnaean_capture && throne.is_none() {
            return Err((
                "linnaean_capture",
                "needs a throne: set `throne.enabled = true`".into(),
            ));
        }
        if file.exit_fort && file.escape != Escape::Corners {
            return Err((
                "exit_fort",
                "an exit fort is a way to win at the edge: it needs `escape = \"corners\"`".into(),
            ));
        }
        if file.repetition.result != RepetitionResult::Ignored
            && !(2..=10).contains(&file.repetition.count)
        {
            return Err((
                "repetition.count",
                format!(
                    "{} is out of range: use 2 to 10 occurrences",
                    file.repetition.count
                ),
            ));
        }
        if file.move_limit > i16::MAX as u16 {
            return Err((
                "move_limit",
                format!(
                    "{} exceeds PICO-8's integer range: use at most 32767",
                    file.move_limit
                ),
            ));
        }
        let corner_lists_empty = file.corners.hostile.is_empty()
            && file.corners.pass.is_empty()
            && file.corners.stop.is_empty();
        if !file.corners.special && !corner_lists_empty {
            return Err((
                "corners",
                "ordinary corners (`special = false`) take no `hostile`/`pass`/`stop` lists".into(),
            ));
        }
        let throne_lists_empty = file.throne.hostile_when_empty.is_empty()
            && file.throne.hostile_when_occupied.is_empty()
            && file.throne.pass.is_empty()
            && file.throne.stop.is_empty();
        if !file.throne.enabled && !throne_lists_empty {
            return Err((
                "throne",
                "a disabled throne takes no `hostile_*`/`pass`/`stop` lists".into(),
            ));
        }

        let mut flags = [0u8; CELLS];
        let mut stop = [KindSet::NONE; CELLS];
        let mut pass = [KindSet::NONE; CELLS];
        let mut hostile_empty = [KindSet::NONE; CELLS];
        let mut hostile_occupied = [KindSet::NONE; CELLS];
        for sq in geometry.squares() {
            let i = sq.index();
            stop[i] = KindSet::ALL;
            pass[i] = KindSet::ALL;
            if geometry.is_edge(sq) {
                flags[i] |= FLAG_EDGE;
                if file.escape == Escape::Edge {
                    flags[i] |= FLAG_ESCAPE;
                }
            }
            if file.corners.special && geometry.is_corner(sq) {
                flags[i] |= FLAG_CORNER;
                stop[i] = KindSet::of(&file.corners.stop);
                pass[i] = KindSet::of(&file.corners.pass);
                hostile_empty[i] = KindSet::of(&file.corners.hostile);
                if file.escape == Escape::Corners {
                    flags[i] |= FLAG_ESCAPE;
                }
            }
            if Some(sq) == throne {
                flags[i] |= FLAG_THRONE;
                stop[i] = KindSet::of(&file.throne.stop);
                pass[i] = KindSet::of(&file.throne.pass);
                hostile_empty[i] = KindSet::of(&file.throne.hostile_when_empty);
                hostile_occupied[i] = KindSet::of(&file.throne.hostile_when_occupied);
            }
        }
        let escaped = escaped::escaped_squares(&escaped::Tables {
            geometry,
            flags: &flags,
            stop: &stop,
            hostile_empty: &hostile_empty,
            hostile_occupied: &hostile_occupied,
            king_capture: file.king_capture,
            throne,
            move_limit: file.move_limit,
        });
        for s in escaped {
            flags[s] |= FLAG_ESCAPED;
        }
        for sq in geometry.squares() {
            let i = sq.index();
            if flags[i] & FLAG_ESCAPED != 0 || flags[i] & FLAG_ESCAPE != 0 && stop[i].contains(KING)
            {
                flags[i] |= FLAG_KING_TARGET;
            }
        }
        let zobrist = Zobrist::new(geometry);
        if let Some(spec) = &file.ai.engine {
            SearchConfig::parse_engine(spec).map_err(|e| ("ai.engine", e.to_string()))?;
        }
        if let Some(spec) = &file.ai.best {
            SearchConfig::parse(spec).map_err(|e| ("ai.best", e.to_string()))?;
        }
        if let Some(nodes) = &file.ai.level_nodes {
            check_level_nodes(nodes).map_err(|e| ("ai.level_nodes", e))?;
        }
        let layout = Layout::new(geometry);
        let mut hostile_bits = [[0; 4]; 2];
        let mut move_bits = [[0; 4]; 2];
        let mut king_target_bits = 0;
        for sq in geometry.squares() {
            let (i, bit) = (sq.index(), layout.bit(sq.index()));
            if flags[i] & FLAG_KING_TARGET != 0 {
                king_target_bits |= bit;
            }
            for code in [ATTACKER, DEFENDER, KING] {
                if stop[i].contains(code) {
                    move_bits[0][code as usize] |= bit;
                }
                if pass[i].contains(code) {
                    move_bits[1][code as usize] |= bit;
                }
                if hostile_empty[i].contains(code) {
                    hostile_bits[0][code as usize] |= bit;
                }
                if hostile_occupied[i].contains(code) {
                    hostile_bits[1][code as usize] |= bit;
                }
            }
        }
        Ok(Rules {
            file,
            geometry,
            start,
            throne,
            flags,
            stop,
            pass,
            hostile_empty,
            hostile_occupied,
            zobrist,
            layout,
            hostile_bits,
            move_bits,
            king_target_bits,
        })
    }

    /// The file this ruleset was validated from (for printing or editing).
    pub fn file(&self) -> &RulesFile {
        &self.file
    }
    /// The spec of the engine this variant's cart and difficulty levels play: the file's
    /// `[ai] engine`, or `full` (see [`SearchConfig::of_rules`]).
    pub fn engine_spec(&self) -> &str {
        self.file.ai.engine.as_deref().unwrap_or("full")
    }
    /// The spec of the strongest engine measured for this variant, for the Rust engine alone:
    /// the file's `[ai] best`, or [`Rules::engine_spec`].
    pub fn best_spec(&self) -> &str {
        self.file.ai.best.as_deref().unwrap_or(self.engine_spec())
    }
    /// The variant's name.
    pub fn name(&self) -> &str {
        &self.file.name
    }
    /// Board geometry.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }
    /// The starting cells (ring cells are `OFF`), indexed by square.
    pub fn start_cells(&self) -> &[u8; MAX_AREA] {
        &self.start
    }
    /// Who moves first.
    pub fn first_side(&self) -> Side {
        match self.file.first {
            FirstSide::Attackers => Side::Attackers,
            FirstSide::Defenders => Side::Defenders,
        }
    }
    /// Where the king escapes.
    pub fn escape(&self) -> Escape {
        self.file.escape
    }
    /// Whether the king captures and helps capture.
    pub fn king_armed(&self) -> bool {
        self.file.king_armed
    }
    /// How the king is captured.
    pub fn king_capture(&self) -> KingCapture {
        self.file.king_capture
    }
    /// The throne square, if the throne is special.
    pub fn throne(&self) -> Option<Square> {
        self.throne
    }
    /// Repetition result and count.
    pub fn repetition(&self) -> (RepetitionResult, u8) {
        (self.file.repetition.result, self.file.repetition.count)
    }
    /// Plies after which the game is drawn (0 = none).
    pub fn move_limit(&self) -> u16 {
        self.file.move_limit
    }
    /// Whether surrounding every defender wins for the attackers.
    pub fn surround_win(&self) -> bool {
        self.file.surround_win
    }
    /// Whether shieldwall captures apply.
    pub fn shieldwall(&self) -> bool {
        self.file.shieldwall
    }
    /// Whether the exit-fort win applies.
    pub fn exit_fort(&self) -> bool {
        self.file.exit_fort
    }
    /// Whether Linnaeus' capture against the occupied throne applies.
    pub fn linnaean_capture(&self) -> bool {
        self.file.linnaean_capture
    }
    /// Square flags (`FLAG_*`) per square.
    pub fn flags(&self) -> &[u8; MAX_AREA] {
        first(&self.flags)
    }
    /// Kinds that may end a move on each square.
    pub fn stop_table(&self) -> &[KindSet; MAX_AREA] {
        first(&self.stop)
    }
    /// Kinds that may move across each (empty) square.
    pub fn pass_table(&self) -> &[KindSet; MAX_AREA] {
        first(&self.pass)
    }
    /// Kinds each square is hostile to while empty.
    pub fn hostile_empty_table(&self) -> &[KindSet; MAX_AREA] {
        first(&self.hostile_empty)
    }
    /// Kinds each square is hostile to while occupied.
    pub fn hostile_occupied_table(&self) -> &[KindSet; MAX_AREA] {
        first(&self.hostile_occupied)
    }
    /// The flags over all [`CELLS`] indices (hot paths: no bounds checks with `u8` indices).
    /// The board's bit layout (see [`crate::bitboard`]).
    pub(crate) fn layout(&self) -> &Layout {
        &self.layout
    }
    pub(crate) fn flags_full(&self) -> &[u8; CELLS] {
        &self.flags
    }
    pub(crate) fn stop_full(&self) -> &[KindSet; CELLS] {
        &self.stop
    }
    pub(crate) fn pass_full(&self) -> &[KindSet; CELLS] {
        &self.pass
    }
    pub(crate) fn hostile_empty_full(&self) -> &[KindSet; CELLS] {
        &self.hostile_empty
    }
    pub(crate) fn hostile_occupied_full(&self) -> &[KindSet; CELLS] {
        &self.hostile_occupied
    }
    /// The squares hostile to a piece of code `victim` (1..=3) while empty
    /// ([`Rules::hostile_empty_table`]) as a board bitset.
    pub(crate) fn hostile_empty_bits(&self, victim: u8) -> Bits {
        self.hostile_bits[0][victim as usize & 3]
    }
    /// The squares hostile to a piece of code `victim` while occupied, as a board bitset.
    pub(crate) fn hostile_occupied_bits(&self, victim: u8) -> Bits {
        self.hostile_bits[1][victim as usize & 3]
    }
    /// The squares a piece of code `kind` (1..=3) may end a move on ([`Rules::stop_table`]),
    /// as a board bitset.
    pub(crate) fn stop_bits(&self, kind: u8) -> Bits {
        self.move_bits[0][kind as usize & 3]
    }
    /// The (empty) squares a piece of code `kind` may move across ([`Rules::pass_table`]), as a
    /// board bitset.
    pub(crate) fn pass_bits(&self, kind: u8) -> Bits {
        self.move_bits[1][kind as usize & 3]
    }
    /// The squares flagged [`FLAG_KING_TARGET`] (the ends of the king's routes), as a board
    /// bitset.
    pub(crate) fn king_target_bits(&self) -> Bits {
        self.king_target_bits
    }
    /// The zobrist keys for this board size.
    pub fn zobrist(&self) -> &Zobrist {
        &self.zobrist
    }
}

/// The first `MAX_AREA` entries of a `CELLS`-long table (the public view).
fn first<T>(table: &[T; CELLS]) -> &[T; MAX_AREA] {
    table
        .first_chunk::<MAX_AREA>()
        .unwrap_or_else(|| unreachable!("CELLS >= MAX_AREA"))
}

#[cfg(test)]
mod tests;
