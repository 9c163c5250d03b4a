//! `play`: a checked move for user input, with an error naming the rule that forbids it.

use crate::moves::Move;
use crate::piece::{Side, EMPTY, OFF};
use crate::position::{Position, Status, Undo};

/// Why a move is illegal here (squares are named like `d1`).
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over ({0:?}): no more moves")]
    GameOver(Status),
    /// A square is off the board.
    #[error("{0} is not a square of the board")]
    OffBoard(String),
    /// No piece on the origin.
    #[error("there is no piece on {0}")]
    NoPiece(String),
    /// The piece belongs to the other side.
    #[error("the piece on {square} belongs to the {owner}, but the {to_move} are to move")]
    WrongSide {
        /// Origin.
        square: String,
        /// Whose piece it is.
        owner: Side,
        /// Who is to move.
        to_move: Side,
    },
    /// Origin and destination are the same square.
    #[error("a move must go somewhere: {0} to itself")]
    NullMove(String),
    /// Not along a row or column.
    #[error("{from}-{to} is not along a row or column (pieces move like rooks)")]
    NotStraight {
        /// Origin.
        from: String,
        /// Destination.
        to: String,
    },
    /// Another piece is in the way (or on the destination).
    #[error("the piece on {blocker} blocks the way (pieces cannot jump or land on others)")]
    Blocked {
        /// The occupied square.
        blocker: String,
    },
    /// A special square this kind may not cross.
    #[error("this piece may not pass over the special square {0}")]
    CannotPass(String),
    /// A special square this kind may not stop on.
    #[error("this piece may not stop on the special square {0}")]
    CannotStop(String),
}

impl Position {
    /// Makes `mv` if it is legal, else explains which rule forbids it (the position is unchanged).
    pub fn play(&mut self, mv: Move) -> Result<Undo, PlayError> {
        self.check(mv)?;
        debug_assert!(self.is_legal(mv));
        Ok(self.make(mv))
    }

    /// The reason `mv` is illegal, or `Ok` when `gen_moves` would produce it.
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        let g = self.geometry();
        let name = |s| g.name(s).to_string();
        if self.status != Status::Ongoing {
            return Err(PlayError::GameOver(self.status));
        }
        for s in [mv.from, mv.to] {
            if !g.on_board(s) {
                return Err(PlayError::OffBoard(format!("square index {}", s.0)));
            }
        }
        let piece = self.cell(mv.from);
        let owner = Side::of_piece(piece).ok_or_else(|| PlayError::NoPiece(name(mv.from)))?;
        if owner != self.side {
            return Err(PlayError::WrongSide {
                square: name(mv.from),
                owner,
                to_move: self.side,
            });
        }
        if mv.from == mv.to {
            return Err(PlayError::NullMove(name(mv.from)));
        }
        let (ff, fr) = g.file_rank(mv.from).unwrap_or_default();
        let (tf, tr) = g.file_rank(mv.to).unwrap_or_default();
        if ff != tf && fr != tr {
            return Err(PlayError::NotStraight {
                from: name(mv.from),
                to: name(mv.to),
            });
        }
        let w = g.width() as i16;
        let diff = mv.to.0 as i16 - mv.from.0 as i16;
        let step = if ff == tf {
            w * diff.signum()
        } else {
            diff.signum()
        };
        let stop = self.rules.stop_table();
        let pass = self.rules.pass_table();
        let mut t = mv.from.0 as i16 + step;
        loop {
            let ti = t as usize;
            let c = self.cells[ti];
            if c != EMPTY || c == OFF {
                return Err(PlayError::Blocked {
                    blocker: name(crate::square::Square(t as u8)),
                });
            }
            if ti == mv.to.index() {
                if !stop[ti].contains(piece) {
                    return Err(PlayError::CannotStop(name(mv.to)));
                }
                return Ok(());
            }
            if !pass[ti].contains(piece) {
                return Err(PlayError::CannotPass(name(crate::square::Square(t as u8))));
            }
            t += step;
        }
    }
}
