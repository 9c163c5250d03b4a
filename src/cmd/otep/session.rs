//! One OTEP session's state: the rules, the game (its positions, for repetition), the side, the
//! clock; each host line in, the engine's lines out. No I/O here, so the protocol is testable
//! line by line.
//!
//! What OpenTafl's host really sends (its ExternalEngineHost/ExternalEnginePlayer, and recorded
//! sessions under `docs/otep/`): `rules` at start-up (possibly before our `hello` is read);
//! before each of our turns `opponent-move MOVES POSITION` (every move since our last one,
//! joined by `|`; the whole game when the engine joins late), `clock ...` (only with a game
//! clock, and before `play`, not after it as the protocol text says), then `play SIDE`; after
//! our `move`, `move POSITION` (the board after it) or `error N` (then `opponent-move` with the
//! previous move and the right board, and `play` again); `finish N` and `goodbye` at the end;
//! `position` and `side` only to analysis engines and during replays.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tafl8_diff::cart_player::cart_think;
use tafl8_diff::{CasePos, Target};
use tafl8_engine::clock::{move_limit, ClockState};
use tafl8_engine::config::SearchConfig;
use tafl8_engine::difficulty::{seeded_rng, think_within, Level};
use tafl8_engine::notation::{parse_position_string, position_string};
use tafl8_engine::record::parse_move_list;
use tafl8_engine::rules::preset_of;
use tafl8_engine::search::{Limits, Searcher, TimeLimit};
use tafl8_engine::{Move, Position, Rules, Side, Status, Xorshift32, EMPTY};

/// How the engine searches (from the command line).
#[derive(Clone, Debug)]
pub struct Settings {
    /// Search configuration spec, resolved for each ruleset the host sends
    /// ([`SearchConfig::parse_for_host`]: a preset's `engine` and `best` whatever the host calls
    /// it, else the ruleset's own).
    pub config: String,
    /// Time per move when the host sends no clock; with a clock, the most a move may take.
    pub movetime: Option<Duration>,
    /// Node budget per move (0 = none).
    pub nodes: u64,
    /// Deepest iteration.
    pub depth: u8,
    /// Play as this difficulty level of the cart (its budget, margin and seeded choice).
    pub level: Option<u8>,
    /// The seed of the level's choices (each game starts the generator afresh).
    pub seed: u32,
}

/// Time per move without a clock and without `--movetime`.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(2000);

/// What handling a line produced.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// Lines to send, in order.
    pub lines: Vec<String>,
    /// The engine's move among them (its index in `lines`), which the caller drops if the host
    /// moved on while we were thinking.
    pub move_line: Option<usize>,
    /// The session is over (`goodbye`).
    pub quit: bool,
}

impl Reply {
    fn line(s: impl Into<String>) -> Reply {
        Reply {
            lines: vec![s.into()],
            ..Reply::default()
        }
    }
    fn error(msg: impl AsRef<str>) -> Reply {
        Reply::line(format!("error 0 {}", one_line(msg.as_ref())))
    }
    fn critical(msg: impl AsRef<str>) -> Reply {
        Reply::line(format!("error -1 {}", one_line(msg.as_ref())))
    }
    fn status(msg: impl AsRef<str>) -> Reply {
        Reply::line(format!("status {}", one_line(msg.as_ref())))
    }
}

/// OTEP lines are US-ASCII and end at a newline: anything else in a message is replaced.
pub fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii() && !c.is_ascii_control() {
                c
            } else {
                ' '
            }
        })
        .collect()
}

/// A game in progress (after `rules`).
struct Game {
    rules: Arc<Rules>,
    pos: Position,
    searcher: Searcher,
    /// The difficulty level played (`--level`), with the ruleset's budgets, and the cart that
    /// plays it (built for these rules).
    level: Option<(Level, Arc<Target>)>,
    /// The level's move choices draw from this, through the game.
    rng: Xorshift32,
    /// The position the game's known moves start from, and those moves (the cart sets its
    /// board up from them, so its search sees the game's repetitions).
    line: CasePos,
}

/// The session.
pub struct Session {
    settings: Settings,
    game: Option<Game>,
    clock: Option<ClockState>,
    /// Our move sent and not yet confirmed by the host's `move`.
    pending: Option<Move>,
    /// Our main time when we were last asked to play, and how long we took (increment guess).
    last_turn: Option<(Side, u64, Duration)>,
    increment: Duration,
    /// The engine's name and settings, shown (as `status`) before its first move or analysis:
    /// earlier, OpenTafl's host has no window to show it in and crashes.
    announce: Option<String>,
}

/// The longest game the engine follows with its history (the ply counter must stay inside
/// PICO-8's integers); past it the position is taken afresh from the host's record.
const MAX_PLY: u16 = 30_000;

impl Session {
    /// A session with no rules yet; `announce` is shown with the first move or analysis.
    pub fn new(settings: Settings, announce: String) -> Session {
        Session {
            settings,
            game: None,
            clock: None,
            pending: None,
            last_turn: None,
            increment: Duration::ZERO,
            announce: Some(announce),
        }
    }

    /// Puts the announcement (once) before the lines of a move or an analysis.
    fn announced(&mut self, mut r: Reply) -> Reply {
        let answered = r.move_line.is_some() || r.lines.iter().any(|l| l.starts_with("analysis"));
        if !answered {
            return r;
        }
        if let Some(a) = self.announce.take() {
            r.lines.insert(0, format!("status {}", one_line(&a)));
            if let Some(i) = &mut r.move_line {
                *i += 1;
            }
        }
        r
    }

    /// Handles one host line that arrived at `received`.
    pub fn handle(&mut self, line: &str, received: Instant) -> Reply {
        let line = line.trim();
        if line.is_empty() {
            return Reply::default();
        }
        let (cmd, args) = line.split_once(' ').unwrap_or((line, ""));
        let args = args.trim();
        match cmd {
            "rules" => self.rules(args),
            "position" => self.position(args),
            "side" => self.side(args),
            "clock" => match ClockState::from_otep(args) {
                Ok(c) => {
                    self.clock = Some(c);
                    Reply::default()
                }
                Err(e) => Reply::error(e.to_string()),
            },
            "play" => {
                let r = self.play(args, received);
                self.announced(r)
            }
            "opponent-move" => self.opponent_move(args),
            "move" => self.move_confirmed(args),
            "error" => {
                // The host rejected our move (1 wrong side, 2 illegal, 3-4 berserk): it sends
                // the right board and `play` again next.
                self.pending = None;
                Reply::status(format!("host rejected our move (error {args}); waiting for its position"))
            }
            "analyze" => {
                let r = self.analyze(args, received);
                self.announced(r)
            }
            "finish" => {
                self.pending = None;
                self.last_turn = None;
                match args {
                    "0" | "1" | "2" | "3" => Reply::default(),
                    _ => Reply::error(format!("`finish {args}`: the finish code is 0 to 3")),
                }
            }
            "goodbye" => Reply {
                quit: true,
                ..Reply::default()
            },
            // OpenTafl's debugging hook into its own AI's evaluation (never sent to engines in
            // play): nothing to dump here.
            "dump" => Reply::status("tafl8 has no evaluation dump"),
            _ => Reply::error(format!(
                "unknown command `{}`: tafl8 understands rules, position, side, clock, play, opponent-move, move, error, analyze, finish and goodbye",
                one_line(cmd)
            )),
        }
    }

    /// Drops our unconfirmed move (the host moved on while we were thinking).
    pub fn cancel_move(&mut self) {
        self.pending = None;
    }

    fn rules(&mut self, args: &str) -> Reply {
        match Rules::from_otr(args) {
            Ok(r) => {
                let rules = Arc::new(r);
                let cfg = match SearchConfig::parse_for_host(&self.settings.config, &rules) {
                    Ok(c) => c,
                    Err(e) => return Reply::critical(format!("--config: {e}")),
                };
                let searcher = Searcher::new(&rules, cfg);
                let level = match self.settings.level {
                    None => None,
                    Some(n) => {
                        // A preset's budgets and engine when the rules are a preset's, as for
                        // the engine's own search.
                        let preset = preset_of(&rules).and_then(|name| Rules::preset(name).ok());
                        let own = preset.as_ref().unwrap_or(&rules);
                        let level = Level::of(own, n);
                        // `engine` is the preset's own engine here, as `parse_for_host` reads it.
                        let spec = own.resolve_spec(&self.settings.config);
                        let cart = Target::new(rules.clone(), &spec)
                            .map_err(|e| format!("the cart for these rules: {e}"));
                        match (level, cart) {
                            (Some(l), Ok(t)) => Some((l, Arc::new(t))),
                            (_, Err(e)) => return Reply::critical(e),
                            (None, _) => return Reply::critical(format!("no level {n}")),
                        }
                    }
                };
                self.game = Some(Game {
                    line: CasePos::start(&rules),
                    pos: Position::start(rules.clone()),
                    rules,
                    searcher,
                    level,
                    rng: seeded_rng(self.settings.seed),
                });
                self.pending = None;
                self.last_turn = None;
                self.clock = None;
                Reply::default()
            }
            // Without rules nothing can be played: a critical error ends the game.
            Err(e) => Reply::critical(format!("tafl8 cannot play these rules: {e}")),
        }
    }

    fn no_rules(what: &str) -> Reply {
        Reply::error(format!(
            "`{what}` before `rules`: send the rules string first"
        ))
    }

    /// Replaces the position by the host's record (the game's history is lost).
    fn set_position(game: &mut Game, record: &str, side: Side) -> Result<(), String> {
        let p = Position::from_string(game.rules.clone(), record, side)
            .map_err(|e| format!("position `{record}`: {e}"))?;
        game.line = CasePos {
            cells: *p.cells(),
            side,
            moves: Vec::new(),
        };
        game.pos = p;
        Ok(())
    }

    fn position(&mut self, args: &str) -> Reply {
        let Some(game) = self.game.as_mut() else {
            return Self::no_rules("position");
        };
        let record = args.split_whitespace().next().unwrap_or("");
        let side = game.pos.side_to_move();
        match Self::set_position(game, record, side) {
            Ok(()) => Reply::default(),
            Err(e) => Reply::error(e),
        }
    }

    fn side(&mut self, args: &str) -> Reply {
        let Some(game) = self.game.as_mut() else {
            return Self::no_rules("side");
        };
        match args.parse::<Side>() {
            Ok(s) if s == game.pos.side_to_move() => Reply::default(),
            Ok(s) => {
                let record = position_string(game.rules.geometry(), game.pos.cells());
                match Self::set_position(game, &record, s) {
                    Ok(()) => Reply::default(),
                    Err(e) => Reply::error(e),
                }
            }
            Err(e) => Reply::error(format!("`side {args}`: {e}")),
        }
    }

    /// Applies the host's moves and checks its record of the board after them; if they do not
    /// apply, or lead elsewhere, the record wins (and the history before it is lost).
    fn follow(game: &mut Game, moves: &str, record: &str) -> Result<Option<String>, String> {
        let rules = game.rules.clone();
        let g = rules.geometry();
        let target =
            parse_position_string(g, record).map_err(|e| format!("position `{record}`: {e}"))?;
        // A host may take a captured king off its board (the shared Python referee does);
        // tafl8 leaves him where he fell.
        let same = |p: &Position| {
            let mut cells = *p.cells();
            if p.status() == Status::KingCaptured {
                cells[p.king_square().index()] = EMPTY;
            }
            target == *p.cells() || target == cells
        };
        if same(&game.pos) {
            // Already there (the host repeats the previous move after an `error`).
            return Ok(None);
        }
        let mut p = game.pos.clone();
        let list = parse_move_list(g, moves).map_err(|e| format!("moves `{moves}`: {e}"))?;
        let mut problem = None;
        for (text, rec) in &list {
            if p.ply() >= MAX_PLY {
                problem = Some("the game is too long to keep its history".to_string());
                break;
            }
            if let Err(e) = p.play(rec.mv) {
                problem = Some(format!("`{text}` is illegal here ({e})"));
                break;
            }
        }
        if problem.is_none() && !same(&p) {
            problem = Some(format!(
                "after `{moves}` tafl8 has {}",
                position_string(g, p.cells())
            ));
        }
        match problem {
            None => {
                game.pos = p;
                game.line.moves.extend(list.iter().map(|(_, r)| r.mv));
                Ok(None)
            }
            Some(why) => {
                // Who moves next: the other side of the last move's mover, if it can be told.
                let side = list
                    .last()
                    .and_then(|(_, r)| Side::of_piece(target[r.mv.to.index()]))
                    .map_or(game.pos.side_to_move(), Side::opponent);
                Self::set_position(game, record, side)?;
                Ok(Some(format!(
                    "tafl8 took the host's board {record} ({why}); the game's earlier positions are forgotten"
                )))
            }
        }
    }

    fn opponent_move(&mut self, args: &str) -> Reply {
        let Some(game) = self.game.as_mut() else {
            return Self::no_rules("opponent-move");
        };
        let mut parts = args.split_whitespace();
        let (Some(moves), Some(record), None) = (parts.next(), parts.next(), parts.next()) else {
            return Reply::error(format!(
                "`opponent-move {args}`: expected a move list and a position record"
            ));
        };
        self.pending = None;
        match Self::follow(game, moves, record) {
            Ok(None) => Reply::default(),
            Ok(Some(note)) => Reply::status(note),
            Err(e) => Reply::error(e),
        }
    }

    fn move_confirmed(&mut self, args: &str) -> Reply {
        let Some(game) = self.game.as_mut() else {
            return Self::no_rules("move");
        };
        let record = args.split_whitespace().next().unwrap_or("");
        let moves = match self.pending.take() {
            Some(m) => m.display(game.rules.geometry()),
            None => String::new(),
        };
        match Self::follow(game, &moves, record) {
            Ok(None) => Reply::default(),
            Ok(Some(note)) => Reply::status(note),
            Err(e) => Reply::error(e),
        }
    }

    /// The time limit for `side`'s move.
    fn time_for(&mut self, side: Side) -> TimeLimit {
        move_limit(
            self.clock.as_ref(),
            side,
            self.increment,
            self.settings.movetime,
        )
        .unwrap_or(TimeLimit::movetime(DEFAULT_MOVETIME))
    }

    /// Learns the increment from the clock at this turn and the last one.
    fn observe_clock(&mut self, side: Side) {
        let Some(c) = self.clock else { return };
        let i = usize::from(side == Side::Defenders);
        if let Some((s, before, used)) = self.last_turn {
            if s == side && !c.overtime[i] {
                let expected = before.saturating_sub(used.as_millis() as u64);
                let gained = c.ms[i].saturating_sub(expected);
                // Round to 100 ms: the clock also ticks while messages travel.
                self.increment = Duration::from_millis(gained / 100 * 100);
            }
        }
    }

    fn play(&mut self, args: &str, received: Instant) -> Reply {
        let side = match args.parse::<Side>() {
            Ok(s) => s,
            Err(e) => return Reply::error(format!("`play {args}`: {e}")),
        };
        if self.game.is_none() {
            return Self::no_rules("play");
        }
        self.observe_clock(side);
        let time = self.time_for(side);
        let Some(game) = self.game.as_mut() else {
            return Self::no_rules("play");
        };
        let mut out = Reply::default();
        if game.pos.side_to_move() != side {
            let record = position_string(game.rules.geometry(), game.pos.cells());
            if let Err(e) = Self::set_position(game, &record, side) {
                return Reply::error(e);
            }
            out.lines.push(format!(
                "status tafl8 was told to play the {side}, but had the {} to move: it plays from the same board (history forgotten)",
                side.opponent()
            ));
        }
        if game.pos.outcome().is_some() || game.pos.status() != Status::Ongoing {
            return Reply::critical(format!(
                "the game is over on this board ({}): no move to play",
                position_string(game.rules.geometry(), game.pos.cells())
            ));
        }
        // The clock runs from the moment `play` was read, not from when the search starts.
        let spent = received.elapsed();
        let time = time.less(spent);
        let (best, r) = match &game.level {
            Some((level, cart)) => {
                // The cart itself, then the engine at the nodes it reached (the same choice)
                // for the status line's score and principal variation.
                let c = match cart_think(cart, &game.line, level.level, game.rng.state()) {
                    Ok(c) => c,
                    Err(e) => return Reply::critical(format!("the cart's think: {e}")),
                };
                let mut level = *level;
                level.nodes = c.engine_nodes(&level);
                let mut rng = game.rng.clone();
                let t = think_within(
                    &mut game.searcher,
                    &mut game.pos,
                    &level,
                    level.limits(),
                    &mut rng,
                );
                game.rng = Xorshift32::new(c.rng);
                (c.mv, t.result)
            }
            None => {
                let limits = Limits {
                    depth: self.settings.depth,
                    nodes: self.settings.nodes,
                    time: Some(time),
                };
                let r = game.searcher.decide(&mut game.pos, limits);
                (r.best, r)
            }
        };
        let Some(best) = best else {
            return Reply::critical("tafl8 found no legal move");
        };
        let took = received.elapsed();
        if let Some(c) = self.clock {
            let i = usize::from(side == Side::Defenders);
            self.last_turn = Some((side, c.ms[i], took));
        }
        let g = game.rules.geometry();
        let pv: Vec<String> = r.pv.iter().take(8).map(|m| m.display(g)).collect();
        out.lines.push(format!(
            "status tafl8 depth={} score={} nodes={} ms={} pv={}",
            r.depth,
            r.score.get(),
            r.nodes,
            took.as_millis(),
            pv.join("|")
        ));
        out.move_line = Some(out.lines.len());
        out.lines.push(format!("move {}", best.display(g)));
        self.pending = Some(best);
        out
    }

    fn analyze(&mut self, args: &str, received: Instant) -> Reply {
        let mut parts = args.split_whitespace();
        let (Some(n), Some(secs), None) = (
            parts.next().and_then(|s| s.parse::<usize>().ok()),
            parts.next().and_then(|s| s.parse::<u64>().ok()),
            parts.next(),
        ) else {
            return Reply::error(format!(
                "`analyze {args}`: expected a number of moves and a time in seconds"
            ));
        };
        let Some(game) = self.game.as_mut() else {
            return Self::no_rules("analyze");
        };
        if game.pos.status() != Status::Ongoing || game.pos.outcome().is_some() {
            return Reply::error("the game is over on this board: nothing to analyse");
        }
        let mut budget = Duration::from_secs(secs.max(1)).saturating_sub(received.elapsed());
        if let Some(cap) = self.settings.movetime {
            budget = budget.min(cap);
        }
        let limits = Limits {
            depth: self.settings.depth,
            nodes: self.settings.nodes,
            time: Some(TimeLimit::movetime(budget)),
        };
        // Moves within 300 points of the best get exact scores, so several can be listed.
        game.searcher.set_root_margin(300);
        let r = game.searcher.search(&mut game.pos, limits);
        game.searcher.set_root_margin(0);
        let g = game.rules.geometry();
        let mut rows: Vec<(String, i16)> = Vec::new();
        if let Some(best) = r.best {
            let pv: Vec<String> = r.pv.iter().map(|m| m.display(g)).collect();
            rows.push((pv.join("|"), r.score.get()));
            let mut others: Vec<_> = r
                .root_scores
                .iter()
                .filter(|s| s.exact && s.mv != best)
                .collect();
            others.sort_by_key(|s| std::cmp::Reverse(s.score));
            for s in others {
                rows.push((s.mv.display(g), s.score.get()));
            }
        }
        rows.truncate(n.max(1));
        let body: Vec<String> = rows.iter().map(|(m, s)| format!("{m} {s}")).collect();
        Reply::line(format!("analysis {} {}", rows.len(), body.join(" ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BRANDUB: &str =
        "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

    fn session() -> Session {
        let mut s = Session::new(
            Settings {
                config: "full".into(),
                movetime: None,
                nodes: 2000,
                depth: 3,
                level: None,
                seed: 1,
            },
            "test engine".into(),
        );
        assert_eq!(
            s.handle(&format!("rules {BRANDUB}"), Instant::now()),
            Reply::default()
        );
        s
    }

    fn send(s: &mut Session, line: &str) -> Vec<String> {
        s.handle(line, Instant::now()).lines
    }

    #[test]
    fn a_late_join_follows_every_move_and_keeps_the_history() {
        // OpenTafl's host lists every move since the engine's last one: the whole game so far
        // when the engine joins late.
        let mut s = session();
        let out = send(
            &mut s,
            "opponent-move d6-e6|d3-a3|d2-a2xa3 /3t3/t6/7/ttTKTtt/3T3/4t2/3t3/",
        );
        assert!(out.is_empty(), "{out:?}");
        let g = s.game.as_ref().unwrap();
        assert_eq!(g.pos.history().len(), 3);
        assert_eq!(g.pos.side_to_move(), Side::Defenders);
    }

    #[test]
    fn a_rejected_move_is_played_again_from_the_hosts_board() {
        // The protocol: `error`, then `opponent-move` with the previous move and the right
        // board (the one we already have), then `play` again.
        let mut s = session();
        let first = send(&mut s, "play attackers");
        assert!(first[0].starts_with("status test engine"), "{first:?}");
        assert!(first.last().unwrap().starts_with("move "));
        assert!(send(&mut s, "error 2")[0].starts_with("status host rejected"));
        assert!(s.pending.is_none());
        let out = send(
            &mut s,
            "opponent-move d1-d2 /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        );
        assert!(out.is_empty(), "the board is the one we have: {out:?}");
        let again = send(&mut s, "play attackers");
        assert_eq!(
            again.last(),
            first.last(),
            "the same move from the same board"
        );
        assert!(!again[0].contains("test engine"), "announced once");
    }

    #[test]
    fn the_increment_is_learnt_from_the_clock() {
        let mut s = session();
        s.handle("clock 60000 60000 0 0 0", Instant::now());
        s.handle("play attackers", Instant::now());
        let (_, before, used) = s.last_turn.unwrap();
        assert_eq!(before, 60000);
        // The host adds 2 s at the start of our next turn.
        let now = 60000 - used.as_millis() as u64 + 2000;
        s.handle(&format!("clock {now} 60000 0 0 0"), Instant::now());
        s.observe_clock(Side::Attackers);
        assert_eq!(s.increment, Duration::from_millis(2000));
    }

    #[test]
    fn a_host_may_take_the_captured_king_off_the_board() {
        // Brandubh: the attackers' f6-f5 captures the king on e5 (a game of the shared
        // referee, which then confirms the move with a board without the king).
        let mut s = session();
        let game = "d6-e6|d3-a3|d2-a2xa3|d4-d3|a2-e2|d5-d6|f4-f5|d6-b6|f5-e5|c4-c5|a4-a3|\
                    e4-c4|e5-d5|d3-f3|a3-e3|f3-f5|e6-f6|f5-e5xd5|d1-d5|c4-c1";
        let board = "/2T4/4t2/4t2/1t4t/2TtK2/1T3t1/3t3/";
        assert_eq!(
            send(&mut s, &format!("opponent-move {game} {board}")),
            Vec::<String>::new()
        );
        let out = send(&mut s, "play attackers");
        assert_eq!(out.last().unwrap(), "move f6-f5");
        let out = send(&mut s, "move /2T4/4t2/4t2/1t4t/2Tt1t1/1T5/3t3/");
        assert!(out.is_empty(), "{out:?}");
    }

    #[test]
    fn play_for_the_other_side_takes_the_board_as_it_is() {
        let mut s = session();
        let out = send(&mut s, "play defenders");
        assert!(
            out.iter()
                .any(|l| l.contains("was told to play the defenders")),
            "{out:?}"
        );
        let mv = out.last().unwrap();
        // A defender's move: from d3, c4, e4, d5 (or the king on d4).
        assert!(
            ["d3", "c4", "e4", "d5", "d4"]
                .iter()
                .any(|s| mv[5..].starts_with(s)),
            "{mv}"
        );
    }
}
