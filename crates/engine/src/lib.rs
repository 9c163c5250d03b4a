//! The tafl rules engine: rulesets as data, the padded mailbox board, move generation, captures,
//! outcomes, notation and perft. This crate is the specification the cart's Lua must match; the
//! board contract (square order, cell codes, directions, move order and encoding, capture order,
//! zobrist key order, PRNG) is documented in `docs/contract.md`.
//!
//! The modules stand in layers, each importing only from its own layer and those below:
//! squares, cell codes, moves, board bitsets, zobrist keys, the PRNG, scores and the search
//! switches (`config`); notation; the rules; the position; move generation, captures, outcomes,
//! play, perft and diagrams; the evaluation; the search and game records; the difficulty levels,
//! the opening book and the game clock.
#![warn(missing_docs)]

mod bitboard;
pub mod book;
mod captures;
pub mod clock;
pub mod config;
pub mod diagram;
pub mod difficulty;
pub mod eval;
mod movegen;
mod moves;
pub mod notation;
mod outcome;
mod perft;
mod piece;
mod play;
mod position;
mod psq;
pub mod record;
pub mod rng;
pub mod rules;
pub mod score;
pub mod search;
mod square;
pub mod zobrist;

#[cfg(test)]
mod testutil;

pub use moves::{Move, MoveList, MAX_MOVES};
pub use outcome::{EndReason, Outcome};
pub use perft::{divide, perft};
pub use piece::{kind_bit, Side, ATTACKER, DEFENDER, EMPTY, KING, OFF};
pub use play::PlayError;
pub use position::{Position, PositionError, Status, Undo, MAX_CAPTURES};
pub use rng::Xorshift32;
pub use rules::{Rules, RulesError};
pub use square::{Geometry, Square, SquareName, MAX_AREA, MAX_SIZE, MIN_SIZE};
pub use zobrist::Zobrist;
