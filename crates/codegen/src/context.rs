//! What the templates are rendered from: the ruleset's parameters and tables, computed by the
//! engine and written as `split"..."` strings or single literals, plus the contract's constants
//! (cell codes, sides, status and end-reason codes), so no number is typed into a template.

use serde::Serialize;
use tafl8_engine::rules::{
    KingCapture, RepetitionResult, FLAG_CORNER, FLAG_EDGE, FLAG_ESCAPE, FLAG_ESCAPED,
    FLAG_KING_TARGET, FLAG_THRONE,
};
use tafl8_engine::zobrist::ZOBRIST_SEED;
use tafl8_engine::{EndReason, Rules, Side, Status, ATTACKER, DEFENDER, EMPTY, KING, OFF};

use crate::tables::{fixed_literal, join, kind_tables, pass_tables, square_flags, square_table};

/// The code `outcome()` in the cart returns for each way a game ends (the winner comes first:
/// 0 = draw, else the side code). Move-local endings use the engine's `Status` codes 1..=4.
pub const fn reason_code(reason: EndReason) -> u8 {
    match reason {
        EndReason::KingCaptured => Status::KingCaptured as u8,
        EndReason::KingEscaped => Status::KingEscaped as u8,
        EndReason::ExitFort => Status::ExitFort as u8,
        EndReason::Surrounded => Status::Surrounded as u8,
        EndReason::NoMoves => 5,
        EndReason::Repetition => 6,
        EndReason::MoveLimit => 7,
    }
}

/// The winner of a game that ended with the move-local `status` (the engine's `outcome()` rule).
const fn status_winner(status: Status) -> u8 {
    match status {
        Status::Ongoing => 0,
        Status::KingCaptured | Status::Surrounded => Side::Attackers.code(),
        Status::KingEscaped | Status::ExitFort => Side::Defenders.code(),
    }
}

/// Repetition settings the Lua needs (absent when repetition is ignored).
#[derive(Debug, Clone, Serialize)]
pub struct RepetitionContext {
    /// Occurrences that end the game.
    pub count: u8,
    /// The winner as a Lua expression: a side code, 0 for a draw, or one computed from `side`
    /// (the side to move in the repeated position) when the rule names the mover.
    pub winner: String,
}

/// The rules half of the template context.
#[derive(Debug, Clone, Serialize)]
#[allow(non_snake_case)] // The contract's constants keep their contract names in the templates.
pub struct RulesContext {
    /// Variant name.
    pub name: String,
    /// Board size n.
    pub size: u8,
    /// Padded width W = n + 2.
    pub width: u8,
    /// Padded area W * W.
    pub area: usize,
    /// First on-board square (a1).
    pub first_square: usize,
    /// Last on-board square (the top-right corner).
    pub last_square: usize,
    /// Directions N, E, S, W as a split string.
    pub dirs: String,
    /// Side of each piece code 1..=3, as a split string.
    pub side_of: String,
    /// Winner of each move-local status 1..=4, as a split string.
    pub status_winner: String,
    /// The start cells (squares 1..AREA) as a split string.
    pub start: String,
    /// Side to move first.
    pub first_side: u8,
    /// Zobrist seed as a 16.16 literal with the same bits.
    pub zobrist_seed: String,
    /// Per kind: may stop on square (None when no square restricts it).
    pub stop: Option<[String; 3]>,
    /// Whether some square of the board is one the king may not stop on (else the escape
    /// term's walks skip the test).
    pub king_stop: bool,
    /// Per kind: may pass over square (None when no square but a corner restricts it: nothing
    /// passes over a corner).
    pub pass: Option<[String; 3]>,
    /// Per kind: empty square hostile to the kind.
    pub hostile_empty: Option<[String; 3]>,
    /// Per kind: occupied square hostile to the kind.
    pub hostile_occupied: Option<[String; 3]>,
    /// Escape squares (0/1).
    pub escape: String,
    /// The squares the king has escaped from (`rules/escaped.rs`), a split list, or `None` when
    /// the ruleset has none: the king's route targets are the escape squares and these.
    pub escaped: Option<String>,
    /// The king's route targets (`FLAG_KING_TARGET`: the escape squares he may stop on and the
    /// squares he has escaped from), a split list.
    pub king_targets: String,
    /// Keys `u + v * AREA` (a split list) for each square `u` and direction `v` whose ray (to the
    /// board's end, through anything) holds a king target: the escape term's walks read them
    /// from the same table as the targets (`ke`), so a walk that cannot end on a target is
    /// never taken. The keys lie outside `0..AREA`, so they never collide with a square.
    pub king_lines: String,
    /// Whether the king escapes to the corners only (else to any edge square).
    pub corner_escape: bool,
    /// Whether the escape squares are exactly the edge squares and the king may stop on every
    /// one: then a king path reaches an escape square just where a ray runs into the ring.
    pub edge_escape_all: bool,
    /// Edge squares (0/1).
    pub edge: String,
    /// Special corner squares (0/1).
    pub corner: String,
    /// Squares on or beside the throne (0/1), for the by-four-near-throne king capture.
    pub near_throne: String,
    /// Throne square index (0 when there is none).
    pub throne: usize,
    /// Whether the king captures.
    pub king_armed: bool,
    /// Whether "hostile to the piece the mover attacks" is simply "holds a piece of the mover's
    /// side": no hostile empty or occupied squares, no Linnaean rule, an armed king.
    pub simple_host: bool,
    /// "two", "four" or "near" (by four on or beside the throne, else by two).
    pub king_capture: &'static str,
    /// Linnaeus' throne capture.
    pub linnaean: bool,
    /// Shieldwall captures.
    pub shieldwall: bool,
    /// Exit fort win.
    pub exit_fort: bool,
    /// Surround win.
    pub surround: bool,
    /// Repetition rule, if any.
    pub repetition: Option<RepetitionContext>,
    /// Move limit in plies (0 = none).
    pub move_limit: u16,
    /// Cell code: empty.
    pub EMPTY: u8,
    /// Cell code: attacker.
    pub ATTACKER: u8,
    /// Cell code: defender.
    pub DEFENDER: u8,
    /// Cell code: king.
    pub KING: u8,
    /// Cell code: off-board ring.
    pub OFF: u8,
    /// Side code: attackers.
    pub ATTACKERS: u8,
    /// Side code: defenders.
    pub DEFENDERS: u8,
    /// Status: game goes on.
    pub ONGOING: u8,
    /// Status: king captured.
    pub KING_CAPTURED: u8,
    /// Status: king escaped.
    pub ESCAPED: u8,
    /// Status: exit fort.
    pub EXIT_FORT: u8,
    /// Status: surrounded.
    pub SURROUNDED: u8,
    /// Reason: no moves.
    pub R_NO_MOVES: u8,
    /// Reason: repetition.
    pub R_REPETITION: u8,
    /// Reason: move limit.
    pub R_MOVE_LIMIT: u8,
}

impl RulesContext {
    /// Computes the context of `rules`.
    pub fn new(rules: &Rules) -> RulesContext {
        let g = rules.geometry();
        let n = g.size() as usize;
        let w = g.width() as usize;
        let flags = rules.flags();
        let throne = rules.throne().map_or(0, |t| t.index());
        let near = |s: usize| {
            throne != 0
                && (s == throne
                    || g.directions()
                        .iter()
                        .any(|&d| s as i64 + d as i64 == throne as i64))
        };
        let (rep, count) = rules.repetition();
        let both = Side::Attackers.code() + Side::Defenders.code();
        let repetition = match rep {
            RepetitionResult::Ignored => None,
            RepetitionResult::Draw => Some("0".to_string()),
            RepetitionResult::AttackersLose => Some(Side::Defenders.code().to_string()),
            RepetitionResult::DefendersLose => Some(Side::Attackers.code().to_string()),
            RepetitionResult::MoverLoses => Some("side".to_string()),
            RepetitionResult::MoverWins => Some(format!("{both}-side")),
        }
        .map(|winner| RepetitionContext { count, winner });
        let start = rules.start_cells();
        RulesContext {
            name: rules.name().to_string(),
            size: g.size(),
            width: g.width(),
            area: g.area(),
            first_square: w + 1,
            last_square: n * w + n,
            dirs: join(g.directions().map(i64::from)),
            side_of: join(
                [ATTACKER, DEFENDER, KING]
                    .map(|p| Side::of_piece(p).map_or(0, |s| i64::from(s.code()))),
            ),
            status_winner: join(
                [
                    Status::KingCaptured,
                    Status::KingEscaped,
                    Status::ExitFort,
                    Status::Surrounded,
                ]
                .map(|s| i64::from(status_winner(s))),
            ),
            start: square_table(g, |s| i64::from(start[s])),
            first_side: rules.first_side().code(),
            zobrist_seed: fixed_literal(ZOBRIST_SEED),
            stop: kind_tables(g, rules.stop_table(), true),
            king_stop: g
                .squares()
                .any(|s| !rules.stop_table()[s.index()].contains(KING)),
            pass: pass_tables(g, rules.pass_table()),
            hostile_empty: kind_tables(g, rules.hostile_empty_table(), false),
            hostile_occupied: kind_tables(g, rules.hostile_occupied_table(), false),
            escape: square_flags(g, |s| flags[s] & FLAG_ESCAPE != 0),
            escaped: {
                let list: Vec<i64> = g
                    .squares()
                    .map(|s| s.index())
                    .filter(|&s| flags[s] & FLAG_ESCAPED != 0)
                    .map(|s| s as i64)
                    .collect();
                (!list.is_empty()).then(|| join(list))
            },
            king_targets: join(
                g.squares()
                    .map(|s| s.index())
                    .filter(|&s| flags[s] & FLAG_KING_TARGET != 0)
                    .map(|s| s as i64),
            ),
            king_lines: join(g.squares().flat_map(|u| {
                g.directions().into_iter().filter_map(move |v| {
                    let mut t = u.index() as i64;
                    loop {
                        t += i64::from(v);
                        let on = usize::try_from(t)
                            .ok()
                            .filter(|&t| t < g.area())
                            .is_some_and(|t| g.on_board(tafl8_engine::Square(t as u8)));
                        if !on {
                            return None;
                        }
                        if flags[t as usize] & FLAG_KING_TARGET != 0 {
                            return Some(u.index() as i64 + i64::from(v) * g.area() as i64);
                        }
                    }
                })
            })),
            corner_escape: rules.escape() == tafl8_engine::rules::Escape::Corners,
            edge_escape_all: rules.escape() == tafl8_engine::rules::Escape::Edge
                && g.squares()
                    .filter(|&s| g.is_edge(s))
                    .all(|s| rules.stop_table()[s.index()].contains(KING)),
            edge: square_flags(g, |s| flags[s] & FLAG_EDGE != 0),
            corner: square_flags(g, |s| flags[s] & FLAG_CORNER != 0),
            near_throne: square_flags(g, near),
            throne: (0..g.area())
                .find(|&s| flags[s] & FLAG_THRONE != 0)
                .unwrap_or(0),
            king_armed: rules.king_armed(),
            simple_host: rules.king_armed()
                && !rules.linnaean_capture()
                && kind_tables(g, rules.hostile_empty_table(), false).is_none()
                && kind_tables(g, rules.hostile_occupied_table(), false).is_none(),
            king_capture: match rules.king_capture() {
                KingCapture::ByTwo => "two",
                KingCapture::ByFour => "four",
                KingCapture::ByFourNearThrone => "near",
            },
            linnaean: rules.linnaean_capture(),
            shieldwall: rules.shieldwall(),
            exit_fort: rules.exit_fort(),
            surround: rules.surround_win(),
            repetition,
            move_limit: rules.move_limit(),
            EMPTY,
            ATTACKER,
            DEFENDER,
            KING,
            OFF,
            ATTACKERS: Side::Attackers.code(),
            DEFENDERS: Side::Defenders.code(),
            ONGOING: Status::Ongoing as u8,
            KING_CAPTURED: Status::KingCaptured as u8,
            ESCAPED: Status::KingEscaped as u8,
            EXIT_FORT: Status::ExitFort as u8,
            SURROUNDED: Status::Surrounded as u8,
            R_NO_MOVES: reason_code(EndReason::NoMoves),
            R_REPETITION: reason_code(EndReason::Repetition),
            R_MOVE_LIMIT: reason_code(EndReason::MoveLimit),
        }
    }
}
