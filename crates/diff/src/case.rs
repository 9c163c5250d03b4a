//! What one comparison is: a position (cells, side to move, moves played from there) and a check,
//! with its request line for the Lua harness and the `tafl8 diff` command that reproduces it.

use std::fmt::Write as _;
use std::sync::Arc;

use tafl8_engine::notation::position_string;
use tafl8_engine::{Move, Position, Rules, Side, MAX_AREA};

/// What is compared at a position (see `tests/harness/harness.lua` for the answers' format).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Leaf count `depth` plies ahead, and the zobrist hash.
    Perft {
        /// Plies.
        depth: u8,
    },
    /// Every legal move in order: captures, status, hash and outcome after it; unmake restores.
    Moves,
    /// The static evaluation.
    Eval,
    /// Best move, score, node count, depth, PV and root scores of a search.
    Search {
        /// Deepest iteration.
        depth: u8,
        /// Node limit (0 = none).
        nodes: u64,
    },
    /// A difficulty level's move choice with a seeded PRNG (the search in a coroutine).
    Think {
        /// Level 1..=5.
        level: u8,
        /// PRNG seed (never 0).
        seed: u32,
    },
    /// The opening book's choice with a seeded PRNG (`-` out of book).
    Book {
        /// PRNG seed (never 0).
        seed: u32,
    },
    /// The king race ([`tafl8_engine::search::Searcher::race`]) from the position, defenders to
    /// move, after a depth-1 search (which sets up the repetition history both sides read):
    /// the plies to a forced escape (0: none) and the moves the race made.
    Race {
        /// Plies the race may search.
        plies: u8,
    },
    /// A self-play game from the position (book moves first, as the cart's game plays).
    Game {
        /// Attackers' level.
        attackers: u8,
        /// Defenders' level.
        defenders: u8,
        /// PRNG seed (never 0).
        seed: u32,
        /// Most plies.
        plies: u16,
    },
}

/// A 32-bit pattern as PICO-8's `tostr(x, 1)` prints it: `0x1234.abcd`.
pub fn hex(raw: u32) -> String {
    format!("0x{:04x}.{:04x}", raw >> 16, raw & 0xffff)
}

impl Check {
    /// Its name (the request's command, the report's category).
    pub fn name(&self) -> &'static str {
        match self {
            Check::Perft { .. } => "perft",
            Check::Moves => "moves",
            Check::Eval => "eval",
            Check::Search { .. } => "search",
            Check::Think { .. } => "think",
            Check::Book { .. } => "book",
            Check::Race { .. } => "race",
            Check::Game { .. } => "game",
        }
    }

    /// The arguments after the position in a request line.
    fn request_args(&self) -> String {
        match *self {
            Check::Perft { depth } => format!(" {depth}"),
            Check::Moves | Check::Eval => String::new(),
            // The node limit in the cart is a count in units of 0x0.0001 (raw bits).
            Check::Search { depth, nodes } => format!(" {depth} {}", hex(nodes as u32)),
            Check::Think { level, seed } => format!(" {level} {}", hex(seed)),
            Check::Book { seed } => format!(" {}", hex(seed)),
            Check::Race { plies } => format!(" {plies}"),
            Check::Game {
                attackers,
                defenders,
                seed,
                plies,
            } => format!(" {attackers} {defenders} {} {plies}", hex(seed)),
        }
    }

    /// The `tafl8 diff` options selecting this check.
    pub fn cli_args(&self) -> String {
        match *self {
            Check::Perft { depth } => format!("--check perft --depth {depth}"),
            Check::Moves | Check::Eval => format!("--check {}", self.name()),
            Check::Search { depth, nodes } => {
                format!("--check search --search-depth {depth} --nodes {nodes}")
            }
            Check::Think { level, seed } => {
                format!("--check think --level {level} --seed {seed}")
            }
            Check::Book { seed } => format!("--check book --seed {seed}"),
            Check::Race { plies } => format!("--check race --race-plies {plies}"),
            Check::Game {
                attackers,
                defenders,
                seed,
                plies,
            } => format!(
                "--check game --level {attackers} --defender-level {defenders} --seed {seed} --plies {plies}"
            ),
        }
    }
}

/// A position given as base cells, side to move and moves played from there (so the game
/// history, which repetition reads, is the same on both sides).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CasePos {
    /// Cells of the base position (ring squares are OFF).
    pub cells: [u8; MAX_AREA],
    /// Side to move in the base position.
    pub side: Side,
    /// Moves played from the base.
    pub moves: Vec<Move>,
}

impl CasePos {
    /// The start position of `rules`, no moves.
    pub fn start(rules: &Rules) -> CasePos {
        CasePos {
            cells: *rules.start_cells(),
            side: rules.first_side(),
            moves: Vec::new(),
        }
    }

    /// The engine position: the base, then the moves made.
    pub fn position(&self, rules: &Arc<Rules>) -> Position {
        let mut p = Position::from_cells(rules.clone(), self.cells, self.side)
            .unwrap_or_else(|e| unreachable!("case positions are built with one king: {e}"));
        for &m in &self.moves {
            p.make(m);
        }
        p
    }

    /// The side to move after the moves.
    pub fn to_move(&self) -> Side {
        if self.moves.len() % 2 == 0 {
            self.side
        } else {
            self.side.opponent()
        }
    }

    /// The base position as an OpenTafl position string.
    pub fn base_string(&self, rules: &Rules) -> String {
        position_string(rules.geometry(), &self.cells)
    }

    /// The moves in text form, comma-separated (`-` for none).
    pub fn moves_text(&self, rules: &Rules) -> String {
        if self.moves.is_empty() {
            return "-".into();
        }
        let g = rules.geometry();
        let v: Vec<String> = self.moves.iter().map(|m| m.display(g)).collect();
        v.join(",")
    }
}

/// One comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// Where.
    pub pos: CasePos,
    /// What.
    pub check: Check,
}

impl Case {
    /// The request line for the Lua harness: `cmd side cells moves args`.
    pub fn request(&self, rules: &Rules) -> String {
        let g = rules.geometry();
        let mut line = format!("{} {} ", self.check.name(), self.pos.side.code());
        for s in 1..g.area() {
            if s > 1 {
                line.push(',');
            }
            let _ = write!(line, "{}", self.pos.cells[s]);
        }
        line.push(' ');
        if self.pos.moves.is_empty() {
            line.push('-');
        } else {
            let codes: Vec<String> = self
                .pos
                .moves
                .iter()
                .map(|m| m.code(g).to_string())
                .collect();
            line.push_str(&codes.join(","));
        }
        line.push_str(&self.check.request_args());
        line
    }

    /// The command that reruns this one case (`rules_arg`: the option that selects the ruleset,
    /// `--variant NAME` or `--rules FILE`; `config`: the search configuration spec).
    pub fn repro(&self, rules: &Rules, rules_arg: &str, config: &str) -> String {
        let side = match self.pos.side {
            Side::Attackers => "attackers",
            Side::Defenders => "defenders",
        };
        format!(
            "tafl8 diff {rules_arg} --config '{config}' --position '{}' --side {side} --moves '{}' {}",
            self.pos.base_string(rules),
            self.pos.moves_text(rules),
            self.check.cli_args()
        )
    }
}
