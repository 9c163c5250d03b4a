//! One turn of a game: the player to move chooses (tafl8's engine searched here, the cart run
//! in the runner, an outside engine asked over OTEP and its answer judged), within the time
//! the clock or the move time gives it.

use std::time::{Duration, Instant};

use anyhow::Context;
use tafl8_engine::book::Book;
use tafl8_engine::clock::{move_limit, GameClock};
use tafl8_engine::difficulty::{self, think_within};
use tafl8_engine::search::{Limits, SearchResult, Searcher, TimeLimit};
use tafl8_engine::{Move, MoveList, Position, Side, Xorshift32};

use super::external::{External, Failure};
use std::sync::Arc;

use tafl8_engine::Rules;

use super::player::{Internal, Player, Seat};
use super::verdict::{judge, Verdict};
use super::Options;

/// Why a turn ended the game.
pub enum Failed {
    /// The player to move loses (how: `NAME (SIDE): no move in time`, ...).
    Lost(String),
    /// The engine's board parted from the referee's (what showed it).
    Desync(String),
}

/// A move chosen, with what the player said of its search.
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// Depth reached, when known.
    pub depth: Option<u32>,
    /// Nodes searched, when known.
    pub nodes: Option<u64>,
    /// tafl8's fixed time per move, when it plays with one (no clock): what `took` is measured
    /// against.
    pub budget: Option<Duration>,
    /// tafl8's move needed no full search: forced (one legal move), decided (the search proved
    /// a win or a loss, which ends it early) or from the book.
    pub settled: bool,
}

/// What the players draw on through a game: tafl8's searchers (one per seat it plays), the
/// level's move choices' generator, the opening book, the clock.
pub struct Turns<'a> {
    opts: &'a Options,
    searchers: [Option<Searcher>; 2],
    rng: Xorshift32,
    book: Option<Book>,
    clock: Option<GameClock>,
}

impl<'a> Turns<'a> {
    /// Fresh for a game under `rules` between `seats` (attackers, defenders), the level's
    /// choices seeded with `seed`.
    pub fn new(
        rules: &Arc<Rules>,
        opts: &'a Options,
        seats: &[&mut Seat; 2],
        seed: u32,
    ) -> Turns<'a> {
        let searcher = |s: &Seat| match &s.player {
            Player::Internal(p) => Some(Searcher::with_evaluator(rules, p.cfg, p.evaluator(rules))),
            Player::External(_) => None,
        };
        Turns {
            opts,
            searchers: [searcher(seats[0]), searcher(seats[1])],
            rng: difficulty::seeded_rng(seed),
            book: Book::builtin(rules),
            clock: opts.clock.map(GameClock::new),
        }
    }

    /// `seat` (index `i`: 0 attacks) chooses its move on `pos`, the game's moves so far being
    /// `played`; `Err` ends the game (a failed engine, a desynchronised board, time out).
    pub fn take(
        &mut self,
        i: usize,
        seat: &mut Seat,
        pos: &mut Position,
        played: &[Move],
    ) -> anyhow::Result<Result<(Choice, Duration), Failed>> {
        let side = pos.side_to_move();
        if let Some(c) = &mut self.clock {
            c.start_turn(side);
        }
        let t0 = Instant::now();
        let choice = match &mut seat.player {
            Player::Internal(p) => self.internal(i, p, pos, played)?,
            Player::External(e) => match self.external(e, &seat.name, pos, t0) {
                Ok(c) => c,
                Err(end) => return Ok(Err(end)),
            },
        };
        let took = t0.elapsed();
        if let Some(c) = &mut self.clock {
            if !c.end_turn(side, took) {
                return Ok(Err(Failed::Lost(format!(
                    "{} ({side}) lost on time",
                    seat.name
                ))));
            }
        }
        Ok(Ok((choice, took)))
    }

    /// The time tafl8's `p` may take now: the clock's share, or its move time.
    fn time_for(&self, p: &Internal, side: Side) -> Option<TimeLimit> {
        let opts = self.opts;
        let movetime = p.movetime.or(opts.movetime.map(Duration::from_millis));
        move_limit(
            self.clock.map(|c| c.state()).as_ref(),
            side,
            opts.clock.map_or(Duration::ZERO, |t| t.increment),
            movetime,
        )
    }

    /// tafl8's move: the cart's, or the engine's.
    fn internal(
        &mut self,
        i: usize,
        p: &Internal,
        pos: &mut Position,
        played: &[Move],
    ) -> anyhow::Result<Choice> {
        let time = self.time_for(p, pos.side_to_move());
        let searcher = self.searchers[i]
            .as_mut()
            .context("a tafl8 player has a searcher")?;
        let book = self.book.as_ref();
        let (m, depth, nodes, settled) = match &p.cart {
            Some(target) => cart_move(p, target, played, pos, &mut self.rng, book)?,
            None => internal_move(p, searcher, pos, &mut self.rng, book, time),
        };
        let mv = m.context("the engine found no move in an ongoing game")?;
        let budget = match (&p.cart, &self.clock) {
            (None, None) => time.map(|t| t.hard),
            _ => None,
        };
        Ok(Choice {
            mv,
            depth,
            nodes,
            budget,
            settled,
        })
    }

    /// An outside engine's move: asked for (the clock first, when there is one), awaited until
    /// its time is up, and judged on the referee's board.
    fn external(
        &self,
        e: &mut External,
        name: &str,
        pos: &Position,
        t0: Instant,
    ) -> Result<Choice, Failed> {
        let side = pos.side_to_move();
        let opts = self.opts;
        let deadline = match &self.clock {
            Some(c) => t0 + c.left(side) + Duration::from_secs(2),
            None => t0 + Duration::from_secs(opts.move_timeout),
        };
        let asked = self
            .clock
            .as_ref()
            .map_or(Ok(()), |c| e.send(&c.state().otep_line()))
            .and_then(|()| e.send(&format!("play {side}")))
            .and_then(|()| e.wait_move(deadline));
        let verdict = match asked {
            Ok(text) => judge(pos, &text),
            Err(f @ Failure::Timeout) if self.clock.is_some() => {
                Verdict::Forfeit(format!("lost on time ({f})"))
            }
            Err(f) => Verdict::Forfeit(f.to_string()),
        };
        let loss = |why: &dyn std::fmt::Display| Failed::Lost(format!("{name} ({side}): {why}"));
        match verdict {
            Verdict::Move(mv) => {
                if let Err(f) = e.settle() {
                    e.kill();
                    return Err(loss(&f));
                }
                let info = e.info();
                Ok(Choice {
                    mv,
                    depth: info.depth,
                    nodes: info.nodes,
                    budget: None,
                    settled: false,
                })
            }
            Verdict::Forfeit(why) => {
                e.kill();
                Err(loss(&why))
            }
            Verdict::Desync(why) => {
                // The engine is sound, only its board is not: it stays (OpenTafl's warm JIT
                // with it) and starts the next game from the rules.
                if e.settle().is_err() {
                    e.kill();
                }
                Err(Failed::Desync(format!("{name} ({side}) {why}")))
            }
        }
    }
}

/// A move chosen by tafl8: the move, depth, nodes, and whether it was settled without a full
/// search (see [`Choice::settled`]).
type Picked = (Option<Move>, Option<u32>, Option<u64>, bool);

/// Whether the search behind a move ended before its budget on its own: one legal move, or a
/// proven result (the iterations stop at a decided score).
fn settled(pos: &Position, r: &SearchResult) -> bool {
    let mut list = MoveList::new();
    pos.gen_moves(&mut list);
    list.len() <= 1 || r.iterations.last().is_some_and(|i| i.score.is_decided())
}

/// tafl8 picks a move for `p`.
fn internal_move(
    p: &Internal,
    searcher: &mut Searcher,
    pos: &mut Position,
    rng: &mut Xorshift32,
    book: Option<&Book>,
    time: Option<TimeLimit>,
) -> Picked {
    if p.book {
        if let Some(m) = book.and_then(|b| b.choose(pos, rng)) {
            return (Some(m), None, None, true);
        }
    }
    match &p.level {
        Some(l) => {
            let limits = Limits { time, ..l.limits() };
            let t = think_within(searcher, pos, l, limits, rng);
            let done = settled(pos, &t.result);
            (
                t.mv,
                Some(t.result.depth.into()),
                Some(t.result.nodes),
                done,
            )
        }
        None => {
            let limits = Limits { time, ..p.limits };
            let r = searcher.decide(pos, limits);
            let done = settled(pos, &r);
            (r.best, Some(r.depth.into()), Some(r.nodes), done)
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
) -> anyhow::Result<Picked> {
    if p.book {
        if let Some(m) = book.and_then(|b| b.choose(pos, rng)) {
            return Ok((Some(m), None, None, true));
        }
    }
    let level = p.level.as_ref().context("a cart player has a level")?;
    let mut at = tafl8_diff::CasePos::start(&target.rules);
    at.moves = played.to_vec();
    let c = tafl8_diff::cart_player::cart_think(target, &at, level.level, rng.state())?;
    *rng = Xorshift32::new(c.rng);
    // The cart thinks within its level's PICO-8 time, not a wall-clock budget.
    Ok((c.mv, Some(c.depth.into()), Some(c.nodes), false))
}
