//! One game of a match: the referee's board, the opening, then the players' turns (`turn`),
//! each move told to the outside engines, until the board, the ply limit or a player's failure
//! ends it.

use std::sync::Arc;

use tafl8_engine::notation::position_string;
use tafl8_engine::record::move_record;
use tafl8_engine::{EndReason, Move, MoveList, Position, Rules, Side, Xorshift32};

use super::player::{Player, Seat};
use super::stats::MoveStat;
use super::turn::{Failed, Turns};
use super::Options;

/// Result of one game from the attackers' point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameResult {
    AttackersWin,
    DefendersWin,
    Draw,
    /// An engine's board parted from the referee's (see `verdict`): no result.
    Desync,
}

impl GameResult {
    fn of(winner: Option<Side>) -> GameResult {
        match winner {
            Some(Side::Attackers) => GameResult::AttackersWin,
            Some(Side::Defenders) => GameResult::DefendersWin,
            None => GameResult::Draw,
        }
    }
    /// OTEP's `finish` code.
    fn finish_code(self) -> u8 {
        match self {
            // OTEP has no code for a game without a result; 0 is "the other side exited".
            GameResult::Desync => 0,
            GameResult::Draw => 1,
            GameResult::AttackersWin => 2,
            GameResult::DefendersWin => 3,
        }
    }
}

/// One game as played.
pub struct Game {
    pub result: GameResult,
    pub reason: String,
    /// Moves as `d1-d3` (for --show-games), opening included.
    pub moves: Vec<String>,
    /// Moves as OpenTafl records them (`d2-a2xa3`, `Kf6-f10`).
    pub records: Vec<String>,
    /// Per move after the opening: who moved and the figures.
    pub stats: Vec<(usize, MoveStat)>,
}

fn reason_text(r: EndReason) -> &'static str {
    match r {
        EndReason::KingCaptured => "king captured",
        EndReason::KingEscaped => "king escaped",
        EndReason::ExitFort => "exit fort",
        EndReason::Surrounded => "surrounded",
        EndReason::NoMoves => "no moves",
        EndReason::Repetition => "repetition",
        EndReason::MoveLimit => "move limit",
    }
}

/// What the match needs besides the players.
pub struct Setup<'a> {
    pub rules: &'a Arc<Rules>,
    pub otr: Option<String>,
    pub opts: &'a Options,
}

/// How a game ended.
pub struct Ending {
    /// The result.
    pub result: GameResult,
    /// How (`king captured`, `NAME (SIDE): no move in time`, ...).
    pub reason: String,
}

impl Ending {
    /// `side` loses (`reason`: how).
    pub fn loss(side: Side, reason: String) -> Ending {
        Ending {
            result: GameResult::of(Some(side.opponent())),
            reason,
        }
    }
}

/// Plays one game: `seats[0]` attacks, `seats[1]` defends (indices into the match's seats
/// are given by `who`, for the figures).
pub fn play_game(
    setup: &Setup,
    mut seats: [&mut Seat; 2],
    who: [usize; 2],
    opening: &[Move],
    seed: u32,
) -> anyhow::Result<Game> {
    let mut board = Board::new(setup);
    let mut records = Vec::new();
    for &m in opening {
        board.play(m)?;
        records.push(board.record());
    }
    if let Err(end) = tell_the_opening(setup, &mut seats, opening, &records) {
        return Ok(board.game_over(end));
    }
    let mut turns = Turns::new(setup.rules, setup.opts, &seats, seed);
    let end = loop {
        if let Some(end) = board.ended(setup.opts.max_plies) {
            break end;
        }
        let i = usize::from(board.pos.side_to_move() == Side::Defenders);
        let side = board.pos.side_to_move();
        let (choice, took) = match turns.take(i, seats[i], &mut board.pos, &board.played)? {
            Ok(c) => c,
            Err(Failed::Lost(reason)) => break Ending::loss(side, reason),
            Err(Failed::Desync(reason)) => {
                break Ending {
                    result: GameResult::Desync,
                    reason,
                }
            }
        };
        board.game.stats.push((
            who[i],
            MoveStat {
                ms: took.as_secs_f64() * 1e3,
                depth: choice.depth,
                nodes: choice.nodes,
                budget_ms: choice.budget.map(|b| b.as_secs_f64() * 1e3),
                settled: choice.settled,
            },
        ));
        board.play(choice.mv)?;
        tell_the_move(
            &mut seats,
            i,
            &choice.mv.display(board.geometry()),
            &board.record(),
        );
    };
    tell_the_end(&mut seats, end.result);
    Ok(board.game_over(end))
}

/// The referee's board, and the game as it is written down.
struct Board {
    pos: Position,
    /// The moves from the start (a cart player sets its position up from them).
    played: Vec<Move>,
    game: Game,
}

impl Board {
    fn new(setup: &Setup) -> Board {
        Board {
            pos: Position::start(setup.rules.clone()),
            played: Vec::new(),
            game: Game {
                result: GameResult::Draw,
                reason: String::new(),
                moves: Vec::new(),
                records: Vec::new(),
                stats: Vec::new(),
            },
        }
    }

    fn geometry(&self) -> tafl8_engine::Geometry {
        self.pos.geometry()
    }

    /// Plays `m` and writes it down.
    fn play(&mut self, m: Move) -> anyhow::Result<()> {
        self.played.push(m);
        let undo = self.pos.play(m)?;
        self.game.moves.push(m.display(self.geometry()));
        self.game.records.push(move_record(&self.pos, &undo));
        Ok(())
    }

    /// The board as a position record.
    fn record(&self) -> String {
        position_string(self.geometry(), self.pos.cells())
    }

    /// The end the board (or the ply limit) makes, if the game is over.
    fn ended(&self, max_plies: u16) -> Option<Ending> {
        if let Some(o) = self.pos.outcome() {
            return Some(Ending {
                result: GameResult::of(o.winner),
                reason: reason_text(o.reason).to_string(),
            });
        }
        (self.pos.ply() >= max_plies).then(|| Ending {
            result: GameResult::Draw,
            reason: format!("ply limit {max_plies}"),
        })
    }

    fn game_over(mut self, end: Ending) -> Game {
        self.game.result = end.result;
        self.game.reason = end.reason;
        self.game
    }
}

/// Outside engines: started, told the rules and the opening (`boards`: the board after each
/// move). An engine that cannot be loses the game.
fn tell_the_opening(
    setup: &Setup,
    seats: &mut [&mut Seat; 2],
    opening: &[Move],
    boards: &[String],
) -> Result<(), Ending> {
    let g = setup.rules.geometry();
    for (i, seat) in seats.iter_mut().enumerate() {
        if let Player::External(e) = &mut seat.player {
            let otr = setup.otr.as_deref().unwrap_or_default();
            let ready = e.ensure().and_then(|()| {
                e.drain();
                e.send(&format!("rules {otr}"))?;
                for (m, b) in opening.iter().zip(boards) {
                    e.send(&format!("opponent-move {} {b}", m.display(g)))?;
                }
                Ok(())
            });
            if let Err(f) = ready {
                e.kill();
                let side = [Side::Attackers, Side::Defenders][i];
                return Err(Ending::loss(
                    side,
                    format!("{} ({side}) could not start: {f}", seat.name),
                ));
            }
        }
    }
    Ok(())
}

/// Outside engines hear seat `mover`'s move (`mv`) and the board after it: the mover as
/// `move BOARD`, the other as `opponent-move MOVE BOARD`. One that cannot be told is stopped
/// (it loses when next asked to move).
fn tell_the_move(seats: &mut [&mut Seat; 2], mover: usize, mv: &str, board: &str) {
    for (j, seat) in seats.iter_mut().enumerate() {
        if let Player::External(e) = &mut seat.player {
            let line = if j == mover {
                format!("move {board}")
            } else {
                format!("opponent-move {mv} {board}")
            };
            if e.send(&line).is_err() {
                e.kill();
            }
        }
    }
}

/// Outside engines still running hear the result (`finish`).
fn tell_the_end(seats: &mut [&mut Seat; 2], result: GameResult) {
    for seat in seats.iter_mut() {
        if let Player::External(e) = &mut seat.player {
            if e.alive() && e.send(&format!("finish {}", result.finish_code())).is_err() {
                e.kill();
            }
        }
    }
}

/// A random opening of `plies` moves from the start (reproducible from the rng).
pub fn opening(rules: &Arc<Rules>, plies: u32, rng: &mut Xorshift32) -> Vec<Move> {
    let mut pos = Position::start(rules.clone());
    let mut list = MoveList::new();
    let mut out = Vec::new();
    for _ in 0..plies {
        pos.gen_moves(&mut list);
        if list.is_empty() {
            break;
        }
        let m = list.as_slice()[rng.below(list.len() as u16) as usize];
        let undo = pos.make(m);
        if pos.outcome().is_some() {
            // Openings never end the game: the engines should play it.
            pos.unmake(&undo);
            break;
        }
        out.push(m);
    }
    out
}
