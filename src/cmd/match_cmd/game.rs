//! One game of a match: the opening, then each player's moves (tafl8's searched here, an
//! outside engine's asked for over OTEP and checked), the clock, the ending.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use tafl8_engine::book::Book;
use tafl8_engine::difficulty::{self, think_within, RACE_TRIES};
use tafl8_engine::notation::position_string;
use tafl8_engine::record::move_record;
use tafl8_engine::search::{Limits, Searcher, TimeLimit};
use tafl8_engine::{EndReason, Move, MoveList, Position, Rules, Side, Xorshift32};

use super::external::Failure;
use super::gameclock::GameClock;
use super::player::{Internal, Player};
use super::stats::MoveStat;
use super::verdict::{judge, Verdict};
use super::Options;
use crate::cmd::otep::clock::budget;

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

/// A seat: the player and its name.
pub struct Seat {
    pub name: String,
    pub player: Player,
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

/// tafl8 picks a move for `p`.
fn internal_move(
    p: &Internal,
    searcher: &mut Searcher,
    pos: &mut Position,
    rng: &mut Xorshift32,
    book: Option<&Book>,
    time: Option<TimeLimit>,
) -> (Option<Move>, Option<u32>, Option<u64>) {
    if p.book {
        if let Some(m) = book.and_then(|b| b.choose(pos, rng)) {
            return (Some(m), None, None);
        }
    }
    match &p.level {
        Some(l) => {
            let limits = Limits { time, ..l.limits() };
            let t = think_within(searcher, pos, l, limits, rng);
            (t.mv, Some(t.result.depth.into()), Some(t.result.nodes))
        }
        None => {
            let limits = Limits { time, ..p.limits };
            let mut r = searcher.search(pos, limits);
            let m = searcher.race_guard(pos, &mut r, RACE_TRIES, |r| r.best);
            (m, Some(r.depth.into()), Some(r.nodes))
        }
    }
}

/// The cart's own choice (`cart=N`): its book, else its level's `think` run as the game runs
/// it, in the runner (the generator's state carried through the game as the cart's is).
fn cart_move(
    p: &Internal,
    target: &tafl8_diff::Target,
    played: &[Move],
    pos: &Position,
    rng: &mut Xorshift32,
    book: Option<&Book>,
) -> anyhow::Result<(Option<Move>, Option<u32>, Option<u64>)> {
    if p.book {
        if let Some(m) = book.and_then(|b| b.choose(pos, rng)) {
            return Ok((Some(m), None, None));
        }
    }
    let level = p.level.as_ref().context("a cart player has a level")?;
    let mut at = tafl8_diff::CasePos::start(&target.rules);
    at.moves = played.to_vec();
    let c = tafl8_diff::cart_player::cart_think(target, &at, level.level, rng.state())?;
    *rng = Xorshift32::new(c.rng);
    Ok((c.mv, Some(c.depth.into()), Some(c.nodes)))
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
    let rules = setup.rules;
    let opts = setup.opts;
    let g = rules.geometry();
    let mut pos = Position::start(rules.clone());
    let mut game = Game {
        result: GameResult::Draw,
        reason: String::new(),
        moves: Vec::new(),
        records: Vec::new(),
        stats: Vec::new(),
    };
    let mut boards = Vec::new();
    // The moves from the start (a cart player sets its position up from them).
    let mut played: Vec<Move> = Vec::new();
    for &m in opening {
        played.push(m);
        let undo = pos.play(m)?;
        game.moves.push(m.display(g));
        game.records.push(move_record(&pos, &undo));
        boards.push(position_string(g, pos.cells()));
    }
    // Outside engines: started, told the rules and the opening.
    for (i, seat) in seats.iter_mut().enumerate() {
        if let Player::External(e) = &mut seat.player {
            let otr = setup.otr.as_deref().unwrap_or_default();
            let ready = e.ensure().and_then(|()| {
                e.drain();
                e.send(&format!("rules {otr}"))?;
                for (m, b) in opening.iter().zip(&boards) {
                    e.send(&format!("opponent-move {} {b}", m.display(g)))?;
                }
                Ok(())
            });
            if let Err(f) = ready {
                e.kill();
                let side = if i == 0 {
                    Side::Attackers
                } else {
                    Side::Defenders
                };
                game.result = GameResult::of(Some(side.opponent()));
                game.reason = format!("{} ({side}) could not start: {f}", seat.name);
                return Ok(game);
            }
        }
    }
    let internal = |s: &Seat| match &s.player {
        Player::Internal(p) => Some(Searcher::with_weights(rules, p.cfg, &p.weights)),
        Player::External(_) => None,
    };
    let mut searchers = [internal(seats[0]), internal(seats[1])];
    let mut rng = difficulty::seeded_rng(seed);
    let book = Book::builtin(rules);
    let mut clock = opts.clock.map(GameClock::new);
    let default_movetime = opts.movetime.map(Duration::from_millis);
    loop {
        if let Some(o) = pos.outcome() {
            game.result = GameResult::of(o.winner);
            game.reason = reason_text(o.reason).to_string();
            break;
        }
        if pos.ply() >= opts.max_plies {
            game.result = GameResult::Draw;
            game.reason = format!("ply limit {}", opts.max_plies);
            break;
        }
        let side = pos.side_to_move();
        let i = usize::from(side == Side::Defenders);
        if let Some(c) = &mut clock {
            c.start_turn(side);
        }
        let t0 = Instant::now();
        let seat = &mut *seats[i];
        let (mv, depth, nodes) = match &mut seat.player {
            Player::Internal(p) => {
                let movetime = p.movetime.or(default_movetime);
                let time = match &clock {
                    Some(c) => Some(budget(
                        &c.message(),
                        side,
                        opts.clock.map_or(Duration::ZERO, |t| t.increment),
                        movetime,
                    )),
                    None => movetime.map(TimeLimit::movetime),
                };
                let searcher = searchers[i]
                    .as_mut()
                    .context("a tafl8 player has a searcher")?;
                let (m, d, n) = match &p.cart {
                    Some(target) => cart_move(p, target, &played, &pos, &mut rng, book.as_ref())?,
                    None => internal_move(p, searcher, &mut pos, &mut rng, book.as_ref(), time),
                };
                let Some(m) = m else {
                    bail!("the engine found no move in an ongoing game")
                };
                (m, d, n)
            }
            Player::External(e) => {
                let deadline = match &clock {
                    Some(c) => t0 + c.left(side) + Duration::from_secs(2),
                    None => t0 + Duration::from_secs(opts.move_timeout),
                };
                let asked = clock
                    .as_ref()
                    .map_or(Ok(()), |c| e.send(&c.line()))
                    .and_then(|()| e.send(&format!("play {side}")))
                    .and_then(|()| e.wait_move(deadline));
                let verdict = match asked {
                    Ok(text) => judge(&pos, &text),
                    Err(f @ Failure::Timeout) if clock.is_some() => {
                        Verdict::Forfeit(format!("lost on time ({f})"))
                    }
                    Err(f) => Verdict::Forfeit(f.to_string()),
                };
                match verdict {
                    Verdict::Move(m) => {
                        if let Err(f) = e.settle() {
                            e.kill();
                            game.result = GameResult::of(Some(side.opponent()));
                            game.reason = format!("{} ({side}): {f}", seat.name);
                            break;
                        }
                        let info = e.info();
                        (m, info.depth, info.nodes)
                    }
                    Verdict::Forfeit(why) => {
                        e.kill();
                        game.result = GameResult::of(Some(side.opponent()));
                        game.reason = format!("{} ({side}): {why}", seat.name);
                        break;
                    }
                    Verdict::Desync(why) => {
                        // The engine is sound, only its board is not: it stays (OpenTafl's
                        // warm JIT with it) and starts the next game from the rules.
                        if e.settle().is_err() {
                            e.kill();
                        }
                        game.result = GameResult::Desync;
                        game.reason = format!("{} ({side}) {why}", seat.name);
                        break;
                    }
                }
            }
        };
        let took = t0.elapsed();
        if let Some(c) = &mut clock {
            if !c.end_turn(side, took) {
                game.result = GameResult::of(Some(side.opponent()));
                game.reason = format!("{} ({side}) lost on time", seats[i].name);
                break;
            }
        }
        game.stats.push((
            who[i],
            MoveStat {
                ms: took.as_secs_f64() * 1e3,
                depth,
                nodes,
            },
        ));
        played.push(mv);
        let undo = pos.play(mv)?;
        game.moves.push(mv.display(g));
        game.records.push(move_record(&pos, &undo));
        let board = position_string(g, pos.cells());
        for (j, seat) in seats.iter_mut().enumerate() {
            if let Player::External(e) = &mut seat.player {
                let line = if j == i {
                    format!("move {board}")
                } else {
                    format!("opponent-move {} {board}", mv.display(g))
                };
                if e.send(&line).is_err() {
                    e.kill();
                }
            }
        }
    }
    for seat in seats {
        if let Player::External(e) = &mut seat.player {
            if e.alive()
                && e.send(&format!("finish {}", game.result.finish_code()))
                    .is_err()
            {
                e.kill();
            }
        }
    }
    Ok(game)
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
